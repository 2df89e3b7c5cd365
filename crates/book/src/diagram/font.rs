//! Diagrams drawn in a chess font, as the text layer of a PDF typeset with ChessBase's
//! diagram fonts gives them:
//!
//! ```text
//! XIIIIIIIIY
//! 9r+-+-trk+0
//! 9zppzplwq-zpp0
//! …
//! xiiiiiiiiy
//! ```
//!
//! The frame is `XIIIIIIIIY` over the board and `xiiiiiiiiy` under it, each rank between
//! `9` (the left edge) and `0` (the right edge). An empty light square is `-`, an empty
//! dark one `+`. A man on a light square is its letter, `K Q R L N P` (`L` the bishop),
//! upper case for White and lower case for Black; on a dark square the font sets a sign
//! before the letter, one per role: `m` king, `w` queen, `t` rook, `v` bishop, `s` knight,
//! `z` pawn (`tR` a White rook, `zp` a Black pawn on a dark square). The case names the
//! side, so the reading is sure; a rank is read only when its squares alternate light and
//! dark as a board's do and every sign is its letter's.

use escriba_resolve::shakmaty::{Color, Role};

use super::cells::{Cell, Man, Sign};

/// The frame's edges over and under the board.
pub(super) fn is_edge(t: &str) -> bool {
    matches!(t.trim(), "XIIIIIIIIY" | "xiiiiiiiiy")
}

/// The role of a man's letter in the font (either case).
fn role(c: char) -> Option<Role> {
    Some(match c.to_ascii_lowercase() {
        'k' => Role::King,
        'q' => Role::Queen,
        'r' => Role::Rook,
        'l' => Role::Bishop,
        'n' => Role::Knight,
        'p' => Role::Pawn,
        _ => return None,
    })
}

/// The role whose men the sign `c` sets on dark squares.
fn dark_sign(c: char) -> Option<Role> {
    Some(match c {
        'm' => Role::King,
        'w' => Role::Queen,
        't' => Role::Rook,
        'v' => Role::Bishop,
        's' => Role::Knight,
        'z' => Role::Pawn,
        _ => return None,
    })
}

/// A rank of a board drawn in the font: its eight cells, or `None` when `t` is no such
/// rank (or not one whose squares alternate).
pub(super) fn row(t: &str) -> Option<Vec<Cell>> {
    let inner = t.trim().strip_prefix('9')?.strip_suffix('0')?;
    let chars: Vec<char> = inner.chars().collect();
    let mut cells = Vec::with_capacity(8);
    let mut dark = Vec::with_capacity(8);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let (cell, is_dark, len) = match c {
            '-' => (Cell::Empty, false, 1),
            '+' => (Cell::Empty, true, 1),
            _ => match (
                dark_sign(c),
                chars
                    .get(i + 1)
                    .copied()
                    .and_then(|l| role(l).map(|r| (l, r))),
            ) {
                (Some(signed), Some((l, r))) if signed == r => (man(l, r), true, 2),
                _ => (man(c, role(c)?), false, 1),
            },
        };
        cells.push(cell);
        dark.push(is_dark);
        i += len;
    }
    let alternate = dark.windows(2).all(|w| w[0] != w[1]);
    (cells.len() == 8 && alternate).then_some(cells)
}

/// A man of the font: its role, and its side by the letter's case.
fn man(letter: char, role: Role) -> Cell {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Cell::Man(Man {
        letter: String::new(),
        role: Some(role),
        sign: Sign::Font(color),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rank_in_the_font_reads_its_men_by_case_and_its_dark_squares_by_their_signs() {
        let cells = row("9tR-+Q+RmK-0").expect("a rank");
        let men: Vec<Option<(Role, Sign)>> = cells
            .iter()
            .map(|c| match c {
                Cell::Man(m) => Some((m.role.unwrap(), m.sign)),
                Cell::Empty => None,
            })
            .collect();
        let w = |r| Some((r, Sign::Font(Color::White)));
        assert_eq!(
            men,
            [
                w(Role::Rook),
                None,
                None,
                w(Role::Queen),
                None,
                w(Role::Rook),
                w(Role::King),
                None
            ]
        );
        assert!(row("9zppzplwq-zpp0").is_some());
        assert!(is_edge("XIIIIIIIIY") && is_edge("xiiiiiiiiy"));
    }

    /// `board` drawn in the font, frame and all.
    fn drawn(board: &escriba_resolve::shakmaty::Board) -> Vec<String> {
        use escriba_resolve::shakmaty::{File, Rank, Square};
        let mut out = vec!["XIIIIIIIIY".to_owned()];
        for rank in (0..8u32).rev() {
            let mut row = String::from("9");
            for file in 0..8u32 {
                let dark = (file + rank) % 2 == 0;
                let sq = Square::from_coords(File::new(file), Rank::new(rank));
                match board.piece_at(sq) {
                    None => row.push(if dark { '+' } else { '-' }),
                    Some(p) => {
                        let k = [Role::King, Role::Queen, Role::Rook, Role::Bishop]
                            .into_iter()
                            .chain([Role::Knight, Role::Pawn])
                            .position(|r| r == p.role)
                            .unwrap();
                        if dark {
                            row.push(['m', 'w', 't', 'v', 's', 'z'][k]);
                        }
                        let l = ['K', 'Q', 'R', 'L', 'N', 'P'][k];
                        row.push(if p.color == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        });
                    }
                }
            }
            row.push('0');
            out.push(row);
        }
        out.push("xiiiiiiiiy".to_owned());
        out
    }

    #[test]
    fn a_board_drawn_in_the_font_reads_as_the_position_it_draws() {
        use escriba_resolve::shakmaty::{Chess, Position};
        // Positions along pseudo-random games (a fixed linear congruential choice among
        // the legal moves), every tenth ply.
        let mut state: u64 = 34;
        let mut boards = 0;
        for _ in 0..20 {
            let mut pos = Chess::default();
            for ply in 0..80 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let m = legal[(state >> 33) as usize % legal.len()];
                pos.play_unchecked(m);
                if ply % 10 == 9 {
                    let lines = drawn(pos.board());
                    assert!(
                        lines.iter().all(|l| super::super::is_board_row(l)),
                        "{lines:?}"
                    );
                    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
                    let it = escriba_notation::Dialect::Algebraic(escriba_notation::AlgLang::It);
                    let d = super::super::parse(&refs, it).expect("a diagram");
                    assert_eq!(&d.board, pos.board(), "{lines:?}");
                    assert!(d.unsure.is_empty(), "the case says every side: {lines:?}");
                    boards += 1;
                }
            }
        }
        assert!(boards > 100, "enough boards: {boards}");
    }

    #[test]
    fn a_line_whose_squares_do_not_alternate_or_whose_signs_do_not_fit_is_no_rank() {
        // Two light squares side by side, a dark sign before another role's letter,
        // seven squares, a word.
        for t in [
            "9r-+-+-trk+0",
            "9tn-+-+-+-0",
            "9-+-+-+-0",
            "9ponder0",
            "9r+-+-trk+",
        ] {
            assert!(row(t).is_none(), "{t}");
        }
    }
}
