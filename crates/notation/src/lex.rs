//! The lexer of movetext's structure: where a `{` comment, a `;` comment, a `[…]` mark and
//! an unread word start and end.
//!
//! [`crate::movetext::tokenize`] reads its comments, marks and unread words with [`piece`],
//! and a reader that walks a source line by line (the segmenter that cuts games) reads each
//! line with [`line()`], which calls [`piece`] too: the two cannot disagree about where a
//! comment opens or closes. The rules, the same in every dialect:
//!
//! - `{` opens a comment wherever it stands outside a comment or a mark, inside a word too
//!   (`see{p. 40`); the comment runs to the first `}` (comments do not nest), over line
//!   ends, or to the end of the text;
//! - `;` before a digit or at its line's end separates two moves; anywhere else it opens a
//!   comment to the end of its line;
//! - `[` opens a mark that closes at the first `]` of its line; without one it starts a
//!   word;
//! - a word runs to a blank, to one of `{`, `;` and `[`, or to a `)` that closes nothing in
//!   it (`best)` is a word and the end of a variation, `R(QR3)-Q3` one word).
//!
//! A move token never holds `{`, `;` or `[` (each ends a move), so every one of them outside
//! a comment or a mark starts a piece, whatever the dialect reads as moves.

/// What a piece of movetext is, by the way it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// A `{` comment; `closed` when its `}` is in the text read.
    Comment {
        /// The comment's `}` was found.
        closed: bool,
    },
    /// A `;` comment, to the end of its line (the line end not included).
    LineComment,
    /// A `;` that separates two moves (before a digit, or at its line's end).
    Separator,
    /// A `[…]` mark closed on its line (a page or footnote mark).
    Mark,
    /// Anything else: a word, whose end is where a move or another token may end.
    Word,
}

/// The piece that starts at the start of `rest` (a token start, not a blank), and its
/// length in bytes.
pub fn piece(rest: &str) -> (Piece, usize) {
    match rest.as_bytes().first() {
        Some(b'{') => match memchr::memchr(b'}', rest.as_bytes()) {
            Some(e) => (Piece::Comment { closed: true }, e + 1),
            None => (Piece::Comment { closed: false }, rest.len()),
        },
        Some(b';') => {
            let after = rest[1..].trim_start_matches([' ', '\t']);
            if after.starts_with(|c: char| c.is_ascii_digit()) || after.starts_with('\n') {
                (Piece::Separator, 1)
            } else {
                (Piece::LineComment, rest.find('\n').unwrap_or(rest.len()))
            }
        }
        Some(b'[') => {
            let line_end = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
            match memchr::memchr(b']', &rest.as_bytes()[..line_end]) {
                Some(close) => (Piece::Mark, close + 1),
                None => (Piece::Word, word_len(rest)),
            }
        }
        _ => (Piece::Word, word_len(rest)),
    }
}

/// The length of the word that `rest` starts with: its first character, then up to a blank,
/// a `{`, `;` or `[`, or a `)` that closes nothing in the word.
fn word_len(rest: &str) -> usize {
    let mut depth = 0u32;
    rest.char_indices()
        .skip(1)
        .find(|&(_, c)| match c {
            '(' => {
                depth += 1;
                false
            }
            ')' if depth > 0 => {
                depth -= 1;
                false
            }
            ')' | '{' | ';' | '[' => true,
            c => c.is_whitespace(),
        })
        .map_or(rest.len(), |(i, _)| i)
}

/// One piece of a line, where it starts and ends (byte offsets in the line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lexeme {
    /// What the piece is.
    pub piece: Piece,
    /// Its first byte.
    pub start: usize,
    /// The byte after it.
    pub end: usize,
}

/// How a line's `;` reads: as PGN's comment to the end of the line, or (in a text that is
/// not PGN, where the reader turns each `;` outside a comment into a `,`) as a separator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Semicolons {
    /// `;` opens a comment to the end of the line, unless a digit follows ([`piece`]).
    Pgn,
    /// Every `;` outside a comment is a one-byte separator.
    Separators,
}

/// The pieces of one line (no line end in it), from a `{` comment left open by the lines
/// before it (`open`) or not: see [`Line`].
pub fn line(text: &str, open: bool, semicolons: Semicolons) -> Line<'_> {
    Line {
        text,
        pos: 0,
        open,
        semicolons,
    }
}

/// The iterator of [`line()`]: each comment, mark, separator and word of the line, blanks
/// passed over. A comment left open by the lines before comes first, as a
/// [`Piece::Comment`] that starts at 0 (closed when its `}` is on this line); a comment
/// still open at the line's end is the last piece, not closed.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    text: &'a str,
    pos: usize,
    open: bool,
    semicolons: Semicolons,
}

impl Line<'_> {
    /// True when a `{` comment is open at the end of the pieces read so far.
    pub fn open(&self) -> bool {
        self.open
    }
}

impl Iterator for Line<'_> {
    type Item = Lexeme;

    fn next(&mut self) -> Option<Lexeme> {
        let start = self.pos;
        if self.open {
            let (closed, end) = match memchr::memchr(b'}', &self.text.as_bytes()[start..]) {
                Some(e) => (true, start + e + 1),
                None => (false, self.text.len()),
            };
            if start == self.text.len() && !closed {
                return None;
            }
            self.open = !closed;
            self.pos = end;
            return Some(Lexeme {
                piece: Piece::Comment { closed },
                start,
                end,
            });
        }
        let rest = &self.text[start..];
        let blanks = rest.len() - rest.trim_start().len();
        let start = start + blanks;
        let rest = &self.text[start..];
        if rest.is_empty() {
            self.pos = start;
            return None;
        }
        let (piece, len) = match (rest.as_bytes()[0], self.semicolons) {
            (b';', Semicolons::Separators) => (Piece::Separator, 1),
            _ => piece(rest),
        };
        if piece == (Piece::Comment { closed: false }) {
            self.open = true;
        }
        self.pos = start + len;
        Some(Lexeme {
            piece,
            start,
            end: start + len,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str, open: bool) -> Vec<(Piece, &str)> {
        line(text, open, Semicolons::Pgn)
            .map(|l| (l.piece, &text[l.start..l.end]))
            .collect()
    }

    #[test]
    fn a_brace_inside_a_word_opens_a_comment_that_runs_to_the_first_close() {
        assert_eq!(
            pieces("see{p. 40 {a} b}", false),
            [
                (Piece::Word, "see"),
                (Piece::Comment { closed: true }, "{p. 40 {a}"),
                (Piece::Word, "b}"),
            ]
        );
        let mut l = line("1. e4 x{y", false, Semicolons::Pgn);
        assert_eq!(
            l.by_ref().last().map(|l| l.piece),
            Some(Piece::Comment { closed: false })
        );
        assert!(l.open());
    }

    #[test]
    fn a_comment_open_before_the_line_comes_first_and_may_close_on_it() {
        assert_eq!(
            pieces("still} e5 {x", true),
            [
                (Piece::Comment { closed: true }, "still}"),
                (Piece::Word, "e5"),
                (Piece::Comment { closed: false }, "{x"),
            ]
        );
        assert_eq!(pieces("", true), []);
        let mut l = line("no close", true, Semicolons::Pgn);
        assert_eq!(
            l.next().map(|l| l.piece),
            Some(Piece::Comment { closed: false })
        );
        assert!(l.open() && l.next().is_none());
    }

    #[test]
    fn braces_in_a_semicolon_comment_or_a_mark_open_nothing() {
        assert_eq!(
            pieces("e4; see {p [a{b] c", false),
            [
                (Piece::Word, "e4"),
                (Piece::LineComment, "; see {p [a{b] c")
            ]
        );
        assert_eq!(
            pieces("e4 [a{b] ;3 x[y", false),
            [
                (Piece::Word, "e4"),
                (Piece::Mark, "[a{b]"),
                (Piece::Separator, ";"),
                (Piece::Word, "3"),
                (Piece::Word, "x"),
                (Piece::Word, "[y"),
            ]
        );
        let sep: Vec<_> = line("a;{b", false, Semicolons::Separators)
            .map(|l| l.piece)
            .collect();
        assert_eq!(
            sep,
            [
                Piece::Word,
                Piece::Separator,
                Piece::Comment { closed: false }
            ]
        );
    }

    #[test]
    fn a_word_ends_at_a_close_that_closes_nothing_in_it() {
        assert_eq!(piece("best) x"), (Piece::Word, 4));
        assert_eq!(piece("R(QR3)-Q3 x"), (Piece::Word, 9));
    }
}
