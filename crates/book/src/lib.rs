//! # escriba-book
//!
//! Whole-book mode: every game and fragment in an OCR'd book, with its notes, footnotes,
//! diagrams and odds. A book's lines go in ([`Line`]); [`Unit`]s come out, each the
//! movetext the decoder reads with its tags and what the book prints besides the moves
//! ([`BookSegment`]), and a [`BookReport`] that accounts for every line: part of a game,
//! part of a fragment, or skipped with its reason. The crate reads text and boards, never
//! a source file: the pipeline hands it lines and decodes the units it returns.
//!
//! ## Stages
//!
//! [`read_book`] runs them in this order, each once; each hands the next a named type:
//!
//! ```text
//! &[Line]
//!  ─► classify, token_lines,  ─► Vec<LineKind>   each line's kind, move rows with their
//!     running_heads                              RowShape and MoveNo (read.rs: `kinds`)
//!  ─► blocks                  ─► Block per line  a footnote's lines; a diagram, read once,
//!                                                its board kept (kinds of lines it takes
//!                                                back settled)
//!  ─► traits                  ─► Traits per line what grouping asks of a line besides its
//!                                                kind, read once from its text
//!  ─► group (place, rows)     ─► Grouped         Draft units, every line's role; a private
//!                                                Cursor holds where a table stands while
//!                                                its lines are placed
//!  ─► xref                    ─► Borrowed        the rows a game takes from another
//!  ─► build (header, players, ─► Unit            movetext, tags, BookSegment
//!     odds, sequence)
//!  ─► columns                 ─► Unit            White's column and Black's joined
//!  ─► runs                    ─► Unit, Unread    moves in lines no unit took
//! ```
//!
//! 1. `classify`: each line's `LineKind`: heading, players, event, move row (with its
//!    shape and first `MoveNo`), prose, diagram row, footnote, page mark, separator,
//!    blank; `token_lines` then joins move numbers printed over their moves, and
//!    `running_heads` marks a page's running head;
//! 2. `blocks`: diagram and footnote blocks, each diagram read there once by `diagram` and
//!    kept in its block; then `traits`: what grouping asks of each line besides its kind
//!    (where a sentence stops, whether a short line names the players, the event or the
//!    odds, the move number a line opens with), read once from its text;
//! 3. `group`: units, games and fragments (analysis, openings, studies), each with its
//!    header, table rows, notes, footnotes and diagrams, and every other line set aside
//!    with a reason; it reads kinds and traits, and copies only a heading's and an event
//!    line's text into the unit it hands over;
//! 4. `xref`: a game that says it opens as another did borrows that game's rows;
//! 5. `build`: the movetext the decoder reads (the table rows as printed, the notes as
//!    comments, everything else blanked, line for line), the tags (`header`, `players`),
//!    the start position of an odds game (`odds`), and another reading of the table
//!    (`sequence`: the moves in the order of their numbers; a second notation; the columns
//!    swapped);
//! 6. `columns`: White's column printed whole and then Black's are joined into one game;
//!    `runs`: a numbered run of moves in lines no unit took (prose, a paragraph, a page
//!    run into one line) is cut out at its edges and read as a unit of its own when it
//!    replays from the standard position; the numbered moves still in no unit are counted
//!    ([`BookReport::unread`]).
//!
//! After the decoder has read a unit, [`checks`] holds it against the diagrams and the
//! second notation, and [`notes`] replays the variations printed in its notes.
//! [`looks_like_book`] tells a book from a game file by its first lines; [`sample`] keeps
//! the kinds it gave them, and [`read_book_after`] takes them over instead of classifying
//! those lines again.
//!
//! The words the stages match lines against (players' and column words, titles, game,
//! analysis and section headings, event, place and odds words) are in one place,
//! `lexicon`, each list named for its question with its languages.
#![deny(missing_docs)]

mod blocks;
mod build;
pub mod checks;
mod classify;
mod columns;
mod detect;
mod diagram;
mod group;
pub mod header;
mod lexicon;
mod line;
pub mod notes;
pub mod odds;
mod players;
mod read;
mod runs;
mod sequence;
mod token_lines;
mod traits;
mod unit;
mod xref;

pub use detect::{DETECT_BYTES, Sample, book_dialect, looks_like_book, sample};
pub use line::{Line, lines_of};
pub use read::{Book, line_views, read_book, read_book_after, read_text};
pub use unit::{
    Alternate, AlternateRole, BookReport, BookSegment, Checkpoint, Footnote, LineSpan,
    NoteVariations, SpanKind, Unit, UnitDialects, UnitKind, Unread, Warning,
};
