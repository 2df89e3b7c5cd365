//! Allocations on the per-game output path, counted with a counting global allocator
//! (`allocation-counter`, on this test binary only): writing a game's PGN and its
//! `plies.csv` rows into buffers allocates as often for a long game as for a short one, and
//! so does processing a game (reading, decoding, building its result) once the thread's
//! decoder buffers have grown.

use std::sync::Arc;

use allocation_counter::measure;
use escriba_notation::{DescLang, Dialect, Style};
use escriba_pipeline::csv_out::write_ply_rows;
use escriba_pipeline::pgn::write_game;
use escriba_pipeline::segment::segment_text;
use escriba_pipeline::{BlockSegmenter, Config, GameResult, GameText, Notation, process_game};
use escriba_resolve::describe::write_game as describe;
use escriba_resolve::shakmaty::{Chess, Move};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

/// A legal game of exactly `plies` plies, chosen by a fixed pseudo-random walk (the test
/// kit's, from the standard position; a walk that ends sooner is drawn again).
fn moves(plies: usize) -> Vec<Move> {
    let rng = &mut escriba_testkit::Rng::new(0);
    loop {
        let out = escriba_testkit::uniform_line(rng, &Chess::default(), plies);
        if out.len() == plies {
            return out;
        }
    }
}

/// A clean English descriptive game of `plies` plies, processed.
fn game(plies: usize, cfg: &Config) -> GameResult {
    let text = describe(&Chess::default(), &moves(plies), EN, Style::default())
        .expect("a legal game is written");
    let text = format!("[White \"A\"]\n[Black \"B\"]\n\n{text} *\n");
    let segment = segment_text(&mut BlockSegmenter::new(), &text).remove(0);
    let g = GameText {
        source: Arc::from("game.txt"),
        index: 1,
        segment,
    };
    let r = process_game(&g, cfg);
    assert_eq!(r.plies.len(), plies, "{:?}", r.failure);
    r
}

/// Allocations made writing `r`'s PGN and ply rows into buffers with room enough.
fn writing(r: &GameResult, cfg: &Config) -> u64 {
    let mut pgn = String::with_capacity(1 << 20);
    let mut rows = Vec::with_capacity(1 << 20);
    measure(|| {
        write_game(r, cfg, &mut pgn);
        write_ply_rows(r, false, &mut rows).expect("rows are written");
    })
    .count_total
}

#[test]
fn writing_pgn_and_ply_rows_allocates_as_often_for_200_plies_as_for_20() {
    let cfg = Config {
        notation: Notation::Fixed(EN),
        ..Config::default()
    };
    let short = game(20, &cfg);
    let long = game(200, &cfg);
    let (a, b) = (writing(&short, &cfg), writing(&long, &cfg));
    eprintln!("allocations writing PGN and ply rows: {a} for 20 plies, {b} for 200 plies");
    assert_eq!(a, b, "per-ply allocations while writing");
    // A few per game (the CSV writer's buffer): not zero, or the
    // counter is not counting.
    assert!((1..=8).contains(&a), "{a} allocations per game");
}

#[test]
fn processing_a_game_allocates_as_often_for_200_plies_as_for_20_once_warm() {
    let cfg = Config {
        notation: Notation::Fixed(EN),
        ..Config::default()
    };
    let text_of = |plies: usize| {
        let text = describe(&Chess::default(), &moves(plies), EN, Style::default())
            .expect("a legal game is written");
        let text = format!("[White \"A\"]\n[Black \"B\"]\n\n{text} *\n");
        GameText {
            source: Arc::from("game.txt"),
            index: 1,
            segment: segment_text(&mut BlockSegmenter::new(), &text).remove(0),
        }
    };
    let (short, long) = (text_of(20), text_of(200));
    let count = |g: &GameText| {
        measure(|| {
            std::hint::black_box(process_game(g, &cfg));
        })
        .count_total
    };
    // The first games grow the decoder's buffers and meet the notes for the first time.
    count(&long);
    count(&short);
    let (a, b) = (count(&short), count(&long));
    eprintln!("allocations processing a game: {a} for 20 plies, {b} for 200 plies");
    assert_eq!(a, b, "per-ply allocations while processing a game");
}
