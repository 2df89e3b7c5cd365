//! Decoding cost per ply (ns/ply) on clean English descriptive games, one core.

use escriba_notation::{DescLang, Dialect, Style, movetext};
use escriba_resolve::shakmaty::{Chess, Position};
use escriba_resolve::{Game, Options, decode};

#[path = "data.rs"]
mod data;

const EN: Dialect = Dialect::Descriptive(DescLang::En);

fn main() {
    divan::main();
}

/// Tokenize and decode: the whole per-game cost after splitting.
#[divan::bench(sample_count = 10)]
fn english_descriptive_per_ply(bencher: divan::Bencher) {
    let games = data::games(1_000);
    let plies: usize = games.iter().map(Vec::len).sum();
    let texts = data::texts(&games, EN, Style::default());
    let opts = Options::default();
    bencher
        .counter(divan::counter::ItemsCount::new(plies))
        .bench(|| {
            let mut n = 0;
            for text in &texts {
                let tokens = movetext::tokenize(EN, text);
                let game = Game {
                    text,
                    tokens: &tokens,
                    dialect: EN,
                    start: Chess::default(),
                };
                n += decode(&game, &opts).plies.len();
            }
            n
        });
}

/// Decode alone, from tokens made beforehand: the decoder's own cost per ply.
#[divan::bench(sample_count = 10)]
fn english_descriptive_decode_only_per_ply(bencher: divan::Bencher) {
    let games = data::games(1_000);
    let plies: usize = games.iter().map(Vec::len).sum();
    let texts = data::texts(&games, EN, Style::default());
    let tokens: Vec<_> = texts.iter().map(|t| movetext::tokenize(EN, t)).collect();
    let opts = Options::default();
    bencher
        .counter(divan::counter::ItemsCount::new(plies))
        .bench(|| {
            let mut n = 0;
            for (text, tokens) in texts.iter().zip(&tokens) {
                let game = Game {
                    text,
                    tokens,
                    dialect: EN,
                    start: Chess::default(),
                };
                n += decode(&game, &opts).plies.len();
            }
            n
        });
}

/// shakmaty's legal-move generation alone over the same plies: the floor.
#[divan::bench(sample_count = 10)]
fn legal_move_generation_per_ply(bencher: divan::Bencher) {
    let games = data::games(1_000);
    let plies: usize = games.iter().map(Vec::len).sum();
    bencher
        .counter(divan::counter::ItemsCount::new(plies))
        .bench(|| {
            let mut n = 0;
            for g in &games {
                let mut pos = Chess::default();
                for &m in g {
                    n += pos.legal_moves().len();
                    pos.play_unchecked(m);
                }
            }
            n
        });
}
