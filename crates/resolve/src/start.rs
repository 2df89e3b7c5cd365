//! The position a game starts from: the standard one, a FEN, or Black to move first.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, FromSetup};

/// A start position that cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad start position `{fen}`: {reason}")]
pub struct StartError {
    /// The FEN given.
    pub fen: String,
    /// What is wrong with it.
    pub reason: String,
}

/// The start position: the standard one, or a FEN (`[SetUp "1"]` games). With
/// `black_first`, the standard position with Black to move (pre-1860 sources).
pub fn start_position(fen: Option<&str>, black_first: bool) -> Result<Chess, StartError> {
    let err = |reason: String| StartError {
        fen: fen.unwrap_or("").to_owned(),
        reason,
    };
    let setup = match fen {
        Some(f) => f.trim().parse::<Fen>().map_err(|e| err(e.to_string()))?,
        None => Fen::default(),
    };
    let mut setup = setup.into_setup();
    if black_first && fen.is_none() {
        setup.turn = Color::Black;
    }
    match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(pos) => Ok(pos),
        // Studies may hold more men than a game can reach; accept them.
        Err(e) => e.ignore_too_much_material().map_err(|e| err(e.to_string())),
    }
}
