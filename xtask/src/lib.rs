//! The library half of xtask: what the `tests` crate shares with `cargo xtask`.
//!
//! - [`anchor`]: the bench's SAN stack (`cargo xtask anchor`), pgn-reader and shakmaty
//!   writing what escriba's PGN holds;
//! - [`pgn`]: just enough PGN reading for test material;
//! - [`position`]: scoring by position, a reference game against an output game ply by
//!   ply (`cargo xtask real`, `cargo xtask scan-bench`);
//! - [`scan`]: the print-and-scan harness, generated books printed as page images and
//!   read back by Tesseract (`cargo xtask gen --book --pages`);
//! - [`bookgen`]: the book generator (`cargo xtask gen --book`), the truth
//!   it keeps of every game it prints, and the scorer that measures escriba against it.

pub mod anchor;
pub mod bookgen;
pub mod pgn;
pub mod position;
pub mod scan;
