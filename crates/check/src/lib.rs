//! # escriba-check
//!
//! What reads escriba's results back and measures them: it sits after the pipeline, and
//! reads PGN with the `pgn-reader` crate (not with the pipeline's own code).
//!
//! - [`pgn`]: PGN read back with `pgn-reader` ([`pgn::read`] → [`pgn::PgnGame`]s: tags and
//!   main line of [`pgn::Lexeme`]s);
//! - [`compare`]: accuracy against an independent PGN, by position (`escriba compare`):
//!   two PGN texts → [`compare::ReplayedGame`]s → [`compare::Comparison`];
//! - [`qa`]: snapshot-driven corpus QA (`escriba qa`): corpus files → transcriptions
//!   ([`escriba_pipeline::GameResult`]) → per game [`qa::GameQa`] (snapshot state and
//!   expectation checks) → per file [`qa::FileQa`] → [`qa::QaReport`];
//! - [`error`]: what stops a check (I/O, a corpus that cannot be checked).
#![deny(missing_docs)]

pub mod compare;
pub mod error;
pub mod pgn;
pub mod qa;

pub use error::{Error, Result};
