//! # escriba-resolve
//!
//! Turns one game's move tokens (from `escriba-notation`) into legal moves and SAN.
//!
//! - [`side`] maps side-relative descriptive squares to board squares;
//! - [`identity::Origins`] follows each rook, knight and bishop from its home square, so that
//!   `Q. R.` means the queen's rook wherever it stands;
//! - [`candidates`] scores every legal move against a token's constraints;
//! - [`decode()`] searches the whole game for the cheapest complete reading, settles
//!   ambiguous tokens by the moves that follow, repairs damaged ones, and reports ties;
//!   [`decode_pinned()`] does the same with some plies chosen by a human ([`Pin`]);
//! - [`describe`] writes any legal move back in any dialect, for diagnostics and round trips;
//! - [`review`] lists a doubtful ply's readings and the legal moves, for a proofreader.
//!
//! Each [`Ply`] carries its SAN, UCI, [`Status`], cost, source span, alternatives and note;
//! a game that cannot go on ends with a [`Diagnostic`].
#![deny(missing_docs)]

pub mod candidates;
pub mod decode;
pub mod describe;
pub mod diagnose;
pub mod identity;
pub mod review;
pub mod san;
pub mod side;
mod start;
mod types;

use escriba_notation::{Dialect, movetext};
use shakmaty::Chess;

pub use decode::{Decoded, Pin, decode, decode_pinned};
pub use diagnose::Diagnostic;
pub use shakmaty;
pub use start::{StartError, start_position};
pub use types::{Game, Options, Ply, Status};

/// Tokenizes `text` in `dialect` and decodes it from `start`: the one-call entry point.
pub fn resolve(text: &str, dialect: Dialect, start: Chess, opts: &Options) -> Decoded {
    let tokens = movetext::tokenize(dialect, text);
    decode(
        &Game {
            text,
            tokens: &tokens,
            dialect,
            start,
        },
        opts,
    )
}
