//! # escriba-pipeline
//!
//! Documents in, games out: read sources in any of the usual encodings, cut them into
//! games, resolve each game in parallel, and write PGN, CSV, JSON Lines and a QA report.
//! What reads the results back is in other crates: `escriba-review` (the review page) and
//! `escriba-check` (`qa`, `compare`).
//!
//! ## How a run flows
//!
//! ```text
//! Input ─► LineReader ─► Segmenter ─► Segment ─► process_game ─► GameResult ─► outputs
//! (batch)   (source)     (segment,     (+tags)     (game)          (game::       (pgn, csv_out,
//!                         book)                                     record)       jsonl, report)
//! ```
//!
//! [`transcribe`] (in [`batch`]) drives it: each [`Input`] (a file or stdin, listed by
//! [`expand_inputs`]) is read in chunks of decoded lines by a [`source::LineReader`]; a
//! [`Segmenter`] ([`BlockSegmenter`] for PGN-like files, [`book::BookSegmenter`] for whole
//! books) cuts the lines into [`Segment`]s (a game's tags and movetext, with line maps);
//! [`process_game`] resolves each segment, in parallel, into a [`GameResult`] (plies with
//! their status, issues, failure); and the results, in input order, go to the [`Sinks`]:
//! PGN ([`pgn`]), CSV ([`csv_out`]), JSON Lines ([`jsonl`], with [`review_data`] on each
//! doubtful ply) and the [`Summary`] (`report`). The run's settings are a [`Config`].
//!
//! ## Modules
//!
//! - reading: [`source`] (encodings, line endings, chunked line reading, line/column maps:
//!   the `escriba-source` crate, re-exported),
//!   [`ocr`] (ALTO, hOCR and PAGE XML files laid out as text, each place mapped to its word:
//!   the `escriba-ocr` crate, re-exported),
//!   [`segment`] (the pluggable [`Segmenter`], the default [`BlockSegmenter`]), [`tags`]
//!   (PGN tag pairs and the Seven Tag Roster, from `escriba-notation`);
//! - book mode: [`book`], the adapter to `escriba-book`, which reads a whole book's lines
//!   into games and fragments with their notes; the adapter buffers a source's lines,
//!   hands them over, and turns the units read into segments;
//! - one game: [`game`] ([`process_game`] and its record, [`GameResult`]);
//! - the batch: [`batch`] (the parallel, ordered, bounded driver), `shard`
//!   (deterministic shards);
//! - outputs: [`pgn`] (with SAN in any piece letters: [`PieceLetters`], from
//!   `escriba-notation`), [`csv_out`], [`jsonl`], [`review_data`], `report`, [`output`]
//!   (atomic output files);
//! - settings: [`config`] ([`Config`]), `choice` (the notation and book mode a run reads
//!   its inputs in), [`corrections`] (plies chosen by a proofreader, pinned on the next
//!   run);
//! - `error`: what stops a batch ([`Error`]; per-game problems are in the game's result).
#![deny(missing_docs)]

pub mod batch;
pub mod book;
pub(crate) mod choice;
pub mod config;
pub mod corrections;
pub mod csv_out;
pub(crate) mod error;
pub mod game;
pub mod jsonl;
pub mod output;
pub mod pgn;
pub(crate) mod report;
pub mod review_data;
pub mod segment;
pub(crate) mod shard;
pub use escriba_notation::tags;
pub use escriba_ocr as ocr;
pub use escriba_source as source;

pub use batch::{
    Input, Inputs, NoObserver, Observer, Progress, Sink, Sinks, expand_inputs, expand_inputs_with,
    transcribe,
};
pub use choice::{BookMode, Notation};
pub use config::Config;
pub use error::Error;
pub use escriba_notation::letters::PieceLetters;
pub use game::{GameResult, GameStatus, GameText, process_game};
pub use output::OutputFile;
pub use report::{Strict, Summary, exit_code};
pub use segment::{BlockSegmenter, Segment, Segmenter};
pub use shard::Shard;
