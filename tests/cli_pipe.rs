//! Pipes: ten thousand generated games in, on stdin, come out on stdout complete and
//! right; and a reader that closes stdout early ends the run quietly with status 0.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::Instant;

use escriba_notation::{DescLang, Dialect, Style};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::{Chess, Color, Move, Position};

use crate::cli_support::{escriba, parse_pgn, run};
use crate::common::reference_sans;
use escriba_testkit::{Rng, random_game};

/// `count` random legal games (up to `plies` plies each) written in compact English
/// descriptive, each under its own `[Event "game N"]`, with their reference SAN.
fn descriptive_book(
    seed: u64,
    count: usize,
    plies: usize,
) -> (String, Vec<(Vec<String>, &'static str)>) {
    let mut rng = Rng::new(seed);
    let start = Chess::default();
    let dialect = Dialect::Descriptive(DescLang::En);
    let mut text = String::new();
    let mut want = Vec::with_capacity(count);
    for i in 0..count {
        let moves: Vec<Move> = random_game(&mut rng, plies);
        let body = write_game(&start, &moves, dialect, Style::default()).expect("legal game");
        write!(text, "[Event \"game {}\"]\n\n{body} *\n\n", i + 1).expect("write to String");
        // A game that ends in mate or stalemate has a result even when the book prints `*`.
        let mut end = start.clone();
        for &m in &moves {
            end.play_unchecked(m);
        }
        let result = if end.is_checkmate() {
            if end.turn() == Color::White {
                "0-1"
            } else {
                "1-0"
            }
        } else if end.is_stalemate() {
            "1/2-1/2"
        } else {
            "*"
        };
        want.push((reference_sans(&start, &moves), result));
    }
    (text, want)
}

#[test]
fn ten_thousand_generated_games_piped_through_stdin_come_back_complete_and_right() {
    const GAMES: usize = 10_000;
    let t0 = Instant::now();
    let (text, want) = descriptive_book(1958, GAMES, 60);
    let plies: usize = want.iter().map(|(w, _)| w.len()).sum();
    let generated = t0.elapsed();
    let r = run(
        &["transcribe", "--notation", "en-descriptive", "-q", "-"],
        Some(text.as_bytes()),
    );
    eprintln!(
        "{GAMES} games, {plies} plies: generated in {generated:.2?}, transcribed in {:.2?}",
        t0.elapsed() - generated
    );
    assert_eq!(
        r.code,
        Some(0),
        "every game complete; stderr:\n{}",
        r.stderr
    );
    assert!(r.stderr.is_empty(), "-q keeps stderr empty: {}", r.stderr);
    let games = parse_pgn(&r.stdout);
    assert_eq!(games.len(), GAMES, "one PGN game per input game, none lost");
    let mut wrong = Vec::new();
    for (i, (g, (w, result))) in games.iter().zip(&want).enumerate() {
        let event = format!("game {}", i + 1);
        assert_eq!(
            g.tag("Event"),
            Some(event.as_str()),
            "games stay in input order"
        );
        assert_eq!(g.tag("EscribaGame"), Some((i + 1).to_string().as_str()));
        if &g.sans != w || !g.comments.is_empty() || g.result != *result {
            let at = g.sans.iter().zip(w).position(|(a, b)| a != b);
            wrong.push(format!(
                "game {}: first difference at ply {at:?} (got {} plies, want {}); comments {:?}",
                i + 1,
                g.sans.len(),
                w.len(),
                g.comments
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {GAMES} games differ:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn a_reader_closing_stdout_early_ends_the_run_with_status_0_and_no_error() {
    let (text, _) = descriptive_book(7, 3_000, 60);
    let mut child = escriba()
        .args(["transcribe", "--notation", "en-descriptive", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn escriba-e2e");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let feeder = std::thread::spawn(move || {
        // The child may stop reading once its stdout is gone.
        let _ = stdin.write_all(text.as_bytes());
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("first line");
    assert_eq!(first, "[Event \"game 1\"]\n");
    drop(stdout); // `| head -1`
    let out = child.wait_with_output().expect("wait for escriba-e2e");
    feeder.join().expect("stdin feeder");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
    assert!(
        !stderr.contains("error") && !stderr.contains("panicked"),
        "a closed stdout is not an error: {stderr}"
    );
}

#[test]
fn completions_into_a_closed_pipe_exit_0_without_panicking() {
    let mut child = escriba()
        .args(["completions", "zsh"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn escriba-e2e");
    drop(child.stdout.take()); // closed before the script is written
    let out = child.wait_with_output().expect("wait for escriba-e2e");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn piped_output_is_the_same_as_file_output() {
    // stdout and `-o FILE` are two sinks of one writer: they must not drift apart.
    let (text, _) = descriptive_book(11, 50, 40);
    let tmp = escriba_testkit::TempDir::new("same");
    let input = tmp.file("in.txt");
    std::fs::write(&input, &text).expect("write input");
    let piped = run(&["transcribe", "-q", &input], None);
    let filed = run(
        &["transcribe", "-q", &input, "-o", &tmp.file("out.pgn")],
        None,
    );
    assert_eq!((piped.code, filed.code), (Some(0), Some(0)));
    assert!(filed.stdout.is_empty());
    assert_eq!(piped.stdout, tmp.read("out.pgn"));
}

#[test]
fn review_into_a_closed_pipe_stops_quietly_with_status_0_as_transcribe_does() {
    let tmp = escriba_testkit::TempDir::new("review-pipe");
    let book = tmp.file("book.txt");
    std::fs::write(
        &book,
        "[White \"Tie\"]\n[Black \"Game\"]\n[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 2. P-B4 *\n",
    )
    .unwrap();
    let jsonl = tmp.file("run.jsonl");
    let r = run(
        &["transcribe", &book, "-o", "/dev/null", "--jsonl", &jsonl],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mut child = escriba()
        .args(["review", &jsonl, "-o", "-"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn escriba-e2e");
    drop(child.stdout.take()); // `| head -1` that has gone before the page is written
    let out = child.wait_with_output().expect("wait for escriba-e2e");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
    assert!(
        stderr.is_empty(),
        "a closed stdout is not an error: {stderr}"
    );
}
