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

pub mod build;
pub mod checks;
pub mod classify;
pub mod detect;
pub mod diagram;
pub mod group;
pub mod notes;
pub mod xref;

use std::sync::Arc;

use escriba_notation::Dialect;
use escriba_resolve::shakmaty::Board;
use serde::Serialize;

use crate::config::Notation;
use crate::segment::{Segment, Segmenter};
use crate::source::{Encoding, Line};

/// Whether inputs are read as books.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BookMode {
    /// Detect a book per input (long prose, headings, column tables).
    #[default]
    Auto,
    /// Every input is a book (`--book`).
    On,
    /// Never (`--no-book`): PGN-like files and plain game texts only.
    Off,
}

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
    /// 1-based first line of the diagram.
    pub line: usize,
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
}

/// What book mode adds to a segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookSegment {
    /// The unit's place among the book's units (0-based).
    pub unit: usize,
    /// A game or a fragment.
    pub kind: UnitKind,
    /// 1-based last line of the unit (its first is [`Segment::line`]).
    pub last_line: usize,
    /// Source line of each movetext line; empty when they run on from
    /// [`Segment::movetext_line`].
    pub line_numbers: Vec<usize>,
    /// Footnotes, by label.
    pub footnotes: Vec<Footnote>,
    /// The dialects to try, most likely first (empty: detect from the movetext).
    pub dialects: Vec<Dialect>,
    /// Diagrams inside the unit.
    pub checkpoints: Vec<Checkpoint>,
    /// A second reading of the table.
    pub alternate: Option<Alternate>,
    /// Black moved first from the standard position (pre-1860 books).
    pub black_first: bool,
}

/// A range of a book's lines and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineSpan {
    /// 1-based first line.
    pub from: usize,
    /// 1-based last line (inclusive).
    pub to: usize,
    /// `game`, `fragment` or `skipped`.
    pub what: &'static str,
    /// Why the lines were skipped, or what the unit was (`GAME 12.`).
    pub reason: String,
    /// The game's index in the run's outputs, for games and fragments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<u64>,
}

/// How one book was read: every line accounted for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BookReport {
    /// The source's name.
    pub source: String,
    /// Book mode was asked for (`--book`) rather than detected.
    pub explicit: bool,
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
}

impl BookReport {
    /// Marks unit `unit`'s span as written under game index `game`, or as skipped with
    /// `reason` when the unit is left out of the outputs (`game` is `None`).
    pub fn settle(&mut self, unit_first_line: usize, game: Option<u64>, reason: Option<String>) {
        let Some(span) = self
            .spans
            .iter_mut()
            .find(|s| s.from == unit_first_line && s.what != "skipped")
        else {
            return;
        };
        match (game, reason) {
            (Some(g), _) => span.game = Some(g),
            (None, reason) => {
                if span.what == "game" {
                    self.games -= 1;
                } else {
                    self.fragments -= 1;
                }
                span.what = "skipped";
                span.reason = reason.unwrap_or_else(|| "left out".into());
            }
        }
    }

    /// Lines skipped, in all.
    pub fn skipped_lines(&self) -> usize {
        self.spans
            .iter()
            .filter(|s| s.what == "skipped")
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

/// The segmenter of whole books: buffers the source, then cuts it into units at the end.
pub struct BookSegmenter {
    lines: Vec<Line>,
    notation: Notation,
    explicit: bool,
    source: Arc<str>,
    report: Option<BookReport>,
}

impl BookSegmenter {
    /// A book segmenter reading in `notation` (`auto`: the book's own dialect).
    /// `explicit`: book mode was asked for, not detected.
    pub fn new(notation: Notation, explicit: bool) -> BookSegmenter {
        BookSegmenter {
            lines: Vec::new(),
            notation,
            explicit,
            source: Arc::from(""),
            report: None,
        }
    }

    /// Starts from lines already read (by the detector).
    pub fn with_lines(notation: Notation, explicit: bool, lines: Vec<Line>) -> BookSegmenter {
        BookSegmenter {
            lines,
            ..BookSegmenter::new(notation, explicit)
        }
    }
}

impl Segmenter for BookSegmenter {
    fn push_line(&mut self, line: &Line, _out: &mut Vec<Segment>) {
        self.lines.push(line.clone());
    }

    fn finish(&mut self, out: &mut Vec<Segment>) {
        let lines = std::mem::take(&mut self.lines);
        let cut = cut(&lines, self.notation);
        out.extend(cut.segments);
        self.report = Some(BookReport {
            source: self.source.to_string(),
            explicit: self.explicit,
            ..cut.report
        });
    }

    fn set_source(&mut self, name: &Arc<str>) {
        self.source = name.clone();
    }

    fn take_report(&mut self) -> Option<BookReport> {
        self.report.take()
    }
}

/// A book cut into segments, with its line accounting.
#[derive(Debug)]
pub struct Cut {
    /// One segment per unit worth decoding, in book order.
    pub segments: Vec<Segment>,
    /// The accounting (its `source` is left empty).
    pub report: BookReport,
}

/// Cuts a whole book: classify, group, build.
pub fn cut(lines: &[Line], notation: Notation) -> Cut {
    let dialect = match notation {
        Notation::Fixed(d) => d,
        Notation::Auto => detect::book_dialect(lines.iter().map(|l| l.text.as_str())),
    };
    let mut kinds: Vec<classify::LineKind> = lines
        .iter()
        .map(|l| classify::classify(&l.text, dialect))
        .collect();
    classify::running_heads(lines, &mut kinds);
    let mut grouped = group::group(lines, kinds, dialect);
    let borrowed = xref::resolve(lines, &grouped, dialect);
    for (u, b) in grouped.units.iter_mut().zip(&borrowed) {
        // A game that takes its opening from another starts where a board is known.
        if b.is_some() && !u.decodable {
            u.decodable = true;
            u.skip_reason = None;
        }
    }
    let encoding = lines.first().map_or(Encoding::Utf8, |l| l.encoding);
    let segments: Vec<Segment> = grouped
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.decodable)
        .map(|(i, u)| {
            build::segment(
                lines,
                &grouped,
                u,
                i,
                dialect,
                encoding,
                borrowed[i].as_ref(),
            )
        })
        .collect();
    let report = BookReport {
        source: String::new(),
        explicit: true,
        lines: lines.len(),
        dialect: dialect.id().to_owned(),
        games: grouped
            .units
            .iter()
            .filter(|u| u.decodable && u.kind == UnitKind::Game)
            .count(),
        fragments: grouped
            .units
            .iter()
            .filter(|u| u.decodable && u.kind == UnitKind::Fragment)
            .count(),
        spans: grouped.spans(),
    };
    Cut { segments, report }
}

/// Cuts a whole text as a book (for tests and small inputs).
pub fn cut_text(text: &str, notation: Notation) -> Cut {
    cut(&lines_of(text), notation)
}

/// The lines of a text held whole in memory (LF line endings), numbered from 1.
pub fn lines_of(text: &str) -> Vec<Line> {
    let mut offset = 0u64;
    text.strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .enumerate()
        .map(|(i, t)| {
            let l = Line {
                text: t.to_owned(),
                number: i + 1,
                offset,
                encoding: Encoding::Utf8,
                truncated: false,
            };
            offset += t.len() as u64 + 1;
            l
        })
        .collect()
}
