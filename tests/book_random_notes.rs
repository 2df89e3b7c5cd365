//! A note's moves and its game's table kept apart: a note's analysis stays in the note,
//! whether it wraps onto a line of moves or starts from the table's next move, and a table
//! that goes on among a later unit's notes is never complete.

use std::fmt::Write as _;

use crate::book_random_kit::*;
use escriba_testkit::{Rng, uniform_line};

/// A note's analysis that wraps so that a line opens with a move number or an ellipsis
/// (`… falls into a trap. If 22.` over `... R-B2; 23. Q-Q1, and White wins.`) is the
/// note's, at the note's margin, whatever the move numbers: the table goes on after it.
#[test]
fn a_note_whose_analysis_wraps_onto_a_line_of_moves_stays_a_note() {
    let mut rng = Rng::new(2107);
    const LEADS: [&str; 3] = [
        "Here the second player falls into a well-known trap.",
        "The position is now very interesting, and deserves careful study.",
        "A weak move, which loses time.",
    ];
    for round in 0..60 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let cut = 4 + rng.below(n - 8);
        score.rows(0, cut, &mut text);
        // The analysis takes the table's own next moves, numbered as the table numbers
        // them, and is broken before its number or its ellipsis.
        let number = cut / 2 + 1;
        let side = if cut % 2 == 1 { " ..." } else { "" };
        let moves = format!(
            "{} {}; {}. {}, {}, and White wins.",
            side.trim(),
            score.tokens[cut],
            number + 1,
            score.tokens[cut + 1],
            score.tokens[cut + 2]
        );
        let lead = LEADS[rng.below(LEADS.len())];
        let note = match rng.below(3) {
            0 => format!("{lead} If {number}.\n{}", moves.trim_start()),
            1 if cut % 2 == 1 => {
                format!("{lead} If {number}. ...\n{}", score.tokens[cut])
                    + &moves[moves.find(';').unwrap()..]
            }
            _ => format!(
                "{lead} If\n{number}.{side} {}",
                &moves[side.len()..].trim_start()
            ),
        };
        writeln!(text, "\n{note}\n").unwrap();
        score.rows(cut, n, &mut text);
        text.push_str("\nAnd wins.\n\nSome prose closes the chapter.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_game_whose_table_goes_on_among_a_later_unit_s_notes_is_never_complete() {
    let mut rng = Rng::new(2113);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let cut = 2 * (3 + rng.below(n / 2 - 8));
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        // Under a rule, a row from further on opens a unit of its own; the table's rows
        // from where it stopped follow it, read as that unit's analysis. The game is not
        // whole, and says where its table goes on.
        let far = cut + 4 + 2 * rng.below(3);
        text.push_str("\n*       *       *\n\n");
        score.rows(far, far + 2, &mut text);
        text.push('\n');
        let unread_line = text.lines().count() + 1;
        score.rows(cut, n, &mut text);
        assert_cut_short(&text, cut, unread_line, round);
    }
}

#[test]
fn a_note_s_analysis_from_the_table_s_next_move_is_never_read_as_the_table() {
    let mut rng = Rng::new(2111);
    const LEADS: [&str; 3] = ["Good.", "Best.", "The only move to save the piece."];
    const BREAKS: [&str; 4] = [
        "{212}",
        "                                   212",
        "212                                     THE BOOK OF THE TOURNAMENT",
        "[merged small]",
    ];
    const LAYOUTS: [&str; 4] = [
        "two columns",
        "one move a line",
        "one token a line",
        "paragraph",
    ];
    for round in 0..80 {
        let print = PRINTS[round % PRINTS.len()];
        let layout = (round / PRINTS.len()) % LAYOUTS.len();
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let mut cuts: Vec<usize> = (0..1 + rng.below(3))
            .map(|_| 4 + rng.below(n - 10))
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut from = 0;
        for cut in cuts {
            rows_in(&score, layout, from, cut, &mut text);
            from = cut;
            // The analysis: three other legal moves from the position at the cut, numbered
            // from the table's next move, as a note prints them.
            let pos = position_after(&score, cut);
            let line = uniform_line(&mut rng, &pos, 3);
            if line.len() < 3 {
                text.push_str("\nA strong move.\n\n");
                continue;
            }
            let alt = Score::from(pos, line, print);
            let number = cut / 2 + 1;
            // The note's sentence ends with its moves, or runs on to the next line.
            let wins = match rng.below(2) {
                0 => ", and White wins.",
                _ => ",\nand White wins. Black had nothing better.",
            };
            let (head, first, rest) = if cut.is_multiple_of(2) {
                (
                    format!("{number}."),
                    format!("{}, {};", alt.tokens[0], alt.tokens[1]),
                    format!("{}. {}{wins}", number + 1, alt.tokens[2]),
                )
            } else {
                (
                    format!("{number}. ..."),
                    format!("{};", alt.tokens[0]),
                    format!("{}. {}, {}{wins}", number + 1, alt.tokens[1], alt.tokens[2]),
                )
            };
            let lead = LEADS[rng.below(LEADS.len())];
            let page = BREAKS[rng.below(BREAKS.len())];
            let note = match rng.below(3) {
                // On one line, after the note's words.
                0 => format!("{lead} If {head} {first} {rest}"),
                // Broken over a page after its move number.
                1 => format!("{lead} If {head}\n\n{page}\n\n{first} {rest}"),
                // Its last line turned over to the next page.
                _ => format!("{lead} If {head} {first}\n\n{page}\n\n{rest}"),
            };
            writeln!(text, "\n{note}\n").unwrap();
        }
        rows_in(&score, layout, from, n, &mut text);
        text.push_str("\nAnd wins.\n\nSome prose closes the chapter.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}, {}", LAYOUTS[layout], print.name),
        );
    }
}
