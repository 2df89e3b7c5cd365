//! The readings cache: each text's repaired readings, computed once per thread and
//! shared, and each token's (with its joins) once per game.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use escriba_notation::Dialect;
use escriba_notation::readings::{Reading, first_readings, last_resort_readings};
use shakmaty::Color;

use crate::candidates::Prefilter;

/// A repaired reading with its [`Prefilter`] for either side to move (indexed by
/// [`Color`]).
pub(super) type Prefiltered = (Reading, [Prefilter; 2]);

/// A text's repaired readings: its first readings, and its last resorts, read only when
/// first needed (a state where no first reading fits, or a repair attempt's window).
pub(super) struct TextReadings {
    dialect: Dialect,
    text: Box<str>,
    first: Box<[Prefiltered]>,
    last: std::cell::OnceCell<Box<[Prefiltered]>>,
}

impl TextReadings {
    /// The readings of one tier: 0 for the first readings, 1 for the last resorts.
    pub(super) fn tier(&self, tier: usize) -> &[Prefiltered] {
        if tier == 0 {
            return &self.first;
        }
        self.last.get_or_init(|| {
            prefiltered(last_resort_readings(
                self.dialect,
                &self.text,
                self.first.iter().map(|(r, _)| r),
            ))
        })
    }
}

/// Readings with their prefilters.
pub(super) fn prefiltered(readings: Vec<Reading>) -> Box<[Prefiltered]> {
    readings
        .into_iter()
        .map(|r| {
            let pre = [Color::Black, Color::White].map(|side| Prefilter::new(&r.mv, side));
            (r, pre)
        })
        .collect()
}

/// A text's readings, shared.
pub(super) type SharedReadings = Rc<TextReadings>;

/// The repaired readings of one token: those of its text, and of its joins with the tokens
/// after it, each with the last token joined (or NONE).
pub(super) type TokenReadings = Vec<(SharedReadings, u32)>;

/// How many texts' readings a thread keeps for each dialect (see [`shared_readings`]).
pub(super) const SHARED_READINGS: usize = 1 << 14;

/// Readings by dialect (a few, searched in order), then text (looked up by `&str`, with no
/// key to allocate).
pub(super) type ReadingsByText = Vec<(Dialect, HashMap<Box<str>, SharedReadings>)>;

/// The repaired readings of a token's text, computed once per text on each thread: the
/// same texts come back from game to game (every token a reach-back opens is read again),
/// and reading one text costs dozens of parses. A dialect's texts are forgotten all at once
/// when they fill the cache, and only its own: a book in one notation never pays for
/// another's.
pub(super) fn shared_readings(dialect: Dialect, text: &str) -> SharedReadings {
    thread_local! {
        static SHARED: RefCell<ReadingsByText> = const { RefCell::new(Vec::new()) };
    }
    SHARED.with(|cache| {
        let cache = &mut *cache.borrow_mut();
        let at = match cache.iter().position(|(d, _)| *d == dialect) {
            Some(at) => at,
            None => {
                cache.push((dialect, HashMap::new()));
                cache.len() - 1
            }
        };
        let texts = &mut cache[at].1;
        if let Some(r) = texts.get(text) {
            return r.clone();
        }
        if texts.len() >= SHARED_READINGS {
            texts.clear();
        }
        let r = Rc::new(TextReadings {
            dialect,
            text: text.into(),
            first: prefiltered(first_readings(dialect, text)),
            last: std::cell::OnceCell::new(),
        });
        texts.insert(text.into(), r.clone());
        r
    })
}

/// The text of repaired reading `k` of token `tok` ([`Node::reading`]), in the decoder's
/// cache of each token's readings.
pub(super) fn reading_text(cache: &ReadingCache, tok: usize, k: u32) -> &str {
    let k = k as usize;
    let (part, tier, i) = (k >> 16, (k >> 15) & 1, k & 0x7FFF);
    let readings = cache[tok]
        .as_ref()
        .expect("a repaired reading's token was read");
    &readings[part].0.tier(tier)[i].0.text
}

/// Each token's repaired readings once read ([`Decoder::repaired_readings`]), by token.
pub(super) type ReadingCache = Vec<Option<Rc<TokenReadings>>>;

/// [`Node::reading`] for reading `i` of tier `tier` of part `part` of a token's readings.
pub(super) fn reading_index(part: usize, tier: usize, i: usize) -> u32 {
    debug_assert!(i < 0x8000 && tier < 2);
    ((part << 16) | (tier << 15) | i) as u32
}
