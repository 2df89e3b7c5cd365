//! Whole-book mode: every game in an OCR'd book, with its notes.
//!
//! A book goes through stages that stay visible in the code:
//!
//! 1. **lines** are buffered whole ([`BookSegmenter`]);
//! 2. **classified lines** ([`classify`]): heading, players, event, move row, prose,
//!    diagram, footnote, page mark, separator, blank;
//! 3. **units** ([`group`]): games and fragments (analysis, openings, studies), each with
//!    its header, table rows, notes, footnotes and diagrams, and every other line set
//!    aside with a reason;
//! 4. **segments** ([`build`]): the text the decoder reads — the table rows as printed,
//!    the notes as comments, everything else blanked, line for line — and the tags.
//!
//! From there a book's games take the same path as any other game ([`crate::game`]).
//! [`BookReport`] accounts for every line of the book: part of a game, part of a fragment,
//! or skipped with its reason.

pub mod blocks;
pub mod build;
pub mod checks;
pub mod classify;
pub mod cut;
pub mod detect;
pub mod diagram;
pub mod group;
pub mod notes;
pub mod odds;
pub mod players;
pub mod segmenter;
pub mod sequence;
pub mod token_lines;
pub mod unit;
pub mod xref;

pub use crate::choice::BookMode;
pub use cut::{Cut, cut, cut_text, lines_of};
pub use segmenter::{AutoSegmenter, BookSegmenter};
pub use unit::{
    Alternate, AlternateRole, BookReport, BookSegment, Checkpoint, Footnote, LineSpan,
    NoteVariations, SpanKind, UnitKind,
};
