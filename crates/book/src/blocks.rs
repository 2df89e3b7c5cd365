//! Multi-line blocks of a book, found before the lines are grouped: a footnote runs to its
//! closing bracket or its paragraph's end, and a diagram takes its rows, its captions and
//! its figure's number. A leaf: it reads line kinds only.

use escriba_notation::Dialect;

use super::classify::{HeadingKind, LineKind, classify_words};
use super::diagram;
use crate::line::Line;

/// Ends of multi-line blocks: footnotes (to their closing bracket or paragraph end) and
/// diagrams (rows with their captions). Lines of a diagram that does not read lose their
/// diagram kind.
pub(super) fn blocks(
    lines: &[Line],
    kinds: &mut [LineKind],
    dialect: Dialect,
) -> Vec<Option<usize>> {
    let n = lines.len();
    let mut end: Vec<Option<usize>> = vec![None; n];
    let mut i = 0;
    while i < n {
        match &kinds[i] {
            LineKind::Footnote { .. } => {
                let bracketed = lines[i].text.trim_start().starts_with("[Footnote");
                let mut depth = 0i32;
                let mut j = i;
                loop {
                    let t = &lines[j].text;
                    if bracketed {
                        depth += t.matches('[').count() as i32 - t.matches(']').count() as i32;
                        if depth <= 0 {
                            break;
                        }
                    }
                    if j + 1 >= n || j - i >= 60 {
                        break;
                    }
                    if !bracketed && lines[j + 1].text.trim().is_empty() {
                        break;
                    }
                    if bracketed && lines[j + 1].text.trim().is_empty() && depth <= 0 {
                        break;
                    }
                    j += 1;
                }
                // A figure's number inside a footnote (`No. 10.` over its diagram) is
                // the note's text, not a game's heading.
                for k in i + 1..=j {
                    if kinds[k] == LineKind::Heading(HeadingKind::Game)
                        && diagram::is_number(lines[k].text.trim())
                    {
                        kinds[k] = LineKind::Prose;
                    }
                }
                end[i] = Some(j);
                i = j + 1;
            }
            LineKind::Diagram => {
                // A rank of empty squares (`. . . . . . . .`) reads as a separator alone.
                let board_line = |k: usize, kinds: &[LineKind]| {
                    kinds[k] == LineKind::Diagram
                        || kinds[k] == LineKind::Separator
                            && (diagram::is_board_row(lines[k].text.trim())
                                || diagram::is_rule(lines[k].text.trim()))
                };
                let mut top = i;
                while top > 0 && board_line(top - 1, kinds) {
                    top -= 1;
                }
                let mut j = i;
                while j + 1 < n && board_line(j + 1, kinds) {
                    j += 1;
                }
                // Captions over and under the board: the side at that edge (`BLACK.`),
                // the diagram's number (`Diag. 101.`), over blank lines.
                let caption = |k: usize| {
                    let t = lines[k].text.trim();
                    diagram::caption_color(t).is_some() || diagram::is_caption(t)
                };
                let mut from = top;
                while from > 0 && from + 3 > top && caption(from - 1) {
                    from -= 1;
                }
                // The diagram's number over its caption (`No. 1.`), over blank lines and
                // marks of a character or two.
                let mut k = from;
                let mut number = None;
                while k > 0 && from - k < 4 {
                    let t = lines[k - 1].text.trim();
                    if diagram::is_number(t) {
                        number = Some(k - 1);
                        from = k - 1;
                        break;
                    }
                    if t.chars().count() > 2 && !caption(k - 1) {
                        break;
                    }
                    k -= 1;
                }
                let mut to = j;
                while to + 1 < n && to < j + 2 && caption(to + 1) {
                    to += 1;
                }
                let texts: Vec<&str> = lines[from..=to].iter().map(|l| l.text.as_str()).collect();
                if diagram::parse(&texts, dialect).is_ok() {
                    kinds[from..=to].fill(LineKind::Diagram);
                    end[from] = Some(to);
                } else {
                    // A lone line that read as a board's row (`8 P x P  P x P`, rank 8 of no
                    // board) is classified again by its words: a table's row stays one.
                    for k in top..=j {
                        if kinds[k] == LineKind::Diagram {
                            kinds[k] = match classify_words(&lines[k].text, dialect) {
                                row @ LineKind::MoveRow(_) if top == j => row,
                                _ => LineKind::Prose,
                            };
                        }
                    }
                    // A figure's number (`No. 4.` over a drawing of a man's moves) is no
                    // game's heading.
                    if let Some(k) = number
                        && kinds[k] == LineKind::Heading(HeadingKind::Game)
                    {
                        kinds[k] = LineKind::Prose;
                    }
                }
                i = to + 1;
            }
            _ => i += 1,
        }
    }
    end
}
