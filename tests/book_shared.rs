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
        assert!(
            report.book.covers_every_line(),
            "{book}: {:#?}",
            report.book.spans
        );
        assert_eq!(
            report.book.lines,
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
        for s in report
            .book
            .spans
            .iter()
            .filter(|s| s.what != escriba_pipeline::book::SpanKind::Skipped)
        {
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

/// Checks that every variation in `items` starts with a move that is legal where the main
/// line stood before the ply it follows: what a PGN reader needs of a variation.
fn variations_follow_their_plies(g: &escriba_pipeline::GameResult) -> Result<usize, String> {
    use escriba_pipeline::game::Item;
    use escriba_resolve::shakmaty::Position;
    let mut pos = escriba_resolve::start_position(g.tags.get("FEN"), false)
        .map_err(|e| format!("start position: {e:?}"))?;
    let mut before = pos.clone();
    let mut seen = 0;
    let mut count = 0;
    for item in &g.items {
        match item {
            Item::Ply { index } => {
                for p in &g.plies[seen..=*index] {
                    before = pos.clone();
                    pos.play_unchecked(p.ply.mv);
                }
                seen = index + 1;
            }
            Item::Variation { plies, .. } => {
                count += 1;
                let first = plies.first().ok_or("an empty variation")?;
                if !before.is_legal(first.ply.mv) {
                    return Err(format!(
                        "game at line {}: the variation at line {} ({}) is not legal after ply {seen}",
                        g.line, first.line, first.ply.san
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(count)
}

#[test]
fn every_note_variation_of_both_books_is_an_alternative_to_the_move_it_follows() {
    use escriba_pipeline::{GameText, Notation, book::cut_text, process_game};
    for book in [
        "corpus/books/chess-fundamentals.txt",
        "corpus/books/blue-book-part1.txt",
    ] {
        let Some(path) = shared(book) else { return };
        let bytes = std::fs::read(&path).unwrap();
        let text: String = bytes.iter().map(|&b| b as char).collect(); // ASCII or Latin-1
        let cut = cut_text(&text, Notation::Auto);
        let mut variations = 0;
        for (i, segment) in cut.segments.into_iter().enumerate() {
            let g = process_game(
                &GameText {
                    source: std::sync::Arc::from(book),
                    index: i as u64 + 1,
                    segment,
                },
                &Config::default(),
            );
            variations +=
                variations_follow_their_plies(&g).unwrap_or_else(|e| panic!("{book}: {e}"));
        }
        assert!(variations > 0, "{book}: the notes' variations were checked");
    }
}
