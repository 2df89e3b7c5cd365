//! `escriba`: transcribe chess games printed in old books into modern PGN.
//!
//! Exit codes, by subcommand (the README and `--help` say the same):
//! - `transcribe`: 0 every game complete; 1 some game partial or failed (or, with
//!   `--strict`, some ply or game flagged; `--strict=WHAT,...` names the statuses that
//!   count); 2 usage or I/O error. A closed stdout stops the
//!   run with 0 when stdout was the only output; with output files besides, the run goes on,
//!   writes them, and exits as above.
//! - `compare`: 0 everything right; 1 differences; 2 unusable input or I/O error.
//! - `qa`: 0 nothing changed and every expectation holds; 1 otherwise; 2 nothing to check
//!   or I/O error.
//! - `review`: 0 page written; 2 unreadable JSONL or I/O error.
//!
//! A closed stderr never stops a run; a closed stdout never changes `compare`'s or `qa`'s
//! verdict. SIGTERM, SIGINT and SIGHUP remove the temporary files of unfinished outputs
//! (the old files stay as they were) and exit with 128 + the signal number.

use std::collections::HashSet;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use annotate_snippets::{Level, Renderer, Snippet};
use anyhow::Context;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use escriba_pipeline::book::BookMode;
use escriba_pipeline::compare::{self, MatchBy};
use escriba_pipeline::corrections::Corrections;
use escriba_pipeline::review::page::{GameIn, SourceLines, read_jsonl, render_page};
use escriba_pipeline::{
    Config, Error, GameResult, Input, Notation, Observer, OutputFile, PieceLetters, Progress,
    Shard, Sink, Sinks, Summary, exit_code, expand_inputs_with, transcribe,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Transcribe chess games printed in old books (descriptive or localized algebraic
/// notation) into modern SAN/PGN, with per-ply confidence and diagnostics.
#[derive(Debug, Parser)]
#[command(
    name = "escriba",
    version,
    propagate_version = true,
    after_help = concat!(
        "Exit status:\n",
        "  transcribe   0 every game complete; 1 some game partial or failed (with\n",
        "               --strict, also any flag or warning; --strict=WHAT,... chooses:\n",
        "               inferred, repaired, ambiguous, warning, flagged); 2 usage or I/O\n",
        "               error\n",
        "  compare      0 everything right; 1 differences; 2 unusable input or I/O error\n",
        "  qa           0 no change, every expectation holds; 1 otherwise;\n",
        "               2 nothing to check, two files sharing a snapshot, or I/O error\n",
        "  review       0 page written; 2 unreadable JSONL or I/O error\n",
        "  completions  0 written; 2 could not be written\n",
        "A closed stderr is ignored; each subcommand's --help says what a closed stdout does."
    )
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Transcribe games from book texts or PGN-like files into PGN, CSV, JSONL and a QA report.
    ///
    /// Exit status: 0 when every game is complete; 1 when some game stopped early (or,
    /// with --strict, some ply or game is flagged; --strict=inferred,repaired,ambiguous,warning
    /// chooses which statuses count); 2 on a usage or I/O error. When stdout
    /// closes (`escriba … | head`), a run whose only output is stdout stops and exits 0; a
    /// run with output files goes on, writes them, and exits as above.
    ///
    /// Each ply gets a status: `exact` (the token as printed names this move and nothing
    /// else), `inferred` (conventions or later moves filled in what the token left open: a
    /// bare file, an omitted wing, a wing read by position, an unmarked capture), `repaired`
    /// (the token was changed: a misprint or OCR damage, cheaper than stopping),
    /// `ambiguous` (readings tie, as printed or repaired: the others are listed), `failed`
    /// (the game stops there, with the nearest readings; also when the repair search ran
    /// out of its budget). A repair never rewrites an earlier move that read as printed
    /// unless that lets the move the game stopped at read as printed too.
    Transcribe(Box<TranscribeArgs>),
    /// Measure a transcription's accuracy against an independent reference PGN, by position.
    ///
    /// Both files are replayed from [FEN] or the start, and the positions after each ply
    /// are compared (FEN without move counters). The reference's game lengths rule: the
    /// output's extra plies count as neither right nor wrong; `--` ends a reference game.
    /// Games left unpaired on either side are counted; shares of nothing print `n/a`.
    ///
    /// Exit status: 0 when every reference ply is right and every game paired; 1 on any
    /// difference (a wrong or missing ply, an unpaired game, a reference game that does
    /// not replay to its end); 2 when a file is unusable (no game in it replays: not PGN)
    /// or on an I/O error. A closed stdout does not change the status.
    Compare(CompareArgs),
    /// Corpus QA: transcribe every corpus file and compare it, ply by ply, with its
    /// accepted snapshot; check the ExpectedSAN/ExpectedFlags tags and any reference PGN.
    ///
    /// A corpus file is a `.txt` or `.pgn` file below DIR holding one or more games: PGN
    /// tag pairs, then the movetext as printed. Its tags drive the checks: `Notation` (the
    /// dialect), `ExpectedSAN` (the true moves as space-separated SAN) and `ExpectedFlags`
    /// (`ply:status` pairs, e.g. `12:repaired`, for damaged texts; without it a game with
    /// ExpectedSAN must have no flagged ply).
    ///
    /// Beside each `x.txt` the snapshot `x.snap.pgn` holds the accepted transcription as
    /// valid PGN: after every ply that is not `exact` a comment whose first word is its
    /// status (`{inferred}`, `{repaired: note}`, `{ambiguous: also Nbd2}`), and a game that
    /// stops early ends with `{escriba: untranscribed from N. : TOKEN …}` (a `failed` ply).
    /// Each difference is printed as `FILE: game G ply P: Nf3 → Nc3 (status inferred →
    /// ambiguous)`. When `x.reference.pgn` exists, the transcription is measured against it
    /// by position (games paired by content, as `compare --match content`).
    ///
    /// A `corrections.toml` at the top of DIR (the format `transcribe --corrections` reads,
    /// sources relative to DIR) is applied to every file: corrected plies show in the
    /// snapshots as `{corrected: …}`, and a correction that is not applied fails the run.
    ///
    /// A summary table follows: files, games, plies, plies by status (exact, inferred,
    /// repaired, ambiguous; failed = games that stopped), changes, ExpectedSAN accuracy,
    /// games whose flags match ExpectedFlags; then the same counts per dialect.
    ///
    /// Exit status: 0 when nothing changed and every expectation holds; 1 on any change not
    /// accepted (a changed ply, status or result, a new or missing game, a file without a
    /// snapshot, a snapshot without a file), any ExpectedSAN/ExpectedFlags mismatch, or any
    /// correction that is not applied (even with --accept); 2 when there is nothing to check
    /// (DIR is a file, or holds no corpus file), when two corpus files would share a
    /// snapshot (x.txt and x.pgn), or on an I/O error. A closed stdout does not
    /// change the status.
    Qa(QaArgs),
    /// Write the review page of a finished run from its JSONL (`transcribe --jsonl`).
    ///
    /// The page is one self-contained HTML file that works offline (no network, everything
    /// inline): a summary (games, plies, the count per status, a table of games), and for
    /// every repaired, ambiguous or failed ply (inferred and corrected ones behind a filter)
    /// the book's lines around it with the token highlighted, the boards before and after
    /// with the move as an arrow, and each reading in the book's notation and in SAN with
    /// its cost and note; for a game that stopped, the position, the legal moves as the
    /// book writes them and the nearest readings. Filters by status and game, a search box,
    /// `j`/`k` to go from entry to entry and `1`–`9` to choose a reading. A reading chosen
    /// (or a move typed, in the book's notation or in SAN) becomes a correction; the page
    /// saves them as `corrections.toml` for `transcribe --corrections`.
    ///
    /// The source lines are read from the source files (paths as the run named them,
    /// relative to the current directory or to the JSONL's folder); when a source is gone,
    /// the page says so. Exit status: 0 when the page is written; 2 when the JSONL cannot
    /// be read or on an I/O error.
    Review(ReviewArgs),
    /// Print a shell completion script to stdout.
    Completions {
        /// The shell to generate completions for.
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, clap::Args)]
struct TranscribeArgs {
    /// Input files or directories. A file is read whatever its name; a directory is walked
    /// recursively (sorted by path, hidden entries skipped) for its `.txt` and `.pgn`
    /// files, `*.snap.pgn` and `*.reference.pgn` excepted (see --glob). `-` or nothing
    /// reads stdin.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,

    /// Also read the files of input directories whose name matches PATTERN (`*` any
    /// characters, `?` one), e.g. `--glob '*.md'`; may be repeated.
    #[arg(long, value_name = "PATTERN")]
    glob: Vec<String>,

    /// Notation of the games: `auto` picks per game by replay, or a dialect id such as
    /// en-descriptive, es-descriptive, en-algebraic, es-algebraic, de-algebraic,
    /// fig-algebraic. A game's own [Notation "…"] tag wins over `auto`.
    #[arg(long, value_name = "auto|ID", default_value = "auto", value_parser = parse_notation)]
    notation: Notation,

    /// Write the PGN to FILE instead of stdout (atomically for regular files). For every
    /// output, `-` means stdout, which only one output may use; no output may be an input
    /// or another output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Write one CSV row per ply: source,game,ply,move_number,side,input,san,uci,status,
    /// cost,line,column,note (plus a `failed` row where a game stopped).
    #[arg(long, value_name = "FILE")]
    plies_csv: Option<PathBuf>,

    /// Write one CSV row per game: source,game,line,event,site,date,round,white,black,
    /// result,notation,plies,flagged,status,first_issue,end_line,kind.
    #[arg(long, value_name = "FILE")]
    games_csv: Option<PathBuf>,

    /// Write one JSON object per game (tags, moves with status, diagnostics) per line.
    #[arg(long, value_name = "FILE")]
    jsonl: Option<PathBuf>,

    /// Write a QA summary as JSON: games and plies by status, flagged, failed, per-dialect
    /// counts, throughput, and every failure as file:line:col.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    /// Write the run as one SQLite database: tables `sources`, `games` and `plies` (the
    /// CSV columns, typed; each ply also with the FEN after it, to search positions),
    /// `issues` (warnings and failures, with file:line:col) and `book_spans` (a book's
    /// lines, each span a game, a fragment or skipped with its reason); foreign keys, and
    /// indexes on games.white, games.black, games.date, plies.status, plies.san and
    /// plies.fen. Written atomically: an existing FILE is replaced whole, never added to.
    #[arg(long, value_name = "FILE")]
    sqlite: Option<PathBuf>,

    /// Write `games.parquet` and `plies.parquet` into DIR (made if missing): the CSV
    /// columns with their types (integers; statuses, sides, results, dialects and kinds
    /// as dictionary-encoded text), for DuckDB, polars, pandas or Spark. Each file is
    /// written atomically, replacing any file of that name.
    #[arg(long, value_name = "DIR")]
    parquet: Option<PathBuf>,

    /// Leave games that stop early out of the PGN (they are still counted and written to
    /// CSV, JSONL and the report). By default such a game keeps its transcribed moves and
    /// the rest of its movetext goes into a comment.
    #[arg(long)]
    drop_broken: bool,

    /// Worker threads (default: every core; at most 1024, and never more than the games
    /// of a chunk, 256).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,

    /// No diagnostics, progress bar or summary line on stderr.
    #[arg(short, long)]
    quiet: bool,

    /// Exit with status 1 not only when a game stops early but also on what WHAT names:
    /// `inferred` (a convention or later moves filled in what a token left open),
    /// `repaired` (a token was changed), `ambiguous` (tied readings), `warning` (text
    /// skipped or kept in a comment), or `flagged` (repaired, ambiguous and warnings: what
    /// `--strict` alone means). E.g. `--strict=repaired,ambiguous`.
    #[arg(
        long,
        value_enum,
        value_name = "WHAT",
        num_args = 0..=1,
        require_equals = true,
        value_delimiter = ',',
        default_missing_value = "flagged"
    )]
    strict: Vec<StrictOn>,

    /// Process only shard I of N (1-based): the games whose input-order index g has
    /// (g-1) mod N = I-1. Game numbers in the outputs stay global.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,

    /// Write SAN with these piece letters, in the order K Q R B N (e.g. `RDTAC` for
    /// Spanish, `KDTLS` for German, or comma-separated names such as `Кр,Ф,Л,С,К`).
    #[arg(long, value_name = "KQRBN", conflicts_with = "figurine")]
    piece_letters: Option<PieceLetters>,

    /// Write SAN with figurines (♔♕♖♗♘) instead of piece letters.
    #[arg(long)]
    figurine: bool,

    /// Also write flagged plies' notes into PGN comments (they always go to CSV, JSONL
    /// and the report).
    #[arg(long)]
    annotate_flags: bool,

    /// In games.csv and plies.csv, put a `'` before any cell that starts with `=`, `+`,
    /// `-`, `@`, a tab or a carriage return, so that a spreadsheet opening the file shows
    /// it as text instead of running it as a formula (the cell is then no longer the
    /// book's text byte for byte).
    #[arg(long)]
    csv_safe: bool,

    /// Read every input as a whole book: find each game under its heading, read its
    /// column table through notes, diagrams, footnotes and page marks, and keep the notes
    /// as comments. Without this flag a book is detected (long prose, headings, column
    /// tables, or a text that is mostly prose) and the summary line says so. Every line of a book is accounted for in
    /// the report: part of a game, of a fragment, or skipped with its reason.
    #[arg(long, conflicts_with = "no_book")]
    book: bool,

    /// Never read an input as a book: game files and plain game texts only.
    #[arg(long)]
    no_book: bool,

    /// Leave a book's fragments (opening analysis, variations, studies: tagged
    /// `[EscribaKind "fragment"]`) out of the outputs; the report lists their lines.
    #[arg(long)]
    no_fragments: bool,

    /// Write the review page: one self-contained HTML file (works offline) showing every
    /// repaired, ambiguous and failed ply (inferred and corrected ones behind a filter) with
    /// the book's lines, the boards before and after, and the readings to choose from; the
    /// choices are saved as a corrections file (see --corrections and `escriba review`).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,

    /// Apply the corrections in FILE (TOML, as the review page saves it): each
    /// `[[correction]]` names `source`, `line`, `column`, the `token` as printed and the
    /// `move` chosen (SAN or UCI). The ply is pinned to that move, marked `corrected`, and
    /// the rest of its game is read around it. A correction whose token is no longer
    /// printed at its place, whose source the run does not read, or that no game uses is
    /// reported on stderr and not applied. Relative sources are relative to the current
    /// directory.
    #[arg(long, value_name = "FILE")]
    corrections: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct ReviewArgs {
    /// The run's JSONL (`escriba transcribe --jsonl FILE`).
    #[arg(value_name = "JSONL")]
    jsonl: PathBuf,
    /// The page to write (atomically).
    #[arg(short, long, value_name = "FILE", default_value = "review.html")]
    output: PathBuf,
    /// The page's title (default: the sources of the run).
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
}

/// What `--strict` fails the run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum StrictOn {
    /// Any inferred ply.
    Inferred,
    /// Any repaired ply.
    Repaired,
    /// Any ambiguous ply.
    Ambiguous,
    /// Any warning.
    Warning,
    /// Repaired or ambiguous plies and warnings (`--strict` alone).
    Flagged,
}

/// The pipeline's strictness for a `--strict` list.
fn strictness(on: &[StrictOn]) -> escriba_pipeline::Strict {
    let mut s = escriba_pipeline::Strict::default();
    for w in on {
        match w {
            StrictOn::Inferred => s.inferred = true,
            StrictOn::Repaired => s.repaired = true,
            StrictOn::Ambiguous => s.ambiguous = true,
            StrictOn::Warning => s.warnings = true,
            StrictOn::Flagged => {
                s = escriba_pipeline::Strict {
                    inferred: s.inferred,
                    ..escriba_pipeline::Strict::FLAGGED
                }
            }
        }
    }
    s
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum MatchArg {
    /// The i-th reference game against the i-th output game.
    Index,
    /// Each reference game against the output game sharing its longest opening.
    Content,
}

#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// The transcription to measure (English SAN, as `transcribe` writes by default).
    output: PathBuf,
    /// The independent reference PGN.
    reference: PathBuf,
    /// How reference games are paired with output games.
    #[arg(long = "match", value_enum, default_value = "index")]
    match_by: MatchArg,
    /// The `--plies-csv` of the transcription: adds the book's tokens to discrepancies and
    /// counts silently wrong plies (wrong, yet marked exact or inferred).
    #[arg(long, value_name = "FILE")]
    plies_csv: Option<PathBuf>,
    /// Print the comparison as JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Compare each game only as far as the transcription goes when it was transcribed to
    /// its end: a book's score often stops before the reference's (`Resigns`, "after a few
    /// more moves"). The reference plies past that end are counted apart, as neither right
    /// nor missing; a game that stopped early still counts its missing plies.
    #[arg(long)]
    to_book_end: bool,
}

#[derive(Debug, clap::Args)]
struct QaArgs {
    /// The corpus folder, walked recursively (hidden entries skipped).
    #[arg(value_name = "DIR", default_value = "corpus")]
    dir: PathBuf,
    /// Write the current transcriptions as the snapshots (`x.snap.pgn` beside each file)
    /// and remove snapshots whose corpus file is gone. Changes are still listed, but no
    /// longer fail the run.
    #[arg(long)]
    accept: bool,
    /// Print the full result as JSON (files, games, per-ply states, changes, totals, per
    /// dialect counts) instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_notation(s: &str) -> Result<Notation, String> {
    s.parse::<Notation>().map_err(|e| e.to_string())
}

/// Writes a line to stderr; a closed or failing stderr is ignored (a run never stops, nor
/// panics, because nobody reads its diagnostics).
fn say(s: &str) {
    let mut e = io::stderr().lock();
    let _ = e.write_all(s.as_bytes()).and_then(|()| e.write_all(b"\n"));
}

/// The error and its causes as one line, each cause once: a message that already holds
/// its cause's text (as `path: No such file…` does) is not followed by it again.
fn error_line(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if out.contains(&c) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&c);
    }
    out
}

/// Removes the temporary files of unfinished outputs on SIGTERM, SIGINT and SIGHUP, then
/// exits with 128 + the signal number. SIGKILL cannot be caught: its leftovers are named
/// `.NAME.escriba-XXXXXX.tmp` beside each output.
fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            escriba_pipeline::output::remove_temporary_files();
            std::process::exit(128 + sig);
        }
    });
}

/// Runs the `escriba` command line with the process's arguments; returns its exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    clean_up_on_signals();
    let code = match cli.command {
        Command::Transcribe(args) => run_transcribe(*args),
        Command::Compare(args) => match run_compare(args) {
            Ok(code) => code,
            Err(e) => {
                say(&format!("escriba: error: {}", error_line(&e)));
                2
            }
        },
        Command::Review(args) => match run_review(args) {
            Ok(()) => 0,
            Err(e) => {
                say(&format!("escriba: error: {}", error_line(&e)));
                2
            }
        },
        Command::Qa(args) => match run_qa(args) {
            Ok(code) => code,
            Err(e) => {
                say(&format!("escriba: error: {}", error_line(&e)));
                2
            }
        },
        Command::Completions { shell } => {
            // clap_complete panics on a failed write: render first, then write ourselves.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "escriba", &mut script);
            match io::stdout()
                .write_all(&script)
                .and_then(|()| io::stdout().flush())
            {
                Ok(()) => 0,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    say(&format!("escriba: writing the completions: {e}"));
                    2
                }
            }
        }
    };
    ExitCode::from(code as u8)
}

/// Stdout as an output. When `tolerant` (other outputs are being written), a reader that
/// goes away does not stop the run: the rest of this output is dropped, and `closed` says so.
struct Stdout {
    w: BufWriter<io::Stdout>,
    tolerant: bool,
    closed: bool,
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.w.write(buf) {
            Err(e) if self.tolerant && e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            other => other,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.w.flush() {
            Err(e) if self.tolerant && e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// True when stdout was closed when the process started. The Rust runtime then opens
/// `/dev/null` read-write on it, so that writes vanish without an error; a shell's
/// `>/dev/null` opens it write-only. Known on Linux only (elsewhere: false).
fn stdout_closed_at_start() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let on_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|t| t == Path::new("/dev/null"));
    on_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("flags:"))
                .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                .is_some_and(|flags| flags & 0o3 == 0o2)
        })
}

/// An output: a file (committed at the end) or stdout.
enum Out {
    File(OutputFile),
    Stdout(Stdout),
}

impl Out {
    /// Opens `path` (`-` is stdout); `tolerant` as for [`Stdout`].
    fn open(path: &Path, tolerant: bool) -> Result<Out, Error> {
        if path.as_os_str() == "-" {
            if stdout_closed_at_start() {
                return Err(Error::io(
                    "-",
                    io::Error::other(
                        "stdout was closed when escriba started: the output would be lost \
                         (give a file with -o, or redirect stdout)",
                    ),
                ));
            }
            Ok(Out::Stdout(Stdout {
                w: BufWriter::new(io::stdout()),
                tolerant,
                closed: false,
            }))
        } else {
            OutputFile::create(path).map(Out::File)
        }
    }

    /// True when this is stdout and its reader went away.
    fn closed(&self) -> bool {
        matches!(self, Out::Stdout(s) if s.closed)
    }

    fn commit(self) -> Result<(), Error> {
        match self {
            Out::File(f) => f.commit(),
            Out::Stdout(mut w) => w.flush().map_err(|e| Error::io("-", e)),
        }
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::File(f) => f.write(buf),
            Out::Stdout(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::File(f) => f.flush(),
            Out::Stdout(w) => w.flush(),
        }
    }
}

fn run_transcribe(args: TranscribeArgs) -> i32 {
    let strict = strictness(&args.strict);
    let quiet = args.quiet;
    let outcome = transcribe_inner(args);
    match &outcome {
        Ok(s) if !quiet => {
            if s.files_skipped > 0 {
                say(&format!(
                    "escriba: {} files of the input directories not read (not .txt or .pgn, or a snapshot or reference; --glob reads more)",
                    s.files_skipped
                ));
            }
            for e in &s.encodings {
                say(&format!("warning: {}", e.line()));
            }
            say(&format!("escriba: {}", s.line()));
        }
        Ok(_) => {}
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => say(&format!("escriba: error: {e}")),
    }
    exit_code(&outcome, strict)
}

/// The same file, as far as the file system tells: the canonical path of an existing
/// file, else that of its folder joined with its name.
fn identity(p: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(p) {
        return c;
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = p.file_name().map(PathBuf::from).unwrap_or_default();
    std::fs::canonicalize(dir).map_or_else(|_| p.to_owned(), |d| d.join(name))
}

/// Refuses outputs that would overwrite an input or each other, and more than one output
/// on stdout. `outputs` pairs each option with its path (`-` for stdout).
fn check_outputs(inputs: &[Input], outputs: &[(&'static str, &Path)]) -> Result<(), Error> {
    let usage = |option, message| Error::Usage { option, message };
    let stdout: Vec<&str> = outputs
        .iter()
        .filter(|(_, p)| p.as_os_str() == "-")
        .map(|(o, _)| *o)
        .collect();
    if stdout.len() > 1 {
        return Err(usage(
            stdout[1],
            format!(
                "`-` (stdout) already carries {}; give one of them a file",
                if stdout[0] == "--output" {
                    "the PGN".to_owned()
                } else {
                    stdout[0].to_owned()
                }
            ),
        ));
    }
    let files: Vec<(&'static str, &Path, PathBuf)> = outputs
        .iter()
        .filter(|(_, p)| p.as_os_str() != "-")
        .map(|&(o, p)| (o, p, identity(p)))
        .collect();
    // A device such as /dev/null may take several outputs.
    let device = |p: &Path| std::fs::metadata(p).is_ok_and(|m| !m.is_file());
    for (i, (o, p, id)) in files.iter().enumerate() {
        if device(p) {
            continue;
        }
        if let Some((o2, ..)) = files[..i].iter().find(|(_, _, id2)| id2 == id) {
            return Err(usage(
                o,
                format!("{} is also the file of {o2}", p.display()),
            ));
        }
        for input in inputs {
            if let Input::File(f) = input
                && identity(f) == *id
            {
                return Err(usage(
                    o,
                    format!(
                        "{} is an input: writing it would replace the text being read",
                        p.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn transcribe_inner(args: TranscribeArgs) -> Result<Summary, Error> {
    let letters = if args.figurine {
        PieceLetters::figurine()
    } else {
        args.piece_letters.clone().unwrap_or_default()
    };
    let jobs = args.jobs.unwrap_or(0);
    if jobs > escriba_pipeline::config::MAX_JOBS {
        return Err(Error::Usage {
            option: "--jobs",
            message: format!(
                "{jobs} worker threads: at most {}",
                escriba_pipeline::config::MAX_JOBS
            ),
        });
    }
    let cfg = Config {
        notation: args.notation,
        drop_broken: args.drop_broken,
        annotate_flags: args.annotate_flags,
        letters,
        jobs,
        shard: args.shard.unwrap_or_default(),
        book: if args.book {
            BookMode::On
        } else if args.no_book {
            BookMode::Off
        } else {
            BookMode::Auto
        },
        no_fragments: args.no_fragments,
        csv_safe: args.csv_safe,
        ..Config::default()
    };
    let expanded = expand_inputs_with(&args.inputs, &args.glob)?;
    let inputs = expanded.inputs;
    let mut cfg = cfg;
    if let Some(path) = &args.corrections {
        let cwd = std::env::current_dir().map_err(|e| Error::io(".", e))?;
        let mut c = Corrections::load(path, &cwd)?;
        let names: Vec<String> = inputs.iter().map(Input::name).collect();
        for w in c.bind(&names) {
            if !args.quiet {
                say(&format!("warning: correction {w}"));
            }
        }
        cfg.corrections = Some(Arc::new(c));
    }
    let dash = PathBuf::from("-");
    let pgn_path = args.output.clone().unwrap_or_else(|| dash.clone());
    let mut named: Vec<(&'static str, &Path)> = vec![("--output", pgn_path.as_path())];
    for (o, p) in [
        ("--plies-csv", &args.plies_csv),
        ("--games-csv", &args.games_csv),
        ("--jsonl", &args.jsonl),
        ("--report", &args.report),
        ("--html", &args.html),
        ("--sqlite", &args.sqlite),
    ] {
        if let Some(p) = p {
            named.push((o, p.as_path()));
        }
    }
    let parquet_files = match &args.parquet {
        Some(dir) if dir.as_os_str() == "-" => {
            return Err(Error::Usage {
                option: "--parquet",
                message: "a folder is needed: `-` (stdout) cannot hold two files".into(),
            });
        }
        Some(dir) => Some([dir.join("games.parquet"), dir.join("plies.parquet")]),
        None => None,
    };
    for p in parquet_files.iter().flatten() {
        named.push(("--parquet", p.as_path()));
    }
    let mut read = inputs.clone();
    read.extend(args.corrections.clone().map(Input::File));
    check_outputs(&read, &named)?;
    // With files to write besides stdout, a closed stdout does not stop the run.
    let tolerant = named.iter().any(|(_, p)| p.as_os_str() != "-");
    // Open every output before reading anything, so a bad path fails fast.
    let mut pgn = Out::open(&pgn_path, tolerant)?;
    let open = |p: &Option<PathBuf>| p.as_deref().map(|p| Out::open(p, tolerant)).transpose();
    let mut plies = open(&args.plies_csv)?;
    let mut games = open(&args.games_csv)?;
    let mut jsonl = open(&args.jsonl)?;
    let mut report = open(&args.report)?;
    let mut html = open(&args.html)?;
    let sqlite = open(&args.sqlite)?;
    let names: Vec<String> = inputs.iter().map(Input::name).collect();
    let tables_err = |path: &Path, e: escriba_tables::Error| Error::io(path, io::Error::other(e));
    let parquet = match (&args.parquet, &parquet_files) {
        (Some(dir), Some([g, p])) => {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
            let out =
                escriba_tables::ParquetOut::new(OutputFile::create(g)?, OutputFile::create(p)?)
                    .map_err(|e| tables_err(dir, e))?;
            Some(out)
        }
        _ => None,
    };
    let sqlite_db = match &args.sqlite {
        Some(p) => Some(escriba_tables::SqliteOut::new(&names).map_err(|e| tables_err(p, e))?),
        None => None,
    };

    let mut observer = Collect {
        console: Console::new(args.quiet),
        games: args.html.as_ref().map(|_| Vec::new()),
        corrected: HashSet::new(),
        tables: escriba_tables::Recorder::new(None, parquet, sqlite_db),
    };
    let summary = {
        let mut sinks = Sinks {
            pgn: Some(Sink::new(pgn_path.clone(), &mut pgn)),
            plies_csv: plies
                .as_mut()
                .map(|f| Sink::new(name(args.plies_csv.as_deref()), f)),
            games_csv: games
                .as_mut()
                .map(|f| Sink::new(name(args.games_csv.as_deref()), f)),
            jsonl: jsonl
                .as_mut()
                .map(|f| Sink::new(name(args.jsonl.as_deref()), f)),
            observer: Some(&mut observer),
        };
        transcribe(&inputs, &cfg, &mut sinks)
    };
    observer.console.finish();
    let mut summary = summary?;
    if let Some(c) = &cfg.corrections
        && !args.quiet
    {
        for w in c.unapplied(&observer.corrected) {
            say(&format!("warning: correction {w}"));
        }
    }
    if let (Some(mut h), Some(games)) = (html.take(), observer.games.take()) {
        let path = name(args.html.as_deref());
        let sources = SourceLines::load(&games, None);
        let title = inputs
            .iter()
            .map(Input::name)
            .collect::<Vec<_>>()
            .join(", ");
        let page = render_page(&games, &sources, &title)?;
        h.write_all(page.as_bytes())
            .map_err(|e| Error::io(&path, e))?;
        h.commit()?;
    }
    summary.files_skipped = expanded.skipped;
    let tables = observer.tables.finish().map_err(|e| {
        let path = args.sqlite.as_deref().or(args.parquet.as_deref());
        tables_err(path.unwrap_or(Path::new("-")), e)
    })?;
    let mut committed_tables = Vec::new();
    if let (Some(mut out), Some(db), Some(path)) = (sqlite, tables.sqlite, &args.sqlite) {
        let bytes = db.finish(&summary).map_err(|e| tables_err(path, e))?;
        out.write_all(&bytes).map_err(|e| Error::io(path, e))?;
        committed_tables.push(out);
    }
    let parquet_outs = match (tables.parquet, &args.parquet) {
        (Some(p), Some(dir)) => {
            let (g, p) = p.finish().map_err(|e| tables_err(dir, e))?;
            vec![g, p]
        }
        _ => Vec::new(),
    };
    if let Some(mut r) = report.take() {
        let path = name(args.report.as_deref());
        let json =
            serde_json::to_string_pretty(&summary).map_err(|e| Error::io(&path, e.into()))?;
        r.write_all(json.as_bytes())
            .and_then(|()| r.write_all(b"\n"))
            .map_err(|e| Error::io(&path, e))?;
        r.commit()?;
    }
    let outs = [Some(pgn), plies, games, jsonl, html];
    if !args.quiet && outs.iter().flatten().any(Out::closed) {
        say("escriba: stdout was closed before the end: that output is incomplete");
    }
    for f in outs.into_iter().flatten().chain(committed_tables) {
        f.commit()?;
    }
    for f in parquet_outs {
        f.commit()?;
    }
    Ok(summary)
}

fn name(p: Option<&Path>) -> PathBuf {
    p.map_or_else(|| PathBuf::from("-"), Path::to_owned)
}

/// The console, plus what the end of a run needs: the games for the review page, and the
/// places of the plies that corrections pinned.
struct Collect {
    console: Console,
    games: Option<Vec<GameIn>>,
    corrected: HashSet<(String, usize, usize)>,
    /// The SQLite database and Parquet files being built.
    tables: escriba_tables::Recorder<OutputFile>,
}

impl Observer for Collect {
    fn game(&mut self, r: &GameResult) {
        self.console.game(r);
        self.corrected.extend(r.corrected_places());
        if let Some(g) = &mut self.games {
            g.push(GameIn::of(r));
        }
        if !self.tables.is_empty() {
            self.tables.game(r);
        }
    }

    fn progress(&mut self, p: &Progress) {
        self.console.progress(p);
    }
}

/// Diagnostics and progress on stderr.
struct Console {
    quiet: bool,
    tty: bool,
    renderer: Renderer,
    bar: Option<ProgressBar>,
}

impl Console {
    fn new(quiet: bool) -> Console {
        let tty = io::stderr().is_terminal();
        Console {
            quiet,
            tty,
            renderer: if tty {
                Renderer::styled()
            } else {
                Renderer::plain()
            },
            bar: None,
        }
    }

    fn print(&self, s: &str) {
        match &self.bar {
            Some(b) => b.suspend(|| say(s)),
            None => say(s),
        }
    }

    fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

/// The line containing byte `at` of `text`, and `at`'s offset within it.
fn line_at(text: &str, at: usize) -> (&str, usize) {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    (&text[start..end], at - start)
}

fn clip(list: &[String], n: usize) -> String {
    let mut s = list.iter().take(n).cloned().collect::<Vec<_>>().join(", ");
    if list.len() > n {
        s.push_str(&format!(", … ({} in all)", list.len()));
    }
    s
}

impl Observer for Console {
    fn game(&mut self, r: &GameResult) {
        if self.quiet {
            return;
        }
        let dialect = r.dialect.map_or("no notation", |d| d.id());
        if let Some(f) = &r.failure {
            let origin = format!("{}", r.source);
            let title = format!("game {} ({}): {}", r.index, dialect, f.message);
            let rendered = match &f.diagnostic {
                Some(d) => {
                    let (line, at) = line_at(&r.movetext, d.span.start as usize);
                    let end = (at + d.span.len()).min(line.len()).max(at);
                    let fen = format!("position: {}", d.fen);
                    let shown: Vec<String> = d
                        .legal()
                        .iter()
                        .filter(|m| !m.is_empty())
                        .cloned()
                        .collect();
                    let legal = format!("legal moves: {}", clip(&shown, 40));
                    let nearest = format!("nearest readings: {}", d.nearest().join("; "));
                    let mut m = Level::Error.title(&title).snippet(
                        Snippet::source(line)
                            .line_start(f.line)
                            .origin(&origin)
                            .annotation(Level::Error.span(at..end).label("cannot go on here")),
                    );
                    m = m.footer(Level::Note.title(&fen));
                    if !shown.is_empty() {
                        m = m.footer(Level::Help.title(&legal));
                    }
                    if !d.nearest().is_empty() {
                        m = m.footer(Level::Help.title(&nearest));
                    }
                    self.renderer.render(m).to_string()
                }
                None => {
                    let at = format!("at {}:{}:{}", r.source, f.line, f.column);
                    let m = Level::Error.title(&title).footer(Level::Note.title(&at));
                    self.renderer.render(m).to_string()
                }
            };
            self.print(&rendered);
        }
        for issue in &r.issues {
            let title = format!("game {} ({}): {}", r.index, dialect, issue.message);
            let origin = r.source.to_string();
            // The line of the movetext the issue is on, when it is in the movetext.
            let text = issue
                .line
                .checked_sub(r.movetext_line)
                .and_then(|k| r.movetext.split('\n').nth(k));
            let m = match text {
                Some(line) => {
                    let at = line
                        .char_indices()
                        .nth(issue.column.saturating_sub(1))
                        .map_or(line.len(), |(i, _)| i);
                    let end = line[at..]
                        .char_indices()
                        .nth(1)
                        .map_or(line.len(), |(i, _)| at + i);
                    Level::Warning.title(&title).snippet(
                        Snippet::source(line)
                            .line_start(issue.line)
                            .origin(&origin)
                            .annotation(Level::Warning.span(at..end)),
                    )
                }
                None => Level::Warning.title(&title),
            };
            let s = self.renderer.render(m).to_string();
            self.print(&s);
        }
        for p in r.plies.iter().filter(|p| p.ply.status.is_flagged()) {
            let (line, at) = line_at(&r.movetext, p.ply.span.start as usize);
            let end = (at + p.ply.span.len()).min(line.len()).max(at);
            let title = format!(
                "game {} ({}): `{}` read as {} ({})",
                r.index,
                dialect,
                r.input(p),
                p.ply.san,
                p.ply.status.as_str()
            );
            let origin = r.source.to_string();
            let label = p.ply.note.clone().unwrap_or_default();
            let alts = format!("also possible: {}", p.ply.alternatives.join(", "));
            let mut m = Level::Warning.title(&title).snippet(
                Snippet::source(line)
                    .line_start(p.line)
                    .origin(&origin)
                    .annotation(Level::Warning.span(at..end).label(&label)),
            );
            if !p.ply.alternatives.is_empty() {
                m = m.footer(Level::Note.title(&alts));
            }
            let s = self.renderer.render(m).to_string();
            self.print(&s);
        }
    }

    fn progress(&mut self, p: &Progress) {
        if self.quiet || !self.tty {
            return;
        }
        if self.bar.is_none() {
            if p.elapsed < Duration::from_secs(2) {
                return;
            }
            let bar = match p.total_bytes {
                Some(t) => ProgressBar::new(t).with_style(
                    ProgressStyle::with_template(
                        "{elapsed_precise} [{wide_bar}] {percent}% {msg} ETA {eta}",
                    )
                    .expect("valid template"),
                ),
                None => ProgressBar::new_spinner().with_style(
                    ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                        .expect("valid template"),
                ),
            };
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar = Some(bar);
        }
        if let Some(b) = &self.bar {
            let secs = p.elapsed.as_secs_f64().max(1e-9);
            b.set_position(p.bytes);
            b.set_message(format!(
                "{} games, {:.0} games/s, {:.0} plies/s",
                p.games,
                p.games as f64 / secs,
                p.plies as f64 / secs
            ));
        }
    }
}

/// Writes `text` to stdout; a reader that went away is no error (the verdict stands).
fn print_out(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn run_compare(args: CompareArgs) -> anyhow::Result<i32> {
    let output = compare::replay_pgn_file(&args.output)?;
    let reference = compare::replay_pgn_file(&args.reference)?;
    for (path, games, what) in [
        (&args.reference, &reference, "reference"),
        (&args.output, &output, "output"),
    ] {
        if !compare::usable(games) {
            anyhow::bail!(
                "{}: unusable as the {what}: {}",
                path.display(),
                compare::unusable_reason(games)
            );
        }
    }
    let plies = args
        .plies_csv
        .as_deref()
        .map(compare::read_plies_csv)
        .transpose()?;
    let by = match args.match_by {
        MatchArg::Index => MatchBy::Index,
        MatchArg::Content => MatchBy::Content,
    };
    let c = compare::compare_to_book_end(&output, &reference, by, plies.as_ref(), args.to_book_end);
    let text = if args.json {
        serde_json::to_string_pretty(&c).context("writing JSON")? + "\n"
    } else {
        c.render(20)
    };
    print_out(&text)?;
    Ok(c.exit_code())
}

fn run_review(args: ReviewArgs) -> anyhow::Result<()> {
    let games = read_jsonl(&args.jsonl)?;
    let base = args.jsonl.parent().filter(|p| !p.as_os_str().is_empty());
    let sources = SourceLines::load(&games, base);
    let title = args.title.clone().unwrap_or_else(|| {
        let mut names: Vec<&str> = games.iter().map(|g| g.source.as_str()).collect();
        names.dedup();
        names.join(", ")
    });
    let page = render_page(&games, &sources, &title)?;
    let mut out = Out::open(&args.output, false)?;
    out.write_all(page.as_bytes())
        .map_err(|e| Error::io(&args.output, e))?;
    out.commit()?;
    Ok(())
}

fn run_qa(args: QaArgs) -> anyhow::Result<i32> {
    let opts = escriba_pipeline::qa::QaOptions {
        accept: args.accept,
        ..Default::default()
    };
    let report = escriba_pipeline::qa::run(&args.dir, &opts)?;
    let text = if args.json {
        serde_json::to_string_pretty(&report).context("writing JSON")? + "\n"
    } else {
        report.render()
    };
    print_out(&text)?;
    Ok(report.exit_code())
}
