//! Multi-line blocks of a book, found before the lines are grouped: a footnote runs to its
//! closing bracket or its paragraph's end, and a diagram takes its rows, its captions and
//! its figure's number, and is read here, once. A leaf: it reads line kinds only.

use escriba_notation::Dialect;

use super::classify::{HeadingKind, LineKind, classify_words};
use super::diagram::{self, Diagram};
use crate::line::Line;

/// A multi-line block that starts at a line: its last line, and for a diagram the board
/// it reads as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Block {
    /// A footnote, to line `to` (inclusive).
    Footnote {
        /// Index of the note's last line.
        to: usize,
    },
    /// A diagram that reads, to line `to` (inclusive).
    Diagram {
        /// Index of the diagram's last line (its captions included).
        to: usize,
        /// What the diagram reads as.
        diagram: Diagram,
    },
}

impl Block {
    /// The block's last line.
    pub(crate) fn to(&self) -> usize {
        match self {
            Block::Footnote { to } | Block::Diagram { to, .. } => *to,
        }
    }
}

/// The multi-line blocks of a book, each at its first line: footnotes (to their closing
/// bracket or paragraph end) and diagrams (rows with their captions). Lines of a diagram
/// that does not read lose their diagram kind.
pub(super) fn blocks(
    lines: &[Line],
    kinds: &mut [LineKind],
    dialect: Dialect,
) -> Vec<Option<Block>> {
    let n = lines.len();
    let mut out: Vec<Option<Block>> = vec![None; n];
    let mut i = 0;
    while i < n {
        match &kinds[i] {
            LineKind::Footnote { .. } => {
                let to = footnote_end(lines, kinds, i);
                out[i] = Some(Block::Footnote { to });
                i = to + 1;
            }
            LineKind::Diagram => {
                let (from, to, read) = diagram_block(lines, kinds, i, dialect);
                if let Some(diagram) = read {
                    out[from] = Some(Block::Diagram { to, diagram });
                }
                i = to + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The last line of the footnote that opens at line `i`: its closing bracket, or its
/// paragraph's end (60 lines at most). A figure's number inside it (`No. 10.` over its
/// diagram) becomes the note's text, not a game's heading.
fn footnote_end(lines: &[Line], kinds: &mut [LineKind], i: usize) -> usize {
    let n = lines.len();
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
    for k in i + 1..=j {
        if kinds[k] == LineKind::Heading(HeadingKind::Game)
            && diagram::is_number(lines[k].text.trim())
        {
            kinds[k] = LineKind::Prose;
        }
    }
    j
}

/// A caption over or under a board: the side at that edge (`BLACK.`) or the diagram's
/// number (`Diag. 101.`).
fn is_caption_line(line: &Line) -> bool {
    let t = line.text.trim();
    diagram::caption_color(t).is_some() || diagram::is_caption(t)
}

/// The diagram around line `i`, a diagram row: its first and last lines with their
/// captions and number, and the diagram when it reads. The lines of one that does not
/// read are classified again.
fn diagram_block(
    lines: &[Line],
    kinds: &mut [LineKind],
    i: usize,
    dialect: Dialect,
) -> (usize, usize, Option<Diagram>) {
    let (top, j) = board_rows(lines, kinds, i);
    let (from, to, number) = with_captions(lines, top, j);
    let texts: Vec<&str> = lines[from..=to].iter().map(|l| l.text.as_str()).collect();
    match diagram::parse(&texts, dialect) {
        Ok(d) => {
            kinds[from..=to].fill(LineKind::Diagram);
            (from, to, Some(d))
        }
        Err(_) => {
            unread_board(lines, kinds, (top, j), number, dialect);
            (from, to, None)
        }
    }
}

/// The board's rows around line `i`: the first and last of the lines next to it that are
/// diagram rows (a rank of empty squares, `. . . . . . . .`, reads as a separator alone).
fn board_rows(lines: &[Line], kinds: &[LineKind], i: usize) -> (usize, usize) {
    let n = lines.len();
    let board_line = |k: usize| {
        kinds[k] == LineKind::Diagram
            || kinds[k] == LineKind::Separator
                && (diagram::is_board_row(lines[k].text.trim())
                    || diagram::is_rule(lines[k].text.trim()))
    };
    let mut top = i;
    while top > 0 && board_line(top - 1) {
        top -= 1;
    }
    let mut j = i;
    while j + 1 < n && board_line(j + 1) {
        j += 1;
    }
    (top, j)
}

/// The board's rows `top..=j` with the captions over and under them (over blank lines),
/// and the diagram's number over its caption (`No. 1.`, over blank lines and marks of a
/// character or two): the first and last lines, and the number's line.
fn with_captions(lines: &[Line], top: usize, j: usize) -> (usize, usize, Option<usize>) {
    let n = lines.len();
    let mut from = top;
    while from > 0 && from + 3 > top && is_caption_line(&lines[from - 1]) {
        from -= 1;
    }
    let mut k = from;
    let mut number = None;
    while k > 0 && from - k < 4 {
        let t = lines[k - 1].text.trim();
        if diagram::is_number(t) {
            number = Some(k - 1);
            from = k - 1;
            break;
        }
        if t.chars().count() > 2 && !is_caption_line(&lines[k - 1]) {
            break;
        }
        k -= 1;
    }
    let mut to = j;
    while to + 1 < n && to < j + 2 && is_caption_line(&lines[to + 1]) {
        to += 1;
    }
    (from, to, number)
}

/// The rows `top..=j` of a board that does not read. A lone line that read as a board's
/// row (`8 P x P  P x P`, rank 8 of no board) is classified again by its words: a table's
/// row stays one, anything else is prose. A figure's number over it (`No. 4.` over a
/// drawing of a man's moves) is no game's heading.
fn unread_board(
    lines: &[Line],
    kinds: &mut [LineKind],
    (top, j): (usize, usize),
    number: Option<usize>,
    dialect: Dialect,
) {
    for k in top..=j {
        if kinds[k] == LineKind::Diagram {
            kinds[k] = match classify_words(&lines[k].text, dialect) {
                row @ LineKind::MoveRow(_) if top == j => row,
                _ => LineKind::Prose,
            };
        }
    }
    if let Some(k) = number
        && kinds[k] == LineKind::Heading(HeadingKind::Game)
    {
        kinds[k] = LineKind::Prose;
    }
}
