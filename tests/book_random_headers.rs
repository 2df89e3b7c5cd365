//! The players of a game: the header sentences over its table, a column header's initials,
//! names in capitals, a player a line. A header whose lines stand apart over page
//! furniture, an event line or a names line still names its game's players, and never
//! lends them to the next game's table.

use std::fmt::Write as _;

use escriba_pipeline::GameStatus;
use escriba_pipeline::game::GameResult;
use escriba_resolve::shakmaty::Chess;

use crate::book_random_kit::*;
use crate::common::reference_sans;
use escriba_testkit::Rng;

/// A game with a bare heading (`No. 12.`, `GAME 12.`) or none, and a sentence over its
/// table that says where, between whom and at what odds it was played, coming right after
/// the last game's result and notes: that sentence is the game's header, and its odds,
/// players and place are read.
#[test]
fn the_header_sentences_over_a_table_from_move_1_belong_to_that_game() {
    const PLACES: [&str; 3] = ["London", "Breslau", "Paris"];
    let mut rng = Rng::new(2108);
    for round in 0..24 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let odds = (rng.below(3) > 0).then(|| ODDS[rng.below(ODDS.len())]);
            let start = odds.map_or_else(Chess::default, |(_, fen, _)| position(fen));
            let score = random_score_from(&mut rng, &start, print);
            let (white, black) = players(round + g);
            let place = PLACES[rng.below(PLACES.len())];
            let between = format!(
                "The following game was played at {place}, 18{}, between Messrs. {white} and {black}.",
                40 + rng.below(50)
            );
            // A heading of its own, or none.
            match rng.below(4) {
                0 => writeln!(text, "No. {}.\n", 10 * round + g + 1).unwrap(),
                1 => writeln!(text, "GAME {}.\n", 10 * round + g + 1).unwrap(),
                _ => {}
            }
            let statement = odds.map(|(wording, _, _)| {
                format!(
                    "{}\n",
                    wording.replace("{W}", &white).replace("{B}", &black)
                )
            });
            let statement = statement.as_deref().unwrap_or("");
            match rng.below(3) {
                0 => writeln!(text, "{statement}{between}\n").unwrap(),
                1 => writeln!(text, "{between}\n{statement}").unwrap(),
                // The event in a sentence that ends on its year, the players' names side by
                // side under it, and the odds under them.
                _ => writeln!(
                    text,
                    "Game played at {place}, {} 18{}.\n   {white}.        {black}.\n{statement}",
                    ["March 3,", "in", "September 25,"][rng.below(3)],
                    40 + rng.below(50)
                )
                .unwrap(),
            }
            // The page may turn between the header and the table.
            match rng.below(4) {
                0 => writeln!(text, "{{{}}}\n", 100 + round).unwrap(),
                1 => writeln!(text, "{:>40}\n", 100 + round).unwrap(),
                _ => {}
            }
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((start, score, white, black, place, odds.map(|o| o.1)));
        }
        let games: Vec<GameResult> = default_mode(&text)
            .into_iter()
            .filter(|r| !r.plies.is_empty())
            .collect();
        assert_eq!(games.len(), expected.len(), "round {round}:\n{text}");
        for (r, (start, score, white, black, place, fen)) in games.iter().zip(&expected) {
            let got: Vec<String> = r.plies.iter().map(|p| p.ply.san.to_string()).collect();
            assert_eq!(
                got,
                reference_sans(start, &score.moves),
                "round {round}:\n{text}"
            );
            assert_eq!(r.status, GameStatus::Complete, "round {round}:\n{text}");
            assert_eq!(r.tags.get("FEN"), *fen, "round {round}:\n{text}");
            assert_eq!(
                r.tags.get("White"),
                Some(white.as_str()),
                "round {round}:\n{text}"
            );
            assert_eq!(
                r.tags.get("Black"),
                Some(black.as_str()),
                "round {round}:\n{text}"
            );
            assert_eq!(r.tags.get("Site"), Some(*place), "round {round}:\n{text}");
        }
    }
}

#[test]
fn a_column_header_s_initials_take_the_heading_s_full_names_by_title_and_initial() {
    let mut rng = Rng::new(2121);
    for round in 0..60 {
        let print = PRINTS[round % 4];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 {
            let score = random_score(&mut rng, print);
            let (white, w) = random_player(&mut rng);
            let (black, b) = random_player(&mut rng);
            writeln!(
                text,
                "GAME {}.—Between {white} and {black}.\n",
                2 * round + g + 1
            )
            .unwrap();
            // Two players of one title and one initial are told apart by the heading's
            // order only: White is named first.
            if rng.below(2) == 0 {
                writeln!(text, "     WHITE. ({w})          BLACK. ({b})\n").unwrap();
                score.rows(0, score.moves.len(), &mut text);
            } else {
                // The header words on the line of the first moves.
                let mut rows = String::new();
                score.rows(0, score.moves.len(), &mut rows);
                write!(text, "WHITE. ({w}) BLACK. ({b}) {}", rows.trim_start()).unwrap();
            }
            text.push_str("\nAnd wins.\n\nSome prose closes the game.\n\n");
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_header_over_page_furniture_after_the_last_game_s_notes_names_the_next_game_s_players() {
    let mut rng = Rng::new(2122);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let score = random_score(&mut rng, print);
            let (white, black) = (random_player(&mut rng).0, random_player(&mut rng).0);
            // No heading: the last game's notes, then the header.
            match if print.name == "spanish" { 4 } else { rng.below(5) } {
                // The sentences over a bare column header.
                3 => writeln!(
                    text,
                    "The following game was played between {white} and {black}.\n\
                     Played in the match at Berlin, 14th May, 18{}.\n\n       \
                     WHITE.                        BLACK.",
                    40 + rng.below(50)
                )
                .unwrap(),
                4 => writeln!(
                    text,
                    "Partida jugada entre los señores {white} y {black}, {} de marzo de 18{}.",
                    1 + rng.below(28),
                    40 + rng.below(50)
                )
                .unwrap(),
                0 => writeln!(text, "Played between {white} and {black}.").unwrap(),
                1 => writeln!(
                    text,
                    "Game played in the Masters' Tournament, 18{}.\nWhite: {white}.  Black: {black}.",
                    40 + rng.below(50)
                )
                .unwrap(),
                2 => writeln!(
                    text,
                    "Game played in the Masters' Tournament, 18{}.\n  WHITE. ({white}.)    BLACK. ({black}.)",
                    40 + rng.below(50)
                )
                .unwrap(),
                _ => writeln!(
                    text,
                    "The following game was played between {white} and {black}."
                )
                .unwrap(),
            }
            // Blank lines and a page break (its number, a running head set off by a wide
            // gap) between the header and the table.
            let page = 200 + 2 * (3 * round + g);
            for _ in 0..1 + rng.below(2) {
                text.push('\n');
            }
            match rng.below(3) {
                0 => writeln!(text, "{{{page}}}\n").unwrap(),
                1 => writeln!(
                    text,
                    "{:>30}\n{page:<40}THE BOOK OF THE GREAT TOURNAMENT\n",
                    page - 1
                )
                .unwrap(),
                _ => writeln!(text, "{page:<44}THE BOOK OF THE GREAT TOURNAMENT\n").unwrap(),
            }
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        // The running head comes back on every page.
        for k in 0..3 {
            writeln!(text, "{:<44}THE BOOK OF THE GREAT TOURNAMENT\n", 900 + k).unwrap();
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_game_s_header_never_lends_its_names_to_the_next_game_s_table() {
    let mut rng = Rng::new(2123);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let (first, second) = (random_score(&mut rng, print), random_score(&mut rng, print));
        let names: Vec<String> = (0..4).map(|_| random_player(&mut rng).0).collect();
        let mut text = format!(
            "{}.\n\n  WHITE. ({}.)    BLACK. ({}.)\n",
            2 * round + 1,
            names[0],
            names[1]
        );
        // The first game's moves one token a line and unnumbered, as a flattened web copy
        // prints them (no table this reader takes), then a note.
        for t in &first.tokens[..2 + rng.below(6)] {
            writeln!(text, " {t}").unwrap();
        }
        writeln!(text, "{}", NOTES[rng.below(3)]).unwrap();
        writeln!(text, "  WHITE. ({}.)    BLACK. ({}.)\n", names[2], names[3]).unwrap();
        second.rows(0, second.moves.len(), &mut text);
        text.push_str("\nAnd wins.\n");
        let want = reference_sans(&Chess::default(), &second.moves);
        let games = default_mode(&text);
        let got = games
            .iter()
            .find(|r| {
                r.plies
                    .iter()
                    .map(|p| p.ply.san.to_string())
                    .eq(want.iter().cloned())
            })
            .unwrap_or_else(|| panic!("round {round}: the second game is not read whole:\n{text}"));
        assert_eq!(
            (got.tags.get("White"), got.tags.get("Black")),
            (Some(names[2].as_str()), Some(names[3].as_str())),
            "round {round}, {}:\n{text}",
            print.name
        );
    }
}

/// A header printed a player a line (`White: X.` over `Black: Y.`) under a note's paragraph
/// and an event sentence opens the next game: the White line is no last line of the note
/// (which left the Black line to open a game read with its columns swapped, every move
/// mirrored and the game complete).
#[test]
fn a_player_a_line_under_a_note_opens_the_next_game_with_both_names() {
    let mut rng = Rng::new(2112);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            writeln!(
                text,
                "Game played in the Masters' Tournament, 18{}.\nWhite: {white}.\nBlack: {black}.\n",
                50 + rng.below(40)
            )
            .unwrap();
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\n    And wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// A sentence `between X and Y` (English or Spanish) over the table, then, each between
/// blank lines and in any order, a page's running head (or a digitizer's mark) and an event
/// line: the sentence names the game's players, whatever stands between it and the table,
/// and whether the table is printed in two columns or White's column whole then Black's.
#[test]
fn a_between_sentence_over_page_furniture_and_an_event_line_names_the_game_s_players() {
    let mut rng = Rng::new(2141);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let spanish = print.name == "spanish";
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..3 {
            let score = random_score(&mut rng, print);
            let white = untitled(&random_player(&mut rng).0);
            let black = untitled(&random_player(&mut rng).0);
            let year = 1750 + rng.below(170);
            let between = if spanish {
                format!(
                    "Partida jugada entre los señores {white} y {black}, {} de mayo de {year}.",
                    1 + rng.below(28)
                )
            } else {
                match rng.below(3) {
                    0 => format!("Played between Messrs. {white} and {black}."),
                    1 => format!("Game played between Messrs. {white} and {black}, {year}."),
                    _ => format!(
                        "The following game was played between Messrs. {white} and {black}."
                    ),
                }
            };
            writeln!(text, "{between}\n").unwrap();
            let page = 100 + 2 * (3 * round + g);
            let mut between_lines = vec![header_furniture(&mut rng, page)];
            if rng.below(3) > 0 {
                between_lines.push(header_event(&mut rng, spanish));
            }
            if rng.below(2) == 0 {
                between_lines.reverse();
            }
            for l in between_lines {
                writeln!(text, "{l}\n").unwrap();
            }
            if rng.below(2) == 0 {
                score.rows(0, score.moves.len(), &mut text);
            } else if spanish {
                columns_in_turn(&score, ("BLANCAS.", "NEGRAS."), &mut text);
            } else {
                columns_in_turn(&score, ("WHITE.", "BLACK."), &mut text);
            }
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        last_pages(&mut text);
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// Names printed in capitals (`White.—MR BRUHL.   Black.--M D Q TARMANN.`, small capitals
/// under `White.  Black.`) are given as names (`Mr Bruhl`), each word capitalised, the
/// book's spelling kept otherwise.
#[test]
fn names_printed_in_capitals_come_out_as_names() {
    let mut rng = Rng::new(2143);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 {
            let score = random_score(&mut rng, print);
            let (white, black) = (random_player(&mut rng).0, random_player(&mut rng).0);
            writeln!(text, "GAME {}.\n", 2 * round + g + 1).unwrap();
            let (white, black) = if rng.below(2) == 0 {
                let (w, b) = (white.replace('.', ""), black.replace('.', ""));
                let d = ["—", "--"][rng.below(2)];
                writeln!(
                    text,
                    "White.{d}{}.   Black.{d}{}.\n",
                    w.to_uppercase(),
                    b.to_uppercase()
                )
                .unwrap();
                (w, b)
            } else {
                let (w, b) = (format!("{white}."), format!("{black}."));
                writeln!(
                    text,
                    "   White.                  Black.\n   {:<24}{}\n",
                    w.to_uppercase(),
                    b.to_uppercase()
                )
                .unwrap();
                (white, black)
            };
            score.rows(0, score.moves.len(), &mut text);
            writeln!(text, "\nAnd wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

/// A game's score under a title block of two to six short lines of words (the players,
/// a place and a date, an author, a web address: a page's head as a web copy or a PDF's
/// text layer gives it), in every print and layout: the document is read as a book, so
/// the block is the game's header and none of its words is read as a move (`di` as d3, a
/// year as a move number), and the game is read whole from its first row.
#[test]
fn a_score_under_a_title_block_of_words_reads_whole_and_no_word_of_the_block_is_a_move() {
    let mut rng = Rng::new(1837);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let mut text = String::new();
        // Three to six lines: two of words at least besides an editor's elision.
        let count = 3 + rng.below(4);
        for line in random_title_block(&mut rng, count) {
            writeln!(text, "{line}").unwrap();
        }
        if rng.chance(50) {
            text.push('\n');
        }
        let first_row = text.lines().count() + 1;
        let layout = rng.below(4);
        rows_in(&score, layout, 0, score.moves.len(), &mut text);
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "round {round}:\n{text}");
        let g = &games[0];
        let got: Vec<String> = g.plies.iter().map(|p| p.ply.san.to_string()).collect();
        let start = Chess::default();
        assert_eq!(
            got,
            reference_sans(&start, &score.moves),
            "round {round}:\n{text}"
        );
        assert_eq!(g.status, GameStatus::Complete, "round {round}:\n{text}");
        assert_eq!(g.flagged, 0, "round {round}:\n{text}");
        assert!(
            g.plies.iter().all(|p| p.line >= first_row),
            "a move read above the first row (line {first_row}), round {round}:\n{text}"
        );
    }
}
