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
//! ([`CORRECTIONS_FILE`], the format of [`escriba_pipeline::corrections`], sources relative to the
//! corpus folder): they are applied to every run, so a corrected ply shows in the snapshot
//! as `{corrected: …}` and any change to it as a snapshot change. A correction that is not
//! applied (its token is no longer printed there, its file is gone, no game reads it as a
//! move) fails the run.
//!
//! The module's parts: [`snapshot`] (the format, its reading and the diff), [`expect`]
//! (the `Expected*` checks), [`report`] (the typed report and its rendering); the driver
//! ([`run`], [`check_file`]) is here.

pub mod expect;
pub mod report;
pub mod snapshot;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use escriba_pipeline::batch::process_games;
use escriba_pipeline::config::Config;
use escriba_pipeline::corrections::{CorrectionWarning, Corrections};
use escriba_pipeline::game::{GameResult, GameText};
use escriba_pipeline::segment::segment_text;
use escriba_pipeline::source::text_from_bytes;
use rayon::prelude::*;

pub use expect::{
    ExpectedCheck, FlagCheck, FlaggedPly, GameQa, check_expected, check_flags, game_qa,
};
pub use report::{DialectTotals, FileQa, QaReport, QaTotals, SnapshotState, table};
pub use snapshot::{Change, PlyState, SnapGame, diff, game_state, parse_snapshot, snapshot_pgn};

use crate::compare::{self, MatchBy};
use crate::error::{Error, Result};

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

/// Every corpus file below `dir` (`*.txt` and `*.pgn`, not `*.snap.pgn` or
/// `*.reference.pgn`; hidden entries skipped), sorted by path.
pub fn corpus_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let visible =
        |e: &walkdir::DirEntry| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.');
    for entry in walkdir::WalkDir::new(dir).into_iter().filter_entry(visible) {
        let entry = entry.map_err(|e| Error::io(dir, e.into()))?;
        let name = entry.file_name().to_string_lossy();
        if entry.file_type().is_file() && escriba_pipeline::batch::is_game_file(&name) {
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
    let (text, _) = text_from_bytes(&bytes);
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

/// Transcribes and checks one file against its snapshot and reference (writes nothing).
pub fn check_file(path: &Path, name: &str, cfg: &Config) -> Result<(FileQa, Vec<Change>)> {
    let results = transcribe_file(path, name, cfg)?;
    let pgn = snapshot_pgn(&results, cfg);
    let games: Vec<GameQa> = results.iter().map(game_qa).collect();
    let now: Vec<SnapGame> = games.iter().map(|g| g.state.clone()).collect();
    let snap = snapshot_path(path);
    let (snapshot, changes) = match std::fs::read(&snap) {
        Ok(bytes) => {
            let stored = text_from_bytes(&bytes).0;
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

/// Refuses a snapshot path that `--accept` must not write: one that exists and is not a
/// regular file (a symlink above all: writing through it would write outside the corpus),
/// or whose folder is not inside the corpus folder `root` (canonical).
fn check_snapshot_target(snap: &Path, root: &Path) -> Result<()> {
    let refuse = |message: &str| Error::UnsafeSnapshot {
        path: snap.to_owned(),
        message: message.to_owned(),
    };
    match std::fs::symlink_metadata(snap) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(refuse(
                "is a symlink: qa --accept writes no snapshot through a link \
                 (remove the link, and run qa --accept again)",
            ));
        }
        Ok(m) if !m.is_file() => {
            return Err(refuse(
                "is not a regular file: qa --accept writes snapshots only as files \
                 (remove it, and run qa --accept again)",
            ));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io(snap, e)),
    }
    let folder = match snap.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let real = std::fs::canonicalize(folder).map_err(|e| Error::io(folder, e))?;
    if !real.starts_with(root) {
        return Err(refuse(&format!(
            "its folder is {}, outside the corpus folder {}: qa --accept writes nothing \
             outside the corpus",
            real.display(),
            root.display()
        )));
    }
    Ok(())
}

/// Writes a snapshot as a new file renamed over the old one: a link put in its place
/// since it was checked is replaced, never followed.
fn write_snapshot(snap: &Path, text: &str) -> Result<()> {
    use std::io::Write as _;
    let err = |e| Error::io(snap, e);
    let folder = match snap.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = snap
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.escriba-");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As `std::fs::write` would: 0666 less the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(folder).map_err(err)?;
    temp.write_all(text.as_bytes()).map_err(err)?;
    temp.as_file().sync_all().map_err(err)?;
    temp.persist(snap).map_err(|e| err(e.error))?;
    Ok(())
}

/// The corpus files of `dir`, each with a snapshot of its own: an error when `dir` is no
/// folder, holds none, or two files would write one snapshot (`x.txt` and `x.pgn`), before
/// anything is read or written.
fn corpus_paths(dir: &Path) -> Result<Vec<PathBuf>> {
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
    Ok(paths)
}

/// Reports each snapshot without a corpus file as a change, and removes it when `accept`.
fn settle_orphans(
    dir: &Path,
    paths: &[PathBuf],
    accept: bool,
    report: &mut QaReport,
) -> Result<()> {
    for orphan in orphan_snapshots(dir, paths) {
        let name = relative(dir, &orphan);
        report.changes.push(Change {
            file: name.clone(),
            game: 0,
            ply: None,
            before: None,
            after: None,
            detail: Some("snapshot without a corpus file".to_owned()),
        });
        if accept {
            std::fs::remove_file(&orphan).map_err(|e| Error::io(&orphan, e))?;
            report.removed.push(name);
        }
    }
    Ok(())
}

/// Runs the QA over every corpus file below `dir`.
pub fn run(dir: &Path, opts: &QaOptions) -> Result<QaReport> {
    let paths = corpus_paths(dir)?;
    let (cfg, not_applied) = with_corrections(dir, &paths, &opts.config)?;
    let checked: Vec<(FileQa, Vec<Change>)> = paths
        .par_iter()
        .map(|p| check_file(p, &relative(dir, p), &cfg))
        .collect::<Result<_>>()?;
    if opts.accept {
        // Every snapshot to write is checked before anything is written or removed.
        let root = std::fs::canonicalize(dir).map_err(|e| Error::io(dir, e))?;
        for (path, (file, _)) in paths.iter().zip(&checked) {
            if file.snapshot != SnapshotState::Same {
                check_snapshot_target(&snapshot_path(path), &root)?;
            }
        }
    }
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
    settle_orphans(dir, &paths, opts.accept, &mut report)?;
    for (path, (file, changes)) in paths.iter().zip(checked) {
        if opts.accept && file.snapshot != SnapshotState::Same {
            let snap = snapshot_path(path);
            write_snapshot(&snap, &file.snapshot_pgn)?;
            report.written.push(relative(dir, &snap));
        }
        report.tally(&file, changes.len());
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
