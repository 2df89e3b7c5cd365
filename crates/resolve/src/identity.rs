//! Piece identity by origin: which square each rook, knight and bishop started on.
//!
//! Old books name pieces by where they started: the queen's rook stays "Q. R." after it
//! crosses to the king's side. [`Origins`] follows every such piece through the game.
//! Promoted pieces, and pieces a set-up position places off their home squares, have no
//! origin. Pawns are named by the file they stand on, which the board already tells.

use shakmaty::{Board, Move, Role, Square};

const NONE: u8 = 64;

/// The origin square of the piece on each square, where it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origins {
    origin: [u8; 64],
}

fn is_home(role: Role, sq: Square) -> bool {
    use Square::*;
    match role {
        Role::Rook => matches!(sq, A1 | H1 | A8 | H8),
        Role::Knight => matches!(sq, B1 | G1 | B8 | G8),
        Role::Bishop => matches!(sq, C1 | F1 | C8 | F8),
        _ => false,
    }
}

impl Origins {
    /// Origins for a board: rooks, knights and bishops on their home squares start there.
    pub fn new(board: &Board) -> Origins {
        let mut origin = [NONE; 64];
        for (sq, piece) in board {
            // A white rook on h8 is not on its home square: check the colour's back rank.
            let home_rank_ok = match piece.color {
                shakmaty::Color::White => sq.rank() == shakmaty::Rank::First,
                shakmaty::Color::Black => sq.rank() == shakmaty::Rank::Eighth,
            };
            if home_rank_ok && is_home(piece.role, sq) {
                origin[sq.to_usize()] = sq.to_u32() as u8;
            }
        }
        Origins { origin }
    }

    /// The square the piece now on `sq` started on, if known.
    pub fn origin(&self, sq: Square) -> Option<Square> {
        let o = self.origin[sq.to_usize()];
        (o != NONE).then(|| Square::new(u32::from(o)))
    }

    /// Follows a legal move.
    pub fn play(&mut self, m: Move) {
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let o = self.origin[from.to_usize()];
                self.origin[from.to_usize()] = NONE;
                self.origin[to.to_usize()] = if promotion.is_some() { NONE } else { o };
            }
            Move::EnPassant { from, to } => {
                self.origin[from.to_usize()] = NONE;
                self.origin[to.to_usize()] = NONE;
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().expect("castle");
                let rank = king.rank();
                let o = self.origin[rook.to_usize()];
                self.origin[rook.to_usize()] = NONE;
                self.origin[king.to_usize()] = NONE;
                let rook_to = Square::from_coords(side.rook_to_file(), rank);
                self.origin[rook_to.to_usize()] = o;
            }
            Move::Put { to, .. } => self.origin[to.to_usize()] = NONE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    #[test]
    fn queens_rook_keeps_its_identity_after_crossing_and_castling() {
        let mut pos = Chess::default();
        let mut o = Origins::new(pos.board());
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            o.play(m);
            pos.play_unchecked(m);
        }
        assert_eq!(o.origin(Square::F1), Some(Square::H1));
        assert_eq!(o.origin(Square::F3), Some(Square::G1));
        assert_eq!(o.origin(Square::C4), Some(Square::F1));
        assert_eq!(o.origin(Square::C6), Some(Square::B8));
        assert_eq!(o.origin(Square::G1), None);
        assert_eq!(o.origin(Square::A1), Some(Square::A1));
    }
}
