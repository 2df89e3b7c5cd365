//! Tables printed one token a line: the move number alone (`1.`, `6. ...`), then White's
//! move, then Black's, each on a line of its own.
//!
//! Read one at a time, a move number alone on a line is no row (it holds no move) and
//! could be a heading (`12.` over a game). What follows tells them apart: a move number
//! of such a table is followed by a line that holds one move and nothing else (over blank
//! lines and page marks), a heading by its header lines or a table that starts with its
//! own move number. [`numbers_over_moves`] gives the move numbers that stand over a move
//! the kind of a numbered row, so that the table reader takes the number and the moves
//! under it as one table; White's number alone between blank lines over anything else is
//! a game's heading, whose header lines (players, event, odds) then belong to its game.

use escriba_notation::Dialect;

use super::classify::{HeadingKind, LineKind, RowShape, blank_ocr_marks, row_shape};
use crate::line::Line;

/// The longest line that can be a move number alone (`123. ...` with blanks around).
const MAX_NUMBER_LINE: usize = 16;

/// Lines that read as the shape of a move number and nothing else: `1.`, `6. ...`, `6...`.
fn number_alone(text: &str, kind: &LineKind, dialect: Dialect) -> Option<RowShape> {
    // A number alone is prose or a heading line by itself; a row or anything else is not
    // a number alone.
    if !matches!(kind, LineKind::Prose | LineKind::Heading(_))
        || !text
            .trim_start()
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_digit)
    {
        return None;
    }
    // A digitizer's mark beside the number (`26. [merged small]`) is no stray word.
    let text = blank_ocr_marks(text);
    if text.trim().len() > MAX_NUMBER_LINE {
        return None;
    }
    let s = row_shape(&text, dialect);
    (s.numbered && s.number.is_some() && s.moves == 0 && s.unknown == 0 && !s.result).then_some(s)
}

/// A line that holds one move and nothing else: no move number, no stray word.
fn one_move(kind: &LineKind) -> bool {
    matches!(kind, LineKind::MoveRow(s)
        if s.number.is_none() && s.moves == 1 && s.unknown == 0 && s.second.is_none())
}

/// Marks each move number alone on a line that stands over a line of one move (over blank
/// lines and page marks) as a numbered row holding no move: the first line of a move of a
/// table printed one token a line. A number alone between blank lines over anything else
/// is a game's heading.
pub fn numbers_over_moves(lines: &[Line], kinds: &mut [LineKind], dialect: Dialect) {
    for i in 0..lines.len() {
        let Some(shape) = number_alone(&lines[i].text, &kinds[i], dialect) else {
            continue;
        };
        let next = (i + 1..lines.len())
            .find(|&k| !matches!(kinds[k], LineKind::Blank | LineKind::PageMark));
        if next.is_some_and(|k| one_move(&kinds[k])) {
            kinds[i] = LineKind::MoveRow(shape);
        } else if kinds[i] == LineKind::Prose && heading_apart(kinds, i, shape) {
            kinds[i] = LineKind::Heading(HeadingKind::Game);
        }
    }
}

/// The number alone at line `i` (not over a move) is a game's heading (`12.`): White's
/// number, between blank lines (or the start of the text).
fn heading_apart(kinds: &[LineKind], i: usize, shape: RowShape) -> bool {
    let blank = |k: Option<&LineKind>| k.is_none_or(|k| *k == LineKind::Blank);
    shape.number.is_some_and(|n| !n.black())
        && blank(i.checked_sub(1).and_then(|k| kinds.get(k)))
        && kinds.get(i + 1) == Some(&LineKind::Blank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::classify;
    use escriba_notation::DescLang;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    fn kinds(text: &str) -> Vec<LineKind> {
        let lines = crate::line::lines_of(text);
        let mut kinds: Vec<LineKind> = lines.iter().map(|l| classify(&l.text, EN)).collect();
        numbers_over_moves(&lines, &mut kinds, EN);
        kinds
    }

    fn number_of(k: &LineKind) -> Option<(u32, bool)> {
        match k {
            LineKind::MoveRow(s) if s.moves == 0 => s.number.map(|n| (n.number, n.black())),
            _ => None,
        }
    }

    #[test]
    fn a_number_over_a_move_is_a_row_and_a_heading_over_a_table_is_not() {
        let k = kinds(
            "  1.\n  P-K4\n  P-K4\n  2. [merged small]\n\n{12}\n  Kt-KB3\n  6. ...\n  B-B4\n",
        );
        assert_eq!(number_of(&k[0]), Some((1, false)));
        assert_eq!(number_of(&k[3]), Some((2, false)), "{:?}", k[3]);
        assert_eq!(number_of(&k[7]), Some((6, true)));
        // `12.` over a header and a table of its own is a game's heading, between blank
        // lines; under a line of text, or in a note, it is what it was.
        let k = kinds("12.\n\nWhite: Mason.  Black: Bird.\n\n 1. P-K4   P-K4\n");
        assert_eq!(k[0], LineKind::Heading(HeadingKind::Game));
        let k = kinds("The game.\n12.\n\nWhite: Mason.  Black: Bird.\n");
        assert_eq!(k[1], LineKind::Prose);
        let k = kinds("12.\n 1. P-K4   P-K4\n 2. Kt-KB3  Kt-QB3\n");
        assert_eq!(number_of(&k[0]), None);
        // Over a line of prose, or over a number, a number is no row either.
        let k = kinds("3.\nThe game was drawn.\n4.\n5.\nP-K4\n");
        assert_eq!(number_of(&k[0]), None);
        assert_eq!(number_of(&k[2]), None);
        assert_eq!(number_of(&k[3]), Some((5, false)));
    }
}
