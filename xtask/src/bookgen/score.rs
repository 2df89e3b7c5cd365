//! The scorer: a generated book read back by escriba's default `transcribe` (no `--book`:
//! book mode must be detected), each output game paired with the truth whose line range
//! holds its first move, and each truth judged **exact and complete** (same moves from
//! the same start, status complete, players right), **moves right**, or — the worst case —
//! **called complete with moves skipped or wrong**.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, Result};
use escriba_pipeline::batch::{Input, Observer, Sinks, transcribe};
use escriba_pipeline::book::BookMode;
use escriba_pipeline::{Config, GameResult, GameStatus};

use super::book::{Book, Truth};

/// One game as escriba read it.
#[derive(Debug, Clone)]
pub struct Read {
    /// 1-based line of its first move (of its start, when it has none).
    pub anchor: usize,
    /// 1-based first and last line of its text.
    pub lines: (usize, usize),
    /// Its moves in SAN.
    pub sans: Vec<String>,
    /// The book line of each move.
    pub ply_lines: Vec<usize>,
    /// Its status.
    pub status: GameStatus,
    /// Its `[FEN]` tag.
    pub fen: Option<String>,
    /// Its `[White]` tag.
    pub white: Option<String>,
    /// Its `[Black]` tag.
    pub black: Option<String>,
    /// Why it stopped, with its place.
    pub failure: Option<String>,
    /// Whether book mode read it.
    pub book: bool,
    /// Its diagrams the replay reached, and those of them that show the replay's position.
    pub diagrams: (u32, u32),
}

#[derive(Default)]
struct Collect(Vec<Read>);

impl Observer for Collect {
    fn game(&mut self, r: &GameResult) {
        let anchor = r.plies.first().map_or(r.line, |p| p.line);
        self.0.push(Read {
            anchor,
            lines: (r.line, r.end_line()),
            sans: r.plies.iter().map(|p| p.ply.san.to_string()).collect(),
            ply_lines: r.plies.iter().map(|p| p.line).collect(),
            status: r.status,
            fen: r.tags.get("FEN").map(str::to_owned),
            white: r.tags.get("White").map(str::to_owned),
            black: r.tags.get("Black").map(str::to_owned),
            failure: r
                .failure
                .as_ref()
                .map(|f| format!("{}:{}: `{}`: {}", f.line, f.column, f.token, f.message)),
            book: r.book.is_some(),
            diagrams: (r.diagrams.checked, r.diagrams.agree),
        });
    }
}

/// Reads `text` with escriba's default `transcribe` (the default [`Config`]: notation
/// `auto`, book mode detected; with `forced`, book mode asked for, as `--book` does), in
/// process, from a scratch file.
pub fn read_text(text: &str, forced: bool) -> Result<Vec<Read>> {
    static N: AtomicU64 = AtomicU64::new(0);
    let path: PathBuf = std::env::temp_dir().join(format!(
        "escriba-bookgen-{}-{}.txt",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    let mut collect = Collect::default();
    let cfg = Config {
        book: if forced { BookMode::On } else { BookMode::Auto },
        ..Config::default()
    };
    let run = transcribe(
        &[Input::File(path.clone())],
        &cfg,
        &mut Sinks {
            observer: Some(&mut collect),
            ..Sinks::default()
        },
    );
    let _ = std::fs::remove_file(&path);
    run.context("escriba transcribe")?;
    Ok(collect.0)
}

/// The verdict on one generated game.
#[derive(Debug, Clone)]
pub struct Scored {
    /// Same moves from the same start, status complete, players right.
    pub exact: bool,
    /// Same moves from the same start (whatever the status and the players).
    pub moves_right: bool,
    /// Called complete with moves skipped or wrong (or from the wrong start).
    pub false_complete: bool,
    /// The first thing wrong: `book not detected`, `not found`, `stopped`, `split`,
    /// `start`, `short`, `wrong moves`, `players`, `diagram`; empty when exact.
    pub class: &'static str,
    /// What the reader did, in a sentence.
    pub detail: String,
    /// The book line the failure shows at.
    pub line: usize,
}

fn plain(san: &str) -> &str {
    san.trim_end_matches(['+', '#', '!', '?'])
}

const TITLES: [&str; 14] = [
    "mr", "mrs", "messrs", "herr", "m", "rev", "capt", "sr", "d", "don", "señor", "señores", "los",
    "the",
];

fn name_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !TITLES.contains(&w.as_str()))
        .collect()
}

/// True when the tag names the player printed: the same words (titles aside, any case),
/// or the same surname with no word the book did not print.
pub fn name_right(expected: Option<&str>, got: Option<&str>) -> bool {
    let got = got.filter(|g| !g.trim().is_empty() && g.trim() != "?");
    match (expected, got) {
        (None, None) => true,
        (None, Some(_)) | (Some(_), None) => false,
        (Some(e), Some(g)) => {
            let (e, g) = (name_words(e), name_words(g));
            e == g || (!g.is_empty() && e.last() == g.last() && g.iter().all(|w| e.contains(w)))
        }
    }
}

fn fen_key(f: Option<&str>) -> Option<String> {
    f.map(|f| f.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
}

/// Judges one truth against the reads whose first move lies in its line range.
pub fn judge(t: &Truth, reads: &[&Read]) -> Scored {
    let with_moves: Vec<&&Read> = reads.iter().filter(|r| !r.sans.is_empty()).collect();
    let Some(primary) = reads.iter().max_by_key(|r| r.sans.len()) else {
        return Scored {
            exact: false,
            moves_right: false,
            false_complete: false,
            class: "not found",
            detail: "no game read in the game's lines".into(),
            line: t.first_line,
        };
    };
    let start_right = fen_key(t.fen.as_deref()) == fen_key(primary.fen.as_deref());
    let same = primary.sans.len() == t.sans.len()
        && primary
            .sans
            .iter()
            .zip(&t.sans)
            .all(|(a, b)| plain(a) == plain(b));
    let moves_right = same && start_right;
    let complete = primary.status == GameStatus::Complete;
    let players = name_right(t.white.as_deref(), primary.white.as_deref())
        && name_right(t.black.as_deref(), primary.black.as_deref());
    let (class, detail, line) = stop_fault(t, primary, &with_moves, complete, start_right)
        .or_else(|| move_fault(t, primary, same, players))
        .or_else(|| diagram_fault(primary))
        .unwrap_or(("", String::new(), 0));
    Scored {
        exact: class.is_empty(),
        moves_right,
        false_complete: complete && !moves_right,
        class,
        detail,
        line,
    }
}

/// What ends the read of a game before its moves are compared, in `primary` (the read
/// with the most plies; `with_moves`: the reads with moves): it stopped, it was split into
/// games, or it starts from another position. (class, detail, line)
fn stop_fault(
    t: &Truth,
    primary: &Read,
    with_moves: &[&&Read],
    complete: bool,
    start_right: bool,
) -> Option<Fault> {
    if !complete {
        Some((
            "stopped",
            format!(
                "{} after {} of {} plies: {}",
                primary.status.as_str(),
                primary.sans.len(),
                t.sans.len(),
                primary.failure.as_deref().unwrap_or("no failure given")
            ),
            primary
                .failure
                .as_deref()
                .and_then(|f| f.split(':').next()?.parse().ok())
                .unwrap_or(primary.anchor),
        ))
    } else if with_moves.len() > 1 {
        Some((
            "split",
            format!(
                "read as {} games (lines {})",
                with_moves.len(),
                with_moves
                    .iter()
                    .map(|r| format!("{}-{}: {} plies", r.lines.0, r.lines.1, r.sans.len()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            with_moves[1].anchor,
        ))
    } else if !start_right {
        Some((
            "start",
            format!(
                "start {:?}, expected {:?}",
                primary.fen.as_deref().unwrap_or("standard"),
                t.fen.as_deref().unwrap_or("standard")
            ),
            t.first_line,
        ))
    } else {
        None
    }
}

/// What is wrong with the moves or the players of `primary`, the read of a game `t` that
/// ran to its end from the right start: too short, a wrong move, or the players.
/// (class, detail, line)
fn move_fault(t: &Truth, primary: &Read, same: bool, players: bool) -> Option<Fault> {
    let diverge = primary
        .sans
        .iter()
        .zip(&t.sans)
        .position(|(a, b)| plain(a) != plain(b));
    if diverge.is_none() && primary.sans.len() < t.sans.len() {
        Some((
            "short",
            format!(
                "complete with {} of {} plies (next: {})",
                primary.sans.len(),
                t.sans.len(),
                t.sans[primary.sans.len()]
            ),
            primary.ply_lines.last().copied().unwrap_or(primary.lines.1),
        ))
    } else if !same {
        let k = diverge.unwrap_or(t.sans.len().min(primary.sans.len()));
        Some((
            "wrong moves",
            format!(
                "ply {}: read {}, printed {} ({} plies read, {} printed)",
                k + 1,
                primary.sans.get(k).map_or("nothing", String::as_str),
                t.sans.get(k).map_or("nothing", String::as_str),
                primary.sans.len(),
                t.sans.len()
            ),
            primary.ply_lines.get(k).copied().unwrap_or(primary.anchor),
        ))
    } else if !players {
        Some((
            "players",
            format!(
                "White {:?} Black {:?}, printed {:?} / {:?}",
                primary.white, primary.black, t.white, t.black
            ),
            t.first_line,
        ))
    } else {
        None
    }
}

/// A diagram inside the game that does not show the replay's position, in `primary`, a
/// read whose moves are right: the diagram was read wrong. (class, detail, line)
fn diagram_fault(primary: &Read) -> Option<Fault> {
    let (checked, agree) = primary.diagrams;
    (agree < checked).then(|| {
        (
            "diagram",
            format!(
                "{} of its {checked} diagrams differ from the replay",
                checked - agree
            ),
            primary.anchor,
        )
    })
}

/// A fault of a read: its class, what it is, and the line it is at.
type Fault = (&'static str, String, usize);

/// Reads `book` back (in the default mode, or with `forced` book mode) and judges each of
/// its games, in book order.
pub fn score_book(book: &Book, forced: bool) -> Result<Vec<Scored>> {
    let reads = read_text(&book.text, forced)?;
    Ok(score_reads(book, &reads))
}

/// Judges each game of `book` against `reads`. When no game was read in book mode, a
/// game that is not exact is put down to that: `book not detected`.
pub fn score_reads(book: &Book, reads: &[Read]) -> Vec<Scored> {
    let detected = reads.iter().any(|r| r.book);
    book.games
        .iter()
        .map(|t| {
            let mine: Vec<&Read> = reads
                .iter()
                .filter(|r| (t.first_line..=t.last_line).contains(&r.anchor))
                .collect();
            let mut s = judge(t, &mine);
            if !detected && !s.exact {
                s.class = "book not detected";
            }
            s
        })
        .collect()
}

/// Counts of one family.
#[derive(Debug, Clone, Copy, Default)]
pub struct Counts {
    /// Games.
    pub games: usize,
    /// Exact and complete.
    pub exact: usize,
    /// Moves right.
    pub moves: usize,
    /// Called complete with moves skipped or wrong.
    pub false_complete: usize,
}

impl Counts {
    fn add(&mut self, s: &Scored) {
        self.games += 1;
        self.exact += s.exact as usize;
        self.moves += s.moves_right as usize;
        self.false_complete += s.false_complete as usize;
    }
}

/// An example of a failure class: the game's layout, and the excerpt with the detail.
pub type Example = (&'static str, String);

/// The figures of a run: per family and overall, and examples of each failure class.
#[derive(Debug, Default)]
pub struct Tally {
    /// Per family (`layout:paired`, …).
    pub families: BTreeMap<String, Counts>,
    /// Overall.
    pub all: Counts,
    /// Per failure class: its count, and a few examples of each layout (the layout, the
    /// excerpt and the detail).
    pub classes: BTreeMap<&'static str, (usize, Vec<Example>)>,
}

impl Tally {
    /// Adds a book's verdicts; `examples` is how many examples to keep per class and
    /// layout.
    pub fn add(&mut self, book: &Book, scored: &[Scored], examples: usize) {
        for (t, s) in book.games.iter().zip(scored) {
            self.all.add(s);
            for f in t.families() {
                self.families.entry(f).or_default().add(s);
            }
            if !s.class.is_empty() {
                let entry = self.classes.entry(s.class).or_default();
                entry.0 += 1;
                if entry.1.iter().filter(|(l, _)| *l == t.layout).count() < examples {
                    entry.1.push((t.layout, example(book, t, s)));
                }
            }
        }
    }

    /// The tables: per dimension, each family's games and shares.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let pct = |a: usize, n: usize| 100.0 * a as f64 / n.max(1) as f64;
        let row = |out: &mut String, name: &str, c: &Counts| {
            let _ = writeln!(
                out,
                "  {name:<26} {:>6} {:>7.1}% {:>7.1}% {:>6}",
                c.games,
                pct(c.exact, c.games),
                pct(c.moves, c.games),
                c.false_complete
            );
        };
        let _ = writeln!(
            out,
            "  {:<26} {:>6} {:>8} {:>8} {:>6}",
            "family", "games", "exact", "moves", "false-complete"
        );
        row(&mut out, "overall", &self.all);
        let mut dim = "";
        for (f, c) in &self.families {
            let d = f.split(':').next().unwrap_or("");
            if d != dim {
                let _ = writeln!(out, " by {d}:");
                dim = d;
            }
            row(&mut out, f.split_once(':').map_or(f.as_str(), |x| x.1), c);
        }
        let _ = writeln!(out, " failure classes:");
        let mut classes: Vec<_> = self.classes.iter().collect();
        classes.sort_by_key(|(_, (n, _))| std::cmp::Reverse(*n));
        for (class, (n, _)) in classes {
            let _ = writeln!(out, "  {class:<26} {n:>6}");
        }
        out
    }

    /// The examples of each failure class, most frequent class first.
    pub fn examples(&self) -> String {
        let mut out = String::new();
        let mut classes: Vec<_> = self.classes.iter().collect();
        classes.sort_by_key(|(_, (n, _))| std::cmp::Reverse(*n));
        for (class, (n, ex)) in classes {
            let _ = writeln!(out, "=== {class} ({n} games)");
            for (_, e) in ex {
                out.push_str(e);
                out.push('\n');
            }
        }
        out
    }
}

/// An example of a failure: the game's labels, what went wrong, and the book's lines
/// around the place it shows at.
pub fn example(book: &Book, t: &Truth, s: &Scored) -> String {
    let lines: Vec<&str> = book.text.lines().collect();
    let at = s.line.clamp(t.first_line, t.last_line.max(t.first_line));
    let from = at.saturating_sub(8).max(t.first_line);
    let to = (at + 5).min(t.last_line);
    let mut out = format!(
        "--- lines {}-{} [{} {} {} {} {}{}]: {}\n",
        t.first_line,
        t.last_line,
        t.layout,
        t.notation,
        t.players,
        t.heading,
        t.odds,
        t.diagram
            .as_deref()
            .map(|d| format!(" {d}"))
            .unwrap_or_default(),
        s.detail
    );
    for n in from..=to {
        if let Some(l) = lines.get(n - 1) {
            let _ = writeln!(out, "{n:>6}| {l}");
        }
    }
    out
}
