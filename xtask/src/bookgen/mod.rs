//! The book generator: real games rendered into books in every layout, notation, header and
//! player form, with notes, diagrams, footnotes, odds and page furniture; the truth of
//! every game it prints; and the scorer that reads the books back with escriba's default
//! `transcribe` and measures each game against its truth.
//!
//! - [`games`]: the games (PGN or random), drawn with the test kit's seeded `Rng`;
//! - [`notation`]: the printed notations; [`layouts`]: the tables of §3;
//! - [`notes`]: notes, numbered analysis and prose; [`diagrams`]: the drawings of §1;
//! - [`headers`]: headings, players and event lines of §4; [`odds`]: the odds of §2;
//! - [`mix`]: what a run may print, and the family names; [`book`]: a book and its truth;
//! - [`render`]: a book from games; [`score`]: the scorer and its tables.
//!
//! Generate, don't tune: the generator prints what books print, and nothing here knows what
//! the reader accepts.

pub mod book;
pub mod diagrams;
pub mod games;
pub mod headers;
pub mod layouts;
pub mod mix;
pub mod notation;
pub mod notes;
pub mod odds;
pub mod render;
pub mod score;

pub use book::{Book, Truth};
pub use mix::{Mix, families};

use games::SourceGame;

/// Renders `games` into books of `per_book` games each, book `k` seeded from `seed` and
/// `k` and printed in the mix's notations in turn: the same arguments give the same books.
pub fn generate(games: &[SourceGame], per_book: usize, mix: &Mix, seed: u64) -> Vec<Book> {
    games
        .chunks(per_book.max(1))
        .enumerate()
        .map(|(k, chunk)| {
            let notation = mix.notations[(k + seed as usize) % mix.notations.len()];
            render::book(
                chunk,
                mix,
                notation,
                seed.wrapping_mul(0x100_0000_01B3).wrapping_add(k as u64),
            )
        })
        .collect()
}

/// `n` source games: the games of `from` (or, when `None`, the Lichess bulk file and the
/// shared books' reference PGNs), taken in order and cycled when there are fewer than `n`;
/// random legal games when `from` is `None` and the shared files are absent. The second
/// value names where they came from.
pub fn source_games(
    from: Option<&std::path::Path>,
    n: usize,
    seed: u64,
) -> anyhow::Result<(Vec<SourceGame>, String)> {
    let (pool, name) = match from {
        Some(p) => (games::from_pgn(p, 6)?, p.display().to_string()),
        None => {
            let lichess = games::lichess_path();
            if lichess.exists() {
                let mut pool = Vec::new();
                for p in games::shared_reference_paths() {
                    pool.extend(games::from_pgn(&p, 6)?);
                }
                pool.extend(games::from_pgn(&lichess, 6)?);
                (
                    pool,
                    format!("{} and the shared books' references", lichess.display()),
                )
            } else {
                (games::random(n, seed), "random legal games".to_owned())
            }
        }
    };
    anyhow::ensure!(!pool.is_empty(), "no games in {name}");
    Ok((pool.iter().cycle().take(n).cloned().collect(), name))
}
