//! ASCII diagrams as transcribers type them: eight rows of eight cells, any separators
//! (`|` boxes, rules, blanks), the men told apart by a mark per side (`#R` and `^R`, `R*`,
//! `*R`), brackets (`(R)`), case or figurines, the empty squares blank or dotted, rank and
//! file labels around them, and `WHITE.` / `BLACK.` captions that say which way up the
//! board is. Which sign is White's is read from each diagram (`sides`). A board drawn in a
//! chess font (`font`) names its sides by case.

mod cells;
mod font;
mod sides;

use escriba_notation::{AlgLang, DescLang, Dialect};
use escriba_resolve::shakmaty::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

use cells::{Cell, Sign};
use sides::Placed;

/// A board row's cells: a row drawn in a chess diagram font (`9r+-+-trk+0`), else one
/// printed in letters and signs.
fn cells(row: &str) -> Option<Vec<Cell>> {
    font::row(row).or_else(|| cells::printed_cells(row))
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
    // Read without allocating: most lines are not labels, and fail at their ninth letter
    // or their first that is not ASCII.
    let mut letters = [0u8; 8];
    let mut n = 0;
    for c in t.chars().filter(|c| !c.is_whitespace() && *c != '|') {
        if n == letters.len() || !c.is_ascii() {
            return None;
        }
        letters[n] = c.to_ascii_lowercase() as u8;
        n += 1;
    }
    match &letters[..n] {
        b"abcdefgh" => Some(false),
        b"hgfedcba" => Some(true),
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

/// A frame line: rules with corners or sides, at least eight characters, or a chess
/// font's edge over or under its board (`XIIIIIIIIY`).
fn is_frame(t: &str) -> bool {
    font::is_edge(t)
        || t.chars().count() >= 8
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
    letters(dialect)
        .iter()
        .position(|l| *l == up)
        .map(|i| cells::ROLES[i])
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

/// A diagram as read once from its lines: the men on the board, and how they were told
/// apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The men on the board, White's side at rank 1 whichever way up it was printed.
    pub board: Board,
    /// The squares whose man's side the diagram does not tell (it stands on `board` as
    /// White's): only its role is evidence.
    pub unsure: Bitboard,
    /// How it was read, in words: which sign is which side's, and which way up.
    pub reading: String,
}

/// The lines of a drawing sorted out: its rows of cells, the rank labels printed beside
/// them, and what the captions and file letters say about which way up it is.
#[derive(Default)]
struct Drawing {
    rows: Vec<Vec<Cell>>,
    rank_labels: Vec<u8>,
    top: Option<Color>,
    bottom: Option<Color>,
    labels_flipped: bool,
}

impl Drawing {
    fn of(lines: &[&str]) -> Drawing {
        let mut d = Drawing::default();
        for l in lines {
            if let Some(flipped) = file_labels(l) {
                d.labels_flipped |= flipped;
                continue;
            }
            if let Some(c) = caption_color(l) {
                if d.rows.is_empty() {
                    d.top = Some(c);
                } else {
                    d.bottom = Some(c);
                }
                continue;
            }
            if let Some(r) = cells(l) {
                d.rows.push(r);
                d.rank_labels.extend(cells::rank_label(l));
            }
        }
        d
    }

    /// The board is printed from Black's side: the file letters run `h` to `a`, the rank
    /// numbers `1` at the top, or the captions put Black at the bottom (White at the top).
    fn flipped(&self) -> bool {
        let ranks_up =
            self.rank_labels.len() >= 2 && self.rank_labels.first() < self.rank_labels.last();
        self.labels_flipped
            || ranks_up
            || self.bottom == Some(Color::Black)
            || self.top == Some(Color::White)
    }
}

/// Reads a diagram from its lines (rows, frame lines and captions, top to bottom).
///
/// Which men are Black's is read from the diagram (`sides`). File letters from `h` to
/// `a`, rank numbers from `1` down, a `BLACK.` caption under the board (or `WHITE.` over
/// it) mean the board is printed from Black's side.
pub fn parse(lines: &[&str], dialect: Dialect) -> Result<Diagram, DiagramError> {
    let drawing = Drawing::of(lines);
    if drawing.rows.len() != 8 {
        return Err(DiagramError::Rows(drawing.rows.len()));
    }
    let flipped = drawing.flipped();
    let mut men: Vec<(Square, Placed)> = Vec::new();
    for (i, row) in drawing.rows.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            let Cell::Man(m) = c else {
                continue;
            };
            let role = m
                .role
                .or_else(|| role_of(&m.letter, dialect))
                .ok_or_else(|| DiagramError::Letter(m.letter.clone()))?;
            let (file, rank) = if flipped {
                (7 - j as u32, i as u32)
            } else {
                (j as u32, 7 - i as u32)
            };
            let sq = Square::from_coords(File::new(file), Rank::new(rank));
            let sign = m.sign;
            men.push((sq, Placed { rank, role, sign }));
        }
    }
    if men.is_empty() {
        return Err(DiagramError::Empty);
    }
    let placed: Vec<Placed> = men.iter().map(|(_, p)| *p).collect();
    let sides = sides::decide(&placed);
    let mut board = Board::empty();
    let mut unsure = Bitboard::EMPTY;
    for (sq, m) in &men {
        let color = sides.of(m.sign).unwrap_or_else(|| {
            unsure.add(*sq);
            Color::White
        });
        board.set_piece_at(
            *sq,
            Piece {
                color,
                role: m.role,
            },
        );
    }
    let mut signs: Vec<Sign> = placed.iter().map(|p| p.sign).collect();
    signs.dedup();
    let way_up = if flipped {
        "printed from Black's side"
    } else {
        "White at the bottom"
    };
    let reading = format!("{}, {way_up}", sides.describe(&signs));
    Ok(Diagram {
        board,
        unsure,
        reading,
    })
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
    fn file_labels_are_the_eight_files_in_either_order_in_any_case_and_spacing() {
        for (line, flipped) in [
            ("  a  b  c  d  e  f  g  h", Some(false)),
            ("| A | B | C | D | E | F | G | H |", Some(false)),
            ("abcdefgh", Some(false)),
            ("   h g f e d c b a", Some(true)),
            ("a b c d e f g", None),
            ("a b c d e f g h a", None),
            ("a b c d e f g ĥ", None),
            ("é b c d e f g h", None),
            ("", None),
            ("1. P-K4 P-K4", None),
        ] {
            assert_eq!(file_labels(line), flipped, "{line:?}");
        }
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

    #[test]
    fn a_mark_for_each_side_is_told_apart_by_where_the_pawns_stand() {
        // Lasker, Chess Strategy, Diag. 131: `^` marks White's men and `#` Black's.
        let rows = [
            "---------------------------------------",
            "8 | #R |    | #B |    | #K | #B |    | #R |",
            "|---------------------------------------|",
            "7 | #P | #P | #P | #P | #Q | #P | #P | #P |",
            "|---------------------------------------|",
            "6 |    |    |    |    |    |    |    |    |",
            "|---------------------------------------|",
            "5 |    | ^B |    |    |    |    |    |    |",
            "|---------------------------------------|",
            "4 |    |    |    | #Kt| #Kt|    |    |    |",
            "|---------------------------------------|",
            "3 |    |    | ^Kt|    |    | ^Kt|    |    |",
            "|---------------------------------------|",
            "2 | ^P | ^P | ^P | ^P |    | ^P | ^P | ^P |",
            "|---------------------------------------|",
            "1 | ^R |    | ^B | ^Q | ^K |    |    | ^R |",
            "---------------------------------------",
            "A    B    C    D    E    F    G    H",
        ];
        let d = parse(&rows, EN).unwrap();
        assert_eq!(
            fen_of(&d),
            "r1b1kb1r/ppppqppp/8/1B6/3nn3/2N2N2/PPPP1PPP/R1BQK2R"
        );
        assert!(d.unsure.is_empty());
        // The same marks the other way round: `^` Black's, `#` White's.
        let swapped: Vec<String> = rows
            .iter()
            .map(|r| r.replace('^', "%").replace('#', "^").replace('%', "#"))
            .collect();
        let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
        assert_eq!(fen_of(&parse(&swapped, EN).unwrap()), fen_of(&d));
    }

    #[test]
    fn figurines_brackets_and_side_letters_say_the_side() {
        let figurines = [
            "♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜",
            "♟ ♟ ♟ ♟ · ♟ ♟ ♟",
            "· · · · · · · ·",
            "· · · · ♟ · · ·",
            "· · · · ♙ · · ·",
            "· · · · · · · ·",
            "♙ ♙ ♙ ♙ · ♙ ♙ ♙",
            "♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖",
        ];
        let want = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
        assert_eq!(fen_of(&parse(&figurines, EN).unwrap()), want);
        let bracketed: Vec<String> = [
            "[R][Kt][B][Q][K][B][Kt][R]",
            "[P] [P] [P] [P] . [P] [P] [P]",
            ". . . . . . . .",
            ". . . . [P] . . .",
            ". . . . P . . .",
            ". . . . . . . .",
            "P P P P . P P P",
            "R Kt B Q K B Kt R",
        ]
        .iter()
        .map(|r| (*r).to_owned())
        .collect();
        let bracketed: Vec<&str> = bracketed.iter().map(String::as_str).collect();
        assert_eq!(fen_of(&parse(&bracketed, EN).unwrap()), want);
        let sides = [
            "bR bKt bB bQ bK bB bKt bR",
            "bP bP bP bP -- bP bP bP",
            "-- -- -- -- -- -- -- --",
            "-- -- -- -- bP -- -- --",
            "-- -- -- -- wP -- -- --",
            "-- -- -- -- -- -- -- --",
            "wP wP wP wP -- wP wP wP",
            "wR wKt wB wQ wK wB wKt wR",
        ];
        assert_eq!(fen_of(&parse(&sides, EN).unwrap()), want);
    }

    #[test]
    fn rank_numbers_from_one_down_mean_the_board_is_printed_from_blacks_side() {
        let rows = [
            "1 . . . R . . . .",
            "2 . . . . . . . .",
            "3 . . . K . . . .",
            "4 . . . . . . . .",
            "5 . . . . . . . .",
            "6 . . . . . . . .",
            "7 . . . . . . . .",
            "8 . . . k . . . .",
        ];
        let d = parse(&rows, EN).unwrap();
        assert_eq!(fen_of(&d), "4k3/8/8/8/8/4K3/8/4R3");
        assert!(d.reading.contains("Black's side"), "{}", d.reading);
    }

    #[test]
    fn men_all_printed_alike_leave_their_sides_unsure() {
        let rows = [
            ". . . . K . . .",
            ". . . . . . . .",
            ". . . . K . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            "R . . . . . . .",
        ];
        let d = parse(&rows, EN).unwrap();
        assert_eq!(d.unsure.count(), 3);
        assert!(d.reading.contains("not told apart"), "{}", d.reading);
    }
}
