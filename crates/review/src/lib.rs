//! # escriba-review
//!
//! The review page: one self-contained HTML file (no network, everything inline) that shows
//! every doubtful ply of a run with the book's lines, the boards and the readings, and lets
//! a proofreader choose and save corrections (`escriba_pipeline::corrections`).
//!
//! It reads results back, so it sits after the pipeline: a run writes JSONL (with the
//! review data of `escriba_resolve::review` on each doubtful ply), and this crate
//! turns those objects into the page.
//!
//! - [`page`]: [`GameIn`] (one JSONL object, read by [`read_jsonl`] or taken from a
//!   [`escriba_pipeline::GameResult`] by [`GameIn::of`]) → [`SourceLines`] (the book's lines
//!   the page quotes) → [`render_page`] (minijinja, auto-escaped) → the HTML;
//! - [`scan`]: for a source read from an OCR file or a page image, the crop of the page
//!   scan around each listed word ([`ScanIn`], [`PlaceIn`]), decoded once per page;
//! - [`error`]: what can stop it (an unreadable JSONL, a source it may not quote, a template
//!   bug);
//! - [`HEADLESS_CHROMIUM`]: the flags with which tests and benchmarks open the page.
#![deny(missing_docs)]

pub mod error;
pub mod page;
pub mod scan;

pub use error::{Error, Result};
pub use page::{GameIn, MoveIn, Side, SourceLines, read_jsonl, render_page};
pub use scan::{PlaceIn, ScanIn};

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
