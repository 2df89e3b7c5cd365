//! Diagrams inside games: the position after a ply, in the drawings transcribers type —
//! boxed with `-` and `|` rules, ruled above and below, or bare; the black men in lower
//! case, `#R`, `^P`, `*R` or `(R)`; rank numbers and file letters around them or not;
//! `BLACK.`/`WHITE.` above and below, and a caption.

use escriba_resolve::shakmaty::{Board, Color, File, Rank, Role, Square};

use super::rng::Rng;

/// The frame of a drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    /// `+---+---+` rules and `|` between the cells.
    Boxed,
    /// A rule above and below, `|` at the sides.
    Ruled,
    /// Cells separated by blanks only.
    Bare,
}

/// How a black man is told from a white one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `r`, `kt`.
    Lower,
    /// `#R`.
    Hash,
    /// `^P`.
    Caret,
    /// `*R`.
    Star,
    /// `(R)`.
    Paren,
}

/// One drawing: a frame and a black mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Drawing {
    /// The frame.
    pub frame: Frame,
    /// The black mark.
    pub mark: Mark,
}

impl Drawing {
    /// Every drawing.
    pub fn all() -> Vec<Drawing> {
        let mut v = Vec::new();
        for frame in [Frame::Boxed, Frame::Ruled, Frame::Bare] {
            for mark in [
                Mark::Lower,
                Mark::Hash,
                Mark::Caret,
                Mark::Star,
                Mark::Paren,
            ] {
                v.push(Drawing { frame, mark });
            }
        }
        v
    }

    /// The label in the reference PGN and the report: `boxed-hash`.
    pub fn label(self) -> String {
        let f = match self.frame {
            Frame::Boxed => "boxed",
            Frame::Ruled => "ruled",
            Frame::Bare => "bare",
        };
        let m = match self.mark {
            Mark::Lower => "lower",
            Mark::Hash => "hash",
            Mark::Caret => "caret",
            Mark::Star => "star",
            Mark::Paren => "paren",
        };
        format!("{f}-{m}")
    }
}

fn letter(role: Role, spanish: bool, knight_n: bool) -> &'static str {
    match (role, spanish) {
        (Role::King, false) => "K",
        (Role::Queen, false) => "Q",
        (Role::Rook, false) => "R",
        (Role::Bishop, false) => "B",
        (Role::Knight, false) => {
            if knight_n {
                "N"
            } else {
                "Kt"
            }
        }
        (Role::Pawn, false) => "P",
        (Role::King, true) => "R",
        (Role::Queen, true) => "D",
        (Role::Rook, true) => "T",
        (Role::Bishop, true) => "A",
        (Role::Knight, true) => "C",
        (Role::Pawn, true) => "P",
    }
}

/// The board drawn as `drawing`, White at the bottom, with `number` in its caption.
pub fn draw(
    rng: &mut Rng,
    board: &Board,
    drawing: Drawing,
    number: usize,
    spanish: bool,
    knight_n: bool,
) -> Vec<String> {
    let empty = match drawing.frame {
        Frame::Boxed => "",
        _ => *rng.pick(&[".", "-"]),
    };
    let cells = cells(board, drawing.mark, empty, spanish, knight_n);
    let width = cells
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let labels = rng.chance(40);
    let captions = rng.chance(50);
    let indent = " ".repeat(rng.range(2, 12));
    let grid_rule = format!("+{}", format!("{}+", "-".repeat(width + 2)).repeat(8));
    let inner_rows = drawing.frame == Frame::Boxed && rng.chance(50);
    let rows = board_rows(&cells, drawing.frame, width, labels, inner_rows, &grid_rule);
    let rule = match drawing.frame {
        Frame::Boxed => Some(grid_rule),
        Frame::Ruled => Some("-".repeat(rows.last().map_or(10, |r| r.len() - 2 * labels as usize))),
        Frame::Bare => None,
    };
    let mut out = Vec::new();
    let (bl, wh) = if spanish {
        ("NEGRAS.", "BLANCAS.")
    } else {
        ("BLACK.", "WHITE.")
    };
    let centre = " ".repeat(rows[0].len() / 2);
    if captions {
        out.push(format!("{indent}{centre}{bl}"));
    }
    let lab = if labels { "  " } else { "" };
    if let Some(r) = &rule {
        out.push(format!("{indent}{lab}{r}"));
    }
    out.extend(rows.into_iter().map(|r| format!("{indent}{r}")));
    if let Some(r) = &rule {
        out.push(format!("{indent}{lab}{r}"));
    }
    if labels {
        out.push(format!("{indent}{}", file_letters(drawing.frame, width)));
    }
    if captions {
        out.push(format!("{indent}{centre}{wh}"));
    }
    let caption = caption(rng, number, spanish);
    out.push(format!("{indent}{centre}{caption}"));
    out
}

/// The cells of the board, rank 8 first, each the man's letter (marked when black) or
/// `empty`.
fn cells(
    board: &Board,
    mark: Mark,
    empty: &str,
    spanish: bool,
    knight_n: bool,
) -> Vec<Vec<String>> {
    let cell = |sq: Square| -> String {
        match board.piece_at(sq) {
            None => empty.to_owned(),
            Some(p) => {
                let l = letter(p.role, spanish, knight_n);
                if p.color == Color::White {
                    l.to_owned()
                } else {
                    match mark {
                        Mark::Lower => l.to_lowercase(),
                        Mark::Hash => format!("#{l}"),
                        Mark::Caret => format!("^{l}"),
                        Mark::Star => format!("*{l}"),
                        Mark::Paren => format!("({l})"),
                    }
                }
            }
        }
    };
    Rank::ALL
        .iter()
        .rev()
        .map(|&r| {
            File::ALL
                .iter()
                .map(|&f| cell(Square::from_coords(f, r)))
                .collect()
        })
        .collect()
}

/// The ranks drawn in `frame`, cells centred in `width`, with their numbers when `labels`
/// and `grid_rule` between them when `inner_rows`.
fn board_rows(
    cells: &[Vec<String>],
    frame: Frame,
    width: usize,
    labels: bool,
    inner_rows: bool,
    grid_rule: &str,
) -> Vec<String> {
    let pad = |c: &str| format!("{c:^w$}", w = width);
    let mut rows = Vec::new();
    for (i, row) in cells.iter().enumerate() {
        let body = match frame {
            Frame::Boxed => format!(
                "|{}|",
                row.iter()
                    .map(|c| format!(" {} ", pad(c)))
                    .collect::<Vec<_>>()
                    .join("|")
            ),
            Frame::Ruled => format!(
                "| {} |",
                row.iter().map(|c| pad(c)).collect::<Vec<_>>().join(" ")
            ),
            Frame::Bare => row.iter().map(|c| pad(c)).collect::<Vec<_>>().join(" "),
        };
        let body = if labels {
            format!("{} {body}", 8 - i)
        } else {
            body
        };
        rows.push(body);
        if inner_rows && i < 7 {
            rows.push(if labels {
                format!("  {grid_rule}")
            } else {
                grid_rule.to_owned()
            });
        }
    }
    rows
}

/// The file letters `a` to `h` under the columns of a `frame` drawing of cells `width` wide.
fn file_letters(frame: Frame, width: usize) -> String {
    let step = match frame {
        Frame::Boxed => width + 3,
        _ => width + 1,
    };
    let first = match frame {
        Frame::Boxed => 2 + 1 + width / 2,
        Frame::Ruled => 2 + 2 + width / 2,
        Frame::Bare => 2 + width / 2,
    };
    let mut files = " ".repeat(first);
    for (i, f) in ('a'..='h').enumerate() {
        if i > 0 {
            files.push_str(&" ".repeat(step - 1));
        }
        files.push(f);
    }
    files
}

/// The caption under diagram `number`, in one of the wordings books use.
fn caption(rng: &mut Rng, number: usize, spanish: bool) -> String {
    if spanish {
        match rng.below(2) {
            0 => format!("Diagrama {number}."),
            _ => format!("(Diagrama núm. {number}.)"),
        }
    } else {
        match rng.below(3) {
            0 => format!("Diag. {number}."),
            1 => format!("DIAGRAM {number}."),
            _ => format!("(Diagram No. {number}.)"),
        }
    }
}
