//! # escriba-pipeline
//!
//! Documents in, games out: read sources in any of the usual encodings, cut them into
//! games, resolve each game in parallel, and write PGN, CSV, JSON Lines and a QA report.
//! What reads the results back is in other crates: `escriba-review` (the review page) and
//! `escriba-check` (`qa`, `compare`).
//!
//! - [`source`]: encodings, line endings, chunked line reading, line/column maps;
//! - [`segment`]: the pluggable [`Segmenter`] and the default [`BlockSegmenter`];
//! - [`tags`]: tag pairs, book-style player headers, the Seven Tag Roster;
//! - [`game`]: one game through the resolver ([`process_game`]);
//! - [`pgn`], [`csv_out`], [`jsonl`], [`report`]: the outputs;
//! - [`batch`]: the parallel, ordered, bounded driver ([`transcribe`]);
//! - [`output`]: atomic output files; [`shard`]: deterministic shards;
//!   [`letters`]: localized SAN;
//! - [`corrections`]: plies chosen by a proofreader, pinned on the next run;
//! - [`review_data`]: what JSONL carries for a doubtful ply (position, readings, legal
//!   moves), from which the review page (crate `escriba-review`) is built.
#![deny(missing_docs)]

pub mod batch;
pub mod book;
pub mod choice;
pub mod config;
pub mod corrections;
pub mod csv_out;
pub mod error;
pub mod game;
pub mod jsonl;
pub mod letters;
pub mod output;
pub mod pgn;
pub mod report;
pub mod review_data;
pub mod segment;
pub mod shard;
pub mod source;
pub mod tags;

pub use batch::{
    Input, Inputs, NoObserver, Observer, Progress, Sink, Sinks, expand_inputs, expand_inputs_with,
    transcribe,
};
pub use choice::{BookMode, Notation};
pub use config::Config;
pub use error::Error;
pub use game::{GameResult, GameStatus, GameText, process_game};
pub use letters::PieceLetters;
pub use output::OutputFile;
pub use report::{Strict, Summary, exit_code};
pub use segment::{BlockSegmenter, Segment, Segmenter};
pub use shard::Shard;
