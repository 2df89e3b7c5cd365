//! A `{` comment is where the tokenizer reads one: the segmenter that cuts games and the
//! decoder read braces, marks and words with one lexer, so a `{` inside a word opens a
//! comment for both. A comment left open does not swallow the games after it: it is taken
//! to end where the next game starts, with a warning at the `{` (file:line:col).

use std::collections::HashMap;

use crate::cli_support::{GAME_COLUMNS, csv_rows, parse_pgn, run};
use escriba_testkit::TempDir;

/// `transcribe` of `text` saved as `name`: the PGN's games, the games' CSV rows, stderr.
fn transcribe(
    name: &str,
    text: &str,
) -> (
    Vec<crate::cli_support::PgnGame>,
    Vec<HashMap<String, String>>,
    String,
) {
    let tmp = TempDir::new("unclosed");
    let src = tmp.file(name);
    std::fs::write(&src, text).unwrap();
    let (pgn, games) = (tmp.file("out.pgn"), tmp.file("games.csv"));
    let r = run(
        &["transcribe", &src, "-o", &pgn, "--games-csv", &games],
        None,
    );
    assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
    let rows = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    (parse_pgn(&tmp.read("out.pgn")), rows, r.stderr)
}

#[test]
fn a_brace_inside_a_word_leaves_the_games_after_it_whole_with_a_warning_at_the_brace() {
    let text = "1. e4 e5 2. Nf3 Nc6 see{p. 40\n\n\
                1. d4 d5 2. c4 e6 *\n\n\
                1. c4 c5 2. Nc3 Nc6 *\n";
    let (games, rows, stderr) = transcribe("game.txt", text);
    let sans: Vec<Vec<String>> = games.iter().map(|g| g.sans.clone()).collect();
    assert_eq!(
        sans,
        [
            vec!["e4", "e5", "Nf3", "Nc6"],
            vec!["d4", "d5", "c4", "e6"],
            vec!["c4", "c5", "Nc3", "Nc6"],
        ],
        "{stderr}"
    );
    // The `{` is at line 1, column 24; the game it ends is not complete.
    assert!(
        stderr.contains("game.txt:1:24") && stderr.contains("unclosed `{`"),
        "{stderr}"
    );
    assert_ne!(rows[0]["status"], "complete");
    assert_eq!(rows[1]["status"], "complete");
    assert_eq!(rows[2]["status"], "complete");
}

#[test]
fn an_open_comment_ends_before_move_one_after_a_line_that_ends_in_a_result() {
    let text = "1. e4 e5 x{y 2. Nf3 1-0\n1. d4 d5 0-1\n";
    let (games, rows, stderr) = transcribe("game.txt", text);
    assert_eq!(games.len(), 2, "{stderr}");
    assert_eq!(games[0].sans, ["e4", "e5"]);
    assert_eq!(games[1].sans, ["d4", "d5"]);
    // The first game's `2. Nf3` is inside the comment: flagged, and the game is partial.
    assert_eq!(rows[0]["status"], "partial", "{stderr}");
    assert!(stderr.contains("game.txt:1:11"), "{stderr}");
    assert_eq!(rows[1]["status"], "complete");
}

#[test]
fn a_brace_in_a_semicolon_comment_opens_nothing() {
    let text = "[Event \"A\"]\n\n1. e4 e5 ; see {p. 40\n2. Nf3 Nc6 1-0\n\n\
                [Event \"B\"]\n\n1. d4 d5 *\n";
    let (games, rows, stderr) = transcribe("games.pgn", text);
    assert_eq!(games.len(), 2, "{stderr}");
    assert_eq!(games[0].sans, ["e4", "e5", "Nf3", "Nc6"]);
    assert!(!stderr.contains("unclosed"), "{stderr}");
    assert_eq!(rows[0]["status"], "complete");
}

#[test]
fn a_comment_over_a_blank_line_that_closes_before_any_game_starts_is_kept_whole() {
    let text = "1. e4 {a long\n\nnote, see 2. d4} e5 2. Nf3 *\n";
    let (games, rows, stderr) = transcribe("game.txt", text);
    assert_eq!(games.len(), 1, "{stderr}");
    assert_eq!(games[0].sans, ["e4", "e5", "Nf3"]);
    assert_eq!(games[0].comments, ["a long note, see 2. d4"]);
    assert_eq!(rows[0]["status"], "complete");
}

/// A book's table row with a `{` that the row does not close (a stray mark of the scan):
/// read as a comment, it would run on over the rows below to the `}` of a later note and
/// take their moves. It is a stray mark: the table reads whole, and a warning stands at the
/// `{` (its line and column).
#[test]
fn a_table_rows_open_brace_is_a_stray_mark_with_a_warning_not_a_comment_over_the_rows_below() {
    use std::fmt::Write as _;

    use crate::book_random_kit::{PRINTS, assert_read_whole, default_mode, players, random_score};
    use escriba_testkit::Rng;

    let mut rng = Rng::new(3506);
    for round in 0..40 {
        let print = PRINTS[round % PRINTS.len()];
        let score = random_score(&mut rng, print);
        let (white, black) = players(round);
        let n = score.moves.len();
        let mut text = format!(
            "GAME {}.\n\nWhite: {white}.   Black: {black}.\n\n",
            round + 1
        );
        let cut = 2 * (2 + rng.below(n / 2 - 4));
        score.rows(0, cut, &mut text);
        // The brace goes on the last row before the note, after a move or inside one.
        let row_end = text.len() - 1;
        let row_start = text[..row_end].rfind('\n').map_or(0, |i| i + 1);
        let row = text[row_start..row_end].to_owned();
        let at = match rng.below(3) {
            0 => row.len(),
            1 => row.find(' ').map_or(row.len(), |i| i + 1),
            _ => row
                .rfind(|c: char| c.is_ascii_alphabetic())
                .unwrap_or(row.len()),
        };
        text.insert(row_start + at, '{');
        let brace_line = text[..row_start].matches('\n').count() + 1;
        let brace_column = text[row_start..row_start + at].chars().count() + 1;
        writeln!(text, "\nA note on the position}} which is even.\n").unwrap();
        score.rows(cut, n, &mut text);
        text.push_str("\nAnd wins.\n");
        let what = format!("round {round}, {}", print.name);
        assert_read_whole(&text, &[(&score, &white, &black)], &what);
        let warned = default_mode(&text).iter().any(|r| {
            r.issues.iter().any(|i| {
                i.line == brace_line && i.column == brace_column && i.message.contains('{')
            })
        });
        assert!(
            warned,
            "{what}: a warning at {brace_line}:{brace_column}:\n{text}"
        );
    }
}
