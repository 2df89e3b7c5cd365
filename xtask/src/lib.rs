//! The library half of xtask: what the `tests` crate shares with `cargo xtask`.
//!
//! - [`pgn`]: just enough PGN reading for test material;
//! - [`bookgen`]: the book generator (`cargo xtask gen --book`), the truth
//!   it keeps of every game it prints, and the scorer that measures escriba against it.

pub mod bookgen;
pub mod pgn;
