//! Helpers shared by the end-to-end tests: the shared data folder, a small deterministic
//! random source, and random legal games with the special moves a round trip must cover.

use std::path::PathBuf;

use escriba_notation::{Form, KnightLetter, Style};
use escriba_resolve::shakmaty::{Chess, Move, Position, Role};

/// `../shared/<rel>` beside the repository, or `None` when absent (see [`absent`]).
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        absent(p.display());
        None
    }
}

/// Says that a test's prerequisite (a file of `../shared`, a tool) is missing. In CI
/// (`CI=true`) that fails the test, since a test skipped there passes without checking;
/// elsewhere the test is skipped with a notice.
pub fn absent(what: impl std::fmt::Display) {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{what} is missing, and CI must check it"
    );
    eprintln!("notice: {what} is absent; skipping this test");
}

/// xorshift64*: deterministic, dependency-free randomness for test data.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal game from the standard position. Castling, en passant and promotions
/// (all four pieces) are preferred when legal, so that a few hundred games cover them all.
pub fn random_game(rng: &mut Rng, max_plies: usize) -> Vec<Move> {
    random_game_by(rng, max_plies, |rng, legal| {
        let special: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
            .collect();
        if !special.is_empty() && rng.below(3) > 0 {
            special[rng.below(special.len())]
        } else {
            // Prefer pawn moves a little, so games reach promotions.
            let pawns: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.role() == Role::Pawn)
                .collect();
            if !pawns.is_empty() && rng.below(3) == 0 {
                pawns[rng.below(pawns.len())]
            } else {
                legal[rng.below(legal.len())]
            }
        }
    })
}

/// A random legal game from the standard position, each move chosen by `pick` among the
/// legal ones (never empty), up to `max_plies` or the game's end.
pub fn random_game_by(
    rng: &mut Rng,
    max_plies: usize,
    mut pick: impl FnMut(&mut Rng, &[Move]) -> Move,
) -> Vec<Move> {
    let mut pos = Chess::default();
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
    moves
}

/// The SAN strings of a decoded game.
pub fn sans(d: &escriba_resolve::Decoded) -> Vec<String> {
    d.plies.iter().map(|p| p.san.to_string()).collect()
}

/// SAN of a move list from the standard position, via shakmaty (an independent writer).
pub fn reference_sans(start: &Chess, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let s =
                escriba_resolve::shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, m);
            s.to_string()
        })
        .collect()
}

/// The three layouts of English descriptive print, with the `Kt` of the old books.
pub const STYLES: [Style; 3] = [
    Style {
        form: Form::Compact,
        knight: KnightLetter::Kt,
    },
    Style {
        form: Form::Spaced,
        knight: KnightLetter::Kt,
    },
    Style {
        form: Form::LongHand,
        knight: KnightLetter::Kt,
    },
];

/// Cuts `text` as a book (`--book`) and transcribes every unit worth decoding, each
/// game named as coming from `source`; every line of the book is accounted for.
pub fn read_book(text: &str, source: &str) -> Vec<escriba_pipeline::GameResult> {
    use escriba_pipeline::{Config, GameText, Notation, book::cut_text, process_game};
    let cut = cut_text(text, Notation::Auto);
    assert!(
        cut.report.covers_every_line(),
        "every line accounted for: {:#?}",
        cut.report.spans
    );
    cut.segments
        .into_iter()
        .enumerate()
        .map(|(i, segment)| {
            process_game(
                &GameText {
                    source: std::sync::Arc::from(source),
                    index: i as u64 + 1,
                    segment,
                },
                &Config::default(),
            )
        })
        .collect()
}
