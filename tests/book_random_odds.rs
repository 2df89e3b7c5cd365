//! Games at odds start from their position, in every wording: stated over furniture, an
//! event and the names, under a heading, with the giver named in full or assumed (and then
//! flagged).

use std::fmt::Write as _;

use escriba_pipeline::GameStatus;
use escriba_pipeline::game::GameResult;

use crate::book_random_kit::*;
use crate::common::reference_sans;
use escriba_testkit::Rng;

#[test]
fn an_odds_game_starts_from_its_position_in_every_wording_and_an_assumed_giver_is_flagged() {
    use escriba_resolve::shakmaty::EnPassantMode;
    use escriba_resolve::shakmaty::fen::Fen;
    let mut rng = Rng::new(2103);
    for round in 0..21 {
        let (wording, fen, named) = ODDS[round % ODDS.len()];
        let print = PRINTS[round % PRINTS.len()];
        let start = position(fen);
        let score = random_score_from(&mut rng, &start, print);
        let (white, black) = players(round);
        let statement = wording.replace("{W}", &white).replace("{B}", &black);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n{statement}\n\n",
            round + 1
        );
        score.rows(0, score.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "{text}");
        let g = &games[0];
        let got: Vec<String> = g.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(got, reference_sans(&start, &score.moves), "{text}");
        assert_eq!(g.status, GameStatus::Complete, "{text}");
        assert_eq!(g.tags.get("SetUp"), Some("1"), "{text}");
        let written = Fen::from_position(&start, EnPassantMode::Legal).to_string();
        assert_eq!(g.tags.get("FEN"), Some(written.as_str()), "{text}");
        assert_eq!(
            g.flagged > 0,
            !named,
            "an assumed giver flags the game: {text}"
        );
    }
}

/// A game's heading printed as its number alone (`100.`) between blank lines opens the
/// game, so that the header lines under it (the event, the odds) are its own even when
/// the game before ends with no result and a page mark stands before the table.
#[test]
fn a_number_alone_over_a_header_is_the_game_s_heading_and_the_odds_under_it_are_its() {
    let mut rng = Rng::new(2113);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let (wording, fen, _) = ODDS[rng.below(ODDS.len())];
            let start = position(fen);
            let score = random_score_from(&mut rng, &start, print);
            let (white, black) = players(round + g);
            let statement = wording.replace("{W}", &white).replace("{B}", &black);
            writeln!(
                text,
                "{}.\n\nPlayed in the match at Vienna, 18{}.\n{statement}\n\n{}\n",
                10 * round + g + 1,
                50 + rng.below(40),
                FURNITURE[rng.below(FURNITURE.len())]
            )
            .unwrap();
            if rng.below(2) == 0 {
                token_rows(&score, 0, score.moves.len(), 4, true, &mut text);
            } else {
                score.rows(0, score.moves.len(), &mut text);
            }
            writeln!(text, "\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((start, score, fen));
        }
        assert_odds_games(&text, &expected, round);
    }
}

/// An odds sentence names the giver in full (`Capt. Wondmann gives Mr. Englisch the QR.`)
/// over a column header of initials (`WHITE. (Capt. W.)  BLACK. (Mr. E.)`): the men come
/// off the giver's side, White's or Black's, as the heading's names say who is who.
#[test]
fn the_odds_giver_named_in_full_over_a_column_of_initials_gives_from_that_side() {
    // (what is given, the start when White gives it, when Black does)
    const GIVEN: [(&str, &str, &str); 3] = [
        (
            "the QR",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
        ),
        (
            "the QKt",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "the Queen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ];
    let mut rng = Rng::new(2123);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let (white, w) = random_player(&mut rng);
        let (black, b) = random_player(&mut rng);
        let (given, by_white, by_black) = GIVEN[rng.below(GIVEN.len())];
        let white_gives = rng.below(2) == 0;
        let fen = if white_gives { by_white } else { by_black };
        let start = position(fen);
        let score = random_score_from(&mut rng, &start, print);
        let (giver, taker) = if white_gives {
            (&white, &black)
        } else {
            (&black, &white)
        };
        let mut text = format!(
            "No. {}.--Between {white} and {black}.\n\nPlayed at Paris in 18{}.\n     \
             WHITE. ({w})          BLACK. ({b})\n{giver} gives {taker} {given}.\n\n",
            round + 1,
            40 + rng.below(50)
        );
        score.rows(0, score.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let games: Vec<GameResult> = default_mode(&text)
            .into_iter()
            .filter(|r| !r.plies.is_empty())
            .collect();
        assert_eq!(games.len(), 1, "round {round}:\n{text}");
        let r = &games[0];
        assert_eq!(r.tags.get("FEN"), Some(fen), "round {round}:\n{text}");
        let got: Vec<String> = r.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(
            got,
            reference_sans(&start, &score.moves),
            "round {round}:\n{text}"
        );
        assert_eq!(r.status, GameStatus::Complete, "round {round}:\n{text}");
    }
}

/// A game's odds line over its header, with a page's running head, a digitizer's mark,
/// an event line and the players' names (in small capitals under `White.  Black.`, or
/// side by side) between it and the table, in any order, or the odds line last, under the
/// names: the game starts from the odds' position, the men off the side the line names
/// (by its colour or by a player's name, whose surname no other name's word may stand for).
#[test]
fn odds_stated_over_furniture_an_event_and_the_names_start_the_game_from_their_position() {
    let mut rng = Rng::new(2142);
    for round in 0..40 {
        let print = PRINTS[round % 4];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let (wording, fen) = ODDS_NAMED[rng.below(ODDS_NAMED.len())];
            let start = position(fen);
            let score = random_score_from(&mut rng, &start, print);
            let (white, black) = (random_player(&mut rng).0, random_player(&mut rng).0);
            let statement = wording.replace("{W}", &white).replace("{B}", &black);
            let mut lines = vec![header_furniture(&mut rng, 200 + 2 * (3 * round + g))];
            if rng.below(3) > 0 {
                lines.push(header_event(&mut rng, false));
            }
            if rng.below(2) == 0 {
                lines.reverse();
            }
            let (w, b) = (format!("{white}."), format!("{black}."));
            let names = match rng.below(3) {
                0 => format!(
                    "      White.                Black.\n      {:<22}{}",
                    w.to_uppercase(),
                    b.to_uppercase()
                ),
                1 => format!("   {w:<26}{b}"),
                _ => format!("White: {white}.  Black: {black}."),
            };
            let odds_last = rng.below(3) == 0;
            if !odds_last {
                writeln!(text, "{statement}").unwrap();
            }
            for l in lines {
                let gap = if rng.below(2) == 0 { "\n" } else { "" };
                writeln!(text, "{gap}{l}").unwrap();
            }
            writeln!(text, "{names}").unwrap();
            if odds_last {
                writeln!(text, "{statement}").unwrap();
            }
            text.push('\n');
            if rng.below(2) == 0 {
                token_rows(&score, 0, score.moves.len(), 2, true, &mut text);
            } else {
                score.rows(0, score.moves.len(), &mut text);
            }
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((start, score, fen));
        }
        last_pages(&mut text);
        assert_odds_games(&text, &expected, round);
    }
}

/// An odds line that names the man removed by its square (`Togliere Cb1 da Morphy`, as
/// an Italian PDF of a game prints it under the players) before a game file's moves: the
/// game starts without that man, and the square's word (`Cb1`, which reads as a knight's
/// move) is no move of the game.
#[test]
fn odds_named_by_a_square_before_the_moves_set_the_start_and_are_no_move() {
    use escriba_notation::{AlgLang, Dialect, Style};
    use escriba_resolve::describe::write_game;
    use escriba_resolve::shakmaty::EnPassantMode;
    use escriba_resolve::shakmaty::fen::Fen;
    // The man removed as the line names it (Italian letters), the player who gives it,
    // and the position without it.
    let men = [
        (
            "Cb1",
            "Morphy",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        ),
        (
            "Cg1",
            "Morphy",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
        ),
        (
            "Ta1",
            "Morphy",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
        ),
        (
            "Dd1",
            "Morphy",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
        ),
        (
            "f2",
            "Morphy",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "Cb8",
            "Arnold",
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "Th8",
            "Arnold",
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1",
        ),
    ];
    let mut rng = Rng::new(1859);
    for round in 0..28 {
        let (word, giver, fen) = men[round % men.len()];
        let start = position(fen);
        let (moves, _) = escriba_testkit::random_line(&mut rng, &start, 40);
        let it = Dialect::Algebraic(AlgLang::It);
        let score = write_game(&start, &moves, it, Style::default()).expect("a legal game");
        let text = format!("Morphy,Paul - Arnold,W\nTogliere {word} da {giver}\n{score}\n");
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "{text}");
        let g = &games[0];
        let got: Vec<String> = g.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(got, reference_sans(&start, &moves), "{text}");
        let written = Fen::from_position(&start, EnPassantMode::Legal).to_string();
        assert_eq!(g.tags.get("FEN"), Some(written.as_str()), "{text}");
    }
}

/// An odds line at the head of a document, in its title block of short lines with no
/// blank line between them (the players, the odds, the author, dates, a copyright, a
/// web address, an editor's elision: a PDF's title page as its text layer gives it), as
/// far above the first move as the block is long: the game starts without the men it
/// names, and its word (`Cb1`) is no move.
#[test]
fn odds_in_a_document_s_title_block_far_above_the_moves_set_the_first_game_s_start() {
    use escriba_notation::{AlgLang, Dialect, Style};
    use escriba_resolve::describe::write_game;
    use escriba_resolve::shakmaty::EnPassantMode;
    use escriba_resolve::shakmaty::fen::Fen;
    let men = [
        (
            "Cb1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        ),
        (
            "Cg1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
        ),
        (
            "Ta1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
        ),
        (
            "Dd1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
        ),
    ];
    let mut rng = Rng::new(1884);
    for round in 0..24 {
        let (word, fen) = men[round % men.len()];
        let start = position(fen);
        let (moves, _) = escriba_testkit::random_line(&mut rng, &start, 40);
        let it = Dialect::Algebraic(AlgLang::It);
        let score = write_game(&start, &moves, it, Style::default()).expect("a legal game");
        // The odds under a first line of the block, then six to eight lines more, so
        // that the odds stand more than six lines above the moves.
        let count = 7 + rng.below(3);
        let mut block = random_title_block(&mut rng, count).into_iter();
        let mut text = String::new();
        writeln!(text, "{}", block.next().unwrap()).unwrap();
        let (giver, _) = random_player(&mut rng);
        writeln!(text, "Togliere {word} da {giver}").unwrap();
        for line in block {
            writeln!(text, "{line}").unwrap();
        }
        // The score in rows of four moves, as a page prints it.
        let words: Vec<&str> = score.split_whitespace().collect();
        for row in words.chunks(12) {
            writeln!(text, "{}", row.join(" ")).unwrap();
        }
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "round {round}:\n{text}");
        let g = &games[0];
        let got: Vec<String> = g.plies.iter().map(|p| p.ply.san.to_string()).collect();
        assert_eq!(
            got,
            reference_sans(&start, &moves),
            "round {round}:\n{text}"
        );
        let written = Fen::from_position(&start, EnPassantMode::Legal).to_string();
        assert_eq!(
            g.tags.get("FEN"),
            Some(written.as_str()),
            "round {round}:\n{text}"
        );
    }
}
