//! The review data of a game (see [`escriba_resolve::review`]): for each doubtful ply and
//! for the token the game stopped at. JSONL carries it, so that `escriba review OUT.jsonl`
//! works from a finished run alone.

use escriba_notation::{detect, movetext};
use escriba_resolve::identity::Origins;
use escriba_resolve::review::{PlyReview, Reviewer};
use escriba_resolve::shakmaty::fen::Fen;
use escriba_resolve::shakmaty::{EnPassantMode, Position};
use escriba_resolve::{Status, start_position};

use crate::game::record::GameResult;

/// The review data of a game: per ply (for the plies that are not `exact`), and for the
/// token it stopped at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameReview {
    /// Indexed like [`GameResult::plies`].
    pub plies: Vec<Option<PlyReview>>,
    /// The token the game stopped at.
    pub failure: Option<PlyReview>,
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
        style: detect::style_of(dialect, &r.movetext, &tokens),
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
        out.failure = Some(rv.stop(&pos, &origins, tokens.get(d.token)));
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use escriba_resolve::review::{MAX_READINGS, NEAREST_FAILURE, ReadingKind};

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
