//! # escriba-testkit
//!
//! What escriba's tests, benches and generators (`xtask gen`, the book generator) draw
//! their data from, in one place:
//!
//! - [`Rng`]: one seeded, dependency-free random source (xorshift64*), so that the same
//!   seed gives the same games, books and damage everywhere;
//! - [`random_line`], [`random_game`] and [`uniform_line`]: random legal games, the first
//!   two preferring the special moves (castling, en passant, promotions) a round trip must
//!   cover, the last drawing every legal move alike; [`line_by`] takes any choice;
//! - [`TempDir`]: a scratch folder (from `tempfile`) removed when dropped.
//!
//! It knows chess rules (shakmaty) and nothing of escriba, so that every crate of the
//! workspace, the first included, may use it as a dev-dependency.
#![deny(missing_docs)]

use std::path::Path;

use shakmaty::{Chess, Move, Position, Role};

/// A seeded xorshift64* generator: the same seed gives the same numbers on every machine.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, zero included), spread over the state's bits.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03 | 1)
    }

    /// A generator whose state is `state` as given (its lowest bit set, since the state
    /// must not be zero): for a stream that a seed made so before [`Rng::new`] existed.
    pub fn from_state(state: u64) -> Rng {
        Rng(state | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A number in `lo..=hi` (`lo` ≤ `hi`).
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `per_cent`/100.
    pub fn chance(&mut self, per_cent: usize) -> bool {
        self.below(100) < per_cent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A generator for one part of the work, independent of how much the others drew.
    pub fn fork(&mut self, salt: u64) -> Rng {
        Rng::new(self.next_u64() ^ salt.wrapping_mul(0xA24B_AED4_963E_E407))
    }
}

/// A random legal line from `start`, each move chosen by `pick` among the legal ones
/// (never empty), up to `max_plies` or the game's end; and the position it ends in.
pub fn line_by(
    rng: &mut Rng,
    start: &Chess,
    max_plies: usize,
    mut pick: impl FnMut(&mut Rng, &[Move]) -> Move,
) -> (Vec<Move>, Chess) {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = pick(rng, &legal);
        pos.play_unchecked(m);
        moves.push(m);
    }
    (moves, pos)
}

/// One of `legal` (not empty), castling, en passant and promotions (all four pieces)
/// preferred when there are any, and pawn moves a little, so that games reach
/// promotions: a few hundred games print every special move.
pub fn special_first(rng: &mut Rng, legal: &[Move]) -> Move {
    let special: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
        .collect();
    if !special.is_empty() && rng.below(3) > 0 {
        return *rng.pick(&special);
    }
    let pawns: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.role() == Role::Pawn)
        .collect();
    if !pawns.is_empty() && rng.below(3) == 0 {
        *rng.pick(&pawns)
    } else {
        *rng.pick(legal)
    }
}

/// A random legal line of at most `max_plies` from `start`, preferring the special moves
/// ([`special_first`]); and the position it ends in.
pub fn random_line(rng: &mut Rng, start: &Chess, max_plies: usize) -> (Vec<Move>, Chess) {
    line_by(rng, start, max_plies, special_first)
}

/// A random legal game of at most `max_plies` from the standard position, preferring the
/// special moves ([`special_first`]).
pub fn random_game(rng: &mut Rng, max_plies: usize) -> Vec<Move> {
    random_line(rng, &Chess::default(), max_plies).0
}

/// A random legal line of at most `max_plies` from `start`, every legal move alike.
pub fn uniform_line(rng: &mut Rng, start: &Chess, max_plies: usize) -> Vec<Move> {
    line_by(rng, start, max_plies, |rng, legal| *rng.pick(legal)).0
}

/// A scratch folder, named `escriba-<label>-…` in the system's temporary folder and
/// removed with everything in it when dropped.
#[derive(Debug)]
pub struct TempDir(tempfile::TempDir);

impl TempDir {
    /// A new, empty scratch folder; panics (in a test, a failure) when none can be made.
    pub fn new(label: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("escriba-{label}-"))
            .tempdir()
            .expect("create a scratch folder");
        TempDir(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// `folder/name` as a string argument.
    pub fn file(&self, name: &str) -> String {
        self.path()
            .join(name)
            .to_str()
            .expect("a UTF-8 scratch path")
            .to_owned()
    }

    /// The text of `folder/name`; panics, naming it, when it does not read.
    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path().join(name))
            .unwrap_or_else(|e| panic!("reading {name} in {}: {e}", self.path().display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_another_seed_others() {
        let draw = |seed| {
            let mut r = Rng::new(seed);
            (0..8).map(|_| r.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        // Zero is a seed like any other: the state never sticks at zero.
        assert!(draw(0).iter().any(|&x| x != 0));
        assert!(Rng::from_state(0).next_u64() != 0);
    }

    #[test]
    fn numbers_stay_in_their_ranges_and_reach_both_ends() {
        let mut r = Rng::new(1);
        let drawn: Vec<usize> = (0..1000).map(|_| r.range(3, 7)).collect();
        assert!(drawn.iter().all(|n| (3..=7).contains(n)));
        assert!(drawn.contains(&3) && drawn.contains(&7));
        assert_eq!(r.below(0), 0);
        assert!((0..100).all(|_| !r.chance(0) && r.chance(100)));
    }

    #[test]
    fn random_games_are_legal_and_cover_every_special_move() {
        let mut r = Rng::new(3);
        let (mut castles, mut en_passant, mut promotions) = (0, 0, [0; 4]);
        for _ in 0..300 {
            let moves = random_game(&mut r, 120);
            assert!(moves.len() <= 120);
            let mut pos = Chess::default();
            for m in moves {
                assert!(pos.is_legal(m), "{m:?} is legal where it stands");
                castles += usize::from(m.is_castle());
                en_passant += usize::from(m.is_en_passant());
                if let Some(role) = m.promotion() {
                    promotions[role as usize - 2] += 1;
                }
                pos.play_unchecked(m);
            }
        }
        assert!(castles > 0 && en_passant > 0, "{castles} {en_passant}");
        assert!(promotions.iter().all(|&n| n > 0), "{promotions:?}");
    }

    #[test]
    fn a_line_stops_at_its_length_or_the_games_end() {
        let mut r = Rng::new(5);
        let short = uniform_line(&mut r, &Chess::default(), 10);
        assert_eq!(short.len(), 10);
        // Fool's mate: no legal move after it, so no line goes on.
        let mut mated = Chess::default();
        for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&mated)
                .unwrap();
            mated.play_unchecked(m);
        }
        assert!(uniform_line(&mut r, &mated, 10).is_empty());
    }

    #[test]
    fn a_scratch_folder_is_removed_when_dropped() {
        let dir = TempDir::new("testkit");
        std::fs::write(dir.file("a.txt"), "text").unwrap();
        assert_eq!(dir.read("a.txt"), "text");
        let path = dir.path().to_owned();
        drop(dir);
        assert!(!path.exists());
    }
}
