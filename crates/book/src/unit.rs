//! The vocabulary of book mode: what a unit is, what the book prints besides a unit's moves,
//! and the line accounting of a book. A leaf: the stages of book mode and the game record
//! import it.

use escriba_notation::Dialect;
use escriba_notation::detect::{SAMPLE, prefix, rank_dialects};
use escriba_notation::tags::Tags;
use escriba_resolve::shakmaty::{Bitboard, Board, Square};
use serde::Serialize;

/// What a unit of a book is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitKind {
    /// A played game.
    Game,
    /// Analysis, an opening line, an ending or a study: not a game.
    Fragment,
}

impl UnitKind {
    /// The lower-case name used in tags and reports.
    pub fn as_str(self) -> &'static str {
        match self {
            UnitKind::Game => "game",
            UnitKind::Fragment => "fragment",
        }
    }
}

/// A unit of a book as the decoder reads it: its movetext laid out line for line (the
/// table's rows as printed, the notes as `{…}` comments, every other line blank), its
/// tags, and what the book prints besides the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Tags from the unit's header lines, heading and odds.
    pub tags: Tags,
    /// The movetext: one line for each of the unit's lines (see
    /// [`BookSegment::line_numbers`] for where each stands in the source).
    pub movetext: String,
    /// 1-based line of the unit's first line.
    pub line: usize,
    /// What the reader had to assume about the unit (odds it could not read, a giver it
    /// could not name): each becomes a flag on the game.
    pub warnings: Vec<Warning>,
    /// What the book prints besides the moves: notes, diagrams, a second notation.
    pub extras: BookSegment,
}

/// Something the book reader had to assume about a unit, located in the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// 1-based source line.
    pub line: usize,
    /// 1-based column (in characters) of what it is about; 1 for the whole line.
    pub column: usize,
    /// One sentence.
    pub message: String,
}

/// A footnote's text, brought in at its mark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Footnote {
    /// The label printed in the mark and the note (`A`, `1`, `*`).
    pub label: String,
    /// The note's text, with its label and brackets removed.
    pub text: String,
    /// 1-based line where the note starts.
    pub line: usize,
}

/// A diagram standing inside a unit, after some rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// Byte offset in the segment's movetext where the diagram stands: the plies read
    /// before this offset lead to the diagram's position.
    pub at: usize,
    /// The men on the board.
    pub board: Board,
    /// The squares whose man's side the diagram does not tell: only its role is evidence.
    pub unsure: Bitboard,
    /// How the diagram was read: which sign is which side's, and which way up.
    pub reading: String,
    /// 1-based first line of the diagram.
    pub line: usize,
}

impl Checkpoint {
    /// The squares on which `board` differs from the diagram: another man, or none where
    /// one stands (on a square whose side the diagram does not tell, another role).
    pub fn differs(&self, board: &Board) -> Bitboard {
        Square::ALL
            .into_iter()
            .filter(|&sq| {
                let (ours, theirs) = (self.board.piece_at(sq), board.piece_at(sq));
                if self.unsure.contains(sq) {
                    ours.map(|p| p.role) != theirs.map(|p| p.role)
                } else {
                    ours != theirs
                }
            })
            .collect()
    }
}

/// A second reading of the same table: the algebraic column printed beside the
/// descriptive one, or the columns swapped (a book that prints Black's column first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternate {
    /// The movetext of this reading (line for line, like the segment's).
    pub movetext: String,
    /// Source line of each movetext line (empty: contiguous from the segment's first).
    pub line_numbers: Vec<usize>,
    /// What this reading is for.
    pub role: AlternateRole,
    /// The dialect it is printed in, when not the segment's (a second notation).
    pub dialect: Option<Dialect>,
}

/// How a second reading is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlternateRole {
    /// A second notation printed beside the first: decoded apart and compared ply by
    /// ply; a disagreement is flagged.
    Check,
    /// Another order of the same moves (Black's column printed first): the better of
    /// the two readings is kept.
    Order,
    /// The moves in the order their numbers give, for a table printed in another order
    /// (White's column then Black's, Black's move beside White's next, two columns run
    /// into one paragraph): kept when it reads better than the lines as printed.
    Sequence,
}

/// What book mode adds to a segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookSegment {
    /// The unit's place among the book's units (0-based).
    pub unit: usize,
    /// A game or a fragment.
    pub kind: UnitKind,
    /// 1-based last line of the unit (its first is [`Unit::line`]).
    pub last_line: usize,
    /// Source line of each movetext line; empty when they run on from the unit's first
    /// line ([`Unit::line`]).
    pub line_numbers: Vec<usize>,
    /// Footnotes, by label.
    pub footnotes: Vec<Footnote>,
    /// The dialects to try, the book's own first.
    pub dialects: UnitDialects,
    /// Diagrams inside the unit.
    pub checkpoints: Vec<Checkpoint>,
    /// A second reading of the table.
    pub alternate: Option<Alternate>,
    /// Black moved first from the standard position (pre-1860 books).
    pub black_first: bool,
    /// 1-based line of a later row that goes on with this table but was not read with it
    /// (it stands in a unit read from a position the text does not give): the game is
    /// not complete.
    pub unread_row: Option<usize>,
}

/// The dialects to try on a unit: the book's own first, then at most two others, the
/// likeliest on the unit's rows. The others are ranked only when asked
/// ([`UnitDialects::ranked`]): most units read perfectly in the book's dialect, and ranking
/// every dialect on a unit's rows costs more than reading the unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitDialects {
    book: Dialect,
    /// The start of the unit's rows, as much as the ranking reads.
    rows: String,
}

impl UnitDialects {
    /// The dialects of a unit whose rows are `rows` (joined with newlines), in a book
    /// printed in `book`.
    pub fn new(rows: &str, book: Dialect) -> UnitDialects {
        UnitDialects {
            book,
            rows: prefix(rows, SAMPLE).to_owned(),
        }
    }

    /// The book's dialect: the first to try.
    pub fn first(&self) -> Dialect {
        self.book
    }

    /// Every dialect to try, in order: the book's own, then the others the ranking of
    /// the unit's rows puts first ([`rank_dialects`]), three in all at most.
    pub fn ranked(&self) -> Vec<Dialect> {
        let mut out = vec![self.book];
        for (d, _) in rank_dialects(&self.rows) {
            if !out.contains(&d) {
                out.push(d);
            }
            if out.len() >= 3 {
                break;
            }
        }
        out
    }
}

/// What became of a span of a book's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SpanKind {
    /// Read as a game.
    Game,
    /// Read as a fragment (analysis, a study, a variation).
    Fragment,
    /// Not read, with the span's reason.
    Skipped,
}

impl SpanKind {
    /// The name the report and the SQLite table use: `game`, `fragment`, `skipped`.
    pub fn as_str(self) -> &'static str {
        match self {
            SpanKind::Game => "game",
            SpanKind::Fragment => "fragment",
            SpanKind::Skipped => "skipped",
        }
    }
}

impl From<UnitKind> for SpanKind {
    fn from(k: UnitKind) -> SpanKind {
        match k {
            UnitKind::Game => SpanKind::Game,
            UnitKind::Fragment => SpanKind::Fragment,
        }
    }
}

/// A range of a book's lines and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineSpan {
    /// 1-based first line.
    pub from: usize,
    /// 1-based last line (inclusive).
    pub to: usize,
    /// A game, a fragment, or skipped.
    pub what: SpanKind,
    /// Why the lines were skipped, or what the unit was (`GAME 12.`).
    pub reason: String,
    /// The game's index in the run's outputs, for games and fragments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<u64>,
}

/// How one book was read: every line accounted for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BookReport {
    /// Lines in the book.
    pub lines: usize,
    /// The dialect the book's lines were classified in.
    pub dialect: String,
    /// Games found.
    pub games: usize,
    /// Fragments emitted.
    pub fragments: usize,
    /// Every line, in order: the spans cover 1..=lines exactly once.
    pub spans: Vec<LineSpan>,
    /// Moves printed after a move number in lines that no game or fragment took, by
    /// skipped span: what the book prints that the outputs do not hold.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unread: Vec<Unread>,
}

/// Numbered moves in a span of lines that no unit took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Unread {
    /// 1-based line of the first of them.
    pub line: usize,
    /// 1-based column of the first of them, in characters.
    pub column: usize,
    /// How many moves.
    pub moves: usize,
}

impl BookReport {
    /// Marks unit `unit`'s span as written under game index `game`, or as skipped with
    /// `reason` when the unit is left out of the outputs (`game` is `None`).
    pub fn settle(&mut self, unit_first_line: usize, game: Option<u64>, reason: Option<String>) {
        let Some(span) = self
            .spans
            .iter_mut()
            .find(|s| s.from == unit_first_line && s.what != SpanKind::Skipped)
        else {
            return;
        };
        match (game, reason) {
            (Some(g), _) => span.game = Some(g),
            (None, reason) => {
                if span.what == SpanKind::Game {
                    self.games -= 1;
                } else {
                    self.fragments -= 1;
                }
                span.what = SpanKind::Skipped;
                span.reason = reason.unwrap_or_else(|| "left out".into());
            }
        }
    }

    /// The claim check of the book, once its units are settled: the ranges of lines
    /// (1-based, inclusive) that its spans give to no span, or to two, each with what went
    /// wrong. Empty when the spans cover every line once, in order.
    pub fn breaches(&self) -> Vec<(usize, usize, &'static str)> {
        let mut out = Vec::new();
        let mut next = 1usize;
        for s in &self.spans {
            if s.from > next {
                out.push((next, s.from - 1, "claimed by nothing"));
            } else if s.from < next {
                out.push((s.from, (next - 1).min(s.to), "claimed twice"));
            }
            next = next.max(s.to + 1);
        }
        if next <= self.lines {
            out.push((next, self.lines, "claimed by nothing"));
        }
        out
    }

    /// Numbered moves in lines that no unit took, in all.
    pub fn unread_moves(&self) -> usize {
        self.unread.iter().map(|u| u.moves).sum()
    }

    /// Lines skipped, in all.
    pub fn skipped_lines(&self) -> usize {
        self.spans
            .iter()
            .filter(|s| s.what == SpanKind::Skipped)
            .map(|s| s.to + 1 - s.from)
            .sum()
    }

    /// True when the spans cover every line exactly once, in order.
    pub fn covers_every_line(&self) -> bool {
        let mut next = 1;
        for s in &self.spans {
            if s.from != next || s.to < s.from {
                return false;
            }
            next = s.to + 1;
        }
        next == self.lines + 1
    }
}

/// What became of the move runs found in a game's notes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct NoteVariations {
    /// Runs that replayed and became PGN variations.
    pub transcribed: u32,
    /// Runs left in their note: they do not replay from the position they name, or they
    /// start past the main line's end.
    pub left_in_notes: u32,
}

/// Moves a unit takes from an earlier game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Borrowed {
    /// The rows taken, as movetext lines with their source line numbers (moves past the
    /// borrowing game's first move blanked).
    pub rows: Vec<(usize, String)>,
    /// The comment that says where they come from.
    pub note: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_books_lines_no_span_holds_or_two_hold_are_breaches() {
        let span = |from, to| LineSpan {
            from,
            to,
            what: SpanKind::Skipped,
            reason: String::new(),
            game: None,
        };
        let report = |spans, lines| BookReport {
            lines,
            dialect: "en-descriptive".into(),
            games: 0,
            fragments: 0,
            spans,
            unread: Vec::new(),
        };
        assert_eq!(report(vec![span(1, 3), span(4, 9)], 9).breaches(), []);
        assert_eq!(
            report(vec![span(1, 3), span(6, 9)], 10).breaches(),
            [(4, 5, "claimed by nothing"), (10, 10, "claimed by nothing")]
        );
        assert_eq!(
            report(vec![span(1, 5), span(4, 9)], 9).breaches(),
            [(4, 5, "claimed twice")]
        );
    }
}
