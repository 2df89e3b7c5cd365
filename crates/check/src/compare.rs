//! Accuracy against an independent reference PGN, measured by position.
//!
//! Both files are replayed with shakmaty (from `[FEN]` or the start); after each ply the
//! positions are compared as EPD (FEN without move counters). The reference decides game
//! lengths: plies are compared up to the reference's length, an output's extra plies count
//! as neither right nor wrong, and a `--` null move ends a reference game.

use std::collections::HashMap;
use std::path::Path;

use escriba_pipeline::csv_out::PlyRow;
use escriba_pipeline::segment::{BlockSegmenter, segment_text};
use escriba_pipeline::source::text_from_bytes;
use escriba_pipeline::tags::Tags;
use escriba_resolve::shakmaty::fen::Epd;
use escriba_resolve::shakmaty::san::{San, SanPlus};
use escriba_resolve::shakmaty::{Chess, Color, EnPassantMode, Position};
use escriba_resolve::start_position;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::pgn::{Lexeme, main_line};

/// A replayed PGN game.
#[derive(Debug, Clone)]
pub struct ReplayedGame {
    /// Its tags.
    pub tags: Tags,
    /// 1-based line where it starts.
    pub line: usize,
    /// SAN of each ply, as written in the file.
    pub sans: Vec<String>,
    /// EPD after each ply.
    pub positions: Vec<String>,
    /// Move number and side of each ply.
    pub numbers: Vec<(u32, Color)>,
    /// Why the replay stopped before the end of the movetext, if it did.
    pub error: Option<String>,
    /// The game was transcribed to its end: no `{escriba: untranscribed …}` comment marks
    /// a stop (for references this only says the same of their text).
    pub finished: bool,
}

/// A PGN movetext's main line as `pgn-reader` reads it: its moves up to a result or a
/// null move (`--`, `Z0`); whether an `{escriba: untranscribed …}` comment marks a stop;
/// and the reader's error, if it stopped before the moves' end.
struct MainLine {
    moves: Vec<SanPlus>,
    stopped: bool,
    unreadable: Option<String>,
}

fn read_main_line(movetext: &str) -> MainLine {
    let (lexemes, error) = main_line(movetext);
    let stopped = lexemes
        .iter()
        .any(|l| matches!(l, Lexeme::Comment(c) if c.starts_with("escriba: untranscribed")));
    let mut moves = Vec::new();
    let mut ended = false;
    for lexeme in lexemes {
        match lexeme {
            Lexeme::Move(m) if m.san == San::Null => {
                ended = true;
                break;
            }
            Lexeme::Move(m) => moves.push(m),
            Lexeme::Result(_) => {
                ended = true;
                break;
            }
            Lexeme::Comment(_) => {}
        }
    }
    MainLine {
        moves,
        stopped,
        unreadable: error.filter(|_| !ended),
    }
}

/// Replays one game's movetext from `start`.
fn replay(tags: Tags, line: usize, movetext: &str) -> ReplayedGame {
    let read = read_main_line(movetext);
    let mut g = ReplayedGame {
        tags,
        line,
        sans: Vec::new(),
        positions: Vec::new(),
        numbers: Vec::new(),
        error: None,
        finished: !read.stopped,
    };
    let mut pos: Chess = match start_position(g.tags.get("FEN"), false) {
        Ok(p) => p,
        Err(e) => {
            g.error = Some(e.to_string());
            return g;
        }
    };
    for san in read.moves {
        let Ok(m) = san.san.to_move(&pos) else {
            g.error = Some(format!("`{san}` is not a legal SAN move here"));
            break;
        };
        g.numbers.push((pos.fullmoves().get(), pos.turn()));
        pos.play_unchecked(m);
        g.sans.push(san.to_string());
        g.positions
            .push(Epd::from_position(&pos, EnPassantMode::Legal).to_string());
    }
    if g.error.is_none() {
        g.error = read
            .unreadable
            .map(|e| format!("the PGN cannot be read on: {e}"));
    }
    g
}

/// Reads and replays every game of a PGN text.
pub fn replay_pgn(text: &str) -> Vec<ReplayedGame> {
    segment_text(&mut BlockSegmenter::new(), text)
        .into_iter()
        .map(|s| replay(s.tags, s.line, &s.movetext))
        .collect()
}

/// Reads and replays a PGN file (any of the encodings [`escriba_pipeline::source`] reads).
pub fn replay_pgn_file(path: &Path) -> Result<Vec<ReplayedGame>> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    Ok(replay_pgn(&text_from_bytes(&bytes).0))
}

/// How reference games are paired with output games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MatchBy {
    /// The i-th reference game with the i-th output game.
    #[default]
    Index,
    /// Each reference game with the output game sharing its longest opening (most equal
    /// leading positions; the earliest such game on ties).
    Content,
}

/// The first difference in a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Discrepancy {
    /// 1-based reference game.
    pub game: usize,
    /// 1-based output game it was paired with, if any.
    pub output_game: Option<usize>,
    /// 1-based ply.
    pub ply: usize,
    /// Move designation, `12.` or `12...`.
    pub move_label: String,
    /// The book's token, from the plies CSV.
    pub book_token: Option<String>,
    /// The ply's status in the plies CSV.
    pub status: Option<String>,
    /// The output's SAN (`None` when the output is shorter).
    pub output_san: Option<String>,
    /// The reference's SAN.
    pub reference_san: String,
}

/// The accuracy figures.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// Reference games.
    pub games: usize,
    /// Reference games with at least one ply: the games compared.
    pub games_compared: usize,
    /// Reference games compared whose every ply the output got right.
    pub games_exact: usize,
    /// Output games.
    pub output_games: usize,
    /// Reference games with plies that no output game was paired with.
    pub reference_unpaired: usize,
    /// Output games that no reference game was paired with.
    pub output_unpaired: usize,
    /// Plies whose position matches.
    pub plies_right: u64,
    /// Plies whose position differs.
    pub plies_wrong: u64,
    /// Reference plies the output does not reach.
    pub plies_missing: u64,
    /// Output plies beyond the reference's end (neither right nor wrong).
    pub plies_extra: u64,
    /// Reference plies past the end of an output game that was transcribed to its end:
    /// the book's score stops earlier than the reference's (neither right nor wrong).
    pub plies_beyond: u64,
    /// Wrong plies the plies CSV calls `exact` or `inferred`; `None` without a CSV.
    pub silently_wrong: Option<u64>,
    /// Reference games that could not be replayed to their end, with the reason.
    pub reference_errors: Vec<String>,
    /// The first discrepancy of each game that has one, in reference order.
    pub discrepancies: Vec<Discrepancy>,
    /// For each reference game, the 0-based output game paired with it, if any.
    #[serde(skip)]
    pub pairs: Vec<Option<usize>>,
}

/// Ply records from a `plies.csv`, keyed by (game, ply).
pub type PlyIndex = HashMap<(u64, usize), PlyRow<'static>>;

/// Reads a `plies.csv` written by `transcribe` (rows with status `failed` included).
pub fn read_plies_csv(path: &Path) -> Result<PlyIndex> {
    let csv_err = |e| {
        Error::Pipeline(escriba_pipeline::Error::Csv {
            path: path.to_owned(),
            source: e,
        })
    };
    let mut r = csv::Reader::from_path(path).map_err(csv_err)?;
    let mut out = HashMap::new();
    for row in r.deserialize::<PlyRow>() {
        let row = row.map_err(csv_err)?;
        out.insert((row.game, row.ply), row);
    }
    Ok(out)
}

fn common_prefix(a: &[String], b: &[String]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// The transcribe game index of an output game: its `EscribaGame` tag, else its position.
fn game_number(g: &ReplayedGame, position: usize) -> u64 {
    g.tags
        .get("EscribaGame")
        .and_then(|v| v.parse().ok())
        .unwrap_or(position as u64 + 1)
}

/// Compares `output` against `reference`.
pub fn compare(
    output: &[ReplayedGame],
    reference: &[ReplayedGame],
    by: MatchBy,
    plies: Option<&PlyIndex>,
) -> Comparison {
    compare_to_book_end(output, reference, by, plies, false)
}

/// [`compare`], and with `to_book_end` each game is compared only as far as a finished
/// output game goes: a book's score often stops before the reference's (`Resigns`, "after
/// a few more moves"), and the reference plies past that end are counted apart
/// ([`Comparison::plies_beyond`]), neither right nor missing. A game that stopped early
/// (an `{escriba: untranscribed …}` comment) still counts its missing plies.
pub fn compare_to_book_end(
    output: &[ReplayedGame],
    reference: &[ReplayedGame],
    by: MatchBy,
    plies: Option<&PlyIndex>,
    to_book_end: bool,
) -> Comparison {
    let mut c = Comparison {
        games: reference.len(),
        output_games: output.len(),
        silently_wrong: plies.map(|_| 0),
        ..Comparison::default()
    };
    let mut paired = vec![false; output.len()];
    for (ri, r) in reference.iter().enumerate() {
        if let Some(e) = &r.error {
            c.reference_errors
                .push(format!("reference game {} (line {}): {e}", ri + 1, r.line));
        }
        let oi = partner(output, r, ri, by);
        if let Some(i) = oi {
            paired[i] = true;
        }
        c.pairs.push(oi);
        if r.positions.is_empty() {
            continue;
        }
        c.game(output, (ri, r), oi, plies, to_book_end);
    }
    c.output_unpaired = paired.iter().filter(|&&p| !p).count();
    c
}

/// The output game paired with reference game `ri` (`r`), if any.
fn partner(output: &[ReplayedGame], r: &ReplayedGame, ri: usize, by: MatchBy) -> Option<usize> {
    match by {
        MatchBy::Index => (ri < output.len()).then_some(ri),
        // Only a game sharing at least the first position is a partner.
        MatchBy::Content => output
            .iter()
            .enumerate()
            .map(|(i, o)| (common_prefix(&o.positions, &r.positions), i))
            .filter(|&(n, _)| n > 0)
            .max_by_key(|&(n, i)| (n, std::cmp::Reverse(i)))
            .map(|(_, i)| i),
    }
}

impl Comparison {
    /// Counts reference game `ri` (`r`, with plies) against its partner `oi` in `output`,
    /// ply by ply, and records its first discrepancy.
    fn game(
        &mut self,
        output: &[ReplayedGame],
        (ri, r): (usize, &ReplayedGame),
        oi: Option<usize>,
        plies: Option<&PlyIndex>,
        to_book_end: bool,
    ) {
        self.games_compared += 1;
        self.reference_unpaired += usize::from(oi.is_none());
        let empty = Vec::new();
        let (out_pos, out_san) = match oi {
            Some(i) => (&output[i].positions, &output[i].sans),
            None => (&empty, &empty),
        };
        let number = oi.map(|i| game_number(&output[i], i));
        // A finished output game that is shorter than the reference: the book stops there.
        let finished = to_book_end
            && oi.is_some_and(|i| output[i].finished && !output[i].positions.is_empty());
        let mut first: Option<usize> = None;
        for (k, rp) in r.positions.iter().enumerate() {
            match out_pos.get(k) {
                Some(op) if op == rp => self.plies_right += 1,
                Some(_) => {
                    self.plies_wrong += 1;
                    first.get_or_insert(k);
                    if let (Some(idx), Some(n)) = (plies, number)
                        && idx
                            .get(&(n, k + 1))
                            .is_some_and(|row| matches!(&*row.status, "exact" | "inferred"))
                    {
                        *self.silently_wrong.as_mut().expect("set with a CSV") += 1;
                    }
                }
                None if finished => self.plies_beyond += 1,
                None => {
                    self.plies_missing += 1;
                    first.get_or_insert(k);
                }
            }
        }
        self.plies_extra += out_pos.len().saturating_sub(r.positions.len()) as u64;
        match first {
            None => self.games_exact += 1,
            Some(k) => {
                let row = plies.zip(number).and_then(|(idx, n)| idx.get(&(n, k + 1)));
                let (num, color) = r.numbers[k];
                self.discrepancies.push(Discrepancy {
                    game: ri + 1,
                    output_game: oi.map(|i| i + 1),
                    ply: k + 1,
                    move_label: format!("{num}{}", if color == Color::White { "." } else { "..." }),
                    book_token: row.map(|r| r.input.to_string()),
                    status: row.map(|r| r.status.to_string()),
                    output_san: out_san.get(k).cloned(),
                    reference_san: r.sans[k].clone(),
                });
            }
        }
    }
}

/// True when a PGN file holds something to compare: a game with a move replayed, or a
/// game of tags with no move that reads to its end. Random bytes, prose or a compressed
/// file hold no game (at most words that are no move, and no tag), and neither does a
/// file of games that cannot be replayed from their first move (another format).
pub fn usable(games: &[ReplayedGame]) -> bool {
    games
        .iter()
        .any(|g| !g.positions.is_empty() || (g.error.is_none() && !g.tags.0.is_empty()))
}

/// Why [`usable`] is false, for the error message.
pub fn unusable_reason(games: &[ReplayedGame]) -> String {
    match games
        .iter()
        .find_map(|g| g.error.as_ref().map(|e| (g.line, e)))
    {
        _ if games.is_empty() => "it holds no game".to_owned(),
        None if games.iter().all(|g| g.tags.0.is_empty()) => {
            "it holds no game: no tag, and no move that replays".to_owned()
        }
        Some((line, e)) => format!("no game in it can be replayed (line {line}: {e})"),
        None => "no game in it can be replayed".to_owned(),
    }
}

impl Comparison {
    /// True when every reference ply was right, every game paired and every reference
    /// game replayed to its end.
    pub fn all_right(&self) -> bool {
        self.plies_wrong == 0
            && self.plies_missing == 0
            && self.reference_unpaired == 0
            && self.output_unpaired == 0
            && self.reference_errors.is_empty()
    }

    /// `compare`'s exit code for a comparison made: 0 when [`Comparison::all_right`], else 1
    /// (2, for unusable input, is decided before any comparison).
    pub fn exit_code(&self) -> i32 {
        i32::from(!self.all_right())
    }

    /// A human report: the totals, then up to `limit` first discrepancies. Shares of
    /// nothing print `n/a`.
    pub fn render(&self, limit: usize) -> String {
        let total = self.plies_right + self.plies_wrong + self.plies_missing;
        let pct = |n: u64| {
            if total == 0 {
                "n/a".to_owned()
            } else {
                format!("{:.2}%", 100.0 * n as f64 / total as f64)
            }
        };
        let games = if self.games_compared == 0 {
            "n/a (no reference game has a move)".to_owned()
        } else {
            format!("{}/{}", self.games_exact, self.games_compared)
        };
        let mut s = format!(
            "games exactly right: {games}\nplies right: {} ({}), wrong: {} ({}), missing: {} ({}), extra in output: {}\n",
            self.plies_right,
            pct(self.plies_right),
            self.plies_wrong,
            pct(self.plies_wrong),
            self.plies_missing,
            pct(self.plies_missing),
            self.plies_extra,
        );
        if self.plies_beyond > 0 {
            s.push_str(&format!(
                "reference plies past the end of the book's score: {}\n",
                self.plies_beyond
            ));
        }
        if self.reference_unpaired > 0 {
            s.push_str(&format!(
                "reference games without an output game: {}\n",
                self.reference_unpaired
            ));
        }
        if self.output_unpaired > 0 {
            s.push_str(&format!(
                "output games without a reference game: {}\n",
                self.output_unpaired
            ));
        }
        if let Some(n) = self.silently_wrong {
            s.push_str(&format!(
                "silently wrong plies (wrong but marked exact or inferred): {n}\n"
            ));
        }
        for e in &self.reference_errors {
            s.push_str(&format!("warning: {e}\n"));
        }
        if !self.discrepancies.is_empty() {
            s.push_str("first discrepancies:\n");
        }
        for d in self.discrepancies.iter().take(limit) {
            s.push_str(&format!(
                "  game {} ply {} ({}): book `{}`{} output {} reference {}\n",
                d.game,
                d.ply,
                d.move_label,
                d.book_token.as_deref().unwrap_or("?"),
                d.status
                    .as_deref()
                    .map(|st| format!(" [{st}]"))
                    .unwrap_or_default(),
                d.output_san.as_deref().unwrap_or("(missing)"),
                d.reference_san
            ));
        }
        if self.discrepancies.len() > limit {
            s.push_str(&format!(
                "  … and {} more games with discrepancies (use --json for all)\n",
                self.discrepancies.len() - limit
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_main_line_skips_comments_variations_and_nags() {
        let sans = |text: &str| -> Vec<String> {
            read_main_line(text)
                .moves
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        let w = sans("1. e4 {c (x)} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 ; rest\n3.Bb5 1-0 4. a3");
        assert_eq!(w, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(sans("1. d4 -- 2. c4"), ["d4"]);
    }

    #[test]
    fn a_reference_that_cannot_be_read_to_its_end_says_so() {
        let games = replay_pgn("1. e4 e5 2. Nf3 {never closed");
        assert_eq!(games[0].sans, ["e4", "e5", "Nf3"]);
        assert_eq!(
            games[0].error.as_deref(),
            Some("the PGN cannot be read on: unterminated comment")
        );
        let after_result = replay_pgn("1. e4 e5 1-0 {never closed");
        assert_eq!(after_result[0].error, None, "the moves ended before");
    }

    #[test]
    fn positions_not_sans_decide() {
        // A transposition reaches the same position by ply 3: ply 1–2 differ, 3–4 match.
        let out = replay_pgn("1. Nf3 Nf6 2. d4 d5 *");
        let reference = replay_pgn("1. d4 Nf6 2. Nf3 d5 *");
        let c = compare(&out, &reference, MatchBy::Index, None);
        assert_eq!((c.plies_right, c.plies_wrong, c.plies_missing), (2, 2, 0));
        assert_eq!(c.games_exact, 0);
        assert_eq!(c.discrepancies[0].ply, 1);
        assert_eq!(c.discrepancies[0].output_san.as_deref(), Some("Nf3"));
    }

    #[test]
    fn reference_lengths_rule_and_extra_plies_do_not_count() {
        let out =
            replay_pgn("1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 {escriba: untranscribed from 1... : X} *");
        let reference = replay_pgn("1. e4 e5 2. Nf3 *\n\n1. d4 d5 *");
        let c = compare(&out, &reference, MatchBy::Index, None);
        assert_eq!(c.games_exact, 1);
        assert_eq!(
            (c.plies_right, c.plies_wrong, c.plies_missing, c.plies_extra),
            (4, 0, 1, 1)
        );
        assert_eq!(c.discrepancies[0].move_label, "1...");
    }

    #[test]
    fn a_finished_game_shorter_than_the_reference_stops_where_the_book_stops() {
        let reference = replay_pgn("1. e4 e5 2. Nf3 Nc6 *");
        let finished = replay_pgn("1. e4 e5 1-0");
        let c = compare_to_book_end(&finished, &reference, MatchBy::Index, None, true);
        assert_eq!((c.plies_right, c.plies_missing, c.plies_beyond), (2, 0, 2));
        assert_eq!(c.games_exact, 1);
        let c = compare(&finished, &reference, MatchBy::Index, None);
        assert_eq!(
            (c.plies_right, c.plies_missing, c.plies_beyond),
            (2, 2, 0),
            "without the option, the reference's length rules"
        );
        let stopped = replay_pgn("1. e4 e5 {escriba: untranscribed from 2. : Kt-KBS} *");
        let c = compare_to_book_end(&stopped, &reference, MatchBy::Index, None, true);
        assert_eq!((c.plies_right, c.plies_missing, c.plies_beyond), (2, 2, 0));
        assert_eq!(c.games_exact, 0, "a game that stopped early is not right");
    }

    #[test]
    fn content_matching_pairs_by_longest_opening() {
        let out = replay_pgn("1. d4 d5 *\n\n1. e4 e5 2. Nf3 *");
        let reference = replay_pgn("1. e4 e5 2. Nf3 *\n\n1. d4 d5 *");
        let by_index = compare(&out, &reference, MatchBy::Index, None);
        assert_eq!(by_index.games_exact, 0);
        let by_content = compare(&out, &reference, MatchBy::Content, None);
        assert_eq!(by_content.games_exact, 2);
    }

    #[test]
    fn silently_wrong_counts_confident_wrong_plies() {
        let out = replay_pgn("[EscribaGame \"7\"]\n\n1. e4 e6 *");
        let reference = replay_pgn("1. e4 e5 *");
        let mut idx = PlyIndex::new();
        let row = |ply, status: &'static str, input: &'static str| PlyRow {
            source: "b".into(),
            game: 7,
            ply,
            move_number: 1,
            side: "black".into(),
            input: input.into(),
            san: "".into(),
            uci: "".into(),
            status: status.into(),
            cost: None,
            line: 1,
            column: 1,
            note: "".into(),
            page: None,
            box_x0: None,
            box_y0: None,
            box_x1: None,
            box_y1: None,
        };
        idx.insert((7, 2), row(2, "exact", "P-K3"));
        let c = compare(&out, &reference, MatchBy::Index, Some(&idx));
        assert_eq!(c.silently_wrong, Some(1));
        assert_eq!(c.discrepancies[0].book_token.as_deref(), Some("P-K3"));
    }
}
