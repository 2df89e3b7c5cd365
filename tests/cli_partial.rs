//! A game with a bad move half-way: the moves before it are kept in the PGN, the rest of
//! the movetext goes into a comment, `games.csv` calls the game `partial`, and the
//! `failed` row of `plies.csv` and the stderr diagnostic both point at the bad token's
//! line and column (in characters, after a comment with non-ASCII letters on its line).

use crate::cli_support::{GAME_COLUMNS, PLY_COLUMNS, csv_rows, line_col, parse_pgn, run};
use escriba_testkit::TempDir;

const BAD: &str = "R-R8";

const BOOK: &str = "[Event \"Partida rota\"]\n[Notation \"en-descriptive\"]\n\n\
1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n\
3. B-B4 {¡Ojo, señor!} B-B4 4. R-R8 P-Q3\n\
5. P-Q4 PxP *\n";

fn bad_token_position() -> (usize, usize) {
    let at = BOOK.find(BAD).expect("the bad token is in the book");
    line_col(BOOK, at)
}

#[test]
fn a_bad_move_half_way_keeps_the_moves_before_it_and_locates_the_token() {
    let (line, col) = bad_token_position();
    // Bytes and characters differ before the token: `¡` and `ñ` take two bytes each.
    assert_ne!(
        BOOK.lines().nth(line - 1).unwrap().find(BAD).unwrap() + 1,
        col
    );

    let tmp = TempDir::new("partial");
    let r = run(
        &[
            "transcribe",
            "-",
            "--plies-csv",
            &tmp.file("plies.csv"),
            "--games-csv",
            &tmp.file("games.csv"),
        ],
        Some(BOOK.as_bytes()),
    );
    assert_eq!(
        r.code,
        Some(1),
        "a partial game: status 1; stderr:\n{}",
        r.stderr
    );

    // The PGN: the first six plies, the book's comment, then the rest as a comment.
    let games = parse_pgn(&r.stdout);
    assert_eq!(games.len(), 1, "{}", r.stdout);
    let g = &games[0];
    assert_eq!(
        g.sans,
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"],
        "{}",
        r.stdout
    );
    assert_eq!(g.result, "*");
    assert_eq!(g.comments.len(), 2, "{:?}", g.comments);
    assert_eq!(g.comments[0], "¡Ojo, señor!");
    let rest = &g.comments[1];
    assert!(
        rest.starts_with("escriba: untranscribed from 4.")
            && rest.ends_with("R-R8 P-Q3 5. P-Q4 PxP *"),
        "the rest of the movetext, untouched: {rest:?}"
    );

    // games.csv: partial, six plies, the issue at the token.
    let rows = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["status"], "partial");
    assert_eq!(rows[0]["plies"], "6");
    assert!(
        rows[0]["first_issue"].starts_with(&format!("{line}:{col}: ")),
        "first_issue {:?} should start with {line}:{col}",
        rows[0]["first_issue"]
    );

    // plies.csv: six transcribed rows, then a `failed` row for the token.
    let plies = csv_rows(&tmp.read("plies.csv"), &PLY_COLUMNS);
    assert_eq!(plies.len(), 7);
    // `B-B4` names no wing: the position chose it (inferred); the others are exact.
    let statuses: Vec<&str> = plies[..6].iter().map(|p| p["status"].as_str()).collect();
    assert_eq!(
        statuses,
        ["exact", "exact", "exact", "exact", "inferred", "inferred"]
    );
    let failed = &plies[6];
    assert_eq!(failed["status"], "failed");
    assert_eq!(failed["input"], BAD);
    assert_eq!(
        (failed["ply"].as_str(), failed["move_number"].as_str()),
        ("7", "4")
    );
    assert_eq!(failed["side"], "white");
    assert_eq!(failed["san"], "");
    assert_eq!(
        (failed["line"].clone(), failed["column"].clone()),
        (line.to_string(), col.to_string()),
        "the failed row points at the token"
    );

    // stderr: `--> -:LINE:COL`, the book's line, and a caret under the token.
    let err: Vec<&str> = r.stderr.lines().collect();
    assert!(
        err.iter()
            .any(|l| l.trim() == format!("--> -:{line}:{col}")),
        "stderr:\n{}",
        r.stderr
    );
    let book_line = BOOK.lines().nth(line - 1).unwrap();
    let shown = err
        .iter()
        .position(|l| l.ends_with(book_line) && l.trim_start().starts_with(&line.to_string()))
        .unwrap_or_else(|| panic!("the book's line is quoted:\n{}", r.stderr));
    let token_at = err[shown].chars().count() - book_line.chars().count() + col - 1;
    let caret = err[shown + 1];
    let caret_at = caret.chars().position(|c| c == '^').expect("a caret line");
    assert_eq!(
        caret_at, token_at,
        "the caret stands under `{BAD}`:\n{}",
        r.stderr
    );
    assert_eq!(caret.matches('^').count(), BAD.chars().count());
    assert!(
        r.stderr.contains("`R-R8` is not a legal move"),
        "{}",
        r.stderr
    );
}

#[test]
fn drop_broken_leaves_the_partial_game_out_of_the_pgn_only() {
    let good = "[Event \"Good\"]\n[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 *\n\n";
    let input = format!("{good}{BOOK}");
    let tmp = TempDir::new("drop");
    let r = run(
        &[
            "transcribe",
            "-q",
            "--drop-broken",
            "--games-csv",
            &tmp.file("games.csv"),
            "-",
        ],
        Some(input.as_bytes()),
    );
    assert_eq!(r.code, Some(1), "still a partial game: {}", r.stderr);
    let games = parse_pgn(&r.stdout);
    assert_eq!(games.len(), 1, "{}", r.stdout);
    assert_eq!(games[0].tag("Event"), Some("Good"));
    let rows = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(status, ["complete", "partial"]);
    // Game numbers stay those of the input, and the line is the game's first in it.
    assert_eq!(rows[1]["game"], "2");
    assert_eq!(rows[1]["line"], (good.lines().count() + 1).to_string());
}
