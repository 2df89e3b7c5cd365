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
//! - [`describe`] writes any legal move back in any dialect, for diagnostics and round trips.
//!
//! Each [`Ply`] carries its SAN, UCI, [`Status`], cost, source span, alternatives and note;
//! a game that cannot go on ends with a [`Diagnostic`].
#![deny(missing_docs)]

pub mod candidates;
pub mod decode;
pub mod describe;
pub mod diagnose;
pub mod identity;
pub mod san;
pub mod side;

use escriba_notation::{Dialect, Span, Token, movetext};
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Move};

pub use decode::{Decoded, Pin, decode, decode_pinned};
pub use shakmaty;

/// One game to decode.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    /// The source text the token spans point into.
    pub text: &'a str,
    /// The game's tokens.
    pub tokens: &'a [Token],
    /// The dialect the tokens were read in.
    pub dialect: Dialect,
    /// The position before the first move.
    pub start: Chess,
}

/// Decoder settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// How many readings the beam keeps alive per ply.
    pub beam: usize,
    /// Try repairs when no reading as printed can go on.
    pub repair: bool,
    /// The repair search's budget in nodes expanded per game; `None`: [`decode::budget`] of
    /// the game's move tokens.
    pub node_budget: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            beam: 64,
            repair: true,
            node_budget: None,
        }
    }
}

/// How sure the decoder is of a ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The token as printed names this legal move and nothing else.
    Exact,
    /// Conventions or later moves filled in what the token left open: a bare file (`R-K`),
    /// an omitted wing (`Kt-B3`, `D3A`), a wing prefix read by position, an unmarked capture,
    /// an unprinted promotion piece, or several readings that the moves after settled.
    Inferred,
    /// The token was changed: as printed it fits no move that lets the game go on, and a
    /// repaired reading does (one repair per token, cheaper than stopping).
    Repaired,
    /// Complete readings tie, as printed or repaired: one was chosen deterministically and
    /// the others are listed.
    Ambiguous,
    /// The game stops here.
    Failed,
    /// A human chose this move (a correction file's pin): the decoder read the rest of the
    /// game around it.
    Corrected,
}

impl Status {
    /// The lower-case name used in CSV and reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Exact => "exact",
            Status::Inferred => "inferred",
            Status::Repaired => "repaired",
            Status::Ambiguous => "ambiguous",
            Status::Failed => "failed",
            Status::Corrected => "corrected",
        }
    }

    /// Every status, in the order reports list them.
    pub const ALL: [Status; 6] = [
        Status::Exact,
        Status::Inferred,
        Status::Repaired,
        Status::Ambiguous,
        Status::Failed,
        Status::Corrected,
    ];

    /// True for the statuses a human should look at (a corrected ply was looked at).
    pub fn is_flagged(self) -> bool {
        matches!(self, Status::Repaired | Status::Ambiguous | Status::Failed)
    }
}

/// One decoded ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// Standard SAN with `+`/`#` computed from the position (inline: no heap per ply).
    pub san: san::SanText,
    /// UCI, e.g. `e2e4`, `e1g1` (inline).
    pub uci: san::UciText,
    /// The move itself.
    pub mv: Move,
    /// How sure the decoder is.
    pub status: Status,
    /// The cost of this ply's reading.
    pub cost: u32,
    /// Index of the token it was read from.
    pub token: usize,
    /// Where the token stands in the source.
    pub span: Span,
    /// The move number.
    pub move_number: u32,
    /// The side that moved.
    pub color: Color,
    /// The other moves of tied complete readings, in SAN.
    pub alternatives: Vec<String>,
    /// Why the status is what it is, in words. The notes of plies that are not flagged come
    /// from a small set and are shared ([`decode`] keeps them), so they cost no heap per ply.
    pub note: Option<std::borrow::Cow<'static, str>>,
    /// The book's suffix glyph as a NAG.
    pub nag: Option<u8>,
}

/// Why a game stopped, with what a human needs to fix it.
///
/// It serializes as an object of these fields and of `legal` and `nearest` (after `fen`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Plies read before the failure (the failing ply's 0-based index).
    pub ply: usize,
    /// The move number of the failing ply.
    pub move_number: u32,
    /// The side to move.
    pub color: Color,
    /// Index of the failing token.
    pub token: usize,
    /// Its span in the source.
    pub span: Span,
    /// Its text.
    pub text: String,
    /// The position before the failing ply, as FEN.
    pub fen: String,
    /// The legal moves and the nearest readings, written when first asked for. Boxed, so
    /// that the decode of a game that reads, which has no diagnostic, stays small to move.
    moves: Box<diagnose::Moves>,
    /// One sentence.
    pub message: String,
}

impl Diagnostic {
    /// The legal moves, written in the game's dialect: sorted, each once.
    pub fn legal(&self) -> &[String] {
        &self.moves.written().legal
    }

    /// The nearest readings, written in the game's dialect, with what they would change.
    pub fn nearest(&self) -> &[String] {
        &self.moves.written().nearest
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut o = s.serialize_struct("Diagnostic", 10)?;
        o.serialize_field("ply", &self.ply)?;
        o.serialize_field("move_number", &self.move_number)?;
        o.serialize_field(
            "color",
            match self.color {
                Color::White => "white",
                Color::Black => "black",
            },
        )?;
        o.serialize_field("token", &self.token)?;
        o.serialize_field("span", &self.span)?;
        o.serialize_field("text", &self.text)?;
        o.serialize_field("fen", &self.fen)?;
        o.serialize_field("legal", self.legal())?;
        o.serialize_field("nearest", self.nearest())?;
        o.serialize_field("message", &self.message)?;
        o.end()
    }
}

/// A start position that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad start position `{fen}`: {reason}")]
pub struct StartError {
    /// The FEN given.
    pub fen: String,
    /// What is wrong with it.
    pub reason: String,
}

/// The start position: the standard one, or a FEN (`[SetUp "1"]` games). With
/// `black_first`, the standard position with Black to move (pre-1860 sources).
pub fn start_position(fen: Option<&str>, black_first: bool) -> Result<Chess, StartError> {
    let err = |reason: String| StartError {
        fen: fen.unwrap_or("").to_owned(),
        reason,
    };
    let setup = match fen {
        Some(f) => f.trim().parse::<Fen>().map_err(|e| err(e.to_string()))?,
        None => Fen::default(),
    };
    let mut setup = setup.into_setup();
    if black_first && fen.is_none() {
        setup.turn = Color::Black;
    }
    match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        // Studies may hold more men than a game can reach; accept them.
        Err(e) => e.ignore_too_much_material().map_err(|e| err(e.to_string())),
    }
}

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
