//! Every exit status of `escriba transcribe`, each from a real run: 0 when every game is
//! complete; 1 when a game stops early; 1 under `--strict` when a ply is only flagged, and
//! under `--strict=WHAT,...` only for the statuses named; 2
//! for usage errors (unknown option, bad `--shard`) and I/O errors (missing input,
//! unwritable output). The broken-pipe case (status 0) is in `cli_pipe`.

use crate::cli_support::{GAME_COLUMNS, csv_rows, run};
use escriba_testkit::TempDir;

/// Three English descriptive moves, then `R-R8`, which no reading makes legal.
pub const PARTIAL_GAME: &str = "[Event \"Bad\"]\n[Notation \"en-descriptive\"]\n\n\
1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n3. B-B4 B-B4 4. R-R8 P-Q3 5. P-Q4 PxP *\n";

#[test]
fn exit_0_when_every_game_is_complete() {
    let r = run(
        &[
            "transcribe",
            "corpus/en-descriptive/compact/scholars-mate.txt",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "stderr:\n{}", r.stderr);
    assert!(r.stdout.contains("Qxf7#"), "{}", r.stdout);
    assert!(r.stderr.contains("1 game,") && r.stderr.contains("0 failed"));
}

#[test]
fn exit_1_when_a_game_stops_at_an_illegal_move() {
    let r = run(&["transcribe", "-"], Some(PARTIAL_GAME.as_bytes()));
    assert_eq!(r.code, Some(1), "stderr:\n{}", r.stderr);
    assert!(r.stderr.contains("1 failed"), "{}", r.stderr);
    // The same game among complete ones still fails the run.
    let two = format!(
        "{}\n{PARTIAL_GAME}",
        "[Event \"Good\"]\n[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 *\n"
    );
    let r = run(&["transcribe", "-q", "-"], Some(two.as_bytes()));
    assert_eq!(r.code, Some(1));
    assert!(r.stderr.is_empty(), "-q: {}", r.stderr);
}

#[test]
fn strict_with_a_list_fails_the_run_only_on_the_statuses_it_names() {
    // One repaired ply (`e4-e4` for e2-e4), nothing ambiguous.
    let damaged = "corpus/es-algebraic/ocr-damaged/mate-del-pastor.txt";
    let code = |args: &[&str]| run(args, None).code;
    assert_eq!(
        code(&["transcribe", "-q", "--strict=ambiguous", damaged]),
        Some(0)
    );
    assert_eq!(
        code(&["transcribe", "-q", "--strict=repaired", damaged]),
        Some(1)
    );
    assert_eq!(
        code(&["transcribe", "-q", "--strict=ambiguous,repaired", damaged]),
        Some(1)
    );
    // Scholar's mate reads whole, but `B-B4` prints no wing: inferred, which only
    // `--strict=inferred` fails on.
    let clean = "corpus/en-descriptive/compact/scholars-mate.txt";
    assert_eq!(code(&["transcribe", "-q", "--strict", clean]), Some(0));
    assert_eq!(
        code(&["transcribe", "-q", "--strict=inferred", clean]),
        Some(1)
    );
    assert_eq!(
        code(&["transcribe", "-q", "--strict=warning", clean]),
        Some(0)
    );
    // An unknown status is a usage error.
    let bad = run(&["transcribe", "-q", "--strict=exact", clean], None);
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("--strict"), "{}", bad.stderr);
}

#[test]
fn exit_1_under_strict_when_a_ply_is_flagged_though_every_game_is_complete() {
    // One repaired ply (`e4-e4` for e2-e4), every game complete.
    let file = "corpus/es-algebraic/ocr-damaged/mate-del-pastor.txt";
    let tmp = TempDir::new("strict");
    let games_csv = tmp.file("games.csv");
    let lenient = run(&["transcribe", file, "--games-csv", &games_csv], None);
    assert_eq!(
        lenient.code,
        Some(0),
        "flags alone pass: {}",
        lenient.stderr
    );
    let rows = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    assert_eq!(
        (rows[0]["status"].as_str(), rows[0]["flagged"].as_str()),
        ("complete", "1")
    );
    let strict = run(&["transcribe", "--strict", file], None);
    assert_eq!(
        strict.code,
        Some(1),
        "--strict fails on flags: {}",
        strict.stderr
    );
    assert!(
        strict.stderr.contains("1 flagged, 0 failed"),
        "{}",
        strict.stderr
    );
    // …and --strict alone changes nothing for a clean game.
    let clean = run(
        &[
            "transcribe",
            "--strict",
            "corpus/en-descriptive/compact/scholars-mate.txt",
        ],
        None,
    );
    assert_eq!(clean.code, Some(0), "{}", clean.stderr);
}

#[test]
fn exit_2_on_usage_errors() {
    let cases: [(&[&str], &str); 5] = [
        (&["transcribe", "--no-such-option"], "--no-such-option"),
        (&["transcribe", "--shard", "3/2", "-"], "3/2"),
        (&["transcribe", "--shard", "two", "-"], "two"),
        (
            &["transcribe", "--notation", "klingon-descriptive", "-"],
            "klingon",
        ),
        (&["frobnicate"], "frobnicate"),
    ];
    for (args, mention) in cases {
        let r = run(args, Some(b"1. P-K4 P-K4 *\n"));
        assert_eq!(r.code, Some(2), "{args:?}: stderr:\n{}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
        assert!(
            r.stderr.contains("error") && r.stderr.contains(mention),
            "{args:?}: the message names the culprit: {}",
            r.stderr
        );
    }
}

#[test]
fn exit_2_on_io_errors() {
    let tmp = TempDir::new("io");
    let missing = tmp.file("no-such-book.txt");
    let r = run(&["transcribe", &missing], None);
    assert_eq!(r.code, Some(2), "missing input: {}", r.stderr);
    assert!(r.stderr.contains("no-such-book.txt"), "{}", r.stderr);

    let unwritable = tmp.file("no-such-dir/out.pgn");
    let r = run(
        &[
            "transcribe",
            "corpus/en-descriptive/compact/scholars-mate.txt",
            "-o",
            &unwritable,
        ],
        None,
    );
    assert_eq!(r.code, Some(2), "unwritable output: {}", r.stderr);
    assert!(r.stderr.contains("no-such-dir"), "{}", r.stderr);

    let r = run(&["compare", &missing, &missing], None);
    assert_eq!(r.code, Some(2), "compare, missing files: {}", r.stderr);
}
