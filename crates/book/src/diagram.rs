//! ASCII diagrams as transcribers type them: eight rows of eight cells, any separators,
//! the black men marked (`R*`, `*R`, `(R)`, lower case, `#R`, `^R`), and `WHITE.` /
//! `BLACK.` captions that say which way up the board is.

use escriba_notation::{AlgLang, DescLang, Dialect};
use escriba_resolve::shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

/// Marks that set a black man apart from a white one.
const BLACK_MARKS: [char; 5] = ['*', '#', '^', '(', '\''];
/// Cells that stand for an empty square (light or dark).
const EMPTY_CELLS: [&str; 9] = ["", ".", "-", "_", ":", "#", "*", "..", "--"];

/// One cell of a board row: empty, or a letter with its black mark.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cell {
    Empty,
    Man { letter: String, marked: bool },
}

fn cell(raw: &str) -> Option<Cell> {
    let t = raw.trim();
    if EMPTY_CELLS.contains(&t) {
        return Some(Cell::Empty);
    }
    let marked = t.contains(BLACK_MARKS);
    let letter: String = t.chars().filter(|c| c.is_alphabetic()).collect();
    let ok = matches!(letter.chars().count(), 1 | 2)
        && (letter.chars().count() == 1 || letter.eq_ignore_ascii_case("kt"))
        && t.chars()
            .all(|c| c.is_alphabetic() || BLACK_MARKS.contains(&c) || c == ')');
    ok.then_some(Cell::Man { letter, marked })
}

/// Splits a row into its cells: by `|` when the row has them, else by blanks, else one
/// character a cell (`r.bqkbnr`). Rank labels at either end are dropped.
fn cells(row: &str) -> Option<Vec<Cell>> {
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

/// Reads a row whose cells are not all apart: `(R) . (B)(K) . (B)(N)(R)`, `*R*N*B . *K`.
/// A cell is a mark-wrapped or marked letter (`(B)`, `*B`, `#B`, `^B`, `B*`, `Kt`), a
/// letter, or an empty-square mark (`.`, `-`, `_`, `:`, `#`, `*`); blanks separate
/// nothing but cells. `None` unless exactly eight cells read.
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
        // `(B)`: a wrapped letter (or `(Kt)`).
        if c == '(' {
            let close = chars[i..].iter().position(|&x| x == ')')? + i;
            let letter: String = chars[i + 1..close].iter().collect();
            cell(&format!("({letter})")).filter(|c| *c != Cell::Empty)?;
            out.push(Cell::Man {
                letter,
                marked: true,
            });
            i = close + 1;
            continue;
        }
        let mark_before = BLACK_MARKS.contains(&c) && c != '(';
        let start = i + usize::from(mark_before);
        let two = chars
            .get(start..start + 2)
            .is_some_and(|w| w.iter().collect::<String>().eq_ignore_ascii_case("kt"));
        let end = start + if two { 2 } else { 1 };
        let letter: String = chars.get(start..end).unwrap_or(&[]).iter().collect();
        if !two && !letter.chars().next().is_some_and(is_piece_letter) {
            // An empty square's mark (a lone `*` or `#` is one too), or not a board row.
            if EMPTY_CELLS.contains(&c.to_string().as_str()) {
                out.push(Cell::Empty);
                i += 1;
                continue;
            }
            return None;
        }
        if chars.get(end).is_some_and(|x| x.is_alphabetic()) {
            // A word, not a man.
            return None;
        }
        let mark_after = chars.get(end).is_some_and(|x| ['*', '\''].contains(x));
        out.push(Cell::Man {
            letter,
            marked: mark_before || mark_after,
        });
        i = end + usize::from(mark_after);
    }
    (out.len() == 8).then_some(out)
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
                    Cell::Man { letter, .. } => {
                        letter.eq_ignore_ascii_case("kt")
                            || letter.chars().count() == 1 && letter.chars().all(is_piece_letter)
                    }
                })
        })
    })
}

/// A letter that names a man in some notation's diagrams (either case).
fn is_piece_letter(c: char) -> bool {
    "KQRBNPTDACFLS".contains(c.to_ascii_uppercase())
}

/// True when `t` is a row of a diagram: eight cells of men and empty squares, a frame
/// line (`+---+---+`, `|-------|`), or the file letters printed under or over the board.
pub fn is_board_row(t: &str) -> bool {
    !opens_with_move_number(t) && (is_frame(t) || file_labels(t).is_some() || cells(t).is_some())
}

/// `t` opens with a move number and its full stop (`4. ... Kt - K B 3`, `12. P K 4`): a
/// row of moves, since no drawing puts a full stop after a rank's number.
fn opens_with_move_number(t: &str) -> bool {
    let t = t.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0
        && t[digits..]
            .strip_prefix('.')
            .map(str::trim_start)
            .is_some_and(|r| r.starts_with(['.', '…']) || r.starts_with(char::is_alphabetic))
}

/// The file letters printed along a board's edge (`a b c d e f g h`, or `h … a` for a
/// board printed from Black's side): `Some(true)` for the latter.
fn file_labels(t: &str) -> Option<bool> {
    let letters: String = t
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '|')
        .collect::<String>()
        .to_ascii_lowercase();
    match letters.as_str() {
        "abcdefgh" => Some(false),
        "hgfedcba" => Some(true),
        _ => None,
    }
}

/// A diagram's caption: `Diag. 101.`, `DIAGRAM 12`, `Diagram No. 3.`, `Fig. 4`, `Position
/// after White's 20th move.`
pub fn is_caption(t: &str) -> bool {
    let lower = t.trim().to_lowercase();
    let words = lower.split_whitespace().count();
    (words <= 4
        && [
            "diag",
            "diagram",
            "fig",
            "figure",
            "position",
            "posición",
            "diagrama",
        ]
        .iter()
        .any(|w| {
            lower
                .strip_prefix(w)
                .is_some_and(|r| r.starts_with(['.', ' ', ':']) || r.is_empty())
        }))
        || (lower.starts_with("position after") || lower.starts_with("position before"))
            && words <= 8
}

/// Signs for "number": `No. 17.`, `Núm. 41.` (a game's heading, or a figure's number).
pub(crate) const NUMBER_SIGNS: [&str; 7] = ["No.", "Nº", "N.º", "N°", "Núm.", "Num.", "Nr."];

/// A diagram's number alone on its line: `No. 1.`, `Nº 12`, `Diagram 3.`.
pub fn is_number(t: &str) -> bool {
    let bare = NUMBER_SIGNS
        .iter()
        .find_map(|sign| t.strip_prefix(sign))
        .map(|rest| rest.trim().trim_end_matches('.'))
        .is_some_and(|n| !n.is_empty() && n.len() <= 4 && n.bytes().all(|b| b.is_ascii_digit()));
    bare || is_caption(t)
}

/// A frame line: rules with corners or sides, at least eight characters.
fn is_frame(t: &str) -> bool {
    t.chars().count() >= 8
        && t.chars().all(|c| "-+|=_ ".contains(c))
        && (t.contains('+') || t.contains('|'))
}

/// A plain rule (`-----------`), a frame's edge when it stands against a board's rows.
pub fn is_rule(t: &str) -> bool {
    t.chars().count() >= 8 && t.chars().all(|c| "-=_".contains(c))
}

/// A caption that says which side sits at an edge of the board: `WHITE.`, `Black`,
/// `BLANCAS`.
pub fn caption_color(t: &str) -> Option<Color> {
    let w = t
        .trim()
        .trim_matches(|c: char| !c.is_alphabetic())
        .to_lowercase();
    match w.as_str() {
        "white" | "blancas" | "brancas" | "blancs" | "weiss" | "bianco" => Some(Color::White),
        "black" | "negras" | "pretas" | "noirs" | "schwarz" | "nero" => Some(Color::Black),
        _ => None,
    }
}

/// The piece letters of a dialect's books, in the order K Q R B N P.
fn letters(dialect: Dialect) -> [&'static str; 6] {
    match dialect {
        Dialect::Descriptive(DescLang::Es | DescLang::Ca) => ["R", "D", "T", "A", "C", "P"],
        Dialect::Descriptive(DescLang::Pt) => ["R", "D", "T", "B", "C", "P"],
        Dialect::Descriptive(DescLang::Fr) => ["R", "D", "T", "F", "C", "P"],
        Dialect::Descriptive(DescLang::It) => ["R", "D", "T", "A", "C", "P"],
        Dialect::Algebraic(AlgLang::De) => ["K", "D", "T", "L", "S", "B"],
        Dialect::Algebraic(AlgLang::Es | AlgLang::Ca) => ["R", "D", "T", "A", "C", "P"],
        Dialect::Algebraic(AlgLang::Fr) => ["R", "D", "T", "F", "C", "P"],
        Dialect::Algebraic(AlgLang::It) => ["R", "D", "T", "A", "C", "P"],
        Dialect::Algebraic(AlgLang::Pt) => ["R", "D", "T", "B", "C", "P"],
        _ => ["K", "Q", "R", "B", "N", "P"],
    }
}

fn role_of(letter: &str, dialect: Dialect) -> Option<Role> {
    if letter.eq_ignore_ascii_case("kt") {
        return Some(Role::Knight);
    }
    let up = letter.to_uppercase();
    let roles = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    letters(dialect)
        .iter()
        .position(|l| *l == up)
        .map(|i| roles[i])
        .or_else(|| (up == "S" && dialect.is_descriptive()).then_some(Role::Knight))
}

/// Why a block of lines is not a diagram.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// Not eight rows of eight cells.
    #[error("{0} rows of eight cells, not 8")]
    Rows(usize),
    /// A letter that is no piece in the book's notation.
    #[error("`{0}` is no piece letter of this notation")]
    Letter(String),
    /// No man stands on the board.
    #[error("no man on the board")]
    Empty,
}

/// A diagram as read once from its lines: the men on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The men on the board, White's side at rank 1 whichever way up it was printed.
    pub board: Board,
}

/// Reads a diagram from its lines (rows, frame lines and captions, top to bottom).
///
/// Black men are the marked ones; when no cell is marked and both cases occur, the lower
/// case is Black. A `BLACK.` caption under the board (or `WHITE.` over it) means the board
/// is printed from Black's side.
pub fn parse(lines: &[&str], dialect: Dialect) -> Result<Diagram, DiagramError> {
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut top: Option<Color> = None;
    let mut bottom: Option<Color> = None;
    let mut labels_flipped = false;
    for l in lines {
        if let Some(flipped) = file_labels(l) {
            labels_flipped |= flipped;
            continue;
        }
        if let Some(c) = caption_color(l) {
            if rows.is_empty() {
                top = Some(c);
            } else {
                bottom = Some(c);
            }
            continue;
        }
        if let Some(r) = cells(l) {
            rows.push(r);
        }
    }
    if rows.len() != 8 {
        return Err(DiagramError::Rows(rows.len()));
    }
    let flipped = labels_flipped || bottom == Some(Color::Black) || top == Some(Color::White);
    let any_marked = rows
        .iter()
        .flatten()
        .any(|c| matches!(c, Cell::Man { marked: true, .. }));
    let mut board = Board::empty();
    let mut men = 0;
    for (i, row) in rows.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let Cell::Man { letter, marked } = c else {
                continue;
            };
            let role =
                role_of(letter, dialect).ok_or_else(|| DiagramError::Letter(letter.clone()))?;
            let black = if any_marked {
                *marked
            } else {
                letter.chars().all(char::is_lowercase)
            };
            let (file, rank) = if flipped {
                (7 - j as u32, i as u32)
            } else {
                (j as u32, 7 - i as u32)
            };
            let sq = Square::from_coords(File::new(file), Rank::new(rank));
            let color = if black { Color::Black } else { Color::White };
            board.set_piece_at(sq, Piece { color, role });
            men += 1;
        }
    }
    if men == 0 {
        return Err(DiagramError::Empty);
    }
    Ok(Diagram { board })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);
    const ES: Dialect = Dialect::Descriptive(DescLang::Es);

    fn fen_of(d: &Diagram) -> String {
        d.board.board_fen().to_string()
    }

    #[test]
    fn starred_men_are_black_and_white_is_at_the_bottom() {
        let rows = [
            "              BLACK.",
            "+---+---+---+---+---+---+---+---+",
            "|R* |Kt*|B* |Q* |K* |B* |Kt*|R* |",
            "|P* |P* |P* |P* |   |P* |P* |P* |",
            "|   |   |   |   |   |   |   |   |",
            "|   |   |   |   |P* |   |   |   |",
            "|   |   |   |   |P  |   |   |   |",
            "|   |   |   |   |   |   |   |   |",
            "|P  |P  |P  |P  |   |P  |P  |P  |",
            "|R  |Kt |B  |Q  |K  |B  |Kt |R  |",
            "+---+---+---+---+---+---+---+---+",
            "              WHITE.",
        ];
        let b = parse(&rows, EN).unwrap();
        assert_eq!(
            fen_of(&b),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
        );
        assert!(rows.iter().skip(1).take(10).all(|r| is_board_row(r)));
    }

    #[test]
    fn lower_case_is_black_and_dots_are_empty() {
        let rows = [
            "8 . . . . k . . .",
            "7 . . . . . . . .",
            "6 . . . . K . . .",
            "5 . . . . . . . .",
            "4 . . . . . . . .",
            "3 . . . . . . . .",
            "2 . . . . . . . .",
            "1 R . . . . . . .",
        ];
        let b = parse(&rows, EN).unwrap();
        assert_eq!(fen_of(&b), "4k3/8/4K3/8/8/8/8/R7");
    }

    #[test]
    fn a_board_printed_from_blacks_side_is_turned() {
        let rows = [
            "WHITE",
            ". . . . . . . R",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . K . . . .",
            ". . . . . . . .",
            ". . . k . . . .",
            "BLACK",
        ];
        let b = parse(&rows, EN).unwrap();
        assert_eq!(fen_of(&b), "4k3/8/4K3/8/8/8/8/R7");
    }

    #[test]
    fn spanish_letters_and_other_marks() {
        let rows = [
            "(R) . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            "R . . . . . . #T",
        ];
        let b = parse(&rows, ES).unwrap();
        assert_eq!(fen_of(&b), "k7/8/8/8/8/8/8/K6r");
        assert_eq!(
            parse(&rows[..7], ES).unwrap_err(),
            DiagramError::Rows(7),
            "seven rows are no board"
        );
    }

    #[test]
    fn prose_is_no_board_row() {
        assert!(!is_board_row("The game was lost. One move was as good."));
        // A word of eight characters that ends a sentence, in any language of the books.
        for word in ["defensa.", "position", "Problems", "défense."] {
            assert!(!is_board_row(word), "{word}");
        }
        assert!(is_board_row("r.bqkbnr"));
        assert!(!is_board_row("1. P - Q 4   P - Q 4"));
    }

    #[test]
    fn a_numbered_row_of_moves_is_no_board_row_whatever_its_number() {
        // Spaced moves are made of piece letters and dashes, as board cells are.
        let moves = [
            "Kt - K B 3",
            "P - K 4",
            "Q x B",
            "B - Q Kt 5",
            "R - K sq",
            "K - B 2",
            "P x P",
            "Kt K B 3",
        ];
        for n in 1..=8 {
            for mv in moves {
                for row in [
                    format!("{n}. ... {mv}"),
                    format!("{n}. ........ {mv}"),
                    format!("{n}. … {mv}"),
                    format!("{n}. {mv}"),
                    format!("    {n}. ... {mv}"),
                ] {
                    assert!(!is_board_row(row.trim()), "{row}");
                }
            }
        }
    }

    #[test]
    fn a_spaced_move_row_is_no_board_row() {
        for row in [
            "        8 P x B        Q K 2",
            "  4 B x Kt       Q P x B",
            "  12 P Kt 4       Kt B 2",
        ] {
            assert!(!is_board_row(row.trim()), "{row}");
        }
        assert!(is_board_row("8  *R  # *B *Q     # *R  #"));
    }
}
