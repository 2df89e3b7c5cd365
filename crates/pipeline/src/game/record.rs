//! The record of one processed game that every output is written from: its plies, its
//! movetext items, its warnings and failure, and its status. A leaf: [`crate::game`] builds
//! these, and the outputs and book checks read them.

use std::sync::Arc;

use escriba_notation::Dialect;
use escriba_resolve::{Diagnostic, Ply};
use serde::Serialize;

use crate::segment::Segment;
use escriba_book::checks::DiagramTally;
use escriba_book::{BookSegment, NoteVariations};
use escriba_notation::tags::Tags;
use escriba_ocr::{OcrLayout, PageImage, WordPlace};
use escriba_source::Encoding;

/// One game's text with where it came from: the unit of parallel work.
#[derive(Debug, Clone)]
pub struct GameText {
    /// The source path as given (`-` for stdin).
    pub source: Arc<str>,
    /// 1-based index of the game in input order across all inputs.
    pub index: u64,
    /// The game's text and tags.
    pub segment: Segment,
}

/// What became of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Every move was transcribed.
    Complete,
    /// Some moves were transcribed, then the game stopped.
    Partial,
    /// No move could be transcribed.
    Failed,
    /// No move tokens at all.
    Empty,
}

impl GameStatus {
    /// The lower-case name used in CSV and reports.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Complete => "complete",
            GameStatus::Partial => "partial",
            GameStatus::Failed => "failed",
            GameStatus::Empty => "empty",
        }
    }

    /// True for games that stopped early (partial or failed).
    pub fn is_broken(self) -> bool {
        matches!(self, GameStatus::Partial | GameStatus::Failed)
    }
}

/// A transcribed ply with its place in the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyRecord {
    /// The resolver's ply; its span points into the game's movetext
    /// ([`GameResult::input`] gives the token as printed).
    pub ply: Ply,
    /// 1-based source line of the token.
    pub line: usize,
    /// 1-based source column (in characters) of the token.
    pub column: usize,
}

impl std::borrow::Borrow<Ply> for PlyRecord {
    fn borrow(&self) -> &Ply {
        &self.ply
    }
}

/// Why a game stopped, located in its source. JSONL writes it, and the review page reads it
/// back (all but the diagnostic, which the page does not show).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Failure {
    /// 0-based index of the ply that could not be read.
    pub ply: usize,
    /// The book's token (empty for a bad start position).
    pub token: String,
    /// 1-based source line.
    pub line: usize,
    /// 1-based source column, in characters.
    pub column: usize,
    /// Width of the token in characters (at least 1).
    pub width: usize,
    /// One sentence.
    pub message: String,
    /// The resolver's diagnostic: position, legal moves, nearest readings.
    #[serde(skip_deserializing, default)]
    pub diagnostic: Option<Diagnostic>,
}

/// A warning about a game that did not stop it: text passed over or kept in a comment
/// (unread words, a variation that does not replay, text after the result), an unclosed
/// `{`, an unmatched `)`. Each one is a flag on the game and on the ply it follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Issue {
    /// 0-based index of the main-line ply the issue is attached to (the ply before the
    /// text concerned, else the one after); `None` for a game without plies.
    pub ply: Option<usize>,
    /// 1-based source line.
    pub line: usize,
    /// 1-based source column, in characters.
    pub column: usize,
    /// One sentence.
    pub message: String,
}

/// Where the move tokens of a game's movetext (moves, and words no grammar reads, at any
/// depth; the text inside `{}` comments aside) ended up. Every token is counted once.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct TokenCounts {
    /// Read as moves: the main line's plies and the variations that replay.
    pub moves: u64,
    /// Kept in a comment: the text after a failure or after the result, variations that do
    /// not replay, moves inside an unclosed `{`.
    pub comments: u64,
    /// Passed over between moves as unreadable (kept in a comment, flagged).
    pub skipped: u64,
}

impl TokenCounts {
    /// Adds `other` to these counts.
    pub fn add(&mut self, other: TokenCounts) {
        self.moves += other.moves;
        self.comments += other.comments;
        self.skipped += other.skipped;
    }

    /// Every move token counted.
    pub fn total(&self) -> u64 {
        self.moves + self.comments + self.skipped
    }
}

/// A piece of PGN movetext, in book order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// The ply with this index in [`GameResult::plies`].
    Ply {
        /// Index into the plies.
        index: usize,
    },
    /// A NAG printed after a move.
    Nag {
        /// The NAG number.
        nag: u8,
    },
    /// A comment (delimiters removed).
    Comment {
        /// The text.
        text: String,
    },
    /// A variation (`(...)` in the book) whose every move replayed from the position before
    /// the ply it follows: written as a PGN variation.
    Variation {
        /// Its plies; its items' [`Item::Ply`] indices point here.
        plies: Vec<PlyRecord>,
        /// Its movetext in book order.
        items: Vec<Item>,
    },
    /// The movetext from the failing token on, which was not transcribed.
    Untranscribed {
        /// The move designation where transcription stopped (`12.` or `12...`).
        from: String,
        /// The rest of the movetext, whitespace collapsed.
        text: String,
    },
}

/// Everything known about one processed game.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// The source path.
    pub source: Arc<str>,
    /// 1-based game index across all inputs.
    pub index: u64,
    /// 1-based line of the game's start.
    pub line: usize,
    /// The input tags, plus `Result`, `Notation` and `Source`.
    pub tags: Tags,
    /// The dialect used (the best one tried, for a game that failed).
    pub dialect: Option<Dialect>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The transcribed plies.
    pub plies: Vec<PlyRecord>,
    /// Why the game stopped, if it did.
    pub failure: Option<Failure>,
    /// The game's status.
    pub status: GameStatus,
    /// The movetext in book order, for PGN.
    pub items: Vec<Item>,
    /// Flags: plies whose status is flagged (repaired, ambiguous) or that carry an
    /// [`Issue`], plus issues attached to no ply.
    pub flagged: usize,
    /// Warnings that did not stop the game, in book order.
    pub issues: Vec<Issue>,
    /// Where the movetext's move tokens ended up.
    pub tokens: TokenCounts,
    /// The movetext as read, and the line it starts on (for diagnostics).
    pub movetext: String,
    /// 1-based line of the movetext's first line.
    pub movetext_line: usize,
    /// The encoding of the game's text.
    pub encoding: Encoding,
    /// The decoder's beam dropped live readings: the plies it could not settle are flagged
    /// ambiguous, and the game says so.
    pub beam_capped: bool,
    /// The repair search ran out of its node budget: the game stops there, `partial`.
    pub search_capped: bool,
    /// What book mode knows of the game (its kind and line range); `None` outside books.
    pub book: Option<Box<BookSegment>>,
    /// Move runs in the game's notes: replayed as variations, or left in the notes.
    pub note_variations: NoteVariations,
    /// The layout of the game's source when it was an OCR file or a page image: where
    /// each place of its text stands on the page ([`GameResult::place`]).
    pub ocr: Option<Arc<OcrLayout>>,
    /// How the book's diagrams inside the game compared with its replay.
    pub diagrams: DiagramTally,
}

impl GameResult {
    /// The page, box and confidence of the word at `line`, `column` (1-based, as the
    /// game's places are given), when the game's source was an OCR file or a page image.
    pub fn place(&self, line: usize, column: usize) -> Option<&WordPlace> {
        self.ocr.as_ref()?.place(line, column)
    }

    /// The scan of page `page` of the game's OCR source, when the OCR file names one (a
    /// page image read by Tesseract is its own scan).
    pub fn page_image(&self, page: u32) -> Option<&PageImage> {
        self.ocr.as_ref()?.image(page)
    }

    /// Where the plies a correction pinned stand: (source, line, column), as
    /// [`crate::corrections::Corrections::unapplied`] takes them.
    pub fn corrected_places(&self) -> impl Iterator<Item = (String, usize, usize)> + '_ {
        self.plies
            .iter()
            .filter(|p| p.ply.status == escriba_resolve::Status::Corrected)
            .map(|p| (self.source.to_string(), p.line, p.column))
    }

    /// The book's token of a ply, as printed.
    pub fn input(&self, p: &PlyRecord) -> &str {
        self.movetext.get(p.ply.span.range()).unwrap_or("")
    }

    /// 1-based last line of the game's text: a book unit's last line, else the line of
    /// the movetext's end.
    pub fn end_line(&self) -> usize {
        match &self.book {
            Some(b) => b.last_line,
            None => {
                let text = self.movetext.trim_end();
                self.movetext_line + text.matches('\n').count()
            }
        }
    }

    /// The issues attached to ply `index`.
    pub fn issues_at(&self, index: usize) -> impl Iterator<Item = &Issue> {
        self.issues.iter().filter(move |i| i.ply == Some(index))
    }

    /// The first issue as one line, for `games.csv`: the failure, else the first flagged
    /// ply or warning in book order.
    pub fn first_issue(&self) -> String {
        if let Some(f) = &self.failure {
            return format!("{}:{}: {}", f.line, f.column, f.message);
        }
        let ply = self.plies.iter().find(|p| p.ply.status.is_flagged());
        if let Some(i) = self.issues.first()
            && ply.is_none_or(|p| (i.line, i.column) < (p.line, p.column))
        {
            return format!("{}:{}: {}", i.line, i.column, i.message);
        }
        ply.map(|p| {
            format!(
                "{}:{}: {} `{}` read as {}{}",
                p.line,
                p.column,
                p.ply.status.as_str(),
                self.input(p),
                p.ply.san,
                p.ply
                    .note
                    .as_deref()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default()
            )
        })
        .unwrap_or_else(|| {
            if self.beam_capped {
                "the search was capped: some readings were not followed to the end".into()
            } else {
                String::new()
            }
        })
    }
}
