//! # escriba-notation
//!
//! Grammars for chess notation as printed in books, and writers back out.
//!
//! Text flows through three layers:
//! - [`movetext::tokenize`] splits a game's movetext into [`Token`]s: move numbers, comments,
//!   variations, NAGs, results, footnote and page marks, and moves; its comments, marks
//!   and unread words are read by [`lex`], the lexer a reader of whole lines shares;
//! - [`parse_move_prefix`] reads one move token of a [`Dialect`] into the syntax AST,
//!   [`Move`], keeping side-relative descriptive squares as printed;
//! - [`write_move`] writes any [`Move`] back out in any dialect and [`Style`].
//!
//! No board is consulted here: legality is the resolver's job. [`detect::rank_dialects`]
//! ranks the likely dialects of a text from token statistics, and [`readings`] offers the
//! repaired readings of a damaged token for the resolver to test; [`damage`] is the forward
//! model (how print and OCR damage a token) that the corruption test and the bench apply,
//! and [`cost`] the repair model's table of costs, which the readings and the resolver
//! share. [`tags`] reads and writes PGN tag pairs, the one part of a game file around the
//! movetext, and [`letters`] writes SAN with another language's piece letters.
#![deny(missing_docs)]

pub mod ast;
pub mod cost;
pub mod damage;
pub mod detect;
pub mod dialect;
pub mod letters;
pub mod lex;
pub mod movetext;
pub mod readings;
pub mod style;
pub mod tags;
pub mod write;

mod algebraic;
mod english;
mod pieces;
mod romance;
mod seams;
#[cfg(test)]
mod testing;
mod words;

pub use ast::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, FileGroup, Man, Move, MoveKind,
    PieceMove, Place, Role, Span, Termination, Token, TokenKind, Wing,
};
pub use dialect::{AlgLang, DescLang, Dialect, UnknownDialect};
pub use style::{Form, KnightLetter, Style};
pub use write::write_move;

/// A move token that does not parse in the requested dialect.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a move in {dialect} (unread from byte {offset})")]
pub struct ParseError {
    /// The dialect tried.
    pub dialect: Dialect,
    /// The token text.
    pub text: String,
    /// Byte offset of the first unread byte.
    pub offset: usize,
}

/// Reads one move token at the start of `text`, with its suffix marks; returns the move and
/// the number of bytes read, or `None` when `text` does not start with a move.
#[inline]
pub fn parse_move_prefix(dialect: Dialect, text: &str) -> Option<(Move, usize)> {
    let parsed = match dialect {
        Dialect::Descriptive(DescLang::En) => english::move_body(text),
        Dialect::Descriptive(lang) => romance::move_body(lang, text),
        Dialect::Algebraic(lang) => algebraic::move_body(lang, text),
    };
    let (rest, mut mv) = parsed.ok()?;
    let (rest, s) = pieces::suffix(rest, dialect);
    mv.check = mv.check.or(s.check);
    mv.en_passant |= s.en_passant;
    mv.nag = mv.nag.or(s.nag);
    Some((mv, text.len() - rest.len()))
}

/// Reads `text` as exactly one move token (surrounding whitespace allowed).
pub fn parse_move(dialect: Dialect, text: &str) -> Result<Move, ParseError> {
    let trimmed = text.trim();
    let lead = text.len() - text.trim_start().len();
    match parse_move_prefix(dialect, trimmed) {
        Some((mv, n)) if n == trimmed.len() => Ok(mv),
        found => Err(ParseError {
            dialect,
            text: text.to_owned(),
            offset: lead + found.map_or(0, |(_, n)| n),
        }),
    }
}
