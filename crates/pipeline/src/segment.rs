//! Game segmentation: cutting a stream of lines into games.
//!
//! Segmentation is pluggable through [`Segmenter`]; [`BlockSegmenter`] is the default and
//! reads PGN-like files (tag pairs, then movetext) and plain game texts (one game per
//! block of lines, blocks separated by blank lines), with or without book-style header
//! lines naming the players.

use crate::source::{Encoding, Line};
use crate::tags::{Tags, parse_header_line, parse_tag_line};

/// One game's text as cut from its source, before any notation is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Tags from tag pairs and header lines.
    pub tags: Tags,
    /// The movetext: whole source lines joined by `\n`.
    pub movetext: String,
    /// 1-based line of the game's first line (its first tag or header, else its movetext).
    pub line: usize,
    /// 1-based line of the movetext's first line (column 1 of the movetext is column 1).
    pub movetext_line: usize,
    /// Byte offset of the game's first line in the raw source.
    pub offset: u64,
    /// The encoding of the chunk the game started in.
    pub encoding: Encoding,
    /// What book mode knows of the game (its kind, line range, notes and diagrams);
    /// `None` for games cut from PGN-like files.
    pub book: Option<Box<crate::book::BookSegment>>,
}

/// Cuts lines into games. Implementations keep state across calls, so that a game may
/// span chunks; [`Segmenter::finish`] flushes the last game and resets for the next source.
pub trait Segmenter: Send {
    /// Feeds one line; completed games are pushed to `out`.
    fn push_line(&mut self, line: &Line, out: &mut Vec<Segment>);
    /// Ends the source: pushes the game in progress, if any, and resets the state.
    fn finish(&mut self, out: &mut Vec<Segment>);
    /// Names the source about to be read (for reports).
    fn set_source(&mut self, _name: &std::sync::Arc<str>) {}
    /// The line accounting of the source just finished, when it was read as a book.
    fn take_report(&mut self) -> Option<crate::book::BookReport> {
        None
    }
}

/// Builds a fresh segmenter per source; the batch driver calls it once per input.
pub type SegmenterFactory = dyn Fn() -> Box<dyn Segmenter> + Send + Sync;

/// The default segmenter: PGN-like tag sections and plain blocks.
///
/// - a tag-pair line or a player header line after movetext starts a new game;
/// - a blank line after movetext ends the game, unless a `{` comment is still open;
/// - blank lines before the movetext are skipped; `%` escape lines are ignored.
#[derive(Debug, Default)]
pub struct BlockSegmenter {
    cur: Option<Segment>,
    /// Lines of movetext are appended to `cur.movetext`; this is its open-brace depth.
    braces: i32,
    /// Blank lines seen inside an open comment, appended when the movetext goes on.
    pending_blank: usize,
}

impl BlockSegmenter {
    /// A segmenter at the start of a source.
    pub fn new() -> BlockSegmenter {
        BlockSegmenter::default()
    }

    fn start(&mut self, line: &Line) -> &mut Segment {
        self.cur.get_or_insert_with(|| Segment {
            tags: Tags::new(),
            movetext: String::new(),
            line: line.number,
            movetext_line: line.number,
            offset: line.offset,
            encoding: line.encoding,
            book: None,
        })
    }

    fn has_movetext(&self) -> bool {
        self.cur.as_ref().is_some_and(|g| !g.movetext.is_empty())
    }

    fn flush(&mut self, out: &mut Vec<Segment>) {
        if let Some(g) = self.cur.take() {
            out.push(g);
        }
        self.braces = 0;
        self.pending_blank = 0;
    }
}

impl Segmenter for BlockSegmenter {
    fn push_line(&mut self, line: &Line, out: &mut Vec<Segment>) {
        let text = line.text.as_str();
        let trimmed = text.trim();
        if trimmed.is_empty() {
            if self.has_movetext() {
                if self.braces > 0 {
                    self.pending_blank += 1;
                } else {
                    self.flush(out);
                }
            }
            return;
        }
        if self.braces <= 0 {
            if text.starts_with('%') {
                return;
            }
            if let Some(pairs) = parse_tag_line(trimmed) {
                if self.has_movetext() {
                    self.flush(out);
                }
                let g = self.start(line);
                for (n, v) in pairs {
                    g.tags.set(&n, v);
                }
                return;
            }
            if let Some((white, black)) = parse_header_line(trimmed) {
                if self.has_movetext() {
                    self.flush(out);
                }
                let g = self.start(line);
                if let Some(w) = white {
                    g.tags.set("White", w);
                }
                if let Some(b) = black {
                    g.tags.set("Black", b);
                }
                return;
            }
        }
        let pending = std::mem::take(&mut self.pending_blank);
        let g = self.start(line);
        if g.movetext.is_empty() {
            g.movetext_line = line.number;
        } else {
            g.movetext.push('\n');
            for _ in 0..pending {
                g.movetext.push('\n');
            }
        }
        g.movetext.push_str(text);
        for c in text.chars() {
            match c {
                '{' => self.braces += 1,
                '}' => self.braces = (self.braces - 1).max(0),
                _ => {}
            }
        }
    }

    fn finish(&mut self, out: &mut Vec<Segment>) {
        self.flush(out);
    }
}

/// Segments a whole decoded text with `seg` (convenience for tests and small inputs).
pub fn segment_text(seg: &mut dyn Segmenter, text: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut offset = 0u64;
    for (i, l) in text.split('\n').enumerate() {
        seg.push_line(
            &Line {
                text: l.to_owned(),
                number: i + 1,
                offset,
                encoding: Encoding::Utf8,
            },
            &mut out,
        );
        offset += l.len() as u64 + 1;
    }
    seg.finish(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(text: &str) -> Vec<Segment> {
        segment_text(&mut BlockSegmenter::new(), text)
    }

    #[test]
    fn pgn_games_split_at_tag_sections() {
        let t =
            "[Event \"A\"]\n[White \"X\"]\n\n1. e4 e5\n2. Nf3 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
        let g = seg(t);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tags.get("White"), Some("X"));
        assert_eq!(g[0].movetext, "1. e4 e5\n2. Nf3 1-0");
        assert_eq!((g[0].line, g[0].movetext_line), (1, 4));
        assert_eq!(g[1].tags.get("Event"), Some("B"));
        assert_eq!((g[1].line, g[1].movetext_line), (7, 9));
        assert_eq!(g[1].offset, t.find("[Event \"B\"]").unwrap() as u64);
    }

    #[test]
    fn tags_right_after_movetext_start_a_new_game() {
        let g = seg("[Event \"A\"]\n1. e4 *\n[Event \"B\"]\n1. d4 *");
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].movetext, "1. d4 *");
    }

    #[test]
    fn plain_blocks_with_header_lines() {
        let t = "White: Teichmann. Black: Rubinstein.\n1. P-Q4 P-Q4\n2. Kt-KB3 Kt-KB3\n\n\
                 WHITE. (Mr. M.)   BLACK. (M. B.)\n1. P to K's 4th.\n\n1. e4 e5\n";
        let g = seg(t);
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].tags.get("White"), Some("Teichmann"));
        assert_eq!(g[0].tags.get("Black"), Some("Rubinstein"));
        assert_eq!(g[0].movetext, "1. P-Q4 P-Q4\n2. Kt-KB3 Kt-KB3");
        assert_eq!(g[1].tags.get("White"), Some("Mr. M."));
        assert_eq!(g[1].movetext_line, 6);
        assert!(g[2].tags.is_empty());
        assert_eq!((g[2].line, g[2].movetext_line), (8, 8));
    }

    #[test]
    fn header_lines_on_two_lines_fill_one_game() {
        let g = seg("Blancas: Capablanca\nNegras: N. N.\n1. P4R P4R\n");
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].tags.get("White"), Some("Capablanca"));
        assert_eq!(g[0].tags.get("Black"), Some("N. N."));
    }

    #[test]
    fn blank_line_inside_an_open_comment_does_not_split() {
        let g = seg("1. e4 {a long\n\nnote} e5\n\n1. d4");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].movetext, "1. e4 {a long\n\nnote} e5");
    }

    #[test]
    fn header_only_block_without_movetext_still_yields_a_game() {
        let g = seg("[Event \"Empty\"]\n");
        assert_eq!(g.len(), 1);
        assert!(g[0].movetext.is_empty());
    }
}
