//! The games a book is made of: real games from a PGN file (the Lichess bulk file, the
//! corpus references), or random legal games when no such file is at hand.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use escriba_resolve::shakmaty::{Chess, Move, Position};

use crate::pgn;
use escriba_testkit::Rng;

/// One game to print: its moves from the standard position and its result.
#[derive(Debug, Clone)]
pub struct SourceGame {
    /// The main line from the standard start.
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Where it came from (`lichess-2017-01-31.pgn#17`, `random#3`).
    pub origin: String,
}

/// The Lichess bulk file beside the repository (`../shared/corpus/bulk/…`).
pub fn lichess_path() -> PathBuf {
    repo_root().join("../shared/corpus/bulk/lichess-2017-01-31.pgn")
}

/// The reference PGNs of the shared books (`../shared/corpus/books/*.reference.pgn`).
pub fn shared_reference_paths() -> Vec<PathBuf> {
    let dir = repo_root().join("../shared/corpus/books");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".reference.pgn"))
        .collect();
    out.sort();
    out
}

/// The repository's root (xtask's parent directory).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every game of a PGN file with at least `min_plies` plies, read in place.
pub fn from_pgn(path: &Path, min_plies: usize) -> Result<Vec<SourceGame>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    Ok(pgn::read(&text)
        .into_iter()
        .enumerate()
        .filter(|(_, g)| g.moves.len() >= min_plies && !g.tags.iter().any(|(k, _)| k == "FEN"))
        .map(|(i, g)| SourceGame {
            moves: g.moves,
            result: g.result,
            origin: format!("{name}#{}", i + 1),
        })
        .collect())
}

/// `n` random legal games of 12 to 100 plies; castling, en passant and promotions are
/// preferred when legal, so that a few hundred games print them all.
pub fn random(n: usize, seed: u64) -> Vec<SourceGame> {
    let mut rng = Rng::new(seed ^ 0x5EED);
    (0..n)
        .map(|i| {
            let max = rng.range(12, 100);
            let (moves, result) = random_line(&mut rng, Chess::default(), max);
            SourceGame {
                moves,
                result,
                origin: format!("random#{}", i + 1),
            }
        })
        .collect()
}

/// A random legal line of at most `max` plies from `pos`, and its result: the test kit's
/// [`escriba_testkit::random_line`], which prefers the special moves.
pub fn random_line(rng: &mut Rng, pos: Chess, max: usize) -> (Vec<Move>, String) {
    let (moves, end) = escriba_testkit::random_line(rng, &pos, max);
    (moves, end.outcome().to_string())
}
