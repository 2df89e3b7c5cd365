//! Nothing lost, nothing silent. Each reproducer, run through the command line: every game
//! of the input comes out as its own game, and a game whose text goes partly unread says so
//! (a flag in `games.csv`'s `first_issue`, a warning on stderr, `partial` when its main
//! line stops before its movetext ends).

use std::collections::HashMap;

use crate::cli_support::{GAME_COLUMNS, PLY_COLUMNS, csv_rows, parse_pgn, run};
use escriba_testkit::TempDir;

/// CSV rows as column → value maps.
type Rows = Vec<HashMap<String, String>>;

/// `transcribe -` of `input` with `games.csv` and `plies.csv`; returns the run and the rows.
fn transcribe(input: &str, extra: &[&str]) -> (crate::cli_support::Run, Rows, Rows) {
    let tmp = TempDir::new("lost");
    let games = tmp.file("games.csv");
    let plies = tmp.file("plies.csv");
    let mut args = vec![
        "transcribe",
        "-",
        "--games-csv",
        &games,
        "--plies-csv",
        &plies,
    ];
    args.extend_from_slice(extra);
    let r = run(&args, Some(input.as_bytes()));
    let g = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    let p = csv_rows(&tmp.read("plies.csv"), &PLY_COLUMNS);
    (r, g, p)
}

#[test]
fn an_unclosed_brace_ends_at_a_tag_line_after_a_blank_line_with_a_warning() {
    let (r, games, _) = transcribe("1. e4 e5 {\n\n[White \"B\"]\n\n1. d4 d5 *\n", &[]);
    assert_eq!(games.len(), 2, "two games: {}", r.stdout);
    let pgn = parse_pgn(&r.stdout);
    assert_eq!(pgn[1].tag("White"), Some("B"));
    assert_eq!(pgn[1].sans, ["d4", "d5"]);
    assert!(
        games[0]["first_issue"].contains("unclosed `{`"),
        "the first game is flagged: {:?}",
        games[0]
    );
    assert!(r.stderr.contains("warning"), "{}", r.stderr);
    assert!(r.stderr.contains("unclosed `{`"), "{}", r.stderr);
}

#[test]
fn a_game_starting_on_the_line_after_a_result_is_a_game_of_its_own() {
    for strict in [false, true] {
        let extra: &[&str] = if strict { &["--strict"] } else { &[] };
        let (r, games, _) = transcribe("1. e4 e5 1-0\n1. d4 d5 0-1\n", extra);
        assert_eq!(games.len(), 2, "strict {strict}: {}", r.stdout);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let pgn = parse_pgn(&r.stdout);
        assert_eq!(pgn[0].sans, ["e4", "e5"]);
        assert_eq!(pgn[0].result, "1-0");
        assert_eq!(pgn[1].sans, ["d4", "d5"]);
        assert_eq!(pgn[1].result, "0-1");
    }
    // …and after a result word.
    let (r, games, _) = transcribe(
        "1. P-K4 P-K4 2. Q-R5 Resigns.\n1. P-Q4 P-Q4 2. P-QB4 *\n",
        &["--notation", "en-descriptive"],
    );
    assert_eq!(games.len(), 2, "{}", r.stdout);
    assert_eq!(games[0]["result"], "1-0");
    assert_eq!(games[1]["plies"], "3");
}

#[test]
fn a_game_with_tags_and_no_moves_stays_apart_from_the_next() {
    let (r, games, _) = transcribe(
        "[White \"A\"]\n[Result \"1-0\"]\n\n[White \"B\"]\n\n1. e4 *\n",
        &[],
    );
    assert_eq!(games.len(), 2, "{}", r.stdout);
    assert_eq!(
        (
            games[0]["white"].as_str(),
            games[0]["result"].as_str(),
            games[0]["status"].as_str()
        ),
        ("A", "1-0", "empty")
    );
    assert_eq!(
        (
            games[1]["white"].as_str(),
            games[1]["result"].as_str(),
            games[1]["plies"].as_str()
        ),
        ("B", "*", "1")
    );
}

#[test]
fn an_unclosed_parenthesis_makes_the_game_partial_at_the_parenthesis() {
    let (r, games, plies) = transcribe("1. e4 e5 2. Nf3 ( Nc6 3. Bb5 a6 *\n", &[]);
    assert_eq!(
        r.code,
        Some(1),
        "a partial game fails the run: {}",
        r.stderr
    );
    assert_eq!(games[0]["status"], "partial");
    assert!(
        games[0]["first_issue"].starts_with("1:17:"),
        "located at the `(`: {:?}",
        games[0]
    );
    let failed: Vec<_> = plies.iter().filter(|p| p["status"] == "failed").collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["input"], "(");
    // The text after the parenthesis is kept in the PGN.
    assert!(
        parse_pgn(&r.stdout)[0]
            .comments
            .iter()
            .any(|c| c.contains("Nc6 3. Bb5 a6")),
        "{}",
        r.stdout
    );
}

#[test]
fn a_parenthesised_check_mark_the_move_does_not_earn_is_no_variation() {
    // 5. K. R. to K. square. is Re1, which gives no check: the `(ch.)` is a mark to weigh,
    // not the start of a variation swallowing the rest of the game.
    let text = "1. P. to K's 4th.         1. P. to K's 4th.\n\
                2. K. Kt. to B's 3d.      2. Q. Kt. to B's 3d.\n\
                3. K. B. to Q. B's 4th.   3. K. B. to Q. B's 4th.\n\
                4. Castles.               4. P. to Q's 3d.\n\
                5. K. R. to K's square. (ch.)  5. K. Kt. to B's 3d.\n\
                6. P. to Q's 3d.          6. Castles.\n";
    let (r, games, plies) = transcribe(text, &["--notation", "en-descriptive"]);
    assert_eq!(games[0]["status"], "complete", "{}", r.stdout);
    assert_eq!(games[0]["plies"], "12", "{}", r.stdout);
    assert!(!r.stdout.contains("variation"), "{}", r.stdout);
    assert_eq!(plies[8]["san"], "Re1");
    assert_eq!(plies[9]["san"], "Nf6");
}

#[test]
fn two_files_joined_without_a_newline_keep_the_second_games_tags() {
    let (r, games, _) = transcribe(
        "[Event \"First\"]\n\n1. e4 e5 0-1[Event \"Second\"]\n[White \"B\"]\n\n1. d4 d5 *\n",
        &[],
    );
    assert_eq!(games.len(), 2, "{}", r.stdout);
    assert_eq!(games[0]["event"], "First");
    assert_eq!(games[0]["result"], "0-1");
    assert_eq!(
        (games[1]["event"].as_str(), games[1]["white"].as_str()),
        ("Second", "B")
    );
    assert!(!r.stdout.contains("{[Event"), "{}", r.stdout);
}

#[test]
fn text_passed_over_in_the_middle_of_a_game_is_flagged() {
    // `zz9` reads as nothing: the decoder passes over it and the game goes on, but the
    // token went into a comment, so the game says so.
    let (r, games, plies) = transcribe("1. e4 e5 zz9 2. Nf3 Nc6 *\n", &["--strict"]);
    assert_eq!(games[0]["status"], "complete");
    assert_eq!(games[0]["flagged"], "1", "{:?}", games[0]);
    assert!(games[0]["first_issue"].contains("zz9"), "{:?}", games[0]);
    assert!(
        plies.iter().any(|p| p["note"].contains("zz9")),
        "a ply carries the note: {plies:?}"
    );
    assert_eq!(r.code, Some(1), "--strict fails on the flag: {}", r.stderr);
}

#[test]
fn a_variation_not_transcribed_is_flagged() {
    let (_, games, _) = transcribe("1. e4 e5 2. Nf3 (2. zz9 Nc6) 2... Nc6 *\n", &[]);
    assert_eq!(games[0]["status"], "complete");
    assert!(
        games[0]["first_issue"].contains("variation"),
        "{:?}",
        games[0]
    );
}

#[test]
fn a_damaged_move_near_the_end_is_read_not_skipped_so_the_sides_stay_right() {
    // Passing over `Kt-KBS` would make Black's `Kt-QB3` White's second move (Nc3).
    let (_, games, plies) = transcribe("1. P-K4 P-K4 2. Kt-KBS Kt-QB3\n", &[]);
    let sans: Vec<&str> = plies.iter().map(|p| p["san"].as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"], "{plies:?}");
    assert_eq!(plies[2]["status"], "repaired", "{:?}", plies[2]);
    assert_eq!(plies[3]["side"], "black");
    assert_eq!(games[0]["flagged"], "1", "{:?}", games[0]);
}
