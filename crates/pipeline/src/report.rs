//! The QA summary of a run, and the exit code it maps to.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

use crate::error::Error;
use crate::game::record::{GameResult, GameStatus, TokenCounts};
use crate::segment::SegmentReport;
use escriba_book::NoteVariations;
use escriba_book::UnitKind;
use escriba_book::checks::DiagramTally;
use escriba_source::Encoding;

/// Games by status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct GameCounts {
    /// Every move transcribed.
    pub complete: u64,
    /// Stopped after some moves.
    pub partial: u64,
    /// No move transcribed.
    pub failed: u64,
    /// No move tokens.
    pub empty: u64,
}

/// Plies by status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PlyCounts {
    /// One reading.
    pub exact: u64,
    /// Settled by later moves.
    pub inferred: u64,
    /// Repaired reading.
    pub repaired: u64,
    /// Tied readings.
    pub ambiguous: u64,
    /// Failing tokens (one per partial or failed game).
    pub failed: u64,
    /// Chosen by a human (a corrections file).
    pub corrected: u64,
}

impl PlyCounts {
    /// The plies of `r` by status (its failing token is counted by [`Summary::add`]).
    pub(crate) fn of(r: &GameResult) -> PlyCounts {
        let mut c = PlyCounts::default();
        for p in &r.plies {
            use escriba_resolve::Status::*;
            match p.ply.status {
                Exact => c.exact += 1,
                Inferred => c.inferred += 1,
                Repaired => c.repaired += 1,
                Ambiguous => c.ambiguous += 1,
                Failed => c.failed += 1,
                Corrected => c.corrected += 1,
            }
        }
        c
    }

    fn add(&mut self, o: PlyCounts) {
        self.exact += o.exact;
        self.inferred += o.inferred;
        self.repaired += o.repaired;
        self.ambiguous += o.ambiguous;
        self.failed += o.failed;
        self.corrected += o.corrected;
    }
}

/// A game that stopped early, located for a human.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FailureRef {
    /// `file:line:col`.
    pub location: String,
    /// 1-based game index.
    pub game: u64,
    /// `partial` or `failed`.
    pub status: GameStatus,
    /// The book's token.
    pub token: String,
    /// One sentence.
    pub message: String,
}

/// A source that was not plain UTF-8: the encodings its chunks were read in, and the
/// invalid UTF-8 sequences replaced by U+FFFD.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceEncoding {
    /// The source, as named in the outputs.
    pub source: String,
    /// The encodings its chunks were decoded from, in order of first use.
    pub encodings: Vec<Encoding>,
    /// Invalid UTF-8 sequences replaced by U+FFFD.
    pub replaced: u64,
    /// `file:line:col` of the first one.
    pub first_replaced: Option<String>,
}

impl SourceEncoding {
    /// One line for humans: the encodings read, then the replacements and where.
    pub fn line(&self) -> String {
        let names: Vec<&str> = self.encodings.iter().map(|e| e.name()).collect();
        let mut s = format!("{}: read as {}", self.source, names.join(" and "));
        if self.replaced > 0 {
            s.push_str(&format!(
                "; {} invalid UTF-8 sequence(s) replaced by U+FFFD, the first at {}",
                self.replaced,
                self.first_replaced.as_deref().unwrap_or("?")
            ));
        }
        s
    }
}

impl Summary {
    /// One warning for each span of a book that holds printed moves no game took, with
    /// its place: `book.txt:12:5: 14 printed moves stand in text that no game or fragment
    /// took`.
    pub fn unread_lines(&self) -> Vec<String> {
        self.books
            .iter()
            .flat_map(|b| {
                b.book.unread.iter().map(move |u| {
                    format!(
                        "{}:{}:{}: {} printed {} in text that no game or fragment took",
                        b.source,
                        u.line,
                        u.column,
                        u.moves,
                        if u.moves == 1 {
                            "move stands"
                        } else {
                            "moves stand"
                        }
                    )
                })
            })
            .collect()
    }
}

/// Totals of a run: what `--report` writes and the summary line shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Games processed (in this shard).
    pub games: u64,
    /// Games by status.
    pub games_by_status: GameCounts,
    /// Plies transcribed.
    pub plies: u64,
    /// Plies by status.
    pub plies_by_status: PlyCounts,
    /// Flagged plies (repaired or ambiguous).
    pub flagged: u64,
    /// Games that stopped early (partial or failed).
    pub failed: u64,
    /// Games whose decoder beam dropped live readings.
    pub beam_capped: u64,
    /// Games whose repair search ran out of its node budget (they stop there, partial).
    pub search_capped: u64,
    /// Where the move tokens of every game's movetext ended up: read as moves, kept in
    /// comments, skipped (every skipped or commented token is flagged on its game).
    pub tokens: TokenCounts,
    /// Warnings that did not stop a game (each also counted in `flagged`).
    pub warnings: u64,
    /// Games per dialect id (`none` for empty games).
    pub dialects: BTreeMap<String, u64>,
    /// Games left out of the PGN by `--drop-broken`.
    pub dropped: u64,
    /// Games belonging to other shards, skipped.
    pub other_shards: u64,
    /// Files of the directories given that were not read (not game files, no `--glob`).
    pub files_skipped: u64,
    /// The sources not read as plain UTF-8.
    pub encodings: Vec<SourceEncoding>,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Plies per second.
    pub plies_per_second: f64,
    /// Every game that stopped early, in input order.
    pub failures: Vec<FailureRef>,
    /// Book units left out of the outputs (fragments whose first move does not replay, or every
    /// fragment under `--no-fragments`); each is listed in its book's line accounting.
    pub left_out: u64,
    /// Games of books that are fragments (analysis, openings, studies), among `games`.
    pub fragments: u64,
    /// Every input read as a book, with its line accounting.
    pub books: Vec<SegmentReport>,
    /// Moves printed after a move number in lines of a book that no game or fragment
    /// took (the books' `unread`, in all): while there are any, the run is not called
    /// complete.
    pub unread_moves: u64,
    /// Move runs in books' notes: replayed as variations, or left in the notes.
    pub note_variations: NoteVariations,
    /// How the books' diagrams inside games compared with the replay at their place.
    pub diagrams: DiagramTally,
}

impl Summary {
    /// Counts one game.
    pub fn add(&mut self, r: &GameResult) {
        self.add_counted(r, PlyCounts::of(r));
    }

    /// [`Summary::add`] with the game's plies counted already ([`PlyCounts::of`]), where
    /// the game was made: the batch's writer thread then reads none of them.
    pub(crate) fn add_counted(&mut self, r: &GameResult, plies: PlyCounts) {
        self.games += 1;
        match r.status {
            GameStatus::Complete => self.games_by_status.complete += 1,
            GameStatus::Partial => self.games_by_status.partial += 1,
            GameStatus::Failed => self.games_by_status.failed += 1,
            GameStatus::Empty => self.games_by_status.empty += 1,
        }
        self.plies_by_status.add(plies);
        self.plies += r.plies.len() as u64;
        if r.book
            .as_ref()
            .is_some_and(|b| b.kind == UnitKind::Fragment)
        {
            self.fragments += 1;
        }
        self.tokens.add(r.tokens);
        self.diagrams.add(r.diagrams);
        self.warnings += r.issues.len() as u64;
        self.flagged += r.flagged as u64;
        self.beam_capped += u64::from(r.beam_capped);
        self.search_capped += u64::from(r.search_capped);
        let d = r.dialect.map_or("none", |d| d.id());
        // The key is allocated once per dialect, not once per game.
        match self.dialects.get_mut(d) {
            Some(n) => *n += 1,
            None => {
                self.dialects.insert(d.to_owned(), 1);
            }
        }
        if let Some(f) = &r.failure {
            self.plies_by_status.failed += 1;
            self.failed += 1;
            self.failures.push(FailureRef {
                location: format!("{}:{}:{}", r.source, f.line, f.column),
                game: r.index,
                status: r.status,
                token: f.token.clone(),
                message: f.message.clone(),
            });
        }
    }

    /// Sets the wall time and the throughput figures.
    pub fn set_elapsed(&mut self, d: Duration) {
        self.seconds = d.as_secs_f64();
        let s = self.seconds.max(1e-9);
        self.games_per_second = self.games as f64 / s;
        self.plies_per_second = self.plies as f64 / s;
    }

    /// Complete games as a percentage of games with moves (100 when there are none).
    pub fn complete_percent(&self) -> f64 {
        let with_moves = self.games - self.games_by_status.empty;
        if with_moves == 0 {
            100.0
        } else {
            100.0 * self.games_by_status.complete as f64 / with_moves as f64
        }
    }

    /// One line for humans: book mode when used, games, plies, complete %, flagged,
    /// failed, throughput.
    pub fn line(&self) -> String {
        let plural =
            |n: u64, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        let mut book = String::new();
        if !self.books.is_empty() {
            let detected = self.books.iter().any(|b| !b.explicit);
            let n = self.books.len() as u64;
            book = format!(
                "book mode{} ({} {}, {} {} skipped), ",
                if detected { " (detected)" } else { "" },
                n,
                plural(n, "book", "books"),
                self.books
                    .iter()
                    .map(|b| b.book.skipped_lines())
                    .sum::<usize>(),
                "lines",
            );
            if self.fragments > 0 || self.left_out > 0 {
                book.push_str(&format!(
                    "{} {} ({} left out), ",
                    self.fragments,
                    plural(self.fragments, "fragment", "fragments"),
                    self.left_out
                ));
            }
        }
        // A run that left numbered moves in no game is not complete, whatever its games.
        let complete = if self.unread_moves > 0 && self.games == 0 {
            format!(
                "no game read, {} {} in no game",
                self.unread_moves,
                plural(self.unread_moves, "printed move", "printed moves")
            )
        } else if self.unread_moves > 0 {
            format!(
                "{:.1}% of games complete, {} {} in no game",
                self.complete_percent(),
                self.unread_moves,
                plural(self.unread_moves, "printed move", "printed moves")
            )
        } else {
            format!("{:.1}% complete", self.complete_percent())
        };
        format!(
            "{book}{} {}, {} plies, {complete}, {} flagged, {} failed in {:.2}s ({:.0} games/s, {:.0} plies/s)",
            self.games,
            plural(self.games, "game", "games"),
            self.plies,
            self.flagged,
            self.failed,
            self.seconds,
            self.games_per_second,
            self.plies_per_second
        )
    }
}

/// What fails a run besides a game that stops early (`--strict`): plies of the statuses
/// chosen, and warnings. `Strict::default()` fails on nothing more.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Strict {
    /// Any `inferred` ply (a convention or later moves filled in what the token left open).
    pub inferred: bool,
    /// Any `repaired` ply (the token was changed).
    pub repaired: bool,
    /// Any `ambiguous` ply.
    pub ambiguous: bool,
    /// Any warning (text skipped, or kept in a comment, or printed moves in no game).
    pub warnings: bool,
}

impl Strict {
    /// `--strict` alone: every flag, repaired or ambiguous plies and warnings.
    pub const FLAGGED: Strict = Strict {
        inferred: false,
        repaired: true,
        ambiguous: true,
        warnings: true,
    };

    /// True when the run's summary holds something this strictness fails on.
    pub fn fails(self, s: &Summary) -> bool {
        let p = &s.plies_by_status;
        (self.inferred && p.inferred > 0)
            || (self.repaired && p.repaired > 0)
            || (self.ambiguous && p.ambiguous > 0)
            || (self.warnings && (s.warnings > 0 || s.unread_moves > 0))
            // Every kind of flag asked for (`flagged`, alone or with more): any flagged
            // ply or game.
            || (self.repaired && self.ambiguous && self.warnings && s.flagged > 0)
    }
}

/// Exit code: 0 when every game is complete (or empty); 1 when some game is partial or
/// failed, or printed moves stand in text that no game took (the run did not read all the
/// moves its input prints), or (with `strict`) some ply is flagged; 2 for a usage or I/O
/// error; a broken pipe on an output is a reader that went away, and exits 0.
pub fn exit_code(outcome: &Result<Summary, Error>, strict: Strict) -> i32 {
    match outcome {
        Ok(s) if s.failed > 0 || s.unread_moves > 0 => 1,
        Ok(s) if strict.fails(s) => 1,
        Ok(_) => 0,
        Err(e) if e.is_broken_pipe() => 0,
        Err(_) => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn exit_codes_map_outcomes() {
        let ok = Summary {
            games: 3,
            ..Summary::default()
        };
        let none = Strict::default();
        assert_eq!(exit_code(&Ok(ok.clone()), none), 0);
        assert_eq!(exit_code(&Ok(ok.clone()), Strict::FLAGGED), 0);
        let flagged = Summary {
            flagged: 2,
            ..ok.clone()
        };
        assert_eq!(exit_code(&Ok(flagged.clone()), none), 0, "flags alone pass");
        assert_eq!(
            exit_code(&Ok(flagged), Strict::FLAGGED),
            1,
            "--strict fails on flags"
        );
        let broken = Summary {
            failed: 1,
            ..ok.clone()
        };
        assert_eq!(exit_code(&Ok(broken), none), 1);
        let io_err = Error::io("x.txt", io::Error::new(io::ErrorKind::NotFound, "gone"));
        assert_eq!(exit_code(&Err(io_err), none), 2);
        let usage = "9/2".parse::<crate::shard::Shard>().unwrap_err();
        assert_eq!(exit_code(&Err(usage), none), 2);
        let pipe = Error::io("-", io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
        assert_eq!(exit_code(&Err(pipe), none), 0, "broken pipe exits quietly");
    }

    #[test]
    fn strict_fails_only_on_the_statuses_it_names() {
        let mut s = Summary {
            games: 1,
            ..Summary::default()
        };
        s.plies_by_status.inferred = 3;
        let inferred = Strict {
            inferred: true,
            ..Strict::default()
        };
        assert_eq!(exit_code(&Ok(s.clone()), inferred), 1);
        assert_eq!(
            exit_code(&Ok(s.clone()), Strict::FLAGGED),
            0,
            "inferred plies are no flag"
        );
        s.plies_by_status.repaired = 1;
        s.flagged = 1;
        let ambiguous = Strict {
            ambiguous: true,
            ..Strict::default()
        };
        assert_eq!(exit_code(&Ok(s.clone()), ambiguous), 0);
        let repaired = Strict {
            repaired: true,
            ..Strict::default()
        };
        assert_eq!(exit_code(&Ok(s.clone()), repaired), 1);
        s.plies_by_status.repaired = 0;
        s.flagged = 0;
        s.warnings = 1;
        assert_eq!(exit_code(&Ok(s.clone()), repaired), 0);
        let warnings = Strict {
            warnings: true,
            ..Strict::default()
        };
        assert_eq!(exit_code(&Ok(s), warnings), 1);
    }
}
