//! The review page: one self-contained HTML file (no network, everything inline) that shows
//! every doubtful ply of a run with the book's lines, the boards and the readings, and lets
//! a proofreader choose and save corrections ([`crate::corrections`]).
//!
//! - [`data`]: what JSONL carries for a doubtful ply (position, readings, legal moves);
//! - [`page`]: the page, rendered from a run's JSONL objects with minijinja (auto-escaped).

pub mod data;
pub mod page;
