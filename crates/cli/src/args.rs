//! The command line: every subcommand's arguments, as clap parses them (their doc
//! comments are the `--help` text).

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use escriba_pipeline::{Notation, PieceLetters, Shard};

/// Transcribe chess games printed in old books (descriptive or localized algebraic
/// notation) into modern SAN/PGN, with per-ply confidence and diagnostics.
#[derive(Debug, Parser)]
#[command(
    name = "escriba",
    version,
    propagate_version = true,
    after_help = concat!(
        "Exit status:\n",
        "  transcribe   0 every game complete; 1 some game partial or failed, or\n",
        "               printed moves in no game (with --strict, also any flag or\n",
        "               warning; --strict=WHAT,... chooses: inferred, repaired,\n",
        "               ambiguous, warning, flagged); 2 usage or I/O error\n",
        "  compare      0 everything right; 1 differences; 2 unusable input or I/O error\n",
        "  qa           0 no change, every expectation holds; 1 otherwise;\n",
        "               2 nothing to check, two files sharing a snapshot, or I/O error\n",
        "  review       0 page written; 2 unreadable JSONL, a source it may not quote,\n",
        "               an output that is an input, or I/O error\n",
        "  completions  0 written; 2 could not be written\n",
        "A closed stderr is ignored; each subcommand's --help says what a closed stdout does."
    )
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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
    /// relative to the current directory or to the JSONL's folder), and only from the
    /// files the run read: regular files inside --sources DIR whose size and SHA-256 are
    /// those the JSONL records; any other source is an error naming it. When a source is
    /// gone, the page says so. For a source read from an OCR file or a page image, each
    /// entry also shows the crop of the page scan around its word, outlined (scans the OCR
    /// file names, or the page image itself; PNG, JPEG, PNM, a TIFF's first page, a PDF's
    /// page through poppler's pdftoppm), when the scan is a regular file inside --sources
    /// DIR; else a note says why there is none. A closed stdout (`-o - | head`) stops quietly. Exit status:
    /// 0 when the page is written; 2 when the JSONL cannot be read, names a source the
    /// page may not quote, the page would replace an input, or on an I/O error.
    Review(ReviewArgs),
    /// Print a shell completion script to stdout.
    Completions {
        /// The shell to generate completions for.
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, clap::Args)]
pub(crate) struct TranscribeArgs {
    /// Input files or directories. A file is read whatever its name; a directory is walked
    /// recursively (sorted by path, hidden entries skipped) for its `.txt` and `.pgn`
    /// files, `*.snap.pgn` and `*.reference.pgn` excepted (see --glob). `-` or nothing
    /// reads stdin.
    #[arg(value_name = "INPUT")]
    pub(crate) inputs: Vec<PathBuf>,

    /// Also read the files of input directories whose name matches PATTERN (`*` any
    /// characters, `?` one, `[…]` a class, `{a,b}` a choice), e.g. `--glob '*.md'`; may be
    /// repeated.
    #[arg(long, value_name = "PATTERN")]
    pub(crate) glob: Vec<String>,

    /// Notation of the games: `auto` picks per game by replay, or a dialect id such as
    /// en-descriptive, es-descriptive, en-algebraic, es-algebraic, de-algebraic,
    /// fig-algebraic. A game's own [Notation "…"] tag wins over `auto`.
    #[arg(long, value_name = "auto|ID", default_value = "auto", value_parser = parse_notation)]
    pub(crate) notation: Notation,

    /// The language Tesseract reads page images in (PNG, TIFF, JPEG, PDF inputs): its
    /// model's name, such as eng, spa, fra, deu, or several joined by `+` (eng+fra). By
    /// default the language of --notation, else English. Each model is a Debian package
    /// (tesseract-ocr-spa, …); Tesseract itself is tesseract-ocr, and PDF pages need
    /// pdftoppm (poppler-utils).
    #[arg(long, value_name = "LANG")]
    pub(crate) ocr_lang: Option<String>,

    /// Write the PGN to FILE instead of stdout (atomically for regular files). For every
    /// output, `-` means stdout, which only one output may use; no output may be an input
    /// or another output.
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,

    /// Write one CSV row per ply: source,game,ply,move_number,side,input,san,uci,status,
    /// cost,line,column,note (plus a `failed` row where a game stopped).
    #[arg(long, value_name = "FILE")]
    pub(crate) plies_csv: Option<PathBuf>,

    /// Write one CSV row per game: source,game,line,event,site,date,round,white,black,
    /// result,notation,plies,flagged,status,first_issue,end_line,kind.
    #[arg(long, value_name = "FILE")]
    pub(crate) games_csv: Option<PathBuf>,

    /// Write one JSON object per game (tags, moves with status, diagnostics) per line.
    #[arg(long, value_name = "FILE")]
    pub(crate) jsonl: Option<PathBuf>,

    /// Write a QA summary as JSON: games and plies by status, flagged, failed, per-dialect
    /// counts, throughput, and every failure as file:line:col.
    #[arg(long, value_name = "FILE")]
    pub(crate) report: Option<PathBuf>,

    /// Write the run as one SQLite database: tables `sources`, `games` and `plies` (the
    /// CSV columns, typed; each ply also with the FEN after it, to search positions),
    /// `issues` (warnings and failures, with file:line:col) and `book_spans` (a book's
    /// lines, each span a game, a fragment or skipped with its reason); foreign keys, and
    /// indexes on games.white, games.black, games.date, plies.status, plies.san and
    /// plies.fen. Written atomically: an existing FILE is replaced whole, never added to.
    #[arg(long, value_name = "FILE")]
    pub(crate) sqlite: Option<PathBuf>,

    /// Write `games.parquet` and `plies.parquet` into DIR (made if missing): the CSV
    /// columns with their types (integers; statuses, sides, results, dialects and kinds
    /// as dictionary-encoded text), for DuckDB, polars, pandas or Spark. Each file is
    /// written atomically, replacing any file of that name.
    #[arg(long, value_name = "DIR")]
    pub(crate) parquet: Option<PathBuf>,

    /// Leave games that stop early out of the PGN (they are still counted and written to
    /// CSV, JSONL and the report). By default such a game keeps its transcribed moves and
    /// the rest of its movetext goes into a comment.
    #[arg(long)]
    pub(crate) drop_broken: bool,

    /// Worker threads (default: every core; at most 1024, and never more than the games
    /// of a chunk, 256).
    #[arg(short, long, value_name = "N")]
    pub(crate) jobs: Option<usize>,

    /// No diagnostics, progress bar or summary line on stderr.
    #[arg(short, long)]
    pub(crate) quiet: bool,

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
    pub(crate) strict: Vec<StrictOn>,

    /// Process only shard I of N (1-based): the games whose input-order index g has
    /// (g-1) mod N = I-1. Game numbers in the outputs stay global.
    #[arg(long, value_name = "I/N")]
    pub(crate) shard: Option<Shard>,

    /// Write SAN with these piece letters, in the order K Q R B N (e.g. `RDTAC` for
    /// Spanish, `KDTLS` for German, or comma-separated names such as `Кр,Ф,Л,С,К`).
    #[arg(long, value_name = "KQRBN", conflicts_with = "figurine", value_parser = parse_piece_letters)]
    pub(crate) piece_letters: Option<PieceLetters>,

    /// Write SAN with figurines (♔♕♖♗♘) instead of piece letters.
    #[arg(long)]
    pub(crate) figurine: bool,

    /// Also write flagged plies' notes into PGN comments (they always go to CSV, JSONL
    /// and the report).
    #[arg(long)]
    pub(crate) annotate_flags: bool,

    /// In games.csv and plies.csv, put a `'` before any cell that starts with `=`, `+`,
    /// `-`, `@`, a tab or a carriage return, so that a spreadsheet opening the file shows
    /// it as text instead of running it as a formula (the cell is then no longer the
    /// book's text byte for byte).
    #[arg(long)]
    pub(crate) csv_safe: bool,

    /// Read every input as a whole book: find each game under its heading, read its
    /// column table through notes, diagrams, footnotes and page marks, and keep the notes
    /// as comments. Without this flag a book is detected (long prose, headings, column
    /// tables, or a text that is mostly prose) and the summary line says so. Every line of a book is accounted for in
    /// the report: part of a game, of a fragment, or skipped with its reason.
    #[arg(long, conflicts_with = "no_book")]
    pub(crate) book: bool,

    /// Never read an input as a book: game files and plain game texts only.
    #[arg(long)]
    pub(crate) no_book: bool,

    /// Leave a book's fragments (opening analysis, variations, studies: tagged
    /// `[EscribaKind "fragment"]`) out of the outputs; the report lists their lines.
    #[arg(long)]
    pub(crate) no_fragments: bool,

    /// Write the review page: one self-contained HTML file (works offline) showing every
    /// repaired, ambiguous and failed ply (inferred and corrected ones behind a filter) with
    /// the book's lines, the boards before and after, and the readings to choose from (for
    /// an OCR file or a page image, the crop of the page scan around the word); the
    /// choices are saved as a corrections file (see --corrections and `escriba review`).
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,

    /// Apply the corrections in FILE (TOML, as the review page saves it): each
    /// `[[correction]]` names `source`, `line`, `column`, the `token` as printed and the
    /// `move` chosen (SAN or UCI). The ply is pinned to that move, marked `corrected`, and
    /// the rest of its game is read around it. A correction whose token is no longer
    /// printed at its place, whose source the run does not read, or that no game uses is
    /// reported on stderr and not applied. Relative sources are relative to the current
    /// directory.
    #[arg(long, value_name = "FILE")]
    pub(crate) corrections: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ReviewArgs {
    /// The run's JSONL (`escriba transcribe --jsonl FILE`).
    #[arg(value_name = "JSONL")]
    pub(crate) jsonl: PathBuf,
    /// The page to write (atomically).
    #[arg(short, long, value_name = "FILE", default_value = "review.html")]
    pub(crate) output: PathBuf,
    /// The page's title (default: the sources of the run).
    #[arg(long, value_name = "TEXT")]
    pub(crate) title: Option<String>,
    /// The folder that holds the run's books (default: the JSONL's folder). The page
    /// quotes a source only when it is a regular file inside DIR (symlinks and `..`
    /// followed) whose size and SHA-256 are those the JSONL records; any other source
    /// named in the JSONL is an error.
    #[arg(long, value_name = "DIR")]
    pub(crate) sources: Option<PathBuf>,
}

/// What `--strict` fails the run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum StrictOn {
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
pub(crate) fn strictness(on: &[StrictOn]) -> escriba_pipeline::Strict {
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
pub(crate) enum MatchArg {
    /// The i-th reference game against the i-th output game.
    Index,
    /// Each reference game against the output game sharing its longest opening.
    Content,
}

#[derive(Debug, clap::Args)]
pub(crate) struct CompareArgs {
    /// The transcription to measure (English SAN, as `transcribe` writes by default).
    pub(crate) output: PathBuf,
    /// The independent reference PGN.
    pub(crate) reference: PathBuf,
    /// How reference games are paired with output games.
    #[arg(long = "match", value_enum, default_value = "index")]
    pub(crate) match_by: MatchArg,
    /// The `--plies-csv` of the transcription: adds the book's tokens to discrepancies and
    /// counts silently wrong plies (wrong, yet marked exact or inferred).
    #[arg(long, value_name = "FILE")]
    pub(crate) plies_csv: Option<PathBuf>,
    /// Print the comparison as JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Compare each game only as far as the transcription goes when it was transcribed to
    /// its end: a book's score often stops before the reference's (`Resigns`, "after a few
    /// more moves"). The reference plies past that end are counted apart, as neither right
    /// nor missing; a game that stopped early still counts its missing plies.
    #[arg(long)]
    pub(crate) to_book_end: bool,
}

#[derive(Debug, clap::Args)]
pub(crate) struct QaArgs {
    /// The corpus folder, walked recursively (hidden entries skipped).
    #[arg(value_name = "DIR", default_value = "corpus")]
    pub(crate) dir: PathBuf,
    /// Write the current transcriptions as the snapshots (`x.snap.pgn` beside each file)
    /// and remove snapshots whose corpus file is gone. Changes are still listed, but no
    /// longer fail the run.
    #[arg(long)]
    pub(crate) accept: bool,
    /// Print the full result as JSON (files, games, per-ply states, changes, totals, per
    /// dialect counts) instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn parse_notation(s: &str) -> Result<Notation, String> {
    s.parse::<Notation>().map_err(|e| e.to_string())
}

/// `--piece-letters`, its error named after the option.
pub(crate) fn parse_piece_letters(s: &str) -> Result<PieceLetters, String> {
    s.parse::<PieceLetters>()
        .map_err(|e| escriba_pipeline::Error::from(e).to_string())
}
