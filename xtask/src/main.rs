//! `cargo xtask …`: corpus generation, benchmarks and QA for escriba.
//!
//! - `gen --notation ID IN.pgn`: writes the games of a PGN file in another notation;
//! - `gen --book`: renders games into books with their reference PGN, and
//!   with `--score` reads them back and prints the shares; `bookgen-bench` does that on
//!   10,000 games;
//! - `bench`: descriptive→SAN throughput of `escriba transcribe` against `pgn-extract`,
//!   the decoder against move generation and the tokenizer in process, book mode, the
//!   review page's size and ready time in headless Chromium, and (`--scale`) 1 MB to 1 GB;
//!   `bench --layers`: plies/s through the command line, the Python API and Spark;
//!   `bench --anchor`: on the master set, escriba against the anchor and pgn-extract;
//! - `anchor IN.pgn`: the bench's SAN stack, pgn-reader and shakmaty writing the SAN PGN
//!   escriba writes;
//! - `qa`: `escriba qa` on `corpus/` plus the accuracy gate against `../shared`;
//! - `gen --book --pages DIR`: the books printed as page images and read back by
//!   Tesseract; `scan-bench`: escriba on them, from hOCR and ALTO, at each damage level;
//! - `real`: escriba on the real texts of `corpus/real/` and `../shared/real/`, scored by
//!   position against their references, with `--check` holding the floor.

mod anchor_bench;
mod bench;
mod bookgen_cli;
mod generate;
mod layers;
mod qa;
mod real;
mod scan_bench;

use xtask::pgn;
use xtask::scan::Level;

use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, Subcommand};

/// The allocator of the `escriba` binary, so that the bench's in-process figures (the
/// slowest game, the decoder against move generation) are the binary's.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(name = "xtask", about = "escriba project automation")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Write the games of a PGN file in another notation, using the notation writers; or,
    /// with `--book`, render games into books with their reference PGN.
    Gen {
        /// Target notation id, e.g. `en-descriptive`, `es-descriptive`, `de-algebraic`.
        #[arg(long, required_unless_present = "book")]
        notation: Option<String>,
        /// Layout for English descriptive: compact, compact-n, spaced or long.
        #[arg(long, default_value = "compact")]
        style: String,
        /// The PGN file to read.
        #[arg(required_unless_present = "book")]
        input: Option<PathBuf>,
        /// Where to write (stdout by default; for `--book`, `target/bookgen/book.txt`, and
        /// `OUT-0001.txt`, … when there are several books, each beside its
        /// `.reference.pgn`).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Render books instead of plain movetext.
        #[arg(long)]
        book: bool,
        /// Books: games in all.
        #[arg(long, default_value_t = 250)]
        games: usize,
        /// Books: games per book.
        #[arg(long, default_value_t = 50)]
        per_book: usize,
        /// Books: the seed.
        #[arg(long, default_value_t = 21)]
        seed: u64,
        /// Books: the PGN to take games from (default: the Lichess bulk file and the shared
        /// books' references, else random legal games).
        #[arg(long)]
        from: Option<PathBuf>,
        /// Books: read them back with `escriba transcribe` (default mode) and print the
        /// shares of games read exact and complete.
        #[arg(long)]
        score: bool,
        /// Books, with `--score`: write examples of each failure class here.
        #[arg(long)]
        examples: Option<PathBuf>,
        /// Books: print only these families (`layout:paired,notation:es,feature:notes`,
        /// …); a dimension with none named keeps its first choice. Default: all.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Books, with `--score`: read them with book mode asked for (`--book`) instead of
        /// detected.
        #[arg(long)]
        forced: bool,
        /// Plain movetext printed with the variety real books have, game by game (identity
        /// prefixes, `Kt` or `N`, `Castles` or `O-O`, check and mate words or signs,
        /// promotions written out), drawn from `--seed`: the bench's texts.
        #[arg(long)]
        realistic: bool,
        /// Books: print them as page images into this folder, damaged at `--level`, and
        /// read them back with Tesseract (hOCR and ALTO beside each book's truth).
        #[arg(long, requires = "book")]
        pages: Option<PathBuf>,
        /// Books, with `--pages`: the damage, `clean`, `mild` or `harsh`.
        #[arg(long, default_value = "mild", value_parser = parse_level)]
        level: Level,
    },
    /// Generated books printed as page images at each damage level, read by Tesseract,
    /// then by `escriba transcribe` from its hOCR and its ALTO, scored by position: the
    /// share of plies right and the wrong plies with no flag.
    ScanBench {
        /// Pages at each level, at least (whole books of a few games each).
        #[arg(long, default_value_t = 200)]
        pages: usize,
        /// The levels, of `clean`, `mild`, `harsh`.
        #[arg(long, value_delimiter = ',', default_value = "mild,harsh", value_parser = parse_level)]
        levels: Vec<Level>,
        /// The seed.
        #[arg(long, default_value_t = 21)]
        seed: u64,
        /// Print only these families (as `gen --book --only`).
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Keep the printed books in this folder (one folder a level) and read again the
        /// books printed there already instead of printing them again.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Print each unflagged wrong ply: file, game, ply, page, word, the book's move and
        /// escriba's.
        #[arg(long)]
        list: bool,
    },
    /// Render 10,000 games into books of 250 (fixed seed), read them back with
    /// `escriba transcribe` and print the shares by layout, notation, players and odds.
    BookgenBench {
        /// Games in all.
        #[arg(long, default_value_t = 10_000)]
        games: usize,
        /// Games per book.
        #[arg(long, default_value_t = 250)]
        per_book: usize,
        /// The seed.
        #[arg(long, default_value_t = 21)]
        seed: u64,
        /// Write examples of each failure class here.
        #[arg(long)]
        examples: Option<PathBuf>,
    },
    /// `escriba qa` over `corpus/` (snapshots, ExpectedSAN, ExpectedFlags), then accuracy
    /// against `../shared/corpus` (the fixtures TSV and the two books with reference PGN),
    /// checked against the floors in `xtask/qa-floor.toml`.
    Qa {
        /// Rewrite the floor file with the current figures where they are higher.
        #[arg(long)]
        raise_floor: bool,
    },
    /// Score `escriba transcribe` (default mode) on the real texts of `corpus/real/` and
    /// `../shared/real/` against their references, by position: a table by kind of source
    /// for each set.
    Real {
        /// Fail when a set falls past its floor in `corpus/real/floor.toml`.
        #[arg(long)]
        check: bool,
        /// Also list each text with its games' matched and printed plies.
        #[arg(long)]
        texts: bool,
    },
    /// Time `escriba transcribe` on generated descriptive text against `pgn-extract -Wsan`.
    Bench {
        /// The PGN whose games are written out (default: the shared bulk file).
        #[arg(long)]
        input: Option<PathBuf>,
        /// Use only the first N games.
        #[arg(long)]
        games: Option<usize>,
        /// Skip the divan micro-benchmarks at the end.
        #[arg(long)]
        no_micro: bool,
        /// Also time ~1 MB and ~1 GB of English compact text with one job, and escriba's
        /// peak RSS on each (writes ~1 GB to `target/bench/`, removed afterwards).
        #[arg(long)]
        scale: bool,
        /// Instead: plies/s of the same texts (the corpus and the shared books) through
        /// the command line with 2 jobs, the Python API with jobs=2 and Spark local[2]
        /// (needs target/venv, or ESCRIBA_PYTHON, with maturin, pyarrow and pyspark).
        #[arg(long)]
        layers: bool,
        /// Instead: on the master set (`../shared/bench/master.pgn`, or `--input`) rendered
        /// in three dialects, escriba's default mode against the anchor (`cargo xtask
        /// anchor`) and pgn-extract on the SAN: user CPU, interleaved, min of 7; callgrind
        /// instructions per ply; peak RSS with 1 and 2 jobs.
        #[arg(long)]
        anchor: bool,
    },
    /// The bench's anchor: read SAN PGN with pgn-reader, validate every move with
    /// shakmaty, and write SAN PGN with check marks from `checkers()`, as escriba writes it.
    Anchor {
        /// The SAN PGN to read.
        input: PathBuf,
        /// Where to write (stdout by default).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// No counts on stderr.
        #[arg(short, long)]
        quiet: bool,
    },
}

fn parse_level(s: &str) -> Result<Level, String> {
    Level::parse(s).ok_or_else(|| format!("`{s}`: a level is clean, mild or harsh"))
}

/// `cargo xtask bench`, `--layers` or `--anchor`.
fn bench(
    input: Option<PathBuf>,
    games: Option<usize>,
    no_micro: bool,
    (scale, layers, anchor): (bool, bool, bool),
) -> Result<()> {
    if layers {
        layers::run()
    } else if anchor {
        anchor_bench::run(input, games)
    } else {
        bench::run(input, games, no_micro, scale)
    }
}

fn main() -> Result<()> {
    match Cli::parse().cmd {
        cmd @ Cmd::Gen { .. } => generate_cmd(cmd),
        Cmd::BookgenBench {
            games,
            per_book,
            seed,
            examples,
        } => bookgen_cli::bench(games, per_book, seed, examples),
        Cmd::Bench {
            input,
            games,
            no_micro,
            scale,
            layers,
            anchor,
        } => bench(input, games, no_micro, (scale, layers, anchor)),
        Cmd::Anchor {
            input,
            output,
            quiet,
        } => xtask::anchor::run(&input, output.as_deref(), quiet),
        Cmd::Qa { raise_floor } => qa::run(raise_floor),
        Cmd::Real { check, texts } => real::run(check, texts),
        Cmd::ScanBench {
            pages,
            levels,
            seed,
            only,
            dir,
            list,
        } => scan_bench::bench(
            pages,
            &levels,
            seed,
            &only,
            &scan_bench::BenchOptions { dir, list },
        ),
    }
}

/// `gen`: generated books (as text, or printed as page images), or a PGN's games written
/// in a notation.
fn generate_cmd(cmd: Cmd) -> Result<()> {
    match cmd {
        Cmd::Gen {
            book: true,
            pages: Some(dir),
            level,
            games,
            seed,
            only,
            ..
        } => scan_bench::gen_pages(&dir, games, seed, level, &only),
        Cmd::Gen {
            book: true,
            output,
            games,
            per_book,
            seed,
            from,
            score,
            examples,
            only,
            forced,
            ..
        } => bookgen_cli::gen_book(&bookgen_cli::BookArgs {
            games,
            per_book,
            seed,
            from,
            output,
            score,
            examples,
            only,
            forced,
        }),
        Cmd::Gen {
            notation,
            style,
            input,
            output,
            realistic,
            seed,
            ..
        } => {
            let (Some(notation), Some(input)) = (notation, input) else {
                anyhow::bail!("gen needs --notation and an input PGN (or --book)");
            };
            let realistic = realistic.then_some(seed);
            generate::run(&notation, &style, &input, output.as_deref(), realistic)
        }
        _ => unreachable!("gen is given the gen command only"),
    }
}
