//! Diagrams inside games: the position after a ply, in the drawings transcribers type —
//! boxed with `-` and `|` rules, ruled above and below, or bare; the black men in lower
//! case, `#R`, `^P`, `*R`, `R*`, `(R)` or `[R]`, or each side with its own mark (`^R`
//! White's and `#R` Black's, `wR` and `bR`), or figurines; rank numbers and file letters
//! around them or not, the board printed from White's side or from Black's;
//! `BLACK.`/`WHITE.` above and below, and a caption.

use escriba_resolve::shakmaty::{Board, Color, File, Rank, Role, Square};

use escriba_testkit::Rng;

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
    /// `R*`.
    StarAfter,
    /// `[R]`.
    Bracket,
    /// A mark for each side: `^R` White's, `#R` Black's.
    CaretHash,
    /// `wR` and `bR`.
    Side,
    /// `♖` and `♜`.
    Figurine,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 10] = [
        Mark::Lower,
        Mark::Hash,
        Mark::Caret,
        Mark::Star,
        Mark::Paren,
        Mark::StarAfter,
        Mark::Bracket,
        Mark::CaretHash,
        Mark::Side,
        Mark::Figurine,
    ];

    /// A man of `color` whose letter is `l` (its `role`, for a figurine).
    fn man(self, l: &str, role: Role, color: Color) -> String {
        let white = color == Color::White;
        match (self, white) {
            (Mark::Figurine, _) => figurine(role, color).to_string(),
            (Mark::CaretHash, true) => format!("^{l}"),
            (Mark::CaretHash, false) => format!("#{l}"),
            (Mark::Side, true) => format!("w{l}"),
            (Mark::Side, false) => format!("b{l}"),
            (_, true) => l.to_owned(),
            (Mark::Lower, false) => l.to_lowercase(),
            (Mark::Hash, false) => format!("#{l}"),
            (Mark::Caret, false) => format!("^{l}"),
            (Mark::Star, false) => format!("*{l}"),
            (Mark::Paren, false) => format!("({l})"),
            (Mark::StarAfter, false) => format!("{l}*"),
            (Mark::Bracket, false) => format!("[{l}]"),
        }
    }

    fn label(self) -> &'static str {
        match self {
            Mark::Lower => "lower",
            Mark::Hash => "hash",
            Mark::Caret => "caret",
            Mark::Star => "star",
            Mark::Paren => "paren",
            Mark::StarAfter => "star-after",
            Mark::Bracket => "bracket",
            Mark::CaretHash => "caret-hash",
            Mark::Side => "side",
            Mark::Figurine => "figurine",
        }
    }
}

/// The figurine of a man.
fn figurine(role: Role, color: Color) -> char {
    let k = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    let base = if color == Color::White {
        0x2654
    } else {
        0x265A
    };
    char::from_u32(base + k).expect("a chess figurine")
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
            for mark in Mark::ALL {
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
        format!("{f}-{}", self.mark.label())
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

/// The board drawn as `drawing`, with `number` in its caption: White at the bottom, or,
/// where rank numbers and file letters or `WHITE.`/`BLACK.` captions say so, now and then
/// printed from Black's side.
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
    let labels = rng.chance(40);
    let captions = rng.chance(50);
    let flipped = (labels || captions) && rng.chance(25);
    let cells = cells(board, drawing.mark, empty, (spanish, knight_n), flipped);
    let width = cells
        .iter()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let indent = " ".repeat(rng.range(2, 12));
    let grid_rule = format!("+{}", format!("{}+", "-".repeat(width + 2)).repeat(8));
    let inner_rows = drawing.frame == Frame::Boxed && rng.chance(50);
    let ranks = labels.then_some(flipped);
    let rows = board_rows(&cells, drawing.frame, width, ranks, inner_rows, &grid_rule);
    let rule = match drawing.frame {
        Frame::Boxed => Some(grid_rule),
        Frame::Ruled => Some(
            "-".repeat(
                rows.last()
                    .map_or(10, |r| r.chars().count() - 2 * labels as usize),
            ),
        ),
        Frame::Bare => None,
    };
    let mut out = Vec::new();
    let (mut bl, mut wh) = if spanish {
        ("NEGRAS.", "BLANCAS.")
    } else {
        ("BLACK.", "WHITE.")
    };
    if flipped {
        (bl, wh) = (wh, bl);
    }
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
        out.push(format!(
            "{indent}{}",
            file_letters(drawing.frame, width, flipped)
        ));
    }
    if captions {
        out.push(format!("{indent}{centre}{wh}"));
    }
    let caption = caption(rng, number, spanish);
    out.push(format!("{indent}{centre}{caption}"));
    out
}

/// The cells of the board, the top row first (rank 8, or rank 1 when `flipped`), each the
/// man as `mark` draws it or `empty`; `(spanish, knight_n)` choose the letters.
fn cells(
    board: &Board,
    mark: Mark,
    empty: &str,
    (spanish, knight_n): (bool, bool),
    flipped: bool,
) -> Vec<Vec<String>> {
    let cell = |sq: Square| -> String {
        match board.piece_at(sq) {
            None => empty.to_owned(),
            Some(p) => mark.man(letter(p.role, spanish, knight_n), p.role, p.color),
        }
    };
    let mut ranks = Rank::ALL.to_vec();
    let mut files = File::ALL.to_vec();
    if flipped {
        files.reverse();
    } else {
        ranks.reverse();
    }
    ranks
        .iter()
        .map(|&r| {
            files
                .iter()
                .map(|&f| cell(Square::from_coords(f, r)))
                .collect()
        })
        .collect()
}

/// The ranks drawn in `frame`, cells centred in `width`, with their numbers when `ranks`
/// is `Some(flipped)` (`1` at the top when flipped) and `grid_rule` between them when
/// `inner_rows`.
fn board_rows(
    cells: &[Vec<String>],
    frame: Frame,
    width: usize,
    ranks: Option<bool>,
    inner_rows: bool,
    grid_rule: &str,
) -> Vec<String> {
    let labels = ranks.is_some();
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
        let body = match ranks {
            Some(false) => format!("{} {body}", 8 - i),
            Some(true) => format!("{} {body}", i + 1),
            None => body,
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

/// The file letters `a` to `h` (`h` to `a` when `flipped`) under the columns of a `frame`
/// drawing of cells `width` wide.
fn file_letters(frame: Frame, width: usize, flipped: bool) -> String {
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
    let mut letters: Vec<char> = ('a'..='h').collect();
    if flipped {
        letters.reverse();
    }
    for (i, f) in letters.into_iter().enumerate() {
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
