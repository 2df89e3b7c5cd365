//! Tables printed in other orders and shapes: columns in turn, staggered, a paragraph, plain
//! SAN without move numbers, numbers that read as a board's rank, promotion words; and
//! damaged rows, which never leave their game complete and shorter.

use std::fmt::Write as _;

use escriba_pipeline::GameStatus;
use escriba_resolve::shakmaty::Chess;

use crate::book_random_kit::*;
use crate::common::reference_sans;
use escriba_testkit::{Rng, random_game};

#[test]
fn a_game_whose_table_goes_on_in_rows_it_does_not_read_is_never_complete() {
    let mut rng = Rng::new(2102);
    for round in 0..12 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let cut = 2 * (3 + rng.below(n / 2 - 6));
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        // A heading of its own over the rest of the table: those rows start from a
        // position the text does not give, so they are not read, and the game is not whole.
        writeln!(text, "\nGAME {}.--Continued.\n", round + 30).unwrap();
        let unread_line = text.lines().count() + 1;
        score.rows(cut, n, &mut text);
        assert_cut_short(&text, cut, unread_line, round);
    }
}

#[test]
fn tables_printed_in_another_order_are_read_by_their_move_numbers() {
    let mut rng = Rng::new(2104);
    for round in 0..60 {
        let order = [Order::ColumnsInTurn, Order::Staggered, Order::Paragraph][round % 3];
        let print = PRINTS[(round / 3) % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let mut text = format!("GAME {}.\n\n", round + 1);
        if matches!(order, Order::Paragraph) && round % 2 == 0 {
            // A web copy: the column header runs on into the moves.
            let mut body = String::new();
            render(&score, order, &mut rng, &mut body);
            write!(text, "WHITE. ({white}.)  BLACK. ({black}.) {body}").unwrap();
        } else {
            writeln!(text, "White: {white}.   Black: {black}.\n").unwrap();
            render(&score, order, &mut rng, &mut text);
        }
        text.push_str("\nThe game was given up as drawn.\n\nGAME 99.\n\nSome prose.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {order:?}, {}", print.name),
        );
    }
}

/// Plain SAN with no move numbers, on one line or wrapped, is a game,
/// not prose.
#[test]
fn plain_san_without_move_numbers_is_read_whole_on_one_line_or_wrapped() {
    let mut rng = Rng::new(2201);
    for round in 0..10 {
        let moves = loop {
            let m = random_game(&mut rng, 200);
            if m.len() >= 120 {
                break m;
            }
        };
        let sans = reference_sans(&Chess::default(), &moves);
        let line = sans.join(" ");
        let text = if round % 2 == 0 {
            format!("{line}\n")
        } else {
            let mut out = String::new();
            let mut width = 0;
            for s in &sans {
                if width + s.len() > 78 {
                    out.push('\n');
                    width = 0;
                } else if width > 0 {
                    out.push(' ');
                    width += 1;
                }
                out.push_str(s);
                width += s.len();
            }
            out + "\n"
        };
        let games = default_mode(&text);
        assert_eq!(games.len(), 1, "round {round}");
        let got: Vec<String> = games[0]
            .plies
            .iter()
            .map(|p| p.ply.san.to_string())
            .collect();
        assert_eq!(got, sans, "round {round}");
        assert_eq!(games[0].status, GameStatus::Complete, "round {round}");
    }
}

/// A damaged word in a game's last row makes the row prose: the game is
/// then not complete (or the row is read, repaired). Never complete and shorter.
#[test]
fn a_last_row_damaged_into_prose_never_leaves_its_game_complete_and_shorter() {
    let mut rng = Rng::new(2202);
    for round in 0..25 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len() & !1;
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, n - 2, &mut text);
        // The last pair, its Black move damaged by words OCR made of it.
        writeln!(
            text,
            "{:>3}. {}    {} tu the K's {}",
            n / 2,
            score.tokens[n - 2],
            score.tokens[n - 1],
            ["sqare", "2d.", "hiss"][round % 3]
        )
        .unwrap();
        text.push_str("\nThe rest of the chapter is prose, as books have it.\n");
        let games = default_mode(&text);
        let g = &games[0];
        let read = g.plies.len();
        assert!(
            g.status != GameStatus::Complete || read >= n - 1,
            "round {round}: complete with {read} of {n} plies:\n{text}"
        );
    }
}

/// White's column printed whole and then Black's, each under its column word, the names
/// in a header over both or in each column word: one game, with both names.
#[test]
fn whites_whole_column_then_blacks_under_their_column_words_is_one_game() {
    let mut rng = Rng::new(2111);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let words = if print.name == "spanish" {
            ("BLANCAS.", "NEGRAS.")
        } else {
            ("WHITE.", "BLACK.")
        };
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 + rng.below(2) {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            let title = heading(&mut rng, 10 * round + g + 1);
            // The names in a header line over both columns, or in each column's word
            // (`WHITE. (The Allies.)` over White's column, `BLACK. (Mr. Popert.)` over
            // Black's).
            let in_columns = rng.below(2) == 0;
            if in_columns {
                writeln!(text, "{title}\n").unwrap();
            } else {
                writeln!(text, "{title}\n\nWhite: {white}.   Black: {black}.\n").unwrap();
            }
            let indent = " ".repeat(rng.below(9));
            let period = rng.below(6) > 0;
            let n = score.moves.len();
            // A mark or a page break somewhere in either column, a page's head among them.
            let marks: Vec<usize> = (0..rng.below(3)).map(|_| 2 + rng.below(n - 4)).collect();
            for side in 0..2 {
                let word = if side == 0 { words.0 } else { words.1 };
                let name = if side == 0 { &white } else { &black };
                if in_columns {
                    writeln!(text, "{indent}      {word} ({name}.)").unwrap();
                } else if rng.below(4) > 0 {
                    writeln!(text, "{indent}      {word}").unwrap();
                }
                for p in (side..n).step_by(2) {
                    let number = format!("{}{}", p / 2 + 1, if period { "." } else { "" });
                    writeln!(text, "{indent}{number:>3} {}", score.tokens[p]).unwrap();
                    if side == 0 && marks.contains(&p) && rng.below(3) == 0 {
                        // A page's head in White's column: a title in capitals and the
                        // page's number, which one page alone does not show to be furniture
                        // (in Black's column it still cuts the game: flagged, not read).
                        writeln!(text, "\n{:<44}{}\n", "THE BOOK OF THE TOURNAMENT", 200 + p)
                            .unwrap();
                    } else if marks.contains(&p) {
                        writeln!(text, "{}", FURNITURE[rng.below(FURNITURE.len())]).unwrap();
                    }
                }
                text.push('\n');
            }
            writeln!(text, "{indent}    And wins.\n\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_promotion_s_words_after_a_comma_leave_a_staggered_row_in_the_table() {
    let mut rng = Rng::new(2114);
    let print = PRINTS[3];
    let mut rounds = 0;
    while rounds < 20 {
        // A random game in which Black promotes, with a White move after it.
        let moves = random_game(&mut rng, 160);
        let Some(p) =
            (24..moves.len().saturating_sub(1)).find(|&p| p % 2 == 1 && moves[p].is_promotion())
        else {
            continue;
        };
        rounds += 1;
        let score = Score::new(moves, print);
        let (white, black) = players(rounds);
        let n = score.moves.len();
        let mut text = format!("GAME {rounds}.\n\nWhite: {white}.   Black: {black}.\n\n");
        // Black's move under White's, White's next beside it; a note before Black's
        // promotion, and the table resumed on a row that opens with it (`38. ... P. takes
        // R, becoming a Rook.   39. P. to B's 5th.`).
        let staggered = |from: usize, to: usize, out: &mut String| {
            for q in (from..to).step_by(2) {
                let black_move = &score.tokens[q];
                let lead = if q == from {
                    format!("{}. ... {black_move}", q / 2 + 1)
                } else {
                    format!("    {black_move}")
                };
                match score.tokens.get(q + 1).filter(|_| q + 1 < to) {
                    Some(w) => {
                        let gap = 36usize.saturating_sub(lead.chars().count()).max(4);
                        writeln!(out, "{lead}{:gap$}{}. {w}", "", q / 2 + 2).unwrap();
                    }
                    None => writeln!(out, "{lead}").unwrap(),
                }
            }
        };
        writeln!(text, "1. {}", score.tokens[0]).unwrap();
        staggered(1, p, &mut text);
        text.push_str("\nA very fine conception, the consequences of which are far reaching.\n\n");
        staggered(p, n, &mut text);
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {rounds}"),
        );
    }
}

#[test]
fn a_row_numbered_without_a_stop_that_reads_as_a_board_s_rank_stays_in_the_table() {
    let mut rng = Rng::new(2115);
    for round in 0..120 {
        // Spaced and compact print, the move numbers without stops: row 8 (`8 P x P
        // P x P`, `8 Kt x B P  P - Q Kt 4`) has a rank's number and men's letters.
        let print = PRINTS[[2, 0, 1][round % 3]];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!("GAME {}.\n\n  {white}.      {black}.\n\n", round + 1);
        for p in (0..n).step_by(2) {
            let w = &score.tokens[p];
            let b = score.tokens.get(p + 1).map_or("", String::as_str);
            let gap = 20usize.saturating_sub(w.chars().count()).max(3);
            writeln!(text, "{:>6} {w}{:gap$}{b}", p / 2 + 1, "").unwrap();
        }
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_staggered_row_damaged_into_prose_never_leaves_its_game_complete_and_shorter() {
    let mut rng = Rng::new(2117);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let t = &score.tokens;
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        writeln!(text, "   1. {}", t[0]).unwrap();
        // One row in the middle loses the blanks before White's number and gains words
        // (`P. takes R, becoming a Knight.31. P. to R's 3d.`), so it reads as prose.
        let damaged = 2 * (3 + rng.below(n / 2 - 6)) + 1;
        for q in (1..n).step_by(2) {
            match t.get(q + 1) {
                Some(w) if q == damaged => {
                    writeln!(text, "       {}, a blot.{}. {w}", t[q], q / 2 + 2).unwrap();
                }
                Some(w) => {
                    let gap = 40usize.saturating_sub(t[q].chars().count()).max(4);
                    writeln!(text, "       {}{:gap$}{}. {w}", t[q], "", q / 2 + 2).unwrap();
                }
                None => writeln!(text, "       {}", t[q]).unwrap(),
            }
        }
        text.push_str("\nAnd wins.\n");
        let games = default_mode(&text);
        let first = &games[0];
        assert!(
            first.status != GameStatus::Complete || first.plies.len() == n,
            "round {round}: {} of {n} plies, complete:\n{text}",
            first.plies.len()
        );
    }
}
