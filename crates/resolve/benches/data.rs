//! Benchmark material: real games from `../shared/corpus/bulk` when present (else random
//! legal games), written out in a dialect with the notation writers.

use std::path::PathBuf;

use escriba_notation::{Dialect, Style};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::san::San;
use escriba_resolve::shakmaty::{Chess, Move, Position};

/// Up to `n` games of at least one move.
pub fn games(n: usize) -> Vec<Vec<Move>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/bulk/lichess-2017-01-31.pgn");
    let mut out = Vec::new();
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            for block in text
                .split("\n\n")
                .filter(|b| !b.trim_start().starts_with('['))
            {
                let mut pos = Chess::default();
                let mut moves = Vec::new();
                for word in block.split_whitespace() {
                    let Ok(san) = word.trim_end_matches(['!', '?']).parse::<San>() else {
                        continue;
                    };
                    let Ok(m) = san.to_move(&pos) else { break };
                    pos.play_unchecked(m);
                    moves.push(m);
                }
                if !moves.is_empty() {
                    out.push(moves);
                }
                if out.len() == n {
                    break;
                }
            }
        }
        Err(_) => eprintln!(
            "notice: {} is absent; benchmarking random games",
            path.display()
        ),
    }
    let rng = &mut escriba_testkit::Rng::new(0);
    while out.len() < n {
        out.push(escriba_testkit::uniform_line(rng, &Chess::default(), 80));
    }
    out
}

/// Each game written as one movetext in `dialect`.
pub fn texts(games: &[Vec<Move>], dialect: Dialect, style: Style) -> Vec<String> {
    let start = Chess::default();
    games
        .iter()
        .map(|g| write_game(&start, g, dialect, style).expect("legal"))
        .collect()
}
