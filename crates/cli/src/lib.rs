//! `escriba`: transcribe chess games printed in old books into modern PGN.
//!
//! Exit codes: 0 every game complete; 1 some game partial or failed (or, with `--strict`,
//! some ply flagged); 2 usage or I/O error. A closed stdout (`escriba … | head`) exits 0.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use annotate_snippets::{Level, Renderer, Snippet};
use anyhow::Context;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use escriba_pipeline::book::BookMode;
use escriba_pipeline::compare::{self, MatchBy};
use escriba_pipeline::{
    Config, Error, GameResult, Notation, Observer, OutputFile, PieceLetters, Progress, Shard, Sink,
    Sinks, Summary, exit_code, expand_inputs, transcribe,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Transcribe chess games printed in old books (descriptive or localized algebraic
/// notation) into modern SAN/PGN, with per-ply confidence and diagnostics.
#[derive(Debug, Parser)]
#[command(name = "escriba", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Transcribe games from book texts or PGN-like files into PGN, CSV, JSONL and a QA report.
    ///
    /// Exit status: 0 when every game is complete, 1 when some game stopped early (or,
    /// with --strict, some ply is flagged), 2 on a usage or I/O error.
    Transcribe(Box<TranscribeArgs>),
    /// Measure a transcription's accuracy against an independent reference PGN, by position.
    ///
    /// Both files are replayed from [FEN] or the start, and the positions after each ply
    /// are compared (FEN without move counters). The reference's game lengths rule: the
    /// output's extra plies count as neither right nor wrong; `--` ends a reference game.
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
    /// A summary table follows: files, games, plies, plies by status (exact, inferred,
    /// repaired, ambiguous; failed = games that stopped), changes, ExpectedSAN accuracy,
    /// games whose flags match ExpectedFlags; then the same counts per dialect.
    ///
    /// Exit status: 0 when nothing changed and every expectation holds; 1 on any change not
    /// accepted (a changed ply, status or result, a new or missing game, a file without a
    /// snapshot, a snapshot without a file) or any ExpectedSAN/ExpectedFlags mismatch, even
    /// with --accept; 2 on an I/O error.
    Qa(QaArgs),
    /// Print a shell completion script to stdout.
    Completions {
        /// The shell to generate completions for.
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, clap::Args)]
struct TranscribeArgs {
    /// Input files or directories (walked recursively, sorted by path; hidden files
    /// skipped). `-` or nothing reads stdin.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,

    /// Notation of the games: `auto` picks per game by replay, or a dialect id such as
    /// en-descriptive, es-descriptive, en-algebraic, es-algebraic, de-algebraic,
    /// fig-algebraic. A game's own [Notation "…"] tag wins over `auto`.
    #[arg(long, value_name = "auto|ID", default_value = "auto", value_parser = parse_notation)]
    notation: Notation,

    /// Write the PGN to FILE instead of stdout (atomically for regular files).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Write one CSV row per ply: source,game,ply,move_number,side,input,san,uci,status,
    /// cost,line,column,note (plus a `failed` row where a game stopped).
    #[arg(long, value_name = "FILE")]
    plies_csv: Option<PathBuf>,

    /// Write one CSV row per game: source,game,line,event,site,date,round,white,black,
    /// result,notation,plies,flagged,status,first_issue.
    #[arg(long, value_name = "FILE")]
    games_csv: Option<PathBuf>,

    /// Write one JSON object per game (tags, moves with status, diagnostics) per line.
    #[arg(long, value_name = "FILE")]
    jsonl: Option<PathBuf>,

    /// Write a QA summary as JSON: games and plies by status, flagged, failed, per-dialect
    /// counts, throughput, and every failure as file:line:col.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,

    /// Leave games that stop early out of the PGN (they are still counted and written to
    /// CSV, JSONL and the report). By default such a game keeps its transcribed moves and
    /// the rest of its movetext goes into a comment.
    #[arg(long)]
    drop_broken: bool,

    /// Worker threads (default: every core).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,

    /// No diagnostics, progress bar or summary line on stderr.
    #[arg(short, long)]
    quiet: bool,

    /// Exit with status 1 when any ply is flagged (repaired or ambiguous), not only when a
    /// game stops early.
    #[arg(long)]
    strict: bool,

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

    /// Read every input as a whole book: find each game under its heading, read its
    /// column table through notes, diagrams, footnotes and page marks, and keep the notes
    /// as comments. Without this flag a book is detected (long prose, headings, column
    /// tables) and the summary line says so. Every line of a book is accounted for in
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

/// Runs the `escriba` command line with the process's arguments; returns its exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Transcribe(args) => run_transcribe(*args),
        Command::Compare(args) => match run_compare(args) {
            Ok(()) => 0,
            Err(e) if is_broken_pipe(&e) => 0,
            Err(e) => {
                eprintln!("escriba: error: {e:#}");
                2
            }
        },
        Command::Qa(args) => match run_qa(args) {
            Ok(code) => code,
            Err(e) if is_broken_pipe(&e) => 0,
            Err(e) => {
                eprintln!("escriba: error: {e:#}");
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
                    eprintln!("escriba: writing the completions: {e}");
                    2
                }
            }
        }
    };
    ExitCode::from(code as u8)
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<Error>().is_some_and(Error::is_broken_pipe)
    })
}

/// An output: a file (committed at the end) or stdout.
enum Out {
    File(OutputFile),
    Stdout(BufWriter<io::Stdout>),
}

impl Out {
    fn open(path: Option<&Path>) -> Result<Out, Error> {
        match path {
            None => Ok(Out::Stdout(BufWriter::new(io::stdout()))),
            Some(p) if p.as_os_str() == "-" => Ok(Out::Stdout(BufWriter::new(io::stdout()))),
            Some(p) => OutputFile::create(p).map(Out::File),
        }
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

fn name(p: Option<&Path>) -> PathBuf {
    p.map_or_else(|| PathBuf::from("-"), Path::to_owned)
}

fn run_transcribe(args: TranscribeArgs) -> i32 {
    let strict = args.strict;
    let quiet = args.quiet;
    let outcome = transcribe_inner(args);
    match &outcome {
        Ok(s) if !quiet => eprintln!("escriba: {}", s.line()),
        Ok(_) => {}
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => eprintln!("escriba: error: {e}"),
    }
    exit_code(&outcome, strict)
}

fn transcribe_inner(args: TranscribeArgs) -> Result<Summary, Error> {
    let letters = if args.figurine {
        PieceLetters::figurine()
    } else {
        args.piece_letters.clone().unwrap_or_default()
    };
    let cfg = Config {
        notation: args.notation,
        drop_broken: args.drop_broken,
        annotate_flags: args.annotate_flags,
        letters,
        jobs: args.jobs.unwrap_or(0),
        shard: args.shard.unwrap_or_default(),
        book: if args.book {
            BookMode::On
        } else if args.no_book {
            BookMode::Off
        } else {
            BookMode::Auto
        },
        no_fragments: args.no_fragments,
        ..Config::default()
    };
    let inputs = expand_inputs(&args.inputs)?;
    // Open every output before reading anything, so a bad path fails fast.
    let mut pgn = Out::open(args.output.as_deref())?;
    let open = |p: &Option<PathBuf>| p.as_deref().map(OutputFile::create).transpose();
    let mut plies = open(&args.plies_csv)?;
    let mut games = open(&args.games_csv)?;
    let mut jsonl = open(&args.jsonl)?;
    let mut report = open(&args.report)?;

    let mut observer = Console::new(args.quiet);
    let summary = {
        let mut sinks = Sinks {
            pgn: Some(Sink::new(name(args.output.as_deref()), &mut pgn)),
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
    observer.finish();
    let summary = summary?;
    if let Some(mut r) = report.take() {
        let path = name(args.report.as_deref());
        serde_json::to_writer_pretty(&mut r, &summary).map_err(|e| Error::io(&path, e.into()))?;
        r.write_all(b"\n").map_err(|e| Error::io(&path, e))?;
        r.commit()?;
    }
    pgn.commit()?;
    for f in [plies, games, jsonl].into_iter().flatten() {
        f.commit()?;
    }
    Ok(summary)
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
            Some(b) => b.suspend(|| eprintln!("{s}")),
            None => eprintln!("{s}"),
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
                    let shown: Vec<String> =
                        d.legal.iter().filter(|m| !m.is_empty()).cloned().collect();
                    let legal = format!("legal moves: {}", clip(&shown, 40));
                    let nearest = format!("nearest readings: {}", d.nearest.join("; "));
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
                    if !d.nearest.is_empty() {
                        m = m.footer(Level::Help.title(&nearest));
                    }
                    self.renderer.render(m).to_string()
                }
                None => {
                    let at = format!(
                        "at {}:{}:{} (the game's first line)",
                        r.source, f.line, f.column
                    );
                    let m = Level::Error.title(&title).footer(Level::Note.title(&at));
                    self.renderer.render(m).to_string()
                }
            };
            self.print(&rendered);
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

fn run_compare(args: CompareArgs) -> anyhow::Result<()> {
    let output = compare::replay_pgn_file(&args.output)?;
    let reference = compare::replay_pgn_file(&args.reference)?;
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
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &c).context("writing JSON")?;
        writeln!(out)?;
    } else {
        write!(out, "{}", c.render(20))?;
    }
    out.flush()?;
    Ok(())
}

fn run_qa(args: QaArgs) -> anyhow::Result<i32> {
    let opts = escriba_pipeline::qa::QaOptions {
        accept: args.accept,
        ..Default::default()
    };
    let report = escriba_pipeline::qa::run(&args.dir, &opts)?;
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report).context("writing JSON")?;
        writeln!(out)?;
    } else {
        write!(out, "{}", report.render())?;
    }
    out.flush()?;
    Ok(report.exit_code())
}
