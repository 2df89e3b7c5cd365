//! The library half of xtask: what the `tests` crate shares with `cargo xtask`.
//!
//! - [`anchor`]: the bench's SAN stack (`cargo xtask anchor`), pgn-reader and shakmaty
//!   writing what escriba's PGN holds;
//! - [`pgn`]: just enough PGN reading for test material;
//! - [`bookgen`]: the book generator (`cargo xtask gen --book`), the truth
//!   it keeps of every game it prints, and the scorer that measures escriba against it.

pub mod anchor;
pub mod bookgen;
pub mod pgn;
