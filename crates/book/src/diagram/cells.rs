//! The cells of a diagram's rows: an empty square, or a man with the sign that tells its
//! side (a mark before or after its letter, brackets, case, a figurine).

use escriba_resolve::shakmaty::{Color, Role};

/// Signs set before or after a man's letter to tell its side (`#R`, `^P`, `*R`, `R*`,
/// `R'`); which side each stands for is read from the diagram, not from the sign.
pub(super) const MARKS: [char; 7] = ['*', '#', '^', '\'', '@', '°', '~'];
/// Brackets around a man's letter (`(R)`, `[R]`, `<R>`): opening and closing.
const BRACKETS: [(char, char); 3] = [('(', ')'), ('[', ']'), ('<', '>')];
/// Cells that stand for an empty square (light or dark).
const EMPTY_CELLS: [&str; 14] = [
    "", ".", "-", "_", ":", "#", "*", "..", "--", "·", "□", "■", "◻", "◼",
];

/// What sets a man's side apart in a drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Sign {
    /// Nothing: an upper-case letter (`R`, `Kt`).
    Plain,
    /// A lower-case letter (`r`, `kt`).
    Lower,
    /// A sign before or after the letter (`#R`, `R*`).
    Marked(char),
    /// The letter in brackets: the opening one (`(R)`).
    Bracketed(char),
    /// `w` or `b` before the letter (`wK`, `bP`): the side itself.
    Side(Color),
    /// A chess figurine (`♔`, `♚`): the side itself.
    Figurine(Color),
    /// A man of a chess font's diagram, its side by the letter's case (the `font` module).
    Font(Color),
}

impl Sign {
    /// The sign as a reader would name it: `#R`, `(R)`, lower case.
    pub(super) fn describe(self) -> String {
        match self {
            Sign::Plain => "upper case".to_owned(),
            Sign::Lower => "lower case".to_owned(),
            Sign::Marked(c) => format!("`{c}`"),
            Sign::Bracketed(c) => {
                let close = BRACKETS.iter().find(|b| b.0 == c).map_or(c, |b| b.1);
                format!("`{c}{close}`")
            }
            Sign::Side(Color::White) => "`w`".to_owned(),
            Sign::Side(Color::Black) => "`b`".to_owned(),
            Sign::Figurine(_) => "figurines".to_owned(),
            Sign::Font(_) => "a chess font's letters by case".to_owned(),
        }
    }

    /// The side the sign names by itself, if it names one.
    pub(super) fn side(self) -> Option<Color> {
        match self {
            Sign::Side(c) | Sign::Figurine(c) | Sign::Font(c) => Some(c),
            _ => None,
        }
    }
}

/// A man in a cell: its letter as printed (or its role, for a figurine) and its sign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Man {
    /// The piece letter or letters (`R`, `Kt`, `p`).
    pub letter: String,
    /// The role a figurine shows.
    pub role: Option<Role>,
    /// What tells its side.
    pub sign: Sign,
}

/// One cell of a board row: empty, or a man.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Cell {
    Empty,
    Man(Man),
}

/// The roles in the order of the figurines and of a notation's letters: K Q R B N P.
pub(super) const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The side and role of a chess figurine.
fn figurine(c: char) -> Option<(Color, Role)> {
    let k = u32::from(c).checked_sub(0x2654)?;
    let color = if k < 6 { Color::White } else { Color::Black };
    ROLES
        .get((k % 6) as usize)
        .filter(|_| k < 12)
        .map(|&r| (color, r))
}

/// A man's letter: one letter, or `Kt` in any case.
fn is_letter(s: &str) -> bool {
    s.chars().count() == 1 && s.chars().all(char::is_alphabetic) || s.eq_ignore_ascii_case("kt")
}

/// The sign of a bare letter: its case.
fn case_sign(letter: &str) -> Sign {
    if letter.chars().all(char::is_lowercase) {
        Sign::Lower
    } else {
        Sign::Plain
    }
}

fn man(letter: &str, sign: Sign) -> Cell {
    Cell::Man(Man {
        letter: letter.to_owned(),
        role: None,
        sign,
    })
}

/// Reads one cell: an empty square's mark, a figurine, a bracketed letter, `w`/`b` and a
/// letter, a letter with a mark before or after it, or a bare letter.
pub(super) fn cell(raw: &str) -> Option<Cell> {
    let t = raw.trim();
    if EMPTY_CELLS.contains(&t) {
        return Some(Cell::Empty);
    }
    let chars: Vec<char> = t.chars().collect();
    if let [c] = chars[..]
        && let Some((color, role)) = figurine(c)
    {
        return Some(Cell::Man(Man {
            letter: String::new(),
            role: Some(role),
            sign: Sign::Figurine(color),
        }));
    }
    let (first, last) = (*chars.first()?, *chars.last()?);
    let inner = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    if chars.len() >= 3
        && BRACKETS.contains(&(first, last))
        && is_letter(&inner(1, chars.len() - 1))
    {
        return Some(man(&inner(1, chars.len() - 1), Sign::Bracketed(first)));
    }
    if matches!(first, 'w' | 'b')
        && chars
            .get(1)
            .is_some_and(|&l| l.is_uppercase() && is_piece_letter(l))
        && is_letter(&inner(1, chars.len()))
    {
        let color = if first == 'w' {
            Color::White
        } else {
            Color::Black
        };
        return Some(man(&inner(1, chars.len()), Sign::Side(color)));
    }
    if chars.len() >= 2 && MARKS.contains(&first) && is_letter(&inner(1, chars.len())) {
        return Some(man(&inner(1, chars.len()), Sign::Marked(first)));
    }
    if chars.len() >= 2 && MARKS.contains(&last) && is_letter(&inner(0, chars.len() - 1)) {
        return Some(man(&inner(0, chars.len() - 1), Sign::Marked(last)));
    }
    if is_letter(t) {
        return Some(man(t, case_sign(t)));
    }
    damaged_cell(t)
}

/// A cell whose marks the print or the OCR garbled (`(R`, `*R)`): its letter, and the
/// first mark or bracket in it as its sign.
fn damaged_cell(t: &str) -> Option<Cell> {
    let letter: String = t.chars().filter(|c| c.is_alphabetic()).collect();
    let opening = |c: &char| MARKS.contains(c) || BRACKETS.iter().any(|b| b.0 == *c);
    let ok = is_letter(&letter)
        && t.chars()
            .all(|c| c.is_alphabetic() || opening(&c) || BRACKETS.iter().any(|b| b.1 == c));
    let sign = match t.chars().find(opening) {
        Some(c) if MARKS.contains(&c) => Sign::Marked(c),
        Some(c) => Sign::Bracketed(c),
        None => case_sign(&letter),
    };
    ok.then(|| man(&letter, sign))
}

/// A letter that names a man in some notation's diagrams (either case).
pub(super) fn is_piece_letter(c: char) -> bool {
    "KQRBNPTDACFLS".contains(c.to_ascii_uppercase())
}

/// The rank number printed at a row's left or right end (`8 | #R | …`), if any.
pub(super) fn rank_label(row: &str) -> Option<u8> {
    let t = row.trim();
    let digit = |c: Option<char>| c.filter(|c| ('1'..='8').contains(c));
    let left = digit(t.chars().next()).filter(|_| t[1..].starts_with([' ', '|']));
    let right = digit(t.chars().last()).filter(|_| t[..t.len() - 1].ends_with([' ', '|']));
    left.or(right).map(|c| c as u8 - b'0')
}

/// Splits a row printed in letters and signs into its cells: by `|` when the row has
/// them, else by blanks, else one character a cell (`r.bqkbnr`). Rank labels at either end
/// are dropped.
pub(super) fn printed_cells(row: &str) -> Option<Vec<Cell>> {
    let t = row.trim();
    let t = strip_rank_label(t);
    if t.contains('|') {
        let inner = t.trim_matches('|');
        if !inner.contains('|') {
            // Bars at the board's edges only (`8 | *R  *Kt  .  … |`): the cells inside
            // stand apart as in a row without bars.
            return unbarred(inner.trim(), inner);
        }
        let parts: Vec<&str> = inner.split('|').collect();
        if parts.len() != 8 {
            return None;
        }
        return parts.into_iter().map(cell).collect();
    }
    unbarred(t, row)
}

/// The cells of a row without bars (`row` as printed, for its columns).
fn unbarred(t: &str, row: &str) -> Option<Vec<Cell>> {
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.len() == 8 {
        words.into_iter().map(cell).collect()
    } else if let Some(cells) = scan_cells(t).or_else(|| fixed_width_cells(row)) {
        Some(cells)
    } else if words.len() == 1
        && t.chars().count() == 8
        // One character a cell (`r.bqkbnr`): men are piece letters, or it is a word.
        && t.chars().all(|c| !c.is_alphabetic() || is_piece_letter(c))
    {
        t.chars()
            .map(|c| {
                let mut b = [0u8; 4];
                cell(c.encode_utf8(&mut b))
            })
            .collect()
    } else {
        None
    }
}

fn strip_rank_label(t: &str) -> &str {
    let mut t = t;
    if let Some(rest) = t.strip_prefix(|c: char| ('1'..='8').contains(&c))
        && rest.starts_with([' ', '|'])
    {
        t = rest.trim_start();
    }
    if let Some(rest) = t.strip_suffix(|c: char| ('1'..='8').contains(&c))
        && rest.ends_with([' ', '|'])
    {
        t = rest.trim_end();
    }
    t
}

/// Reads a row whose cells are not all apart: `(R) . (B)(K) . (B)(N)(R)`, `*R*N*B . *K`,
/// `♜♞♝♛♚♝♞♜`. A cell is a bracketed or marked letter (`(B)`, `*B`, `#B`, `^B`, `B*`,
/// `Kt`), a letter, a figurine, or an empty-square mark (`.`, `-`, `_`, `:`, `#`, `*`);
/// blanks separate nothing but cells. `None` unless exactly eight cells read.
fn scan_cells(t: &str) -> Option<Vec<Cell>> {
    let chars: Vec<char> = t.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if figurine(c).is_some() {
            out.push(cell(&c.to_string())?);
            i += 1;
            continue;
        }
        // `(B)`: a bracketed letter (or `(Kt)`).
        if let Some(&(_, close)) = BRACKETS.iter().find(|b| b.0 == c) {
            let end = chars[i..].iter().position(|&x| x == close)? + i;
            let letter: String = chars[i + 1..end].iter().collect();
            if !is_letter(&letter) {
                return None;
            }
            out.push(man(&letter, Sign::Bracketed(c)));
            i = end + 1;
            continue;
        }
        let (cell, len) = scan_man(&chars[i..])?;
        out.push(cell);
        i += len;
    }
    (out.len() == 8).then_some(out)
}

/// The cell `chars` open with when it is no bracketed letter or figurine: a letter with
/// its marks, or an empty square's mark; and how many characters it takes.
fn scan_man(chars: &[char]) -> Option<(Cell, usize)> {
    let c = chars[0];
    let mark_before = MARKS.contains(&c);
    let start = usize::from(mark_before);
    let two = chars
        .get(start..start + 2)
        .is_some_and(|w| w.iter().collect::<String>().eq_ignore_ascii_case("kt"));
    let end = start + if two { 2 } else { 1 };
    let letter: String = chars.get(start..end).unwrap_or(&[]).iter().collect();
    if !two && !letter.chars().next().is_some_and(is_piece_letter) {
        // An empty square's mark (a lone `*` or `#` is one too), or not a board row.
        return EMPTY_CELLS
            .contains(&c.to_string().as_str())
            .then_some((Cell::Empty, 1));
    }
    if chars.get(end).is_some_and(|x| x.is_alphabetic()) {
        // A word, not a man.
        return None;
    }
    let mark_after = chars.get(end).copied().filter(|x| ['*', '\''].contains(x));
    let sign = match (mark_before, mark_after) {
        (true, _) => Sign::Marked(c),
        (false, Some(m)) => Sign::Marked(m),
        (false, None) => case_sign(&letter),
    };
    Some((man(&letter, sign), end + usize::from(mark_after.is_some())))
}

/// Reads a row of cells of one width (2 to 4 characters), whose empty light squares are
/// blanks: `8  *R  # *B *Q     # *R  # `. The rank label and one blank after it go first.
fn fixed_width_cells(row: &str) -> Option<Vec<Cell>> {
    let t = row.trim_start();
    let body = match t.strip_prefix(|c: char| ('1'..='8').contains(&c)) {
        Some(rest) => rest.strip_prefix([' ', '|']).unwrap_or(rest),
        None => t,
    };
    let body = body.trim_end_matches(|c: char| c.is_whitespace() || c == '|');
    let body = body
        .strip_suffix(|c: char| ('1'..='8').contains(&c))
        .map_or(body, str::trim_end);
    let chars: Vec<char> = body.chars().collect();
    (2..=4).find_map(|w| {
        if chars.len() > 8 * w || chars.len() + w <= 7 * w {
            return None;
        }
        let cells: Option<Vec<Cell>> = (0..8)
            .map(|k| {
                let chunk: String = chars.iter().skip(k * w).take(w).collect();
                cell(&chunk)
            })
            .collect();
        // Men are piece letters here: a spaced move row (`8 P x B   Q K 2`) is no board.
        cells.filter(|c| {
            c.iter().any(|c| *c != Cell::Empty)
                && c.iter().all(|c| match c {
                    Cell::Empty => true,
                    Cell::Man(m) => {
                        m.role.is_some()
                            || m.letter.eq_ignore_ascii_case("kt")
                            || m.letter.chars().count() == 1
                                && m.letter.chars().all(is_piece_letter)
                    }
                })
        })
    })
}
