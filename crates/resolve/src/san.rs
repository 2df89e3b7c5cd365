//! Standard SAN from the legal-move list the decoder already has.
//!
//! shakmaty's `SanPlus::from_move` regenerates the legal moves to disambiguate and to find
//! the suffix; the decoder generates them once per ply anyway, so it builds the [`San`] here
//! and takes the suffix from the next ply's position.

use arrayvec::ArrayString;
use shakmaty::san::{San, Suffix};
use shakmaty::{CastlingSide, Move, Role};

/// A short string held inline, with no heap allocation: a ply's SAN or UCI. It reads as a
/// `&str` (`Deref`), and compares with one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct InlineStr<const N: usize>(ArrayString<N>);

impl<const N: usize> InlineStr<N> {
    /// The text.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    fn push(&mut self, c: char) {
        self.0.push(c);
    }

    fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }
}

impl<const N: usize> std::ops::Deref for InlineStr<N> {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl<const N: usize> AsRef<str> for InlineStr<N> {
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl<const N: usize> std::fmt::Display for InlineStr<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.as_str())
    }
}

impl<const N: usize> std::fmt::Debug for InlineStr<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0.as_str(), f)
    }
}

impl<const N: usize> PartialEq<str> for InlineStr<N> {
    fn eq(&self, other: &str) -> bool {
        self.0.as_str() == other
    }
}

impl<const N: usize> PartialEq<&str> for InlineStr<N> {
    fn eq(&self, other: &&str) -> bool {
        self.0.as_str() == *other
    }
}

impl<const N: usize> PartialEq<String> for InlineStr<N> {
    fn eq(&self, other: &String) -> bool {
        self.0.as_str() == other
    }
}

impl<const N: usize> serde::Serialize for InlineStr<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.as_str())
    }
}

/// A SAN move with its suffix: the longest is seven bytes (`Qh4xe1#`, `exd8=Q+`).
pub type SanText = InlineStr<8>;

/// A UCI move (`e7e8q`: at most five bytes).
pub type UciText = InlineStr<5>;

/// The minimal SAN of `m` among `legal` (the legal moves of the same position).
pub fn san_of(m: Move, legal: &[Move]) -> San {
    match m {
        Move::Castle { .. } => San::Castle(m.castling_side().expect("castle")),
        Move::EnPassant { from, to } => San::Normal {
            role: Role::Pawn,
            file: Some(from.file()),
            rank: None,
            capture: true,
            to,
            promotion: None,
        },
        Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion,
        } => San::Normal {
            role: Role::Pawn,
            file: capture.map(|_| from.file()),
            rank: None,
            capture: capture.is_some(),
            to,
            promotion,
        },
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut rivals = legal.iter().filter(|o| {
                !o.is_castle() && o.role() == role && o.to() == to && o.from() != Some(from)
            });
            let (mut same_file, mut same_rank, mut any) = (false, false, false);
            for o in rivals.by_ref() {
                any = true;
                let of = o.from().expect("normal move");
                same_file |= of.file() == from.file();
                same_rank |= of.rank() == from.rank();
            }
            let (file, rank) = match (any, same_file, same_rank) {
                (false, _, _) => (None, None),
                (true, false, _) => (Some(from.file()), None),
                (true, true, false) => (None, Some(from.rank())),
                (true, true, true) => (Some(from.file()), Some(from.rank())),
            };
            San::Normal {
                role,
                file,
                rank,
                capture: capture.is_some(),
                to,
                promotion,
            }
        }
        Move::Put { role, to } => San::Put { role, to },
    }
}

/// SAN with its suffix, written directly into an inline string (`Display` costs more per
/// ply, and a `String` is a heap allocation per ply).
pub fn render(san: San, suffix: Option<Suffix>) -> SanText {
    let mut s = SanText::default();
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                s.push(role.upper_char());
            }
            if let Some(f) = file {
                s.push(f.char());
            }
            if let Some(r) = rank {
                s.push(r.char());
            }
            if capture {
                s.push('x');
            }
            s.push(to.file().char());
            s.push(to.rank().char());
            if let Some(p) = promotion {
                s.push('=');
                s.push(p.upper_char());
            }
        }
        San::Castle(CastlingSide::KingSide) => s.push_str("O-O"),
        San::Castle(CastlingSide::QueenSide) => s.push_str("O-O-O"),
        San::Put { role, to } => {
            if role != Role::Pawn {
                s.push(role.upper_char());
            }
            s.push('@');
            s.push(to.file().char());
            s.push(to.rank().char());
        }
        San::Null => s.push_str("--"),
    }
    if let Some(x) = suffix {
        s.push(x.char());
    }
    s
}

/// UCI of a standard-chess move, written directly (`e2e4`, `e1g1`, `e7e8q`).
pub fn uci(m: Move) -> UciText {
    let mut s = UciText::default();
    let (from, to) = match m {
        Move::Castle { king, rook } => {
            let side = m.castling_side().expect("castle");
            (
                king,
                shakmaty::Square::from_coords(side.king_to_file(), rook.rank()),
            )
        }
        _ => (m.from().expect("not a drop"), m.to()),
    };
    for sq in [from, to] {
        s.push(sq.file().char());
        s.push(sq.rank().char());
    }
    if let Some(p) = m.promotion() {
        s.push(p.char());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::san::SanPlus;
    use shakmaty::{CastlingMode, Chess, Position};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn check_all(fen: &str) {
        let pos = position(fen);
        let legal = pos.legal_moves();
        for &m in &legal {
            let ours = san_of(m, &legal);
            let theirs = San::from_move(&pos, m);
            assert_eq!(ours, theirs, "{fen} {m:?}");
        }
    }

    #[test]
    fn rendered_san_and_uci_agree_with_shakmatys_display() {
        for fen in [
            "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "4k3/8/8/1N3N2/8/1N3N2/8/R3K2R w KQ - 0 1",
        ] {
            let pos = position(fen);
            let legal = pos.legal_moves();
            for &m in &legal {
                let san = san_of(m, &legal);
                for suffix in [None, Some(Suffix::Check), Some(Suffix::Checkmate)] {
                    assert_eq!(render(san, suffix), SanPlus { san, suffix }.to_string());
                }
                assert_eq!(uci(m), m.to_uci(CastlingMode::Standard).to_string());
            }
        }
    }

    #[test]
    fn agrees_with_shakmaty_on_tricky_positions() {
        // Knights and rooks needing file, rank and square disambiguation; a pinned knight.
        check_all("4k3/8/8/1N3N2/8/1N3N2/8/R3K2R w KQ - 0 1");
        check_all("4k3/8/8/8/8/2n5/8/R2NK1NR w - - 0 1");
        check_all("r3k2r/1P6/8/3pP3/8/8/8/4K3 w kq d6 0 1");
        check_all("8/4k3/8/Q6Q/8/8/8/Q3K3 w - - 0 1");
        check_all("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    }
}
