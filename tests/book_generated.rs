//! The property of generated books: books rendered from real games by the generator
//! (`xtask::bookgen`) read back by escriba's default `transcribe` (book mode detected, not
//! asked for), each game **complete, exact, from its start position, with its players**.
//!
//! The property is checked per family (a layout, a notation, a player form, a heading form,
//! odds, a diagram drawing, a feature such as notes or page marks). The reader does not
//! read every family yet: [`ENABLED`] lists those it reads today, and the books of the
//! first test are drawn from them alone; [`NOT_YET`] lists the others, to be moved into
//! [`ENABLED`] as the reader learns them. A regression in an enabled family fails the test.

use xtask::bookgen::score::{Scored, Tally, example, score_book};
use xtask::bookgen::{Book, Mix, families, games, generate, source_games};

/// The families the reader reads exact and complete today, every one checked here.
const ENABLED: &[&str] = &[
    "layout:paired",
    "layout:paired-both",
    "layout:single",
    "layout:staggered",
    "layout:four-columns",
    "notation:en-compact",
    "notation:en-compact-n",
    "notation:en-spaced",
    "notation:en-long",
    "players:colon",
    "players:paren",
    "players:dash",
    "players:none",
    "heading:game",
    "heading:titled",
    "odds:even",
    "diagram:none",
    "diagram:boxed-lower",
    "diagram:boxed-hash",
    "diagram:boxed-caret",
    "diagram:boxed-star",
    "diagram:boxed-paren",
    "diagram:bare-lower",
    "diagram:bare-hash",
    "diagram:bare-caret",
    "diagram:bare-star",
    "diagram:bare-paren",
    "feature:diagram",
    "feature:footnote",
    "feature:prose",
    "diagram:ruled-lower",
    "diagram:ruled-hash",
    "diagram:ruled-caret",
    "diagram:ruled-star",
    "diagram:ruled-paren",
    "diagram:boxed-star-after",
    "diagram:boxed-bracket",
    "diagram:boxed-side",
    "diagram:boxed-figurine",
    "diagram:bare-star-after",
    "diagram:bare-bracket",
    "diagram:bare-side",
    "diagram:bare-figurine",
    "diagram:ruled-star-after",
    "diagram:ruled-bracket",
    "diagram:ruled-side",
    "diagram:ruled-figurine",
    "odds:queen-rook",
    "odds:queen-knight",
    "odds:queen",
    "odds:rook-and-knight",
    "odds:pawn-and-move",
    "layout:paragraph",
    "heading:number",
    "heading:no",
    "heading:none",
    "layout:white-then-black",
    "layout:token-per-line",
    "layout:inline-header",
    "notation:es",
    "feature:notes",
    "feature:analysis",
    "feature:page-break",
    "feature:ocr-mark",
    "players:inline",
    "notation:en-dashless",
    "players:initials",
    "players:names",
    "players:small-caps",
    "players:between",
];

// not yet read: in the mix of the enabled families, each of these leaves a game or more in
// a thousand not exact (`cargo xtask bookgen-bench` gives the shares with every
// family mixed). None today.
/// `^` for White and `#` for Black with no unmarked man: the sides are told by where the
/// pawns stand, which an ending with few pawns can mislead (one ruled drawing in the
/// seeded books reads with its sides swapped, and its game is not exact).
const NOT_YET: &[&str] = &[
    "diagram:boxed-caret-hash",
    "diagram:bare-caret-hash",
    "diagram:ruled-caret-hash",
];

/// Games in each test: at least 500, as the issue asks; 1,500, so that each of the thirty
/// drawings of a diagram is drawn a few times.
const GAMES: usize = 1500;
/// Games per book.
const PER_BOOK: usize = 40;
/// The seed: the same books every run.
const SEED: u64 = 2105;

/// `n` source games: the Lichess bulk file and the shared books' games when `../shared` is
/// there; in CI it must be. Elsewhere, without it, random legal games, with a notice.
fn source(n: usize) -> Vec<games::SourceGame> {
    if !games::lichess_path().exists() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{} is missing, and CI needs it",
            games::lichess_path().display()
        );
        eprintln!(
            "notice: {} is absent; the books are made of random legal games",
            games::lichess_path().display()
        );
    }
    source_games(None, n, SEED).expect("the source games").0
}

/// Renders and scores the books of `mix`.
fn run(mix: &Mix) -> (Vec<Book>, Vec<Vec<Scored>>, Tally) {
    let books = generate(&source(GAMES), PER_BOOK, mix, SEED);
    let mut tally = Tally::default();
    let scored: Vec<Vec<Scored>> = books
        .iter()
        .map(|b| {
            let s = score_book(b, false).expect("escriba reads the book");
            tally.add(b, &s, 2);
            s
        })
        .collect();
    (books, scored, tally)
}

#[test]
fn the_family_lists_name_every_family_once() {
    let all = families();
    for f in ENABLED.iter().chain(NOT_YET) {
        assert!(all.iter().any(|a| a == f), "unknown family `{f}`");
    }
    for f in &all {
        let n = ENABLED.iter().chain(NOT_YET).filter(|x| *x == f).count();
        assert_eq!(n, 1, "`{f}` must be in ENABLED or NOT_YET, once");
    }
}

#[test]
fn every_enabled_family_reads_back_complete_exact_from_its_start_with_its_players() {
    let mix = Mix::only(ENABLED).expect("known families");
    let (books, scored, tally) = run(&mix);
    assert!(tally.all.games >= 500, "{} games", tally.all.games);
    let mut failures = Vec::new();
    for (book, scored) in books.iter().zip(&scored) {
        for (t, s) in book.games.iter().zip(scored) {
            let fams = t.families();
            for f in &fams {
                assert!(
                    ENABLED.contains(&f.as_str()),
                    "a game of family `{f}`, which is not enabled"
                );
            }
            if !s.exact {
                failures.push(example(book, t, s));
            }
        }
    }
    // Each enabled family is exercised, so that none passes by being absent: three games at
    // least (the thirty drawings of a diagram share some 220 games).
    for f in ENABLED {
        let n = tally.families.get(*f).map_or(0, |c| c.games);
        assert!(n >= 3, "family `{f}`: only {n} games");
    }
    let failed: Vec<String> = tally
        .families
        .iter()
        .filter(|(_, c)| c.exact < c.games)
        .map(|(f, c)| format!("{f}: {} of {}", c.games - c.exact, c.games))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} games not read back exact and complete; families that regressed: {}\n{}\n{}",
        failures.len(),
        tally.all.games,
        failed.join(", "),
        tally.table(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn no_game_of_any_family_is_called_complete_with_moves_skipped_or_wrong() {
    let (books, scored, tally) = run(&Mix::full());
    let mut bad = Vec::new();
    for (book, scored) in books.iter().zip(&scored) {
        for (t, s) in book.games.iter().zip(scored) {
            if s.false_complete {
                bad.push(example(book, t, s));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} games called complete with moves skipped or wrong\n{}\n{}",
        bad.len(),
        tally.all.games,
        tally.table(),
        bad.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_generator_is_deterministic_prints_every_family_and_its_truth_replays() {
    use escriba_resolve::shakmaty::fen::Fen;
    use escriba_resolve::shakmaty::san::San;
    use escriba_resolve::shakmaty::{CastlingMode, Chess, Position};

    let games = source(2000);
    let books = generate(&games, 100, &Mix::full(), SEED);
    let again = generate(&games, 100, &Mix::full(), SEED);
    assert!(
        books.iter().zip(&again).all(|(a, b)| a.text == b.text),
        "the same seed gives the same books"
    );
    let mut seen = std::collections::BTreeSet::new();
    for book in &books {
        let lines = book.text.lines().count();
        let mut after = 0;
        for t in &book.games {
            // The games stand in order, one after the other, inside the book.
            assert!(t.first_line > after && t.first_line <= t.last_line && t.last_line <= lines);
            after = t.last_line;
            // The truth replays from its start position.
            let mut pos: Chess = match &t.fen {
                Some(f) => f
                    .parse::<Fen>()
                    .expect("a FEN")
                    .into_position(CastlingMode::Standard)
                    .expect("a legal start"),
                None => Chess::default(),
            };
            for san in &t.sans {
                let m = san
                    .parse::<San>()
                    .ok()
                    .and_then(|s| s.to_move(&pos).ok())
                    .unwrap_or_else(|| panic!("{san} replays in {}", t.origin));
                pos.play_unchecked(m);
            }
            seen.extend(t.families());
        }
        // The reference PGN holds the same moves and line ranges.
        let reference = book.reference_pgn("book.txt");
        let read = xtask::pgn::read(&reference);
        assert_eq!(read.len(), book.games.len());
        for (r, t) in read.iter().zip(&book.games) {
            if t.fen.is_none() {
                assert_eq!(r.moves.len(), t.sans.len(), "the reference of {}", t.origin);
            }
            let lines = r
                .tags
                .iter()
                .find(|(k, _)| k == "BookLines")
                .map(|(_, v)| v);
            assert_eq!(
                lines,
                Some(&format!("{}-{}", t.first_line, t.last_line)),
                "[BookLines] of {}",
                t.origin
            );
        }
    }
    let missing: Vec<String> = families()
        .into_iter()
        .filter(|f| !seen.contains(f))
        .collect();
    assert!(missing.is_empty(), "families never printed: {missing:?}");
}
