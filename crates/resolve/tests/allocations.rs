//! Heap allocations per decoded game, counted by a counting global allocator
//! (`allocation-counter`). In the steady state (a thread that has decoded games before),
//! decoding a game allocates a constant number of times, whatever its length: the beam,
//! the nodes and the checkpoints live in buffers kept from game to game, SAN and UCI are
//! inline, and the notes of unflagged plies are shared.
//!
//! The counter counts the allocations of the thread that measures, so other tests running
//! beside it do not disturb it.

use escriba_notation::{DescLang, Dialect, Form, Style, Token, movetext};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::{Chess, Move, Position};
use escriba_resolve::{Game, Options, Status, decode};

/// A legal game of `plies` plies (fewer if it ends), from a seeded generator that prefers
/// quiet moves, so that games last.
fn game(seed: u64, plies: usize) -> Vec<Move> {
    let mut s = seed;
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let quiet: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !m.is_capture() && !m.is_promotion())
            .collect();
        let pool = if quiet.is_empty() || s.is_multiple_of(4) {
            &legal[..]
        } else {
            &quiet[..]
        };
        let m = pool[(s >> 8) as usize % pool.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

fn allocations(f: impl FnOnce()) -> u64 {
    allocation_counter::measure(f).count_total
}

#[test]
fn decoding_a_game_allocates_a_constant_number_of_times_whatever_its_length() {
    let opts = Options::default();
    for (dialect, form) in [
        (Dialect::Descriptive(DescLang::En), Form::Compact),
        (Dialect::Descriptive(DescLang::En), Form::LongHand),
        (Dialect::Descriptive(DescLang::Es), Form::Compact),
    ] {
        let style = Style {
            form,
            ..Style::default()
        };
        let start = Chess::default();
        let mut cases = Vec::new();
        for (seed, plies) in [(7, 40), (11, 120), (13, 240)] {
            let moves = game(seed, plies);
            let text = write_game(&start, &moves, dialect, style).expect("a legal game");
            let tokens = movetext::tokenize(dialect, &text);
            cases.push((moves, text, tokens));
        }
        let decode_one = |(moves, text, tokens): &(Vec<Move>, String, Vec<Token>)| {
            let game = Game {
                text,
                tokens,
                dialect,
                start: Chess::default(),
            };
            let d = decode(&game, &opts);
            assert!(d.failure.is_none(), "{text}");
            assert_eq!(d.plies.len(), moves.len());
            assert!(d.plies.iter().all(|p| p.status != Status::Failed));
            d
        };
        // Warm up: the buffers grow to the longest game, and the notes are seen once.
        for c in &cases {
            decode_one(c);
        }
        let mut counts = Vec::new();
        for c in &cases {
            let n = allocations(|| {
                std::hint::black_box(decode_one(c));
            });
            counts.push((c.0.len(), n));
        }
        println!("{dialect:?} {form:?}: (plies, allocations per decode) {counts:?}");
        let (short, long) = (counts[0], counts[counts.len() - 1]);
        assert!(long.0 >= 4 * short.0, "the long game is long: {counts:?}");
        assert_eq!(
            short.1, long.1,
            "allocations grow with the game's length: {counts:?}"
        );
        assert!(
            short.1 <= 8,
            "a handful of allocations per game: {counts:?}"
        );
    }
}
