//! Book mode on the two shared books (read in place from `../shared`; skipped with a
//! notice when absent): every line is accounted for, every reference game is found, and
//! the run is the same whatever the number of jobs.

use escriba_pipeline::book::BookMode;
use escriba_pipeline::{Config, Input, Sink, Sinks, transcribe};

use crate::common::shared;

/// Transcribes a book with `jobs` workers; returns the PGN and the summary.
fn run(path: &std::path::Path, jobs: usize) -> (String, escriba_pipeline::Summary) {
    let cfg = Config {
        book: BookMode::Auto,
        jobs,
        ..Config::default()
    };
    let mut pgn = Vec::new();
    let summary = {
        let mut sinks = Sinks {
            pgn: Some(Sink::new("pgn", &mut pgn)),
            ..Sinks::default()
        };
        transcribe(&[Input::File(path.to_owned())], &cfg, &mut sinks).expect("transcribed")
    };
    (String::from_utf8(pgn).expect("UTF-8 PGN"), summary)
}

#[test]
fn every_line_of_both_books_is_accounted_for_and_every_reference_game_found() {
    for (book, reference_games) in [
        ("corpus/books/chess-fundamentals.txt", 12),
        ("corpus/books/blue-book-part1.txt", 42),
    ] {
        let Some(path) = shared(book) else { return };
        let (pgn, summary) = run(&path, 1);
        let report = summary.books.first().expect("detected as a book");
        assert!(!report.explicit, "book mode was detected, not asked for");
        assert!(report.covers_every_line(), "{book}: {:#?}", report.spans);
        assert_eq!(
            report.lines,
            std::fs::read(&path).unwrap().split(|&b| b == b'\n').count() - 1
        );
        // Each emitted game or fragment carries its line range, inside the book.
        let ranges = pgn.matches("[BookLines \"").count();
        assert_eq!(ranges as u64, summary.games, "{book}");
        let games = pgn.matches("[EscribaKind \"game\"]").count();
        assert!(
            games >= reference_games,
            "{book}: {games} games found, the reference has {reference_games}"
        );
        // Spans that are games or fragments name the game they became.
        for s in report.spans.iter().filter(|s| s.what != "skipped") {
            assert!(s.game.is_some(), "{book}: {s:?}");
        }
    }
}

#[test]
fn a_book_reads_the_same_with_one_job_or_two() {
    let Some(path) = shared("corpus/books/chess-fundamentals.txt") else {
        return;
    };
    assert_eq!(run(&path, 1).0, run(&path, 2).0);
}
