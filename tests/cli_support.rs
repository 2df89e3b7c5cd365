//! Helpers for the command-line tests: running the `escriba-e2e` binary (the same
//! `escriba::main` as the installed `escriba`), scratch directories, PGN read with
//! `pgn-reader` (independent of the pipeline's code), CSV rows as maps, and redaction of run-dependent text.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root: the working directory of every run, so `corpus/…` paths are
/// relative and the outputs' `source` columns stable.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("repository root")
}

/// The command line under test, run from the repository root.
pub fn escriba() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_escriba-e2e"));
    c.current_dir(repo_root()).env("RUST_BACKTRACE", "0");
    c
}

/// What a finished run left behind.
#[derive(Debug)]
pub struct Run {
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `escriba ARGS`, feeding `stdin` (from another thread, so large inputs and outputs
/// cannot deadlock) and collecting both output streams.
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = escriba();
    cmd.args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn escriba-e2e");
    let feeder = stdin.map(|data| {
        let data = data.to_vec();
        let mut pipe = child.stdin.take().expect("piped stdin");
        std::thread::spawn(move || {
            // The child may stop reading early (an error): that is its business.
            let _ = pipe.write_all(&data);
        })
    });
    let out = child.wait_with_output().expect("wait for escriba-e2e");
    if let Some(f) = feeder {
        f.join().expect("stdin feeder");
    }
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// One game of a PGN file, read with `pgn-reader` (not the pipeline's code).
#[derive(Debug, Default, Clone)]
pub struct PgnGame {
    /// The game as read (its tags are read through it).
    pub read: escriba_check::pgn::PgnGame,
    /// Main-line SAN, move numbers and NAGs left out.
    pub sans: Vec<String>,
    /// Comment bodies, without braces, line breaks folded to spaces.
    pub comments: Vec<String>,
    /// The game termination marker (empty when there is none).
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.read.tag(name)
    }
}

/// Reads every game of a PGN text (tags, main line, comments); a text the reader cannot
/// read to its end fails the test.
pub fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let read = escriba_check::pgn::read(text);
    assert_eq!(read.error, None, "the PGN reads to its end:\n{text}");
    read.games
        .into_iter()
        .map(|g| PgnGame {
            sans: g.moves().map(ToString::to_string).collect(),
            comments: g.comments().map(str::to_owned).collect(),
            result: g.outcome().map(|o| o.to_string()).unwrap_or_default(),
            read: g,
        })
        .collect()
}

/// A CSV file's rows as column-name → value maps (header checked against `columns`).
pub fn csv_rows(text: &str, columns: &[&str]) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = r
        .headers()
        .expect("CSV header")
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(header, columns, "CSV columns");
    r.records()
        .map(|rec| {
            let rec = rec.expect("CSV record");
            assert_eq!(
                rec.len(),
                columns.len(),
                "every row has every column: {rec:?}"
            );
            header
                .iter()
                .cloned()
                .zip(rec.iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

pub const PLY_COLUMNS: [&str; 18] = [
    "source",
    "game",
    "ply",
    "move_number",
    "side",
    "input",
    "san",
    "uci",
    "status",
    "cost",
    "line",
    "column",
    "note",
    "page",
    "box_x0",
    "box_y0",
    "box_x1",
    "box_y1",
];

pub const GAME_COLUMNS: [&str; 17] = [
    "source",
    "game",
    "line",
    "event",
    "site",
    "date",
    "round",
    "white",
    "black",
    "result",
    "notation",
    "plies",
    "flagged",
    "status",
    "first_issue",
    "end_line",
    "kind",
];

/// Replaces each number directly before one of `suffixes` (e.g. `1348 games/s` or the
/// `0.01` of `in 0.01s (`) with `with`.
fn redact_numbers_before(s: &str, suffixes: &[&str], with: &str) -> String {
    let mut out = s.to_owned();
    for suffix in suffixes {
        let mut from = 0;
        while let Some(i) = out[from..].find(suffix).map(|i| i + from) {
            let start = out[..i]
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |j| j + 1);
            if start < i {
                out.replace_range(start..i, with);
                from = start + with.len() + suffix.len();
            } else {
                from = i + suffix.len();
            }
        }
    }
    out
}

/// Run-dependent text out: the scratch directory becomes `[TMP]`, wall times `[TIME]`
/// and throughput figures `[RATE]`.
pub fn redact(s: &str, tmp: &Path) -> String {
    let s = s.replace(tmp.to_str().expect("UTF-8 temp path"), "[TMP]");
    let s = redact_numbers_before(&s, &[" games/s", " plies/s"], "[RATE]");
    redact_numbers_before(&s, &["s ([RATE]"], "[TIME]")
}

/// Line and column (1-based; the column in characters) of byte offset `at` in `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

#[test]
fn the_helpers_read_pgn_and_redact_timings() {
    let g = parse_pgn(
        "[Event \"A \\\"b\\\"\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 $1 {a\ncomment} 2... Nc6 *\n\n\
         [Event \"B\"]\n\n1. d4 {x} 1-0\n",
    );
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].tag("Event"), Some("A \"b\""));
    assert_eq!(g[0].sans, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(g[0].comments, ["a comment"]);
    assert_eq!((g[1].sans.len(), g[1].result.as_str()), (1, "1-0"));
    let tmp = Path::new("/tmp/x");
    assert_eq!(
        redact(
            "/tmp/x/a.pgn: 1 games in 0.01s (1348 games/s, 17529.5 plies/s)",
            tmp
        ),
        "[TMP]/a.pgn: 1 games in [TIME]s ([RATE] games/s, [RATE] plies/s)"
    );
    assert_eq!(line_col("ab\n¡c d", 7), (2, 4));
}
