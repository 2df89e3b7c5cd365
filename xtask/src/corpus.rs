//! `cargo xtask corpus-check [DIR]`: every corpus game replays to its `ExpectedSAN` tag,
//! with the flags its `ExpectedFlags` tag names (and no others).
//!
//! A corpus file holds one or more games, each as PGN-style tag pairs, a blank line, and the
//! movetext as printed. Tags that drive the check:
//! - `Notation`: the dialect id (`en-descriptive`, `es-algebraic`, …);
//! - `ExpectedSAN`: the true moves, space-separated SAN (no numbers);
//! - `ExpectedFlags`: for damaged texts, `ply:status` pairs (1-based plies), e.g. `7:repaired`;
//! - `FEN` (with `SetUp "1"`) for a set-up start.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use escriba_notation::Dialect;
use escriba_resolve::{Options, resolve, start_position};

/// One corpus game: its tags and its printed movetext.
pub struct CorpusGame {
    pub file: PathBuf,
    pub line: usize,
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl CorpusGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_owned(), value.replace("\\\"", "\"")))
}

/// Splits a corpus file into games: a tag block starts a game.
pub fn read_file(file: &Path) -> Result<Vec<CorpusGame>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let mut games: Vec<CorpusGame> = Vec::new();
    let mut in_tags = false;
    for (i, line) in text.lines().enumerate() {
        if let Some(t) = parse_tag(line) {
            if !in_tags {
                games.push(CorpusGame {
                    file: file.to_owned(),
                    line: i + 1,
                    tags: Vec::new(),
                    movetext: String::new(),
                });
                in_tags = true;
            }
            games.last_mut().expect("pushed").tags.push(t);
        } else if let Some(g) = games.last_mut() {
            in_tags = false;
            g.movetext.push_str(line);
            g.movetext.push('\n');
        }
    }
    Ok(games)
}

/// Every corpus file below `dir` (`*.txt` and `*.pgn`, not snapshots), sorted.
pub fn files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).with_context(|| format!("listing {}", d.display()))? {
            let p = e?.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if p.is_dir() {
                stack.push(p);
            } else if (name.ends_with(".txt") || name.ends_with(".pgn"))
                && !name.ends_with(".snap.pgn")
                && !name.ends_with(".reference.pgn")
            {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Checks one game; returns the problems found.
pub fn check(g: &CorpusGame) -> Result<Vec<String>> {
    let dialect: Dialect = g.tag("Notation").context("no Notation tag")?.parse()?;
    let expected: Vec<&str> = g
        .tag("ExpectedSAN")
        .context("no ExpectedSAN tag")?
        .split_whitespace()
        .collect();
    let start = start_position(g.tag("FEN"), false)?;
    let d = resolve(&g.movetext, dialect, start, &Options::default());
    let mut problems = Vec::new();
    for (i, want) in expected.iter().enumerate() {
        match d.plies.get(i) {
            Some(p) if p.san == *want => {}
            Some(p) => problems.push(format!(
                "ply {}: got {} want {want} ({})",
                i + 1,
                p.san,
                p.status.as_str()
            )),
            None => {
                problems.push(format!(
                    "ply {}: missing (want {want}); {}",
                    i + 1,
                    d.failure.as_ref().map_or("no failure".into(), |f| format!(
                        "stopped at `{}`: {}",
                        f.text, f.message
                    ))
                ));
                break;
            }
        }
    }
    if d.plies.len() > expected.len() {
        problems.push(format!(
            "{} plies read, {} expected",
            d.plies.len(),
            expected.len()
        ));
    }
    let mut want_flags: Vec<String> = g
        .tag("ExpectedFlags")
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    want_flags.sort();
    let mut got_flags: Vec<String> = d
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.status.is_flagged())
        .map(|(i, p)| format!("{}:{}", i + 1, p.status.as_str()))
        .collect();
    got_flags.sort();
    if want_flags != got_flags {
        problems.push(format!(
            "flags: got [{}] want [{}]",
            got_flags.join(" "),
            want_flags.join(" ")
        ));
    }
    Ok(problems)
}

/// `cargo xtask corpus-check [DIR]`.
pub fn run(dir: Option<PathBuf>) -> Result<()> {
    let dir = dir.unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus"));
    let (mut games, mut bad) = (0, 0);
    for f in files(&dir)? {
        for g in read_file(&f)? {
            games += 1;
            let problems = check(&g).with_context(|| format!("{}:{}", g.file.display(), g.line))?;
            if !problems.is_empty() {
                bad += 1;
                println!("{}:{}:", g.file.display(), g.line);
                for p in problems {
                    println!("  {p}");
                }
            }
        }
    }
    println!("{games} games, {bad} with problems");
    if bad > 0 {
        bail!("{bad} corpus games do not replay as expected");
    }
    Ok(())
}
