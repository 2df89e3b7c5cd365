//! The cases outside book mode where text was lost or a game read wrong in silence, run
//! through the command line (and, where the class is wide, over generated games through the
//! library).

use std::collections::HashMap;

use crate::cli_support::{GAME_COLUMNS, PLY_COLUMNS, Run, csv_rows, escriba, parse_pgn, run};
use escriba_testkit::TempDir;

/// CSV rows as column → value maps.
type Rows = Vec<HashMap<String, String>>;

/// `transcribe` of `input` saved as `name` in a scratch folder (so that its extension
/// counts), with `games.csv` and `plies.csv`; returns the run and the rows.
fn transcribe_as(name: &str, input: &str, extra: &[&str]) -> (Run, Rows, Rows) {
    let tmp = TempDir::new("lost");
    let src = tmp.file(name);
    std::fs::write(&src, input).unwrap();
    let games = tmp.file("games.csv");
    let plies = tmp.file("plies.csv");
    let mut args = vec![
        "transcribe",
        &src,
        "--games-csv",
        &games,
        "--plies-csv",
        &plies,
    ];
    args.extend_from_slice(extra);
    let r = run(&args, None);
    let g = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    let p = csv_rows(&tmp.read("plies.csv"), &PLY_COLUMNS);
    (r, g, p)
}

/// Whitespace folded to single spaces.
fn folded(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A corrections file holding `entries` (`(line, column, token, move)`) for `source`.
fn corrections(source: &str, entries: &[(usize, usize, &str, &str)]) -> String {
    entries
        .iter()
        .map(|(line, column, token, mv)| {
            format!(
                "[[correction]]\nsource = {source:?}\nline = {line}\ncolumn = {column}\n\
                 token = {token:?}\nmove = {mv:?}\n\n"
            )
        })
        .collect()
}

/// A text with a misprint (`Kt-KBS`) that a proofreader might correct.
const RUY: &str = "1. P-K4 P-K4\n2. Kt-KBS Kt-QB3\n3. B-Kt5 P-QR3\n";

#[test]
fn a_correction_naming_an_illegal_or_unreadable_move_is_reported_not_a_panic() {
    for (line, column, token, mv) in [
        (2, 4, "Kt-KBS", "Qh4"),
        (2, 4, "Kt-KBS", "zz9"),
        (1, 4, "P-K4", "Qh5"),
        (3, 10, "P-QR3", "e1e8"),
    ] {
        let tmp = TempDir::new("fix");
        let src = tmp.file("ruy.txt");
        std::fs::write(&src, RUY).unwrap();
        let toml = tmp.file("c.toml");
        std::fs::write(&toml, corrections(&src, &[(line, column, token, mv)])).unwrap();
        let out = tmp.file("out.pgn");
        let r = run(
            &[
                "transcribe",
                &src,
                "-o",
                &out,
                "--notation",
                "en-descriptive",
                "--corrections",
                &toml,
            ],
            None,
        );
        assert_ne!(r.code, Some(101), "{mv}: a panic: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{mv}: {}", r.stderr);
        let at = format!("{src}:{line}:{column}");
        assert!(
            r.stderr.contains(&at) && r.stderr.contains(mv),
            "{mv}: the correction is reported at {at}: {}",
            r.stderr
        );
        // The outputs are written, the game read as if the correction were not there or
        // stopped at it.
        let pgn = parse_pgn(&tmp.read("out.pgn"));
        assert_eq!(pgn.len(), 1, "{mv}");
        let want = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
        assert!(
            want.starts_with(&pgn[0].sans.iter().map(String::as_str).collect::<Vec<_>>()),
            "{mv}: {:?}",
            pgn[0].sans
        );
    }
}

#[test]
fn qa_reports_a_correction_naming_an_illegal_move_without_a_panic() {
    let tmp = TempDir::new("qafix");
    std::fs::write(
        tmp.path().join("ruy.txt"),
        format!("[Notation \"en-descriptive\"]\n\n{RUY}"),
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("corrections.toml"),
        corrections(
            "ruy.txt",
            &[(4, 4, "Kt-KBS", "Qh4"), (5, 4, "B-Kt5", "zz9")],
        ),
    )
    .unwrap();
    let dir = tmp.path().to_str().unwrap().to_owned();
    for extra in [&[][..], &["--accept"][..]] {
        let mut args = vec!["qa", dir.as_str()];
        args.extend_from_slice(extra);
        let r = run(&args, None);
        assert_ne!(r.code, Some(101), "a panic: {}", r.stderr);
        assert_eq!(r.code, Some(1), "{}\n{}", r.stdout, r.stderr);
        assert!(
            r.stdout.contains("ruy.txt:4:4") && r.stdout.contains("Qh4"),
            "{}",
            r.stdout
        );
        assert!(r.stdout.contains("ruy.txt:5:4"), "{}", r.stdout);
    }
}

#[test]
fn two_corrections_for_the_same_ply_apply_the_first_and_report_the_second() {
    let tmp = TempDir::new("twofix");
    let src = tmp.file("ruy.txt");
    std::fs::write(&src, "1. P-K4 P-K4\n2. P-B4\n").unwrap();
    let toml = tmp.file("c.toml");
    std::fs::write(
        &toml,
        corrections(&src, &[(2, 4, "P-B4", "c4"), (2, 4, "P-B4", "f4")]),
    )
    .unwrap();
    let r = run(
        &[
            "transcribe",
            &src,
            "--notation",
            "en-descriptive",
            "--corrections",
            &toml,
        ],
        None,
    );
    let pgn = parse_pgn(&r.stdout);
    assert_eq!(pgn[0].sans, ["e4", "e5", "c4"], "{}", r.stderr);
    let reported: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.contains(&format!("{src}:2:4")))
        .collect();
    assert_eq!(reported.len(), 1, "{}", r.stderr);
    assert!(
        reported[0].contains("entry 2") && reported[0].contains("f4"),
        "{}",
        reported[0]
    );
}

#[test]
fn qa_refuses_two_corpus_files_that_share_a_snapshot() {
    let tmp = TempDir::new("qaclash");
    for ext in ["txt", "pgn"] {
        std::fs::write(
            tmp.path().join(format!("x.{ext}")),
            "[Notation \"en-algebraic\"]\n\n1. e4 e5 *\n",
        )
        .unwrap();
    }
    let dir = tmp.path().to_str().unwrap().to_owned();
    for _ in 0..2 {
        let r = run(&["qa", &dir, "--accept"], None);
        assert_eq!(r.code, Some(2), "{}\n{}", r.stdout, r.stderr);
        assert!(
            r.stderr.contains("x.txt") && r.stderr.contains("x.pgn"),
            "{}",
            r.stderr
        );
        assert!(!tmp.path().join("x.snap.pgn").exists());
    }
}

#[test]
fn a_game_that_starts_after_move_1_without_a_position_is_not_replayed_from_the_start() {
    let (r, games, plies) = transcribe_as(
        "late.txt",
        "21. P-KR3 P-KR3 22. P-QR3 P-QR3\n",
        &["--notation", "en-descriptive"],
    );
    assert_eq!(games.len(), 1);
    assert_ne!(games[0]["status"], "complete", "{:?}", games[0]);
    assert!(
        games[0]["first_issue"].contains("moves from a position the text does not give"),
        "{:?}",
        games[0]
    );
    assert!(plies.iter().all(|p| p["san"] != "h3"), "{plies:?}");
    assert!(r.stderr.contains("does not give"), "{}", r.stderr);
    // The movetext is kept in the PGN.
    assert!(
        folded(&r.stdout).contains("21. P-KR3 P-KR3 22. P-QR3 P-QR3"),
        "{}",
        r.stdout
    );
    assert_eq!(r.code, Some(1));
    // After a game that ended with its result, the numbers do not follow on either.
    let (_, games, _) = transcribe_as(
        "late.txt",
        "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 *\n\n3. B-Kt5 P-QR3\n",
        &["--notation", "en-descriptive"],
    );
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["status"], "complete");
    assert_ne!(games[1]["status"], "complete", "{:?}", games[1]);
    // A position given is where such a game starts.
    let (_, games, plies) = transcribe_as(
        "late.pgn",
        "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 21\"]\n\n\
         21. Nf3 Nc6 *\n",
        &[],
    );
    assert_eq!(games[0]["status"], "complete", "{:?}", games[0]);
    assert_eq!(plies[0]["san"], "Nf3");
}

/// SAN movetext of `sans` from ply `from` (0-based), numbered from move 1.
fn numbered(sans: &[String], from: usize) -> String {
    let mut out = Vec::new();
    for (i, san) in sans.iter().enumerate().skip(from) {
        let n = i / 2 + 1;
        if i % 2 == 0 {
            out.push(format!("{n}. {san}"));
        } else if i == from {
            out.push(format!("{n}... {san}"));
        } else {
            out.push(san.clone());
        }
    }
    out.join(" ")
}

#[test]
fn a_blank_line_inside_a_game_does_not_start_a_new_game_from_the_standard_start() {
    // Random games cut by a blank line (a page break) before a random ply: one game.
    let mut rng = escriba_testkit::Rng::new(22);
    let start = escriba_resolve::shakmaty::Chess::default();
    for case in 0..30 {
        let plies = 16 + rng.below(30);
        let moves = escriba_testkit::random_game(&mut rng, plies);
        let sans = crate::common::reference_sans(&start, &moves);
        let cut = 2 + rng.below(sans.len() - 2);
        let head = numbered(&sans[..cut], 0);
        let input = format!("{head}\n\n{}\n", numbered(&sans, cut));
        let (r, games, plies) = transcribe_as("paged.txt", &input, &[]);
        assert_eq!(games.len(), 1, "case {case}: {input}\n{}", r.stdout);
        assert_eq!(
            games[0]["status"], "complete",
            "case {case}: {input}\n{:?}",
            games[0]
        );
        let bare = |s: &str| s.trim_end_matches(['+', '#']).to_owned();
        let got: Vec<String> = plies.iter().map(|p| bare(&p["san"])).collect();
        let want: Vec<String> = sans.iter().map(|s| bare(s)).collect();
        assert_eq!(got, want, "case {case}: {input}");
        assert_eq!(games[0]["end_line"], "3", "case {case}");
    }
    // Numbers that do not follow on: two games, the second not replayed from the start.
    let (_, games, _) = transcribe_as("paged.txt", "1. e4 e5 2. Nf3\n\n5. Bb5 a6\n", &[]);
    assert_eq!(games.len(), 2);
    assert_ne!(games[1]["status"], "complete", "{:?}", games[1]);
}

#[test]
fn a_game_whose_fen_cannot_be_set_up_keeps_its_moves_and_result_and_no_bad_fen() {
    for fen in [
        // No kings.
        "8/8/8/8/8/8/8/8 w - - 0 1",
        // Castling rights without the rook.
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        // An en-passant square no pawn can have made.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        // Not a FEN at all.
        "not a fen",
    ] {
        let input = format!("[Event \"E\"]\n[FEN \"{fen}\"]\n\n1. e4 e5 2. Nf3 1-0\n");
        let (r, games, _) = transcribe_as("fen.pgn", &input, &[]);
        assert_bad_fen_kept_apart(&r, &games, fen);
        assert!(r.stderr.contains(fen), "{fen}: {}", r.stderr);
        // The PGN written reads again without an error about its position.
        let again = run(&["transcribe", "-"], Some(r.stdout.as_bytes()));
        assert!(!again.stderr.contains("FEN"), "{fen}: {}", again.stderr);
    }
}

/// The game of `1. e4 e5 2. Nf3 1-0` whose FEN `fen` cannot be set up: failed, its printed
/// result and its moves kept, and the FEN moved to `EscribaBadFEN`.
fn assert_bad_fen_kept_apart(r: &Run, games: &Rows, fen: &str) {
    assert_eq!(games[0]["status"], "failed", "{fen}");
    assert_eq!(games[0]["result"], "1-0", "{fen}: the printed result");
    let pgn = parse_pgn(&r.stdout);
    assert_eq!(pgn.len(), 1, "{fen}: {}", r.stdout);
    assert_eq!(pgn[0].result, "1-0", "{fen}: {}", r.stdout);
    assert_eq!(pgn[0].tag("FEN"), None, "{fen}: {}", r.stdout);
    assert_eq!(pgn[0].tag("SetUp"), None, "{fen}: {}", r.stdout);
    assert_eq!(pgn[0].tag("EscribaBadFEN"), Some(fen), "{}", r.stdout);
    assert!(
        pgn[0]
            .comments
            .iter()
            .any(|c| folded(c).contains("1. e4 e5 2. Nf3")),
        "{fen}: the movetext is kept: {}",
        r.stdout
    );
}

#[test]
fn a_result_inside_a_variation_keeps_the_variations_remaining_moves() {
    for result in ["*", "1-0", "0-1", "1/2-1/2"] {
        let input = format!("1. e4 e5 (1... c5 {result} 2. Nf3 d6) 2. Nf3 Nc6 *\n");
        let (r, games, plies) = transcribe_as("var.pgn", &input, &[]);
        let sans: Vec<&str> = plies.iter().map(|p| p["san"].as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"], "{result}");
        assert!(
            folded(&r.stdout).contains("2. Nf3 d6"),
            "{result}: the variation's moves after the result are kept: {}",
            r.stdout
        );
        assert!(
            games[0]["first_issue"].contains("after the result"),
            "{result}: {:?}",
            games[0]
        );
    }
}

#[test]
fn a_semicolon_between_moves_of_a_text_is_a_separator() {
    let (r, games, plies) = transcribe_as(
        "ruy.txt",
        "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n3. B-Kt5; P-QR3 4. B-R4 Kt-B3\n",
        &[],
    );
    assert_eq!(games[0]["status"], "complete", "{}", r.stdout);
    assert_eq!(plies.len(), 8, "{}", r.stdout);
    assert_eq!(games[0]["flagged"], "0", "{:?}", games[0]);
    assert_eq!(plies[7]["san"], "Nf6");
    // Book style: `8...P x P; 9 B x B P`.
    let (r, games, plies) = transcribe_as(
        "book.txt",
        "1 P-K4 P-K4; 2 Kt-KB3 Kt-QB3; 3 B-Kt5 P-QR3; 4 B-R4 Kt-B3\n",
        &[],
    );
    assert_eq!(games[0]["status"], "complete", "{}", r.stdout);
    assert_eq!(plies.len(), 8, "{}", r.stdout);
}

#[test]
fn moves_hidden_in_a_semicolon_comment_of_a_pgn_are_a_warning_and_the_game_is_not_complete() {
    let (r, games, _) = transcribe_as(
        "ruy.pgn",
        "[Event \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 ; a6 4. Ba4 Nf6\n*\n",
        &[],
    );
    assert_ne!(games[0]["status"], "complete", "{:?}", games[0]);
    assert!(games[0]["first_issue"].contains(';'), "{:?}", games[0]);
    assert!(
        r.stderr.contains("warning") || r.stderr.contains("error"),
        "{}",
        r.stderr
    );
    assert!(folded(&r.stdout).contains("a6 4. Ba4 Nf6"), "{}", r.stdout);
    // A `;` comment of words is a comment.
    let (r, games, _) = transcribe_as(
        "ruy.pgn",
        "[Event \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 ; the Spanish game\n3... a6 *\n",
        &[],
    );
    assert_eq!(games[0]["status"], "complete", "{}", r.stderr);
    assert_eq!(games[0]["flagged"], "0", "{}", r.stderr);
}

#[test]
fn a_line_starting_with_a_percent_sign_in_a_text_is_read() {
    let (r, games, plies) = transcribe_as("pc.txt", "1. e4 e5\n% 2. Nf3 Nc6\n3. Bb5 a6\n", &[]);
    assert_eq!(plies.len(), 6, "{}\n{}", r.stdout, r.stderr);
    assert_ne!(
        games[0]["flagged"], "0",
        "the `%` is not read: {:?}",
        games[0]
    );
    // In a PGN file it is an escape line, but one that holds moves is not dropped silently.
    let (r, games, _) = transcribe_as(
        "pc.pgn",
        "[Event \"E\"]\n\n1. e4 e5\n% 2. Nf3 Nc6\n2. Nf3 Nc6 *\n",
        &[],
    );
    assert!(
        games[0]["first_issue"].contains('%'),
        "{:?}\n{}",
        games[0],
        r.stderr
    );
}

#[test]
fn a_stray_closing_brace_is_named_in_the_warning_and_kept_in_words() {
    let (r, games, _) = transcribe_as("brace.pgn", "1. e4 e5 } 2. Nf3 Nc6 *\n", &[]);
    assert!(!r.stderr.contains("``"), "{}", r.stderr);
    assert!(
        games[0]["first_issue"].contains("`}` is not read"),
        "{:?}",
        games[0]
    );
    assert!(folded(&r.stdout).contains("closing-brace"), "{}", r.stdout);
    assert_eq!(parse_pgn(&r.stdout)[0].sans, ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn piece_letters_that_would_break_pgn_are_refused() {
    for letters in ["KQR{N", "KQR\"N", "KQRRN", "KQR;N", "K,Q,R,B,B"] {
        let r = run(
            &["transcribe", "-", "--piece-letters", letters],
            Some(b"1. e4 e5 *\n"),
        );
        assert_eq!(r.code, Some(2), "{letters}: {}", r.stdout);
        assert!(
            r.stderr.contains("--piece-letters"),
            "{letters}: {}",
            r.stderr
        );
    }
    let r = run(
        &["transcribe", "-", "--piece-letters", "RDTAC"],
        Some(b"1. Nf3 *\n"),
    );
    assert!(r.stdout.contains("1. Cf3"), "{}", r.stdout);
}

#[test]
fn a_nul_byte_in_a_book_does_not_reach_the_review_page() {
    let tmp = TempDir::new("nul");
    let src = tmp.file("nul.txt");
    std::fs::write(&src, "1. P-K4 P-K4 {a\0b}\n2. Kt-KBS Kt-QB3\n").unwrap();
    let html = tmp.file("review.html");
    let r = run(
        &[
            "transcribe",
            &src,
            "-o",
            "/dev/null",
            "--notation",
            "en-descriptive",
            "--html",
            &html,
        ],
        None,
    );
    let page = std::fs::read(&html).unwrap_or_else(|e| panic!("{e}: {}", r.stderr));
    assert!(!page.contains(&0), "a NUL byte in the page");
    assert!(String::from_utf8_lossy(&page).contains("Kt-KBS"));
}

#[test]
fn review_reads_no_source_that_is_not_a_regular_file() {
    let tmp = TempDir::new("devzero");
    let src = tmp.file("g.txt");
    std::fs::write(&src, "1. P-K4 P-K4\n2. Kt-KBS Kt-QB3\n").unwrap();
    let jsonl = tmp.file("run.jsonl");
    run(
        &["transcribe", &src, "-o", "/dev/null", "--jsonl", &jsonl],
        None,
    );
    let crafted = tmp.read("run.jsonl").replace(
        &format!("\"source\":{}", serde_json::to_string(&src).unwrap()),
        "\"source\":\"/dev/zero\"",
    );
    assert!(crafted.contains("/dev/zero"), "{crafted}");
    std::fs::write(&jsonl, crafted).unwrap();
    let html = tmp.file("review.html");
    // Under a memory limit, so that a review that reads on ends there, not the machine.
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" review \"$1\" -o \"$2\"")
        .arg(env!("CARGO_BIN_EXE_escriba-e2e"))
        .args([&jsonl, &html])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("review is still reading /dev/zero after 60 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    // Refused (outside the sources folder, and no regular file), without reading it.
    assert_eq!(status.code(), Some(2));
    assert!(!std::path::Path::new(&html).exists());
}

#[test]
fn csv_safe_quotes_cells_a_spreadsheet_would_run_as_formulas() {
    let input = "[Event \"-x\"]\n[Site \"@a\"]\n[White \"=HYPERLINK(1)\"]\n[Black \"+1\"]\n\n\
                 1. e4 e5 *\n";
    let (_, games, _) = transcribe_as("f.pgn", input, &[]);
    assert_eq!(games[0]["white"], "=HYPERLINK(1)", "as printed by default");
    let (r, games, plies) = transcribe_as("f.pgn", input, &["--csv-safe"]);
    assert_eq!(
        [
            games[0]["event"].as_str(),
            games[0]["site"].as_str(),
            games[0]["white"].as_str(),
            games[0]["black"].as_str()
        ],
        ["'-x", "'@a", "'=HYPERLINK(1)", "'+1"],
        "{}",
        r.stderr
    );
    assert_eq!(games[0]["result"], "*");
    assert_eq!(plies[0]["san"], "e4");
    // The PGN keeps the tags as they are.
    assert_eq!(parse_pgn(&r.stdout)[0].tag("White"), Some("=HYPERLINK(1)"));
}

#[test]
fn book_mode_takes_a_tagged_files_position_from_its_fen() {
    // Case 9: a study with `[SetUp]`/`[FEN]`, read with `--book`, in a PGN and in a text.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let input =
        format!("[Event \"Study\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. e4 Kd7 2. Kd2 Kd6 *\n");
    for name in ["study.pgn", "study.txt"] {
        let (r, games, plies) = transcribe_as(name, &input, &["--book"]);
        assert_eq!(games.len(), 1, "{name}: {}", r.stdout);
        assert_eq!(games[0]["status"], "complete", "{name}: {:?}", games[0]);
        let sans: Vec<&str> = plies.iter().map(|p| p["san"].as_str()).collect();
        assert_eq!(sans, ["e4", "Kd7", "Kd2", "Kd6"], "{name}");
        let pgn = parse_pgn(&r.stdout);
        assert_eq!(pgn[0].tag("FEN"), Some(fen), "{name}: {}", r.stdout);
        assert_eq!(pgn[0].tag("SetUp"), Some("1"), "{name}: {}", r.stdout);
        assert_eq!(pgn[0].tag("Event"), Some("Study"), "{name}: {}", r.stdout);
    }
    // A FEN that cannot be set up is handled as outside book mode: the game
    // fails at its start, keeps its moves, and the bad FEN moves to a tag of its own.
    let bad = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
    let input = format!("[Event \"E\"]\n[FEN \"{bad}\"]\n\n1. e4 e5 2. Nf3 1-0\n");
    let (r, games, _) = transcribe_as("bad.pgn", &input, &["--book"]);
    assert_bad_fen_kept_apart(&r, &games, bad);
}

#[test]
#[cfg(target_os = "linux")]
fn a_stdout_closed_at_start_is_an_error_and_not_a_discarded_pgn() {
    let tmp = TempDir::new("closed-stdout");
    let src = tmp.file("game.txt");
    std::fs::write(&src, "1. e4 e5 2. Nf3 *\n").unwrap();
    let bin = escriba().get_program().to_owned();
    let shell = |redirect: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" transcribe \"$1\" {redirect}"))
            .arg(&bin)
            .arg(&src)
            .output()
            .expect("sh runs")
    };
    let closed = shell(">&-");
    let stderr = String::from_utf8_lossy(&closed.stderr);
    assert_eq!(closed.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("stdout was closed"), "{stderr}");
    // Sent to /dev/null on purpose, the PGN is the user's to throw away.
    let null = shell(">/dev/null");
    assert_eq!(
        null.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&null.stderr)
    );
    // With a file for the PGN, a closed stdout does not matter.
    let out = tmp.file("out.pgn");
    let to_file = shell(&format!("-o '{out}' >&-"));
    assert_eq!(
        to_file.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&to_file.stderr)
    );
    assert!(tmp.read("out.pgn").contains("2. Nf3"));
}
