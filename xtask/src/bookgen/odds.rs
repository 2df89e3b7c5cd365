//! Odds games: the men the giver removes, the start position that leaves, and the header
//! lines books print for it.

use escriba_resolve::shakmaty::fen::Fen;
use escriba_resolve::shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use super::games::random_line;
use escriba_testkit::Rng;

/// The odds a game is played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Odds {
    /// An even game.
    None,
    /// White without the queen's rook (a1).
    QueenRook,
    /// White without the queen's knight (b1).
    QueenKnight,
    /// White without the queen (d1).
    Queen,
    /// White without the queen's rook and knight (a1, b1).
    RookAndKnight,
    /// Black without the king's bishop's pawn (f7); White moves first.
    PawnAndMove,
}

impl Odds {
    /// Every kind, the even game first.
    pub const ALL: [Odds; 6] = [
        Odds::None,
        Odds::QueenRook,
        Odds::QueenKnight,
        Odds::Queen,
        Odds::RookAndKnight,
        Odds::PawnAndMove,
    ];

    /// The label in the reference PGN and the report.
    pub fn label(self) -> &'static str {
        match self {
            Odds::None => "even",
            Odds::QueenRook => "queen-rook",
            Odds::QueenKnight => "queen-knight",
            Odds::Queen => "queen",
            Odds::RookAndKnight => "rook-and-knight",
            Odds::PawnAndMove => "pawn-and-move",
        }
    }

    /// The FEN of the start position (`None` for an even game). Castling rights follow
    /// from the rooks removed.
    pub fn fen(self) -> Option<&'static str> {
        Some(match self {
            Odds::None => return None,
            Odds::QueenRook => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
            Odds::QueenKnight => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
            Odds::Queen => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
            Odds::RookAndKnight => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/2BQKBNR w Kkq - 0 1",
            Odds::PawnAndMove => "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        })
    }

    /// The start position.
    pub fn start(self) -> Chess {
        match self.fen() {
            None => Chess::default(),
            Some(f) => f
                .parse::<Fen>()
                .expect("a valid FEN")
                .into_position(CastlingMode::Standard)
                .expect("a legal position"),
        }
    }

    /// The line a book prints for these odds, with the players' names where it names them.
    pub fn header(self, rng: &mut Rng, white: &str, black: &str, spanish: bool) -> String {
        let mut s = |v: &[&str]| rng.pick(v).to_string();
        if spanish {
            match self {
                Odds::None => String::new(),
                Odds::QueenRook => s(&[
                    "(Las blancas dan la torre de dama.)",
                    "Ventaja de la torre de dama.",
                    "(Quítese la torre de dama de las blancas.)",
                ]),
                Odds::QueenKnight => s(&[
                    "(Las blancas dan el caballo de dama.)",
                    "Ventaja del caballo de dama.",
                ]),
                Odds::Queen => s(&["(Las blancas dan la dama.)", "Ventaja de la dama."]),
                Odds::RookAndKnight => s(&[
                    "(Las blancas dan la torre y el caballo de dama.)",
                    "Ventaja de torre y caballo de dama.",
                ]),
                Odds::PawnAndMove => s(&[
                    "Ventaja de peón y salida.",
                    "(Las negras dan peón y salida.)",
                ]),
            }
        } else {
            match self {
                Odds::None => String::new(),
                Odds::QueenRook => s(&[
                    "(Remove White's Q. R. from the Board.)",
                    "Remove White's Queen's Rook.",
                    "White gives Q Rook.",
                    "(At the odds of the Queen's Rook.)",
                    &format!("{white} gives {black} the QR."),
                ]),
                Odds::QueenKnight => s(&[
                    "(Remove White's Q. Kt. from the Board.)",
                    "Remove White Queen's Knight.",
                    "White gives Q Knight.",
                    "(At the odds of the Queen's Knight.)",
                    &format!("{white} gives {black} the QKt."),
                ]),
                Odds::Queen => s(&[
                    "(Remove White's Queen from the Board.)",
                    "White gives the Queen.",
                    "At the odds of the Queen.",
                    &format!("{white} gives {black} the Queen."),
                ]),
                Odds::RookAndKnight => s(&[
                    "(Remove White's Q. R. and Q. Kt. from the Board.)",
                    "White gives Q Rook and Q Knight.",
                    "At the odds of the Queen's Rook and Knight.",
                    &format!("{white} gives {black} Rook and Knight."),
                ]),
                Odds::PawnAndMove => s(&[
                    "At the odds of the Pawn and Move.",
                    "(Remove Black's K. B. P. from the Board.)",
                    "Black gives the Pawn and Move.",
                    &format!("{black} gives {white} the Pawn and Move."),
                ]),
            }
        }
    }
}

/// The moves of a real game replayed from the odds position as far as they stay legal,
/// then carried on at random to its length (at least 20 plies), and the result (`*`
/// when the line was carried on and did not end).
pub fn adapt(
    odds: Odds,
    moves: &[Move],
    result: &str,
    rng: &mut Rng,
) -> (Chess, Vec<Move>, String) {
    let start = odds.start();
    if odds == Odds::None {
        return (start, moves.to_vec(), result.to_owned());
    }
    let mut pos = start.clone();
    let mut kept = Vec::new();
    for &m in moves {
        if !pos.is_legal(m) {
            break;
        }
        pos.play_unchecked(m);
        kept.push(m);
    }
    let (rest, result) = if kept.len() == moves.len() {
        (Vec::new(), result.to_owned())
    } else {
        let want = moves.len().max(20) - kept.len();
        random_line(rng, pos, want)
    };
    kept.extend(rest);
    (start, kept, result)
}

/// The FEN of a position, for the reference PGN.
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}
