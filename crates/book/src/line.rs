//! The lines of a book, as the book reader takes them: each line's text and its 1-based
//! number in the source. A leaf: every stage reads lines, none defines them.

use std::borrow::Cow;

use escriba_notation::lex;
use escriba_resolve::shakmaty::Color;

/// One line of a book, its line ending removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line's text.
    pub text: String,
    /// 1-based line number in the source.
    pub number: usize,
}

/// A move number as printed and the side whose move it introduces: `7.` White's move 7,
/// `7. ...` Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveNo {
    /// The number printed.
    pub number: u32,
    /// The side whose move it introduces.
    pub side: Color,
}

impl MoveNo {
    /// Move `number` of Black when `black`, else of White.
    pub fn new(number: u32, black: bool) -> MoveNo {
        MoveNo {
            number,
            side: if black { Color::Black } else { Color::White },
        }
    }

    /// The number introduces Black's move.
    pub fn black(self) -> bool {
        self.side == Color::Black
    }

    /// Half-moves before this move, from move 1 (see [`ply_of`]).
    pub fn ply(self) -> u32 {
        ply_of(self.number, self.black())
    }
}

/// Half-moves before move `n` of `black` (or White), from move 1.
pub(crate) fn ply_of(n: u32, black: bool) -> u32 {
    // Capped far below u32::MAX: absurd numbers plus a row's moves cannot overflow.
    (n.saturating_sub(1).saturating_mul(2) + u32::from(black)).min(1 << 30)
}

/// The lines of a text held whole in memory (LF line endings), numbered from 1.
pub fn lines_of(text: &str) -> Vec<Line> {
    text.strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .enumerate()
        .map(|(i, t)| Line {
            text: t.to_owned(),
            number: i + 1,
        })
        .collect()
}

/// The byte offset of the first `{` in a row that the row does not close, as the
/// tokenizer reads comments (a `{` inside a word opens one too).
pub(crate) fn unclosed_brace(text: &str) -> Option<usize> {
    let mut at = 0;
    while let Some(i) = text[at..].find('{') {
        let from = at + i;
        match lex::piece(&text[from..]) {
            (lex::Piece::Comment { closed: false }, _) => return Some(from),
            (_, n) => at = from + n.max(1),
        }
    }
    None
}

/// A row with each `{` that the row does not close taken out: read as a comment, such a
/// brace would run on over the rows below to some note's `}` and take their moves, so it
/// is a stray mark of the print or the scan. Offsets keep for every word the brace does not
/// stand in: a brace between words is blanked, and one inside a word (`B-{B1`) goes, the
/// word closed up and a blank put after it (`B-B1 `), so the word still starts where it did.
pub(crate) fn without_stray_brace(text: &str) -> Cow<'_, str> {
    let Some(mut at) = unclosed_brace(text) else {
        return Cow::Borrowed(text);
    };
    let mut out = text.to_owned();
    loop {
        let word_goes_on = out[..at].ends_with(|c: char| !c.is_whitespace());
        let tail = &out[at + 1..];
        let end = tail.find(char::is_whitespace).unwrap_or(tail.len());
        if word_goes_on && end > 0 {
            let word = tail[..end].to_owned();
            out.replace_range(at..at + 1 + end, &format!("{word} "));
        } else {
            out.replace_range(at..at + 1, " ");
        }
        match unclosed_brace(&out) {
            Some(next) => at = next,
            None => return Cow::Owned(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_stray_open_brace_goes_and_its_words_keep_their_starts() {
        assert_eq!(without_stray_brace("20. PxKt   B-{B1"), "20. PxKt   B-B1 ");
        assert_eq!(without_stray_brace("20. PxKt {  B-B1"), "20. PxKt    B-B1");
        assert_eq!(without_stray_brace("20. PxKt   {B-B1"), "20. PxKt    B-B1");
        assert_eq!(unclosed_brace("20. PxKt   B-{B1"), Some(13));
        assert_eq!(unclosed_brace("{207} 20. PxKt"), None);
    }
}
