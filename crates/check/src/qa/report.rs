//! A QA run's report: per file and per game, the totals, and their rendering.

use std::collections::BTreeMap;
use std::path::PathBuf;

use escriba_pipeline::corrections::CorrectionWarning;
use escriba_resolve::Status;
use serde::Serialize;

use super::expect::GameQa;
use super::snapshot::Change;
use crate::compare::Comparison;

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
                g.status.as_str(),
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
                    d.status.as_str(),
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

/// `n/total (p%)`, the percentage to two decimals.
fn share(n: u64, total: u64) -> String {
    format!("{n}/{total} ({:.2}%)", percent(n, total))
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
    /// Adds one checked file, with its `changes` against its snapshot, to the totals and
    /// the counts per dialect.
    pub(crate) fn tally(&mut self, file: &FileQa, changes: usize) {
        let t = &mut self.totals;
        t.files += 1;
        t.changes += changes;
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
                match p.status {
                    Status::Exact => t.exact += 1,
                    Status::Inferred => t.inferred += 1,
                    Status::Repaired => t.repaired += 1,
                    Status::Ambiguous => t.ambiguous += 1,
                    Status::Corrected => t.corrected += 1,
                    Status::Failed => t.failed += 1,
                }
            }
            let plies = g
                .state
                .plies
                .iter()
                .filter(|p| p.status != Status::Failed)
                .count();
            t.plies += plies;
            let dialect = g.dialect.clone().unwrap_or_else(|| "unknown".to_owned());
            let d = self.dialects.entry(dialect.clone()).or_default();
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
    }

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
        let mut s = self.render_findings();
        s.push_str(&self.render_totals());
        s.push_str(&format!(
            "\nqa: {}\n",
            if self.passed() { "ok" } else { "FAILED" }
        ));
        s
    }

    /// What needs a look: corrections not applied, changes, expectation failures, the
    /// references, the snapshots written or removed, the stale ones.
    fn render_findings(&self) -> String {
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
        s
    }

    /// The summary tables: the totals, then the counts per dialect.
    fn render_totals(&self) -> String {
        let mut s = String::new();
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
            share(t.expected_right as u64, t.expected_plies as u64),
            format!("{}/{} games", t.flag_games_right, t.flag_games),
        ];
        if t.corrections > 0 {
            head.push("corrected");
            row.push(format!("{}/{}", t.corrected, t.corrections));
        }
        if t.reference_files > 0 {
            head.push("reference");
            row.push(share(t.reference_plies_right, t.reference_plies));
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
                    share(c.expected_right as u64, c.expected_plies as u64),
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
