//! What a proofreader needs about a doubtful ply: the position before it, its readings
//! (the chosen move, the tied ones, the nearest others) in the book's dialect and in SAN
//! with their cost and note, and the legal moves. The pipeline writes it in its JSON Lines
//! on each doubtful ply, and the review page reads it back.

use escriba_notation::{Dialect, Style, Token, TokenKind};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use crate::candidates::{Ctx, Relax, candidates};
use crate::describe::{write_legal, write_legal_among};
use crate::identity::Origins;
use crate::types::Ply;

/// How many readings a ply lists (the page picks them with the keys `1`–`9`).
pub const MAX_READINGS: usize = 9;
/// How many repairs a nearest reading may combine.
const NEAREST_REPAIRS: u32 = 3;
/// How many nearest readings a ply lists besides the chosen and the tied ones.
const NEAREST_PLY: usize = 4;
/// How many nearest readings the token a game stopped at lists.
pub const NEAREST_FAILURE: usize = 6;

/// Why a reading is listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReadingKind {
    /// The move the decoder chose.
    Chosen,
    /// A complete reading of the game that tied with the chosen one.
    Tie,
    /// Another move the token can mean, as printed or repaired, cheapest first.
    Nearest,
}

/// One reading of a token: a legal move, written both ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// Standard SAN.
    pub san: String,
    /// UCI (castling as the king's move, `e1g1`).
    pub uci: String,
    /// The move written in the book's dialect.
    pub book: String,
    /// The cost of reading the token as this move (0: fits as printed); the chosen move's
    /// is the decoder's cost of the ply.
    pub cost: u32,
    /// Why it costs that, or why it was chosen.
    pub note: Option<String>,
    /// Why it is listed.
    pub kind: ReadingKind,
}

/// A legal move of the position, written both ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    /// The move written in the book's dialect.
    pub book: String,
    /// Standard SAN.
    pub san: String,
    /// UCI.
    pub uci: String,
}

/// The review data of one ply (or of the token a game stopped at).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyReview {
    /// The position before the ply, as FEN.
    pub fen: String,
    /// The readings, the chosen one first (at most [`MAX_READINGS`]).
    pub readings: Vec<Reading>,
    /// Every legal move, for a move typed on the page.
    #[serde(default)]
    pub legal: Vec<LegalMove>,
}

fn san_plus(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// Writes the review data of a game's plies: moves written in `dialect` and `style`.
#[derive(Debug, Clone, Copy)]
pub struct Reviewer {
    /// The book's dialect.
    pub dialect: Dialect,
    /// The way the book prints its moves.
    pub style: Style,
}

impl Reviewer {
    /// Every legal move of `pos`, sorted as the book writes them.
    pub fn legal(&self, pos: &Chess, origins: &Origins) -> Vec<LegalMove> {
        let legal = pos.legal_moves();
        let mut out: Vec<LegalMove> = legal
            .iter()
            .map(|&m| LegalMove {
                book: write_legal_among(pos, origins, m, self.dialect, self.style, &legal),
                san: san_plus(pos, m),
                uci: crate::san::uci(m).to_string(),
            })
            .collect();
        out.sort_by(|a, b| a.book.cmp(&b.book).then_with(|| a.san.cmp(&b.san)));
        out
    }

    fn reading(
        &self,
        pos: &Chess,
        origins: &Origins,
        m: Move,
        cost: u32,
        note: Option<String>,
        kind: ReadingKind,
    ) -> Reading {
        Reading {
            san: san_plus(pos, m),
            uci: crate::san::uci(m).to_string(),
            book: write_legal(pos, origins, m, self.dialect, self.style),
            cost,
            note,
            kind,
        }
    }

    /// The `n` nearest readings of `token` in `pos` not listed in `out` yet, appended.
    fn nearest(
        &self,
        pos: &Chess,
        origins: &Origins,
        token: &Token,
        n: usize,
        out: &mut Vec<Reading>,
    ) {
        let limit = (out.len() + n).min(MAX_READINGS);
        let TokenKind::Move(mv) = &token.kind else {
            return;
        };
        let legal = pos.legal_moves();
        let ctx = Ctx {
            pos,
            origins,
            descriptive: self.dialect.is_descriptive(),
            max_repairs: NEAREST_REPAIRS,
        };
        for c in candidates(&ctx, mv, &legal) {
            if out.len() >= limit {
                break;
            }
            let uci = crate::san::uci(c.mv);
            if out.iter().any(|r| uci == r.uci) {
                continue;
            }
            let why = Relax(c.relax.0 & !Relax::POSITIONAL).describe().join(", ");
            let note = (!why.is_empty()).then_some(why);
            out.push(self.reading(pos, origins, c.mv, c.cost, note, ReadingKind::Nearest));
        }
    }

    /// The review data of ply `p`, played in `pos` from `token`: its readings, chosen
    /// first, then tied, then the nearest (at most [`MAX_READINGS`]), and the legal moves.
    pub fn ply(&self, pos: &Chess, origins: &Origins, token: Option<&Token>, p: &Ply) -> PlyReview {
        let mut readings = vec![self.reading(
            pos,
            origins,
            p.mv,
            p.cost,
            p.note.as_deref().map(str::to_owned),
            ReadingKind::Chosen,
        )];
        for alt in &p.alternatives {
            // An alternative is SAN in the position of its own reading of the game: when the
            // plies before it differ, it may name no move here, or the chosen one.
            let m = SanPlus::from_ascii(alt.as_bytes())
                .ok()
                .and_then(|s| s.san.to_move(pos).ok())
                .filter(|&m| !readings.iter().any(|r| crate::san::uci(m) == r.uci));
            if let Some(m) = m {
                readings.push(self.reading(
                    pos,
                    origins,
                    m,
                    p.cost,
                    Some("a complete reading of the game that ties with the chosen one".into()),
                    ReadingKind::Tie,
                ));
            }
        }
        if let Some(t) = token {
            self.nearest(pos, origins, t, NEAREST_PLY, &mut readings);
        }
        readings.truncate(MAX_READINGS);
        PlyReview {
            fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
            readings,
            legal: self.legal(pos, origins),
        }
    }

    /// The review data of the token a game stopped at, in `pos`: its nearest readings and
    /// the legal moves.
    pub fn stop(&self, pos: &Chess, origins: &Origins, token: Option<&Token>) -> PlyReview {
        let mut readings = Vec::new();
        if let Some(t) = token {
            self.nearest(pos, origins, t, NEAREST_FAILURE, &mut readings);
        }
        PlyReview {
            fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
            readings,
            legal: self.legal(pos, origins),
        }
    }
}
