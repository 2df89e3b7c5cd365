//! The review page: one self-contained HTML file (no network, everything inline) that shows
//! every doubtful ply of a run with the book's lines, the boards and the readings, and lets
//! a proofreader choose and save corrections ([`crate::corrections`]).
//!
//! - [`data`]: what JSONL carries for a doubtful ply (position, readings, legal moves);
//! - [`page`]: the page, rendered from a run's JSONL objects with minijinja (auto-escaped).

pub mod data;
pub mod page;

/// The flags with which the tests and benchmarks open the page in headless Chromium: no
/// sandbox (they run as root), no GPU, and none of the browser's own connections (the
/// page needs none, and a closed network refuses them).
pub const HEADLESS_CHROMIUM: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];
