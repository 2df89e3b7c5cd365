//! A game of a book goes on over what interrupts its table: a diagram, a note, page marks,
//! a title or a rule, a page break after either side's move; and a table printed one token
//! a line.

use std::fmt::Write as _;

use crate::book_random_kit::*;
use escriba_pipeline::GameStatus;
use escriba_resolve::shakmaty::Chess;
use escriba_testkit::{Rng, uniform_line};

use crate::common::reference_sans;

#[test]
fn a_game_goes_on_after_a_diagram_a_note_and_page_marks_whatever_the_drawing() {
    let mut rng = Rng::new(2101);
    for round in 0..80 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        // One to three interruptions, each after a ply drawn at random.
        let n = score.moves.len();
        let count = 1 + rng.below(3);
        let mut cuts: Vec<usize> = (0..count).map(|_| 4 + rng.below(n - 8)).collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut from = 0;
        for (k, &cut) in cuts.iter().enumerate() {
            score.rows(from, cut, &mut text);
            text.push('\n');
            match (round + k) % 4 {
                0 => {
                    // Some books number their figures over the caption: `No. 101.`, a
                    // figure's number, not a game's heading.
                    if rng.below(2) == 0 {
                        writeln!(text, "{:>30}No. {}.\n", "", 100 + round).unwrap();
                    }
                    let caption = format!("Diag. {}.", 100 + round);
                    text.push_str(&diagram(&score.boards[cut - 1], rng.below(6), &caption));
                }
                3 => {
                    // A diagram the OCR damaged: a rank lost, a rule turned to a line.
                    let caption = format!("DIAGRAM {}", 100 + round);
                    let drawn = diagram(&score.boards[cut - 1], rng.below(6), &caption);
                    let lost = 2 + rng.below(6);
                    for (i, l) in drawn.lines().enumerate() {
                        if i != lost {
                            writeln!(text, "{}", l.replace('+', "-")).unwrap();
                        }
                    }
                }
                1 => writeln!(text, "{}", NOTES[rng.below(NOTES.len())]).unwrap(),
                2 if round % 8 == 2 => {
                    // The column header, printed again at the top of the next page.
                    writeln!(
                        text,
                        "{{{}}}\n\n      WHITE.                    BLACK.",
                        200 + k
                    )
                    .unwrap();
                }
                _ => writeln!(text, "{}", FURNITURE[rng.below(FURNITURE.len())]).unwrap(),
            }
            text.push('\n');
            from = cut;
        }
        score.rows(from, n, &mut text);
        text.push_str("\nAnd wins.\n\nSome prose closes the chapter.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_one_move_a_line_table_goes_on_over_page_breaks_after_either_side_s_move() {
    let mut rng = Rng::new(2106);
    for round in 0..20 {
        let print = PRINTS[round % PRINTS.len()];
        // A book of four games, so that its running head comes back page after page; the
        // head's page number may stand far from it, past the width of a line of prose.
        const HEADS: [&str; 3] = [
            "MODERN CHESS GAMES",
            "THE BOOK OF THE HASTINGS TOURNAMENT",
            "CHESS",
        ];
        let head = HEADS[round % HEADS.len()];
        let mut text = format!("{head}\n\n");
        let mut expected = Vec::new();
        let mut page = 100 + 10 * round;
        for g in 0..4 {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            write!(
                text,
                "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
                g + 1
            )
            .unwrap();
            let n = score.moves.len();
            // A break may fall after any ply, White's first move included: a page's foot
            // and the next page's head, or an OCR pipeline's mark for what it could not
            // read on a line of its own.
            let mut cuts: Vec<(usize, bool)> = (0..1 + rng.below(3))
                .map(|_| (1 + rng.below(n - 4), rng.below(3) == 0))
                .collect();
            cuts.sort_unstable();
            cuts.dedup_by_key(|c| c.0);
            let mut from = 0;
            for (cut, ocr) in cuts {
                score.single_rows(from, cut, &mut text);
                if ocr {
                    let mark = ["[graphic]", "[merged small]", "[ocr errors]", "[subsumed]"];
                    writeln!(text, "{}", mark[rng.below(mark.len())]).unwrap();
                } else {
                    page += 1;
                    match page % 3 {
                        0 => write!(text, "\n{:>30}\n{page:<40}{head}\n\n", page - 1),
                        1 => write!(text, "\n{head}{page:>40}\n\n"),
                        // A transcriber's page mark.
                        _ => write!(text, "\n[Pg {page}]\n\n{head}\n\n"),
                    }
                    .unwrap();
                }
                from = cut;
            }
            score.single_rows(from, n, &mut text);
            text.push_str("\n    Resigns.\n\n");
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_game_goes_on_under_a_title_or_a_rule_after_a_note_s_moves_from_its_next_move() {
    let mut rng = Rng::new(2112);
    const BETWEEN: [&str; 3] = [
        "THE ATTACK ON THE KING.",
        "*       *       *",
        "CHAPTER IX.",
    ];
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let cut = 6 + rng.below(n - 12);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        score.rows(0, cut, &mut text);
        // A title or a rule between two rows, a note's moves from the table's next move
        // under it, and then the table's own rows from there.
        let pos = position_after(&score, cut);
        let line = uniform_line(&mut rng, &pos, 3);
        if line.len() < 3 {
            continue;
        }
        let alt = Score::from(pos, line, print);
        let next = cut / 2 + 2;
        let t = &alt.tokens;
        let moves = if cut.is_multiple_of(2) {
            format!("{}, {}; {next}. {}", t[0], t[1], t[2])
        } else {
            format!("{}; {next}. {}, {}", t[0], t[1], t[2])
        };
        let between = BETWEEN[rng.below(BETWEEN.len())];
        writeln!(text, "\n{between}\n\n{moves}, and White wins.\n").unwrap();
        score.rows(cut, n, &mut text);
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {between}, {}", print.name),
        );
    }
}

/// The last line of a table, turned over to the next page, is the table's: Black's last
/// move alone (`K R - B 1`, `Q(KN8)-KB8 ch`) under a page's foot and head, after a
/// paragraph numbered by White's moves or a staggered table (`B   N. W` rows). It used to
/// be a note, and the game was called complete one move short.
#[test]
fn the_last_line_of_a_table_goes_on_over_a_page_break() {
    let mut rng = Rng::new(2109);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let mut score = random_score(&mut rng, print);
        // A game that ends on Black's move, so that its last line holds no number.
        if score.moves.len() % 2 == 1 {
            score = Score::new(score.moves[..score.moves.len() - 1].to_vec(), print);
        }
        let n = score.tokens.len();
        let (white, black) = players(round);
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let mut lines: Vec<String> = Vec::new();
        if round % 2 == 0 {
            let mut line = String::new();
            for p in 0..n - 1 {
                let word = match p % 2 {
                    0 => format!("{}. {}", p / 2 + 1, score.tokens[p]),
                    _ => score.tokens[p].clone(),
                };
                if !line.is_empty() && line.chars().count() + word.chars().count() > 64 {
                    lines.push(std::mem::take(&mut line));
                }
                line.push_str(&word);
                line.push(' ');
            }
            lines.push(line.trim_end().to_owned());
        } else {
            // White's first move at the margin, then the rows indented under it.
            lines.push(format!("1. {}", score.tokens[0]));
            let w = 3 + score
                .tokens
                .iter()
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(0);
            for p in (1..n - 1).step_by(2) {
                lines.push(format!(
                    "    {:<w$}{}. {}",
                    score.tokens[p],
                    p / 2 + 2,
                    score.tokens[p + 1]
                ));
            }
        }
        for l in &lines {
            writeln!(text, "    {}", l.trim_end()).unwrap();
        }
        match round % 4 {
            0 | 1 => write!(text, "\n{:>30}\n\n", 200 + round).unwrap(),
            _ => write!(text, "\n[Pg {}]\n\n", 200 + round).unwrap(),
        }
        let margin = if round % 2 == 0 { 4 } else { 8 };
        writeln!(
            text,
            "{:margin$}{}\n\nSome prose closes the chapter.",
            "",
            score.tokens[n - 1]
        )
        .unwrap();
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

#[test]
fn a_table_printed_one_token_a_line_is_read_whole_over_notes_diagrams_and_page_marks() {
    let mut rng = Rng::new(2110);
    for round in 0..30 {
        let print = PRINTS[round % PRINTS.len()];
        let mut text = String::new();
        let mut expected = Vec::new();
        for g in 0..2 + rng.below(2) {
            let score = random_score(&mut rng, print);
            let (white, black) = players(round + g);
            let title = heading(&mut rng, 10 * round + g + 1);
            writeln!(text, "{title}\n\nWhite: {white}.   Black: {black}.\n").unwrap();
            let indent = rng.below(9);
            let n = score.moves.len();
            let mut cuts: Vec<usize> = (0..rng.below(4)).map(|_| 3 + rng.below(n - 6)).collect();
            cuts.sort_unstable();
            cuts.dedup();
            let (mut from, mut resumed) = (0, true);
            for cut in cuts {
                token_rows(&score, from, cut, indent, resumed, &mut text);
                resumed = true;
                match rng.below(3) {
                    0 => writeln!(text, "\n{}\n", NOTES[rng.below(NOTES.len())]).unwrap(),
                    1 => {
                        let caption = format!("Diag. {}.", 100 + round);
                        text.push('\n');
                        text.push_str(&diagram(&score.boards[cut - 1], rng.below(5), &caption));
                        text.push('\n');
                    }
                    _ => {
                        writeln!(text, "{}", FURNITURE[rng.below(FURNITURE.len())]).unwrap();
                        resumed = rng.below(2) == 0;
                    }
                }
                from = cut;
            }
            token_rows(&score, from, n, indent, resumed, &mut text);
            if rng.below(2) == 0 {
                writeln!(text, "{:indent$}Resigns.", "").unwrap();
            }
            writeln!(text, "\n{}\n", NOTES[rng.below(3)]).unwrap();
            expected.push((score, white, black));
        }
        assert_read_all(&text, &expected, &format!("round {round}, {}", print.name));
    }
}

#[test]
fn a_lone_black_move_over_a_page_break_stands_where_the_staggered_table_s_black_moves_stand() {
    let mut rng = Rng::new(2116);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let t = &score.tokens;
        // Black's move under White's column, White's next beside it (`    P-K4    2. Kt-KB3`).
        let row = |q: usize, out: &mut String| match t.get(q + 1).filter(|_| q + 1 < n) {
            Some(w) => {
                let gap = 40usize.saturating_sub(t[q].chars().count()).max(4);
                writeln!(out, "       {}{:gap$}{}. {w}", t[q], "", q / 2 + 2).unwrap();
            }
            None => writeln!(out, "       {}", t[q]).unwrap(),
        };
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        writeln!(text, "   1. {}", t[0]).unwrap();
        // A note after Black's move `c`; the table resumes at the margin with White's
        // number and an ellipsis; then a page break, Black's next move alone where Black's
        // moves stand, a note, and White's move at the margin again.
        let c = 2 * (3 + rng.below(n / 2 - 8)) + 1;
        for q in (1..c).step_by(2) {
            row(q, &mut text);
        }
        writeln!(text, "\n{}\n", NOTES[0]).unwrap();
        let gap = 36usize.saturating_sub(t[c].chars().count()).max(4);
        let (black_n, white_n) = (c / 2 + 1, c / 2 + 2);
        writeln!(
            text,
            "   {black_n}. ... {}{:gap$}{white_n}. {}",
            t[c],
            "",
            t[c + 1]
        )
        .unwrap();
        writeln!(text, "\n{}\n", FURNITURE[rng.below(4)]).unwrap();
        writeln!(text, "       {}", t[c + 2]).unwrap();
        writeln!(text, "\n{}\n", NOTES[rng.below(3)]).unwrap();
        writeln!(text, "   {}. {}", c / 2 + 3, t[c + 3]).unwrap();
        for q in (c + 4..n).step_by(2) {
            row(q, &mut text);
        }
        text.push_str("\nAnd wins.\n");
        assert_read_whole(
            &text,
            &[(&score, &white, &black)],
            &format!("round {round}, {}", print.name),
        );
    }
}

/// A web page quoting a game leaves rows out or comments between them, and marks the gap
/// with an editor's elision on a line of its own (`[…]`, `[...]`): the table goes on after
/// it, and the rows after it are no note of the mark's.
#[test]
fn a_table_goes_on_over_an_editors_elision_mark() {
    let mut rng = Rng::new(2131);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let n = score.moves.len();
        let mut text = format!("GAME {}.\n\n", round + 1);
        let mut from = 0;
        while from < n {
            let to = (from + 2 * (2 + rng.below(4))).min(n);
            score.rows(from, to, &mut text);
            if to < n {
                let mark = ["[…]", "[...]", "[....]"][rng.below(3)];
                writeln!(text, "{mark}").unwrap();
            }
            from = to;
        }
        // Rows as printed, or flush left as a web page gives them.
        if round % 2 == 0 {
            text = text
                .lines()
                .map(|l| l.trim_start().to_owned() + "\n")
                .collect();
        }
        let games = default_mode(&text);
        let read: Vec<(Vec<String>, GameStatus)> = games
            .iter()
            .filter(|r| !r.plies.is_empty())
            .map(|r| {
                (
                    r.plies.iter().map(|p| p.ply.san.to_string()).collect(),
                    r.status,
                )
            })
            .collect();
        let want = vec![(
            reference_sans(&Chess::default(), &score.moves),
            GameStatus::Complete,
        )];
        assert_eq!(read, want, "round {round}, {}:\n{text}", print.name);
    }
}
