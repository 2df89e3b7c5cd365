//! `cargo xtask …`: corpus generation, benchmarks and QA for escriba.
//!
//! - `gen --notation ID IN.pgn`: writes the games of a PGN file in another notation;
//! - `bench`: descriptive→SAN throughput of `escriba transcribe` against `pgn-extract`,
//!   the decoder against move generation and the tokenizer in process, book mode, the
//!   review page's size and ready time in headless Chromium, and (`--scale`) 1 MB to 1 GB;
//!   `bench --layers`: plies/s through the command line, the Python API and Spark;
//! - `qa`: `escriba qa` on `corpus/` plus the accuracy gate against `../shared`.

mod bench;
mod generate;
mod layers;
mod pgn;
mod qa;

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
    /// Write the games of a PGN file in another notation, using the notation writers.
    Gen {
        /// Target notation id, e.g. `en-descriptive`, `es-descriptive`, `de-algebraic`.
        #[arg(long)]
        notation: String,
        /// Layout for English descriptive: compact, compact-n, spaced or long.
        #[arg(long, default_value = "compact")]
        style: String,
        /// The PGN file to read.
        input: PathBuf,
        /// Where to write (stdout by default).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// `escriba qa` over `corpus/` (snapshots, ExpectedSAN, ExpectedFlags), then accuracy
    /// against `../shared/corpus` (the fixtures TSV and the two books with reference PGN),
    /// checked against the floors in `xtask/qa-floor.toml`.
    Qa {
        /// Rewrite the floor file with the current figures where they are higher.
        #[arg(long)]
        raise_floor: bool,
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
    },
}

fn main() -> Result<()> {
    match Cli::parse().cmd {
        Cmd::Gen {
            notation,
            style,
            input,
            output,
        } => generate::run(&notation, &style, &input, output.as_deref()),
        Cmd::Bench {
            input,
            games,
            no_micro,
            scale,
            layers,
        } => {
            if layers {
                layers::run()
            } else {
                bench::run(input, games, no_micro, scale)
            }
        }
        Cmd::Qa { raise_floor } => qa::run(raise_floor),
    }
}
