//! What the review page needs about a doubtful ply, beyond `plies.csv`: the position
//! before it, its readings (the chosen move, the tied ones, the nearest others) in the
//! book's dialect and in SAN with their cost and note, and the legal moves. JSONL carries
//! it, so that `escriba review OUT.jsonl` works from a finished run alone.

use escriba_notation::{DescLang, Dialect, Form, KnightLetter, Style, Token, TokenKind, movetext};
use escriba_resolve::candidates::{Ctx, Relax, candidates};
use escriba_resolve::describe::{write_legal, write_legal_among};
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::fen::Fen;
use escriba_resolve::shakmaty::san::SanPlus;
use escriba_resolve::shakmaty::{Chess, EnPassantMode, Move, Position};
use escriba_resolve::{Ply, Status, start_position};
use serde::{Deserialize, Serialize};

use crate::game::record::GameResult;

/// How many readings a ply lists (the page picks them with the keys `1`–`9`).
pub const MAX_READINGS: usize = 9;
/// How many repairs a nearest reading may combine.
const NEAREST_REPAIRS: u32 = 3;
/// How many nearest readings a ply lists besides the chosen and the tied ones.
const NEAREST_PLY: usize = 4;
/// How many nearest readings the token a game stopped at lists.
const NEAREST_FAILURE: usize = 6;

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

/// The review data of a game: per ply (for the plies that are not `exact`), and for the
/// token it stopped at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameReview {
    /// Indexed like [`GameResult::plies`].
    pub plies: Vec<Option<PlyReview>>,
    /// The token the game stopped at.
    pub failure: Option<PlyReview>,
}

fn san_plus(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

struct Reviewer {
    dialect: Dialect,
    style: Style,
}

impl Reviewer {
    fn legal(&self, pos: &Chess, origins: &Origins) -> Vec<LegalMove> {
        let legal = pos.legal_moves();
        let mut out: Vec<LegalMove> = legal
            .iter()
            .map(|&m| LegalMove {
                book: write_legal_among(pos, origins, m, self.dialect, self.style, &legal),
                san: san_plus(pos, m),
                uci: escriba_resolve::san::uci(m).to_string(),
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
            uci: escriba_resolve::san::uci(m).to_string(),
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
            let uci = escriba_resolve::san::uci(c.mv);
            if out.iter().any(|r| uci == r.uci) {
                continue;
            }
            let why = Relax(c.relax.0 & !Relax::POSITIONAL).describe().join(", ");
            let note = (!why.is_empty()).then_some(why);
            out.push(self.reading(pos, origins, c.mv, c.cost, note, ReadingKind::Nearest));
        }
    }

    fn ply(&self, pos: &Chess, origins: &Origins, token: Option<&Token>, p: &Ply) -> PlyReview {
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
                .filter(|&m| {
                    !readings
                        .iter()
                        .any(|r| escriba_resolve::san::uci(m) == r.uci)
                });
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
}

/// The way the game's own moves are printed (English descriptive only: compact `Kt-KB3`,
/// spaced `Kt - K B 3` or long-hand `K. Kt. to K. B's 3d.`; `Kt` or `N`), so that the
/// page writes readings as the book would.
fn style_of(dialect: Dialect, text: &str, tokens: &[Token]) -> Style {
    if dialect != Dialect::Descriptive(DescLang::En) {
        return Style::default();
    }
    let (mut compact, mut spaced, mut long, mut kt, mut n) = (0, 0, 0, 0, 0);
    for t in tokens {
        if !matches!(t.kind, TokenKind::Move(_)) {
            continue;
        }
        let s = &text[t.span.range()];
        if s.contains(" to ") || s.contains("takes") || s.contains("Castles.") {
            long += 1;
        } else if s.contains(' ') {
            spaced += 1;
        } else {
            compact += 1;
        }
        kt += usize::from(s.contains("Kt"));
        n += usize::from(s.contains('N'));
    }
    let form = if long > compact.max(spaced) {
        Form::LongHand
    } else if spaced > compact {
        Form::Spaced
    } else {
        Form::Compact
    };
    Style {
        form,
        knight: if n > kt {
            KnightLetter::N
        } else {
            KnightLetter::Kt
        },
    }
}

/// The review data of a game: nothing for a game whose plies are all `exact` and that did
/// not stop early.
pub(crate) fn game_review(r: &GameResult) -> GameReview {
    let mut out = GameReview {
        plies: vec![None; r.plies.len()],
        failure: None,
    };
    let needed = r.failure.is_some() || r.plies.iter().any(|p| p.ply.status != Status::Exact);
    let (Some(dialect), true) = (r.dialect, needed) else {
        return out;
    };
    let Ok(start) = start_position(r.tags.get("FEN"), false) else {
        return out;
    };
    let tokens = movetext::tokenize(dialect, &r.movetext);
    let rv = Reviewer {
        dialect,
        style: style_of(dialect, &r.movetext, &tokens),
    };
    let mut pos = start;
    let mut origins = Origins::new(pos.board());
    for (i, p) in r.plies.iter().enumerate() {
        if p.ply.status != Status::Exact {
            out.plies[i] = Some(rv.ply(&pos, &origins, tokens.get(p.ply.token), &p.ply));
        }
        if !pos.is_legal(p.ply.mv) {
            // Not the position the decoder played in: say nothing rather than something wrong.
            out.plies[i..].iter_mut().for_each(|x| *x = None);
            return out;
        }
        origins.play(p.ply.mv);
        pos.play_unchecked(p.ply.mv);
    }
    if let Some(d) = r.failure.as_ref().and_then(|f| f.diagnostic.as_ref())
        && Fen::from_position(&pos, EnPassantMode::Legal).to_string() == d.fen
    {
        let mut readings = Vec::new();
        if let Some(t) = tokens.get(d.token) {
            rv.nearest(&pos, &origins, t, NEAREST_FAILURE, &mut readings);
        }
        out.failure = Some(PlyReview {
            fen: d.fen.clone(),
            readings,
            legal: rv.legal(&pos, &origins),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::config::Config;
    use crate::game::process_game;
    use crate::game::record::GameText;
    use crate::segment::{BlockSegmenter, segment_text};

    fn transcribe(text: &str) -> GameResult {
        let segment = segment_text(&mut BlockSegmenter::new(), text).remove(0);
        let game = GameText {
            source: Arc::from("book.txt"),
            index: 1,
            segment,
        };
        process_game(&game, &Config::default())
    }

    #[test]
    fn a_tied_ply_lists_the_chosen_move_then_the_tie_in_the_books_notation_and_in_san() {
        let r = transcribe("[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 2. P-B4\n");
        let v = game_review(&r);
        assert!(
            v.plies[0].is_none() && v.plies[1].is_none(),
            "exact plies carry nothing"
        );
        let p = v.plies[2].as_ref().expect("the ambiguous ply");
        assert_eq!(
            p.fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        let first: Vec<(&str, &str, ReadingKind)> = p.readings[..2]
            .iter()
            .map(|r| (r.book.as_str(), r.san.as_str(), r.kind))
            .collect();
        let chosen = r.plies[2].ply.san.as_str();
        let other = if chosen == "c4" { "f4" } else { "c4" };
        let spell = |san: &str| if san == "c4" { "P-QB4" } else { "P-KB4" };
        assert_eq!(
            first,
            [
                (spell(chosen), chosen, ReadingKind::Chosen),
                (spell(other), other, ReadingKind::Tie)
            ]
        );
        assert!(p.readings.len() <= MAX_READINGS);
        assert!(
            p.readings[2..]
                .iter()
                .all(|r| r.kind == ReadingKind::Nearest)
        );
        assert_eq!(p.legal.len(), 29, "every legal move after 1. e4 e5");
        assert!(
            p.legal
                .iter()
                .any(|l| l.book == "Kt-KB3" && l.san == "Nf3" && l.uci == "g1f3")
        );
    }

    #[test]
    fn readings_are_written_the_way_the_game_prints_its_moves() {
        let long = transcribe(
            "[Notation \"en-descriptive\"]\n\n1. K. P. to K's 4th. 1. K. P. to K's 4th.\n\
             2. B. P. two.\n",
        );
        let v = game_review(&long);
        let p = v.plies.iter().flatten().last().expect("the tie");
        assert!(
            p.readings.iter().all(|r| r.book.contains(" to ")),
            "{:?}",
            p.readings
        );
        let spaced = transcribe("[Notation \"en-descriptive\"]\n\n1. P - K 4 P - K 4 2. P - B 4\n");
        let v = game_review(&spaced);
        let p = v.plies[2].as_ref().expect("the tie");
        assert!(
            p.readings.iter().any(|r| r.book == "P - K B 4"),
            "{:?}",
            p.readings
        );
        assert!(p.legal.iter().any(|l| l.book == "Kt - K B 3"));
    }

    #[test]
    fn a_game_that_stops_gets_its_position_nearest_readings_and_legal_moves() {
        let r = transcribe(
            "[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. R-Q7\n",
        );
        let v = game_review(&r);
        let f = v.failure.expect("the failing token's review");
        assert_eq!(f.fen, r.failure.unwrap().diagnostic.unwrap().fen);
        assert_eq!(f.readings[0].san, "d3");
        assert_eq!(f.readings[0].book, "P-Q3");
        assert!(f.readings.len() <= NEAREST_FAILURE);
        assert!(f.legal.iter().any(|l| l.san == "O-O" && l.uci == "e1g1"));
    }
}
