//! escriba's end-to-end and snapshot tests: one test binary, one link step.
//!
//! - `common`: shared data folder, deterministic randomness, random legal games;
//! - `resolve_seeds`: the seed documents' games and fragments replay to the right SAN;
//! - `resolve_fixtures`: the converter fixtures with known answers;
//! - `roundtrip`: random games through every dialect's writer and back;
//! - `corruption`: damaged tokens are flagged, never silently wrong;
//! - `corpus_snapshots`: every corpus file's transcription and diagnostics (insta);
//! - `qa_cli`: `escriba qa` reports an altered move as one change, until `--accept`.

mod common;
mod corpus_snapshots;
mod corruption;
mod qa_cli;
mod resolve_fixtures;
mod resolve_seeds;
mod roundtrip;
