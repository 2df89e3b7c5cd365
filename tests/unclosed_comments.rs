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
