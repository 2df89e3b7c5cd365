//! `cargo xtask real [--check] [--texts]`: escriba on real text. Each text of `corpus/real/` and of
//! `../shared/real/` is read by the release binary in the default mode
//! (`escriba transcribe TEXT --jsonl FILE`) and scored against its reference games by
//! position ([`xtask::position`]): the plies matched of those each text prints, the wrong plies
//! that carry no flag, and the documents that print moves but give no game. The two sets
//! are reported apart, each as a table by kind of source; `--check` fails when a set falls
//! past its floor in `corpus/real/floor.toml`.

mod cases;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};
use escriba_check::qa::table;

use crate::qa::Diagrams;
use cases::Case;
use xtask::position as score;
use xtask::position::{GameScore, Line};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One text's figures.
struct TextScore {
    /// The text, relative to its set's folder.
    text: String,
    kind: String,
    games: Vec<GameScore>,
    /// The text prints moves and escriba gave no game.
    no_game: bool,
    /// How the diagrams inside its games compared with the replay.
    diagrams: Diagrams,
}

/// The figures of a kind of source, or of a whole set.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Totals {
    texts: usize,
    games: usize,
    printed: usize,
    matched: usize,
    unflagged_wrong: usize,
    no_game: usize,
    diagrams: Diagrams,
}

impl Totals {
    fn add(&mut self, t: &TextScore) {
        self.texts += 1;
        self.games += t.games.len();
        for g in &t.games {
            self.printed += g.printed;
            self.matched += g.matched;
            self.unflagged_wrong += g.unflagged_wrong;
        }
        self.no_game += usize::from(t.no_game);
        self.diagrams.add(t.diagrams);
    }

    fn percent(&self) -> f64 {
        if self.printed == 0 {
            100.0
        } else {
            100.0 * self.matched as f64 / self.printed as f64
        }
    }
}

/// Reads `text` with `escriba transcribe` in the default mode, its JSONL written to
/// `jsonl` and its report beside it; exit 1 (a game partial or failed) is a result, exit
/// 2 an error. Returns the JSONL and the report's count of diagrams.
fn transcribe(escriba: &Path, text: &Path, jsonl: &Path) -> Result<(String, Diagrams)> {
    let report = jsonl.with_extension("report.json");
    let status = Command::new(escriba)
        .arg("transcribe")
        .arg(text)
        .arg("--jsonl")
        .arg(jsonl)
        .arg("--report")
        .arg(&report)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .with_context(|| format!("running {}", escriba.display()))?;
    if !matches!(status.code(), Some(0 | 1)) {
        bail!("escriba transcribe {} failed: {status}", text.display());
    }
    let lines =
        std::fs::read_to_string(jsonl).with_context(|| format!("reading {}", jsonl.display()))?;
    let summary: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(&report)
            .with_context(|| format!("reading {}", report.display()))?,
    )
    .with_context(|| format!("the report {}", report.display()))?;
    Ok((lines, Diagrams::of_report(&summary)))
}

/// The games of each reference file, read once.
#[derive(Default)]
struct References(BTreeMap<PathBuf, Vec<Line>>);

impl References {
    fn game(&mut self, path: &Path, index: usize) -> Result<&Line> {
        if !self.0.contains_key(path) {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let lines = score::reference_lines(&text)
                .with_context(|| format!("replaying {}", path.display()))?;
            self.0.insert(path.to_owned(), lines);
        }
        self.0[path]
            .get(index.wrapping_sub(1))
            .with_context(|| format!("{} has no game {index}", path.display()))
    }
}

/// Scores every text of the set in `dir`, in the order of its `cases.tsv`.
fn score_set(escriba: &Path, dir: &Path, scratch: &Path) -> Result<Vec<TextScore>> {
    let cases = cases::read(dir)?;
    let mut texts: Vec<(&str, Vec<&Case>)> = Vec::new();
    for c in &cases {
        match texts.iter_mut().find(|(t, _)| *t == c.text) {
            Some((_, rows)) => rows.push(c),
            None => texts.push((&c.text, vec![c])),
        }
    }
    std::fs::create_dir_all(scratch)?;
    let jsonl = scratch.join("run.jsonl");
    let mut references = References::default();
    let mut out = Vec::new();
    for (text, rows) in texts {
        let (lines, diagrams) = transcribe(escriba, &dir.join(text), &jsonl)?;
        let outputs =
            score::output_lines(&lines).with_context(|| format!("the JSONL of {text}"))?;
        let mut games: Vec<(Line, usize)> = Vec::new();
        for c in &rows {
            let line = references.game(&dir.join(&c.reference), c.game)?;
            games.push((line.clone(), c.plies));
        }
        let pairs: Vec<(&Line, usize)> = games.iter().map(|(l, p)| (l, *p)).collect();
        out.push(TextScore {
            text: text.to_owned(),
            kind: rows[0].kind.clone(),
            games: score::score_text(&pairs, &outputs),
            no_game: outputs.is_empty() && rows.iter().any(|c| c.plies > 0),
            diagrams,
        });
    }
    Ok(out)
}

/// Prints the set's table by kind of source with a total line, and returns the total.
fn print_table(name: &str, texts: &[TextScore]) -> Totals {
    let mut kinds: BTreeMap<&str, Totals> = BTreeMap::new();
    let mut total = Totals::default();
    for t in texts {
        kinds.entry(&t.kind).or_default().add(t);
        total.add(t);
    }
    let row = |kind: &str, t: &Totals| {
        vec![
            kind.to_owned(),
            t.texts.to_string(),
            t.games.to_string(),
            t.printed.to_string(),
            t.matched.to_string(),
            format!("{:.1}%", t.percent()),
            t.unflagged_wrong.to_string(),
            t.no_game.to_string(),
        ]
    };
    let mut rows: Vec<Vec<String>> = kinds.iter().map(|(k, t)| row(k, t)).collect();
    rows.push(row("total", &total));
    let rows: Vec<Vec<&str>> = rows
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect();
    println!("\n{name}:");
    println!(
        "{}{}",
        table(
            &[
                "kind of source",
                "texts",
                "games",
                "printed plies",
                "matched",
                "% matched",
                "unflagged wrong",
                "moves, no game",
            ],
            &rows
        ),
        total.diagrams.line()
    );
    total
}

/// Prints one line per text: its games' printed and matched plies, and its unflagged
/// wrong plies, each game as `matched/printed`.
fn print_texts(texts: &[TextScore]) {
    for t in texts {
        let games: Vec<String> = t
            .games
            .iter()
            .map(|g| format!("{}/{}", g.matched, g.printed))
            .collect();
        let wrong: usize = t.games.iter().map(|g| g.unflagged_wrong).sum();
        let no_game = if t.no_game { ", no game" } else { "" };
        println!(
            "  {}: {} (unflagged wrong {wrong}{no_game})",
            t.text,
            games.join(" ")
        );
    }
}

/// The set's figures past their floor in `floor` (keys `<set>.percent_min`,
/// `<set>.unflagged_wrong_max`, `<set>.no_game_max`; a key that is absent holds nothing).
fn past_floor(floor: &BTreeMap<String, f64>, set: &str, t: &Totals) -> Vec<String> {
    let mut out = Vec::new();
    let get = |k: &str| floor.get(&format!("{set}.{k}")).copied();
    if let Some(min) = get("percent_min").filter(|m| t.percent() + 1e-9 < *m) {
        out.push(format!(
            "{set}: {:.2}% matched is below its floor {min}%",
            t.percent()
        ));
    }
    for (key, value) in [
        ("unflagged_wrong_max", t.unflagged_wrong),
        ("no_game_max", t.no_game),
    ] {
        if let Some(max) = get(key).filter(|m| value as f64 > *m) {
            out.push(format!("{set}: {key}: {value} is above its ceiling {max}"));
        }
    }
    out
}

/// A set of real texts with its `cases.tsv`.
struct Set {
    /// Its prefix in the floor file.
    key: &'static str,
    /// Its folder as the table names it (relative to the repository).
    name: &'static str,
    dir: PathBuf,
}

/// The sets to score: `corpus/real`, and `../shared/real` where it is present (its
/// absence is an error under `CI=true`, a notice otherwise).
fn sets(root: &Path) -> Result<Vec<Set>> {
    let mut sets = vec![Set {
        key: "real",
        name: "corpus/real",
        dir: root.join("corpus/real"),
    }];
    let shared = root.join("../shared/real");
    if shared.is_dir() {
        sets.push(Set {
            key: "shared",
            name: "../shared/real",
            dir: shared,
        });
    } else if std::env::var("CI").as_deref() == Ok("true") {
        bail!(
            "{} is absent, and CI must score the shared real texts",
            shared.display()
        );
    } else {
        println!(
            "notice: {} is absent; scoring corpus/real only",
            shared.display()
        );
    }
    Ok(sets)
}

/// `cargo xtask real [--check] [--texts]`.
pub fn run(check: bool, texts: bool) -> Result<()> {
    let root = root();
    let sets = sets(&root)?;
    let escriba = crate::bench::build_escriba()?;
    let floor_path = root.join("corpus/real/floor.toml");
    let floor = crate::qa::read_floor(&floor_path)?;
    let mut past = Vec::new();
    for set in &sets {
        let scores = score_set(&escriba, &set.dir, &root.join("target/real").join(set.key))?;
        let total = print_table(set.name, &scores);
        if texts {
            print_texts(&scores);
        }
        past.extend(past_floor(&floor, set.key, &total));
    }
    for p in &past {
        println!("FLOOR: {p}");
    }
    if check && !past.is_empty() {
        bail!(
            "{} figures past their floor in {}",
            past.len(),
            floor_path.display()
        );
    }
    println!(
        "xtask real: {}",
        if past.is_empty() {
            "at or above the floor"
        } else {
            "below the floor"
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_holds_a_minimum_share_and_maximum_counts() {
        let floor = BTreeMap::from([
            ("real.percent_min".to_owned(), 25.0),
            ("real.unflagged_wrong_max".to_owned(), 3.0),
        ]);
        let t = Totals {
            printed: 100,
            matched: 24,
            unflagged_wrong: 4,
            no_game: 9,
            ..Totals::default()
        };
        assert_eq!(past_floor(&floor, "real", &t).len(), 2);
        let ok = Totals {
            matched: 25,
            unflagged_wrong: 3,
            ..t
        };
        assert!(past_floor(&floor, "real", &ok).is_empty());
        assert!(
            past_floor(&floor, "shared", &t).is_empty(),
            "no key, no floor"
        );
    }
}
