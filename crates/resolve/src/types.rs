//! The resolver's vocabulary: the [`Game`] it is given, its [`Options`], and what it
//! returns: each [`Ply`] with its [`Status`], and the [`Diagnostic`] of a game that stops.
//! A leaf: the decoder and the diagnostics import it.

use escriba_notation::{Dialect, Span, Token};
use serde::Serialize;
use shakmaty::{Chess, Color, Move};

use crate::san;

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
    /// The repair search's budget in nodes expanded per game; `None`: [`decode::budget`](crate::decode::budget) of
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
    /// from a small set and are shared ([`decode`](mod@crate::decode) keeps them), so they cost no heap per ply.
    pub note: Option<std::borrow::Cow<'static, str>>,
    /// The book's suffix glyph as a NAG.
    pub nag: Option<u8>,
}
