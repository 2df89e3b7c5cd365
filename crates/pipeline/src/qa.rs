//! Snapshot-driven corpus QA: transcribe every corpus file, compare each game ply by ply
//! with the snapshot stored beside it, check the `ExpectedSAN`/`ExpectedFlags` tags and
//! any `*.reference.pgn`, and total it all up.
//!
//! A corpus file `x.txt` (or `x.pgn`) holds one or more games as PGN-style tag pairs and
//! the movetext as printed. Beside it:
//!
//! - `x.snap.pgn`, the accepted transcription, written by [`run`] with
//!   [`QaOptions::accept`]. It is valid PGN: the tags (without the `Expected*` tags), the
//!   SAN main line, and after every ply that is not `exact` a comment whose first word is
//!   the ply's status: `{inferred}`, `{repaired: note}`, `{ambiguous: also Nbd2}`. A game
//!   that stops early ends with `{escriba: untranscribed from 12. : TOKEN …}`, which counts
//!   as a `failed` ply holding the token's first word;
//! - `x.reference.pgn`, optional: an independent score, compared by position
//!   ([`crate::compare`], games paired by content).
//!
//! The tags that drive the expectation checks:
//! - `Notation`: the dialect id (`en-descriptive`, `es-algebraic`, …);
//! - `ExpectedSAN`: the true moves, space-separated SAN (no numbers);
//! - `ExpectedFlags`: for damaged texts, `ply:status` pairs (1-based plies), e.g.
//!   `7:repaired`; a game with `ExpectedSAN` and no `ExpectedFlags` must have no flagged ply.
//!
//! A corpus may hold its corrections in `corrections.toml` at its top
//! ([`CORRECTIONS_FILE`], the format of [`crate::corrections`], sources relative to the
//! corpus folder): they are applied to every run, so a corrected ply shows in the snapshot
//! as `{corrected: …}` and any change to it as a snapshot change. A correction that is not
//! applied (its token is no longer printed there, its file is gone, no game reads it as a
//! move) fails the run.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use escriba_notation::Dialect;
use escriba_resolve::Status;
use rayon::prelude::*;
use serde::Serialize;

use crate::batch::process_games;
use crate::compare::{self, Comparison, MatchBy};
use crate::config::Config;
use crate::corrections::{CorrectionWarning, Corrections};
use crate::error::{Error, Result};
use crate::game::record::{GameResult, GameText, Item};
use crate::pgn::{Lexeme, lex_main_line, write_game_with};
use crate::segment::segment_text;
use crate::source::decode_text;

/// The corrections file of a corpus, at its top.
pub const CORRECTIONS_FILE: &str = "corrections.toml";

/// `cfg` with the corrections of the corpus in `dir` (its [`CORRECTIONS_FILE`], if any)
/// bound to the corpus files `paths`, and the corrections that cannot be applied.
pub fn with_corrections(
    dir: &Path,
    paths: &[PathBuf],
    cfg: &Config,
) -> Result<(Config, Vec<CorrectionWarning>)> {
    let mut cfg = cfg.clone();
    let path = dir.join(CORRECTIONS_FILE);
    if !path.is_file() {
        return Ok((cfg, Vec::new()));
    }
    let mut c = Corrections::load(&path, dir)?;
    let sources: Vec<(String, PathBuf)> = paths
        .iter()
        .map(|p| (relative(dir, p), p.clone()))
        .collect();
    let warnings = c.bind_paths(&sources);
    cfg.corrections = Some(Arc::new(c));
    Ok((cfg, warnings))
}

/// Settings of a QA run.
#[derive(Debug, Clone, Default)]
pub struct QaOptions {
    /// Write the current transcriptions as the new snapshots (and remove snapshots whose
    /// corpus file is gone); the changes are still reported, but no longer fail the run.
    pub accept: bool,
    /// Transcription settings (the default reads each game in its `Notation` tag).
    pub config: Config,
}

/// One ply as a snapshot records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyState {
    /// The SAN (for a `failed` ply: the first word of the token where the game stopped).
    pub san: String,
    /// `exact`, `inferred`, `repaired`, `ambiguous` or `failed`.
    pub status: String,
}

/// One game as a snapshot records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SnapGame {
    /// The plies, plus a final `failed` ply when the game stopped early.
    pub plies: Vec<PlyState>,
    /// The result token.
    pub result: String,
}

/// A difference between the stored snapshot and the current transcription.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The corpus file, relative to the corpus folder.
    pub file: String,
    /// 1-based game within the file (0 for a change to the whole file).
    pub game: usize,
    /// 1-based ply, for a ply change.
    pub ply: Option<usize>,
    /// The ply in the snapshot (`None`: the snapshot's game is shorter).
    pub before: Option<PlyState>,
    /// The ply now (`None`: the game is now shorter).
    pub after: Option<PlyState>,
    /// For a change that is not about one ply: what changed.
    pub detail: Option<String>,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if self.game == 0 {
            return write!(f, "{}", self.detail.as_deref().unwrap_or(""));
        }
        write!(f, "game {}", self.game)?;
        let Some(ply) = self.ply else {
            return write!(f, ": {}", self.detail.as_deref().unwrap_or(""));
        };
        let san = |p: &Option<PlyState>| p.as_ref().map_or("—".to_owned(), |p| p.san.clone());
        let status =
            |p: &Option<PlyState>| p.as_ref().map_or("—".to_owned(), |p| p.status.clone());
        let (sb, sa) = (san(&self.before), san(&self.after));
        let (tb, ta) = (status(&self.before), status(&self.after));
        write!(f, " ply {ply}: ")?;
        if sb == sa {
            write!(f, "{sa}")?;
        } else {
            write!(f, "{sb} → {sa}")?;
        }
        if tb == ta {
            write!(f, " (status {ta})")
        } else {
            write!(f, " (status {tb} → {ta})")
        }
    }
}

/// A game's moves against its `ExpectedSAN` tag.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ExpectedCheck {
    /// Expected plies.
    pub plies: usize,
    /// Plies whose SAN equals the expected SAN at the same index.
    pub right: usize,
    /// Every difference, one line each.
    pub problems: Vec<String>,
}

/// A game's flagged plies against its `ExpectedFlags` tag (`ply:status`, sorted by ply).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlagCheck {
    /// As the tag states them.
    pub want: Vec<String>,
    /// As transcribed.
    pub got: Vec<String>,
}

impl FlagCheck {
    /// True when the flags are exactly the expected ones.
    pub fn ok(&self) -> bool {
        self.want == self.got
    }
}

/// A flagged ply or the point where a game stopped, for humans.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// 1-based ply.
    pub ply: usize,
    /// `line:column` in the corpus file.
    pub location: String,
    /// The book's token.
    pub token: String,
    /// The reading (empty for a failure).
    pub san: String,
    /// `repaired`, `ambiguous` or `failed`.
    pub status: String,
    /// The resolver's note, alternatives, or failure message.
    pub note: String,
}

/// One game's QA.
#[derive(Debug, Clone, Serialize)]
pub struct GameQa {
    /// 1-based game within its file.
    pub game: usize,
    /// 1-based line of the game in its file.
    pub line: usize,
    /// The dialect the game was read in.
    pub dialect: Option<String>,
    /// `complete`, `partial`, `failed` or `empty`.
    pub status: String,
    /// The game as transcribed.
    pub state: SnapGame,
    /// Against `ExpectedSAN`, when the game has the tag.
    pub expected: Option<ExpectedCheck>,
    /// Against `ExpectedFlags`, for games with `ExpectedSAN` or `ExpectedFlags`.
    pub flags: Option<FlagCheck>,
    /// Flagged plies and the failure, in ply order.
    pub diagnostics: Vec<Diagnostic>,
}

impl GameQa {
    /// True when the expectation checks pass (or the game has none).
    pub fn expectations_ok(&self) -> bool {
        self.expected.as_ref().is_none_or(|e| e.problems.is_empty())
            && self.flags.as_ref().is_none_or(FlagCheck::ok)
    }
}

/// The state of a file's snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SnapshotState {
    /// The snapshot records exactly the current transcription, byte for byte.
    Same,
    /// Same moves, statuses and results; only the notes in comments differ.
    Stale,
    /// The moves, statuses or results differ.
    Changed,
    /// No snapshot yet.
    Missing,
}

/// One corpus file's QA.
#[derive(Debug, Clone, Serialize)]
pub struct FileQa {
    /// The path relative to the corpus folder, `/`-separated.
    pub file: String,
    /// Its games.
    pub games: Vec<GameQa>,
    /// The snapshot as found (before any `--accept`).
    pub snapshot: SnapshotState,
    /// The snapshot PGN of the current transcription.
    #[serde(skip)]
    pub snapshot_pgn: String,
    /// Against `*.reference.pgn`, when there is one.
    pub reference: Option<Comparison>,
    /// The places (file, line, column) of the plies the corpus's corrections pinned.
    #[serde(skip)]
    pub corrected: Vec<(String, usize, usize)>,
}

impl FileQa {
    /// The readable diagnostics: per game, the status, ply counts by status, the
    /// expectation checks, then each flagged ply and the failure.
    pub fn diagnostics(&self) -> String {
        let mut s = String::new();
        for g in &self.games {
            let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
            for p in &g.state.plies {
                *counts.entry(p.status.as_str()).or_default() += 1;
            }
            let counts: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
            s.push_str(&format!(
                "game {} (line {}): {} in {}; plies: {}\n",
                g.game,
                g.line,
                g.status,
                g.dialect.as_deref().unwrap_or("no notation"),
                if counts.is_empty() {
                    "none".to_owned()
                } else {
                    counts.join(", ")
                }
            ));
            if let Some(e) = &g.expected {
                s.push_str(&format!("  expected SAN: {}/{} right\n", e.right, e.plies));
                for p in &e.problems {
                    s.push_str(&format!("    {p}\n"));
                }
            }
            if let Some(f) = &g.flags {
                s.push_str(&format!(
                    "  flags: [{}]{}\n",
                    f.got.join(" "),
                    if f.ok() {
                        " as expected".to_owned()
                    } else {
                        format!(", expected [{}]", f.want.join(" "))
                    }
                ));
            }
            for d in &g.diagnostics {
                let reading = if d.san.is_empty() {
                    String::new()
                } else {
                    format!(" → {}", d.san)
                };
                s.push_str(&format!(
                    "  ply {} at {}: `{}`{} {}{}\n",
                    d.ply,
                    d.location,
                    d.token,
                    reading,
                    d.status,
                    if d.note.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", d.note)
                    }
                ));
            }
        }
        if let Some(c) = &self.reference {
            s.push_str(&format!(
                "reference: {}/{} games exact, plies right {}, wrong {}, missing {}\n",
                c.games_exact, c.games, c.plies_right, c.plies_wrong, c.plies_missing
            ));
        }
        s
    }
}

/// Counts for one dialect.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DialectTotals {
    /// Files with a game in the dialect.
    pub files: usize,
    /// Games.
    pub games: usize,
    /// Plies transcribed.
    pub plies: usize,
    /// Plies in `ExpectedSAN` tags.
    pub expected_plies: usize,
    /// Of those, transcribed right.
    pub expected_right: usize,
}

/// The summary figures of a run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct QaTotals {
    /// Corpus files.
    pub files: usize,
    /// Games.
    pub games: usize,
    /// Plies transcribed (the `failed` stops not included).
    pub plies: usize,
    /// Plies read `exact`.
    pub exact: usize,
    /// Plies read `inferred`.
    pub inferred: usize,
    /// Plies read `repaired`.
    pub repaired: usize,
    /// Plies read `ambiguous`.
    pub ambiguous: usize,
    /// Games that stopped early (one `failed` ply each).
    pub failed: usize,
    /// Plies pinned by the corpus's corrections.
    pub corrected: usize,
    /// Corrections in the corpus's `corrections.toml`.
    pub corrections: usize,
    /// Changes against the snapshots.
    pub changes: usize,
    /// Snapshots whose moves agree but whose notes differ.
    pub stale: usize,
    /// Games with an `ExpectedSAN` tag.
    pub expected_games: usize,
    /// Of those, transcribed exactly (every ply, nothing more).
    pub expected_games_right: usize,
    /// Plies in `ExpectedSAN` tags.
    pub expected_plies: usize,
    /// Of those, transcribed right.
    pub expected_right: usize,
    /// Games whose flags are checked.
    pub flag_games: usize,
    /// Of those, with exactly the expected flags.
    pub flag_games_right: usize,
    /// Files with a reference PGN.
    pub reference_files: usize,
    /// Reference plies whose position the transcription reaches.
    pub reference_plies_right: u64,
    /// Reference plies compared (right, wrong or missing).
    pub reference_plies: u64,
}

impl QaTotals {
    /// Expected-SAN accuracy in percent (100 when nothing is expected).
    pub fn expected_percent(&self) -> f64 {
        percent(self.expected_right as u64, self.expected_plies as u64)
    }
}

fn percent(n: u64, total: u64) -> f64 {
    if total == 0 {
        100.0
    } else {
        100.0 * n as f64 / total as f64
    }
}

/// A QA run's typed result.
#[derive(Debug, Clone, Serialize)]
pub struct QaReport {
    /// The corpus folder.
    pub dir: PathBuf,
    /// Whether the snapshots were rewritten (`--accept`).
    pub accepted: bool,
    /// Every file, sorted by path.
    pub files: Vec<FileQa>,
    /// Every change against the snapshots, in file, game and ply order.
    pub changes: Vec<Change>,
    /// Snapshots written (with `accept`).
    pub written: Vec<String>,
    /// Snapshots removed because their corpus file is gone (with `accept`).
    pub removed: Vec<String>,
    /// The totals.
    pub totals: QaTotals,
    /// Counts per dialect (by the game's dialect, else its `Notation` tag).
    pub dialects: BTreeMap<String, DialectTotals>,
    /// Corrections of the corpus's `corrections.toml` that were not applied.
    pub corrections: Vec<CorrectionWarning>,
}

impl QaReport {
    /// Games whose `ExpectedSAN`/`ExpectedFlags` checks fail.
    pub fn expectation_failures(&self) -> usize {
        self.files
            .iter()
            .flat_map(|f| &f.games)
            .filter(|g| !g.expectations_ok())
            .count()
    }

    /// True when nothing fails: no unaccepted change and every expectation met.
    pub fn passed(&self) -> bool {
        (self.accepted || self.changes.is_empty())
            && self.expectation_failures() == 0
            && self.corrections.is_empty()
    }

    /// 0 when [`QaReport::passed`], else 1.
    pub fn exit_code(&self) -> i32 {
        i32::from(!self.passed())
    }

    /// The human report: changes, expectation failures, references, then the summary.
    pub fn render(&self) -> String {
        let mut s = String::new();
        if !self.corrections.is_empty() {
            s.push_str(&format!(
                "{} corrections not applied:\n",
                self.corrections.len()
            ));
            for w in &self.corrections {
                s.push_str(&format!("  {w}\n"));
            }
        }
        if !self.changes.is_empty() {
            let verb = if self.accepted {
                "accepted"
            } else {
                "unaccepted"
            };
            s.push_str(&format!("{} {verb} changes:\n", self.changes.len()));
            for c in &self.changes {
                s.push_str(&format!("  {c}\n"));
            }
        }
        let failing: Vec<(&FileQa, &GameQa)> = self
            .files
            .iter()
            .flat_map(|f| f.games.iter().map(move |g| (f, g)))
            .filter(|(_, g)| !g.expectations_ok())
            .collect();
        if !failing.is_empty() {
            s.push_str(&format!(
                "{} games differ from their ExpectedSAN/ExpectedFlags:\n",
                failing.len()
            ));
            for (f, g) in failing {
                s.push_str(&format!(
                    "  {}: game {} (line {}):\n",
                    f.file, g.game, g.line
                ));
                for p in g.expected.iter().flat_map(|e| &e.problems) {
                    s.push_str(&format!("    {p}\n"));
                }
                if let Some(fl) = g.flags.as_ref().filter(|fl| !fl.ok()) {
                    s.push_str(&format!(
                        "    flags: got [{}] want [{}]\n",
                        fl.got.join(" "),
                        fl.want.join(" ")
                    ));
                }
            }
        }
        for f in &self.files {
            if let Some(c) = &f.reference {
                s.push_str(&format!(
                    "{} against its reference: {}/{} games exact, {}/{} plies right\n",
                    f.file,
                    c.games_exact,
                    c.games,
                    c.plies_right,
                    c.plies_right + c.plies_wrong + c.plies_missing
                ));
            }
        }
        for w in &self.written {
            s.push_str(&format!("wrote {w}\n"));
        }
        for r in &self.removed {
            s.push_str(&format!("removed {r}\n"));
        }
        if self.totals.stale > 0 && !self.accepted {
            s.push_str(&format!(
                "{} snapshots differ only in their notes (`--accept` rewrites them)\n",
                self.totals.stale
            ));
        }
        let t = &self.totals;
        let mut head = vec![
            "corpus",
            "files",
            "games",
            "plies",
            "exact",
            "inferred",
            "repaired",
            "ambiguous",
            "failed",
            "changes",
            "expected SAN",
            "flags",
        ];
        let mut row = vec![
            "total".to_owned(),
            t.files.to_string(),
            t.games.to_string(),
            t.plies.to_string(),
            t.exact.to_string(),
            t.inferred.to_string(),
            t.repaired.to_string(),
            t.ambiguous.to_string(),
            t.failed.to_string(),
            t.changes.to_string(),
            format!(
                "{}/{} ({:.2}%)",
                t.expected_right,
                t.expected_plies,
                t.expected_percent()
            ),
            format!("{}/{} games", t.flag_games_right, t.flag_games),
        ];
        if t.corrections > 0 {
            head.push("corrected");
            row.push(format!("{}/{}", t.corrected, t.corrections));
        }
        if t.reference_files > 0 {
            head.push("reference");
            row.push(format!(
                "{}/{} ({:.2}%)",
                t.reference_plies_right,
                t.reference_plies,
                percent(t.reference_plies_right, t.reference_plies)
            ));
        }
        s.push('\n');
        s.push_str(&table(
            &head,
            &[row.iter().map(String::as_str).collect::<Vec<_>>()],
        ));
        s.push('\n');
        let rows: Vec<Vec<String>> = self
            .dialects
            .iter()
            .map(|(d, c)| {
                vec![
                    d.clone(),
                    c.files.to_string(),
                    c.games.to_string(),
                    c.plies.to_string(),
                    format!(
                        "{}/{} ({:.2}%)",
                        c.expected_right,
                        c.expected_plies,
                        percent(c.expected_right as u64, c.expected_plies as u64)
                    ),
                ]
            })
            .collect();
        let rows: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.iter().map(String::as_str).collect())
            .collect();
        s.push_str(&table(
            &["dialect", "files", "games", "plies", "expected SAN"],
            &rows,
        ));
        s.push_str(&format!(
            "\nqa: {}\n",
            if self.passed() { "ok" } else { "FAILED" }
        ));
        s
    }
}

/// A plain text table: a header row, a rule, and the rows; columns right-aligned except
/// the first.
pub fn table(head: &[&str], rows: &[Vec<&str>]) -> String {
    let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(c.chars().count());
        }
    }
    let line = |cells: &[&str]| {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 0 {
                    format!("{c:<w$}", w = widths[i])
                } else {
                    format!("{c:>w$}", w = widths[i])
                }
            })
            .collect();
        format!("{}\n", parts.join("  ").trim_end())
    };
    let mut s = line(head);
    s.push_str(&line(
        &widths
            .iter()
            .map(|w| "-".repeat(*w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    ));
    for r in rows {
        s.push_str(&line(r));
    }
    s
}

/// Every corpus file below `dir` (`*.txt` and `*.pgn`, not `*.snap.pgn` or
/// `*.reference.pgn`; hidden entries skipped), sorted by path.
pub fn corpus_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let visible =
        |e: &walkdir::DirEntry| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.');
    for entry in walkdir::WalkDir::new(dir).into_iter().filter_entry(visible) {
        let entry = entry.map_err(|e| Error::io(dir, e.into()))?;
        let name = entry.file_name().to_string_lossy();
        if entry.file_type().is_file() && crate::batch::is_game_file(&name) {
            out.push(entry.into_path());
        }
    }
    out.sort();
    Ok(out)
}

/// `x.txt` → `x.<suffix>` beside it.
fn beside(file: &Path, suffix: &str) -> PathBuf {
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    file.with_file_name(format!("{stem}.{suffix}"))
}

/// The snapshot path of a corpus file: `x.txt` → `x.snap.pgn`.
pub fn snapshot_path(file: &Path) -> PathBuf {
    beside(file, "snap.pgn")
}

/// The reference path of a corpus file: `x.txt` → `x.reference.pgn`.
pub fn reference_path(file: &Path) -> PathBuf {
    beside(file, "reference.pgn")
}

/// Transcribes one file; `name` becomes each game's `Source`, games are numbered from 1.
pub fn transcribe_file(path: &Path, name: &str, cfg: &Config) -> Result<Vec<GameResult>> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let (text, _) = decode_text(&bytes);
    let source: Arc<str> = Arc::from(name);
    let mut segmenter = cfg.new_segmenter();
    segmenter.set_source(&source);
    let games: Vec<GameText> = segment_text(&mut *segmenter, &text)
        .into_iter()
        .enumerate()
        .map(|(i, segment)| GameText {
            source: source.clone(),
            index: i as u64 + 1,
            segment,
        })
        .collect();
    Ok(process_games(&games, cfg))
}

/// The words of a status comment's first word, if it names a status.
fn status_word(comment: &str) -> Option<&'static str> {
    let w = comment
        .split_whitespace()
        .next()?
        .trim_end_matches([':', ';', ',']);
    Status::ALL
        .into_iter()
        .map(Status::as_str)
        .find(|s| *s == w)
}

const UNTRANSCRIBED: &str = "escriba: untranscribed from ";

/// The snapshot PGN of a file's games: see the module documentation.
pub fn snapshot_pgn(results: &[GameResult], cfg: &Config) -> String {
    let mut out = String::new();
    for r in results {
        let mut r = r.clone();
        for t in ["ExpectedSAN", "ExpectedFlags", "EscribaGame"] {
            r.tags.remove(t);
        }
        write_game_with(&r, cfg, &mut out, |p| match p.status {
            Status::Exact => None,
            Status::Ambiguous if !p.alternatives.is_empty() => {
                Some(format!("ambiguous: also {}", p.alternatives.join(", ")))
            }
            s => Some(match &p.note {
                Some(n) => format!("{}: {n}", s.as_str()),
                None => s.as_str().to_owned(),
            }),
        });
    }
    out
}

/// What a transcription records, in the snapshot's terms.
pub fn game_state(r: &GameResult) -> SnapGame {
    let mut plies: Vec<PlyState> = r
        .plies
        .iter()
        .map(|p| PlyState {
            san: p.ply.san.to_string(),
            status: p.ply.status.as_str().to_owned(),
        })
        .collect();
    for item in &r.items {
        if let Item::Untranscribed { text, .. } = item {
            plies.push(PlyState {
                san: text.split_whitespace().next().unwrap_or("").to_owned(),
                status: Status::Failed.as_str().to_owned(),
            });
        }
    }
    SnapGame {
        plies,
        result: r.result.to_owned(),
    }
}

/// Reads a snapshot PGN back into its games (see the module documentation).
pub fn parse_snapshot(text: &str) -> Vec<SnapGame> {
    segment_text(&mut crate::segment::BlockSegmenter::new(), text)
        .into_iter()
        .map(|seg| parse_movetext(&seg.movetext))
        .collect()
}

fn parse_movetext(movetext: &str) -> SnapGame {
    let mut g = SnapGame {
        plies: Vec::new(),
        result: "*".to_owned(),
    };
    // True right after a ply: its status comment may follow.
    let mut after_ply = false;
    for lexeme in lex_main_line(movetext) {
        match lexeme {
            Lexeme::Comment(body) => {
                if let Some(rest) = body.strip_prefix(UNTRANSCRIBED) {
                    let token = rest.split_once(" : ").map_or("", |(_, t)| t);
                    g.plies.push(PlyState {
                        san: token.split_whitespace().next().unwrap_or("").to_owned(),
                        status: Status::Failed.as_str().to_owned(),
                    });
                } else if after_ply && let Some(s) = status_word(&body) {
                    g.plies.last_mut().expect("after a ply").status = s.to_owned();
                }
                after_ply = false;
            }
            Lexeme::Result(r) => {
                g.result = r;
                after_ply = false;
            }
            Lexeme::Word(w) => {
                g.plies.push(PlyState {
                    san: w,
                    status: Status::Exact.as_str().to_owned(),
                });
                after_ply = true;
            }
        }
    }
    g
}

/// The changes from `before` (the snapshot) to `after` (now), in game and ply order.
pub fn diff(file: &str, before: &[SnapGame], after: &[SnapGame]) -> Vec<Change> {
    let mut out = Vec::new();
    let change = |game, ply, b: Option<&PlyState>, a: Option<&PlyState>, detail| Change {
        file: file.to_owned(),
        game,
        ply,
        before: b.cloned(),
        after: a.cloned(),
        detail,
    };
    for g in 0..before.len().max(after.len()) {
        match (before.get(g), after.get(g)) {
            (Some(b), Some(a)) => {
                for k in 0..b.plies.len().max(a.plies.len()) {
                    let (pb, pa) = (b.plies.get(k), a.plies.get(k));
                    if pb != pa {
                        out.push(change(g + 1, Some(k + 1), pb, pa, None));
                    }
                }
                if b.result != a.result {
                    let d = format!("result {} → {}", b.result, a.result);
                    out.push(change(g + 1, None, None, None, Some(d)));
                }
            }
            (None, Some(a)) => {
                let d = format!("new game ({} plies)", a.plies.len());
                out.push(change(g + 1, None, None, None, Some(d)));
            }
            (Some(b), None) => {
                let d = format!("game gone (had {} plies)", b.plies.len());
                out.push(change(g + 1, None, None, None, Some(d)));
            }
            (None, None) => {}
        }
    }
    out
}

/// A game against its `ExpectedSAN` tag, if it has one.
pub fn check_expected(r: &GameResult) -> Option<ExpectedCheck> {
    let expected: Vec<&str> = r.tags.get("ExpectedSAN")?.split_whitespace().collect();
    let mut e = ExpectedCheck {
        plies: expected.len(),
        ..ExpectedCheck::default()
    };
    if let Some(n) = r.tags.get("Notation")
        && n.parse::<Dialect>().is_err()
    {
        e.problems.push(format!("unknown Notation `{n}`"));
    }
    for (i, want) in expected.iter().enumerate() {
        match r.plies.get(i) {
            Some(p) if p.ply.san == *want => e.right += 1,
            Some(p) => e.problems.push(format!(
                "ply {}: got {} want {want} ({})",
                i + 1,
                p.ply.san,
                p.ply.status.as_str()
            )),
            None => {
                e.problems.push(format!(
                    "ply {}: missing (want {want}); {}",
                    i + 1,
                    r.failure.as_ref().map_or("no failure".into(), |f| format!(
                        "stopped at `{}`: {}",
                        f.token, f.message
                    ))
                ));
                break;
            }
        }
    }
    if r.plies.len() > expected.len() {
        e.problems.push(format!(
            "{} plies read, {} expected",
            r.plies.len(),
            expected.len()
        ));
    } else if r.plies.len() == expected.len()
        && let Some(f) = &r.failure
    {
        e.problems.push(format!(
            "every expected ply read, then stopped at `{}`: {}",
            f.token, f.message
        ));
    }
    Some(e)
}

fn ply_key(flag: &str) -> (usize, String) {
    let (n, s) = flag.split_once(':').unwrap_or(("0", flag));
    (n.parse().unwrap_or(0), s.to_owned())
}

/// A game's flagged plies against its `ExpectedFlags` tag, for games that have
/// `ExpectedSAN` or `ExpectedFlags`.
pub fn check_flags(r: &GameResult) -> Option<FlagCheck> {
    let tag = r.tags.get("ExpectedFlags");
    if tag.is_none() && r.tags.get("ExpectedSAN").is_none() {
        return None;
    }
    let mut want: Vec<String> = tag
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    want.sort_by_key(|f| ply_key(f));
    let got: Vec<String> = r
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.ply.status.is_flagged())
        .map(|(i, p)| format!("{}:{}", i + 1, p.ply.status.as_str()))
        .collect();
    Some(FlagCheck { want, got })
}

fn diagnostics(r: &GameResult) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = r
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.ply.status.is_flagged())
        .map(|(i, p)| {
            let mut note = p.ply.note.as_deref().unwrap_or_default().to_owned();
            if !p.ply.alternatives.is_empty() {
                if !note.is_empty() {
                    note.push_str("; ");
                }
                note.push_str(&format!("also possible: {}", p.ply.alternatives.join(", ")));
            }
            Diagnostic {
                ply: i + 1,
                location: format!("{}:{}", p.line, p.column),
                token: r.input(p).to_owned(),
                san: p.ply.san.to_string(),
                status: p.ply.status.as_str().to_owned(),
                note,
            }
        })
        .collect();
    if let Some(f) = &r.failure {
        out.push(Diagnostic {
            ply: f.ply + 1,
            location: format!("{}:{}", f.line, f.column),
            token: f.token.clone(),
            san: String::new(),
            status: Status::Failed.as_str().to_owned(),
            note: f.message.clone(),
        });
    }
    out
}

/// The QA of one game.
pub fn game_qa(r: &GameResult) -> GameQa {
    GameQa {
        game: r.index as usize,
        line: r.line,
        dialect: r
            .dialect
            .map(|d| d.id().to_owned())
            .or_else(|| r.tags.get("Notation").map(str::to_owned)),
        status: r.status.as_str().to_owned(),
        state: game_state(r),
        expected: check_expected(r),
        flags: check_flags(r),
        diagnostics: diagnostics(r),
    }
}

/// Transcribes and checks one file against its snapshot and reference (writes nothing).
pub fn check_file(path: &Path, name: &str, cfg: &Config) -> Result<(FileQa, Vec<Change>)> {
    let results = transcribe_file(path, name, cfg)?;
    let pgn = snapshot_pgn(&results, cfg);
    let games: Vec<GameQa> = results.iter().map(game_qa).collect();
    let now: Vec<SnapGame> = games.iter().map(|g| g.state.clone()).collect();
    let snap = snapshot_path(path);
    let (snapshot, changes) = match std::fs::read(&snap) {
        Ok(bytes) => {
            let stored = decode_text(&bytes).0;
            let changes = diff(name, &parse_snapshot(&stored), &now);
            let state = if !changes.is_empty() {
                SnapshotState::Changed
            } else if stored == pgn {
                SnapshotState::Same
            } else {
                SnapshotState::Stale
            };
            (state, changes)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let c = Change {
                file: name.to_owned(),
                game: 0,
                ply: None,
                before: None,
                after: None,
                detail: Some(format!("no snapshot yet ({} games)", now.len())),
            };
            (SnapshotState::Missing, vec![c])
        }
        Err(e) => return Err(Error::io(snap, e)),
    };
    let reference_file = reference_path(path);
    let reference = if reference_file.exists() {
        let reference = compare::replay_pgn_file(&reference_file)?;
        let output = compare::replay_pgn(&pgn);
        Some(compare::compare(
            &output,
            &reference,
            MatchBy::Content,
            None,
        ))
    } else {
        None
    };
    Ok((
        FileQa {
            file: name.to_owned(),
            games,
            snapshot,
            snapshot_pgn: pgn,
            reference,
            corrected: results
                .iter()
                .flat_map(GameResult::corrected_places)
                .collect(),
        },
        changes,
    ))
}

fn relative(dir: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(dir).unwrap_or(file);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Snapshots below `dir` whose corpus file is gone.
fn orphan_snapshots(dir: &Path, files: &[PathBuf]) -> Vec<PathBuf> {
    let visible =
        |e: &walkdir::DirEntry| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.');
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(visible)
        .filter_map(std::result::Result::ok)
        .filter(|e| {
            e.file_type().is_file() && e.file_name().to_string_lossy().ends_with(".snap.pgn")
        })
        .map(walkdir::DirEntry::into_path)
        .filter(|p| !files.iter().any(|f| snapshot_path(f) == *p))
        .collect();
    out.sort();
    out
}

/// Runs the QA over every corpus file below `dir`.
pub fn run(dir: &Path, opts: &QaOptions) -> Result<QaReport> {
    let nothing = |message: &str| Error::NothingToCheck {
        path: dir.to_owned(),
        message: message.to_owned(),
    };
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => return Err(nothing("not a folder (qa reads a corpus folder)")),
        Ok(_) => {}
        Err(e) => return Err(Error::io(dir, e)),
    }
    let paths = corpus_files(dir)?;
    if paths.is_empty() {
        return Err(nothing("no corpus file (.txt or .pgn) below it"));
    }
    // `x.txt` and `x.pgn` would write one snapshot, each over the other's: refused before
    // anything is read or written.
    let mut snapshots: BTreeMap<PathBuf, &PathBuf> = BTreeMap::new();
    for p in &paths {
        if let Some(first) = snapshots.insert(snapshot_path(p), p) {
            return Err(Error::SnapshotClash {
                first: first.clone(),
                second: p.clone(),
                snapshot: snapshot_path(p),
            });
        }
    }
    let (cfg, not_applied) = with_corrections(dir, &paths, &opts.config)?;
    let checked: Vec<(FileQa, Vec<Change>)> = paths
        .par_iter()
        .map(|p| check_file(p, &relative(dir, p), &cfg))
        .collect::<Result<_>>()?;
    let mut report = QaReport {
        dir: dir.to_owned(),
        accepted: opts.accept,
        files: Vec::new(),
        changes: Vec::new(),
        written: Vec::new(),
        removed: Vec::new(),
        totals: QaTotals::default(),
        dialects: BTreeMap::new(),
        corrections: not_applied,
    };
    for orphan in orphan_snapshots(dir, &paths) {
        let name = relative(dir, &orphan);
        report.changes.push(Change {
            file: name.clone(),
            game: 0,
            ply: None,
            before: None,
            after: None,
            detail: Some("snapshot without a corpus file".to_owned()),
        });
        if opts.accept {
            std::fs::remove_file(&orphan).map_err(|e| Error::io(&orphan, e))?;
            report.removed.push(name);
        }
    }
    for (path, (file, changes)) in paths.iter().zip(checked) {
        if opts.accept && file.snapshot != SnapshotState::Same {
            let snap = snapshot_path(path);
            std::fs::write(&snap, &file.snapshot_pgn).map_err(|e| Error::io(&snap, e))?;
            report.written.push(relative(dir, &snap));
        }
        let t = &mut report.totals;
        t.files += 1;
        t.changes += changes.len();
        t.stale += usize::from(file.snapshot == SnapshotState::Stale);
        if let Some(c) = &file.reference {
            t.reference_files += 1;
            t.reference_plies_right += c.plies_right;
            t.reference_plies += c.plies_right + c.plies_wrong + c.plies_missing;
        }
        let mut seen = Vec::new();
        for g in &file.games {
            t.games += 1;
            for p in &g.state.plies {
                match p.status.as_str() {
                    "exact" => t.exact += 1,
                    "inferred" => t.inferred += 1,
                    "repaired" => t.repaired += 1,
                    "ambiguous" => t.ambiguous += 1,
                    "corrected" => t.corrected += 1,
                    _ => t.failed += 1,
                }
            }
            let plies = g
                .state
                .plies
                .iter()
                .filter(|p| p.status != "failed")
                .count();
            t.plies += plies;
            let dialect = g.dialect.clone().unwrap_or_else(|| "unknown".to_owned());
            let d = report.dialects.entry(dialect.clone()).or_default();
            if !seen.contains(&dialect) {
                d.files += 1;
                seen.push(dialect);
            }
            d.games += 1;
            d.plies += plies;
            if let Some(e) = &g.expected {
                t.expected_games += 1;
                t.expected_games_right += usize::from(e.problems.is_empty());
                t.expected_plies += e.plies;
                t.expected_right += e.right;
                d.expected_plies += e.plies;
                d.expected_right += e.right;
            }
            if let Some(f) = &g.flags {
                t.flag_games += 1;
                t.flag_games_right += usize::from(f.ok());
            }
        }
        report.changes.extend(changes);
        report.files.push(file);
    }
    report.totals.changes = report.changes.len();
    if let Some(c) = &cfg.corrections {
        report.totals.corrections = c.entries.len();
        let applied: std::collections::HashSet<(String, usize, usize)> = report
            .files
            .iter()
            .flat_map(|f| f.corrected.iter().cloned())
            .collect();
        report.corrections.extend(c.unapplied(&applied));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"E\"]\n[Notation \"en-descriptive\"]\n[ExpectedSAN \"f3 e5 g4 Qh4#\"]\n\n1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate 0-1\n";

    fn corpus(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("escriba-qa-unit-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (name, text) in files {
            let p = dir.join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    #[test]
    fn a_snapshot_round_trips_moves_statuses_and_stops() {
        let text = "[Event \"E\"]\n\n1. e4 {inferred} e5 $1 {ambiguous: also Nc6} 2. Nf3 {a book note} Nc6 {escriba: untranscribed from 3. : Zz9 Bb5} *\n";
        let g = &parse_snapshot(text)[0];
        let got: Vec<(&str, &str)> = g
            .plies
            .iter()
            .map(|p| (p.san.as_str(), p.status.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("e4", "inferred"),
                ("e5", "ambiguous"),
                ("Nf3", "exact"),
                ("Nc6", "exact"),
                ("Zz9", "failed")
            ]
        );
        assert_eq!(g.result, "*");
    }

    #[test]
    fn changes_name_game_ply_moves_and_statuses() {
        let before = parse_snapshot("1. e4 e5 {inferred} 2. Nf3 1-0\n");
        let after = parse_snapshot("1. e4 e6 {ambiguous} 2. Nf3 Nc6 1-0\n");
        let shown: Vec<String> = diff("a.txt", &before, &after)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            shown,
            [
                "a.txt: game 1 ply 2: e5 → e6 (status inferred → ambiguous)",
                "a.txt: game 1 ply 4: — → Nc6 (status — → exact)",
            ]
        );
    }

    #[test]
    fn accept_then_rerun_is_clean_and_a_reference_is_measured() {
        let dir = corpus(
            "accept",
            &[
                ("en/fools.txt", GAME),
                ("en/fools.reference.pgn", "1. f3 e5 2. g4 Qh4# 0-1\n"),
            ],
        );
        let first = run(&dir, &QaOptions::default()).unwrap();
        assert_eq!(first.files[0].snapshot, SnapshotState::Missing);
        assert_eq!(
            first.exit_code(),
            1,
            "a missing snapshot is an unaccepted change"
        );
        let accepted = run(
            &dir,
            &QaOptions {
                accept: true,
                ..QaOptions::default()
            },
        )
        .unwrap();
        assert_eq!(accepted.exit_code(), 0);
        assert_eq!(accepted.written, ["en/fools.snap.pgn"]);
        let again = run(&dir, &QaOptions::default()).unwrap();
        assert_eq!(again.files[0].snapshot, SnapshotState::Same);
        assert!(again.changes.is_empty());
        assert_eq!(again.totals.expected_right, 4);
        let c = again.files[0].reference.as_ref().expect("reference read");
        assert_eq!((c.games_exact, c.plies_right), (1, 4));
        assert_eq!(again.exit_code(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corpus_corrections_file_pins_plies_and_shows_in_snapshot_diffs() {
        const TIE: &str = "[Event \"T\"]\n[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 2. P-B4\n";
        let pin = |token: &str, mv: &str| {
            format!(
                "[[correction]]\nsource = \"en/tie.txt\"\nline = 4\ncolumn = 17\ntoken = \"{token}\"\nmove = \"{mv}\"\n"
            )
        };
        let dir = corpus(
            "corrections",
            &[("en/tie.txt", TIE), (CORRECTIONS_FILE, &pin("P-B4", "c4"))],
        );
        let accept = QaOptions {
            accept: true,
            ..QaOptions::default()
        };
        let first = run(&dir, &accept).unwrap();
        assert!(first.corrections.is_empty(), "{:?}", first.corrections);
        assert_eq!((first.totals.corrected, first.totals.corrections), (1, 1));
        let snap = std::fs::read_to_string(dir.join("en/tie.snap.pgn")).unwrap();
        assert!(
            snap.contains("2. c4 {corrected: corrected by hand to `c4`}"),
            "{snap}"
        );
        // Another choice is a snapshot change like any other.
        std::fs::write(dir.join(CORRECTIONS_FILE), pin("P-B4", "f4")).unwrap();
        let changed = run(&dir, &QaOptions::default()).unwrap();
        assert_eq!(changed.changes.len(), 1, "{:?}", changed.changes);
        assert_eq!(
            changed.changes[0].to_string(),
            "en/tie.txt: game 1 ply 3: c4 → f4 (status corrected)"
        );
        // A correction whose token is no longer printed there fails the run and is not applied.
        std::fs::write(dir.join(CORRECTIONS_FILE), pin("P-B3", "c4")).unwrap();
        let stale = run(&dir, &QaOptions::default()).unwrap();
        assert_eq!(stale.corrections.len(), 1);
        assert!(
            stale.corrections[0]
                .to_string()
                .starts_with("en/tie.txt:4:17: not applied: the source now reads `P-B4` here"),
            "{}",
            stale.corrections[0]
        );
        assert_eq!(stale.totals.corrected, 0);
        assert_eq!(stale.exit_code(), 1);
        assert!(stale.render().starts_with("1 corrections not applied:\n"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_expected_san_mismatch_fails_even_when_accepted() {
        let wrong = GAME.replace("f3 e5 g4", "f3 e6 g4");
        let dir = corpus("expected", &[("x.txt", &wrong)]);
        let r = run(
            &dir,
            &QaOptions {
                accept: true,
                ..QaOptions::default()
            },
        )
        .unwrap();
        assert_eq!(r.expectation_failures(), 1);
        assert_eq!(r.exit_code(), 1);
        assert_eq!((r.totals.expected_right, r.totals.expected_plies), (3, 4));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
