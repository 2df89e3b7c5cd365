//! Just enough PGN reading for test material: tag pairs and legal SAN main lines, read
//! with `pgn-reader` (through `escriba_check::pgn`).

use escriba_check::pgn;
use escriba_resolve::shakmaty::{Chess, Move, Position};

/// One game of a PGN file.
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<Move>,
    /// The result token, if any.
    pub result: String,
}

/// Reads every game with a standard start position; stops a main line at the first
/// move that is not legal. Comments and variations are skipped.
pub fn read(text: &str) -> Vec<PgnGame> {
    pgn::read(text)
        .games
        .into_iter()
        .map(|g| {
            let mut pos = Chess::default();
            let mut moves = Vec::new();
            for san in g.moves() {
                let Ok(m) = san.san.to_move(&pos) else { break };
                pos.play_unchecked(m);
                moves.push(m);
            }
            PgnGame {
                result: g
                    .outcome()
                    .map_or_else(|| "*".to_owned(), |o| o.to_string()),
                tags: g.tags,
                moves,
            }
        })
        .collect()
}
