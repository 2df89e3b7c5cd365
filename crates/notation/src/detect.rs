//! A cheap dialect detector: which dialects read a sample of the text best.
//!
//! Each dialect's tokenizer reads the first few hundred bytes; a dialect scores the share
//! of word tokens it reads as moves. Scores rank the dialects; the resolver makes the final
//! choice by replaying the likeliest few.

use crate::ast::TokenKind;
use crate::dialect::{AlgLang, Dialect};
use crate::movetext::tokenize;

/// How much of a text the detector reads, in bytes.
pub const SAMPLE: usize = 600;

/// The first `max` bytes of `text` at most, cut on a character boundary.
pub fn prefix(text: &str, max: usize) -> &str {
    &text[..text.floor_char_boundary(max)]
}

fn sample(text: &str) -> &str {
    prefix(text, SAMPLE)
}

/// The share of word tokens of `text` that `dialect` reads as moves, and how many moves.
pub fn move_share(dialect: Dialect, text: &str) -> (f32, usize) {
    let (mut moves, mut unknown) = (0usize, 0usize);
    for t in tokenize(dialect, text) {
        match t.kind {
            TokenKind::Move(_) => moves += 1,
            TokenKind::Unknown => unknown += 1,
            _ => {}
        }
    }
    if moves == 0 {
        return (0.0, 0);
    }
    (moves as f32 / (moves + unknown) as f32, moves)
}

/// Ranks the likely dialects of `text`, most likely first, with a score in 0..=1. Dialects
/// that read no move are left out. Equal scores keep the order of [`Dialect::ALL`].
pub fn rank_dialects(text: &str) -> Vec<(Dialect, f32)> {
    let s = sample(text);
    let cyrillic = s.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
    let mut ranked: Vec<(Dialect, f32, usize)> = Dialect::ALL
        .iter()
        .filter(|d| !cyrillic || **d == Dialect::Algebraic(AlgLang::Ru))
        .filter_map(|&d| {
            let (share, moves) = move_share(d, s);
            (moves > 0).then_some((d, share, moves))
        })
        .collect();
    // Higher share first; among equal shares, more moves read.
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.cmp(&a.2)));
    ranked.into_iter().map(|(d, s, _)| (d, s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_prose_texts_rank_nothing() {
        assert!(rank_dialects("").is_empty());
        assert!(rank_dialects("{only a comment}").is_empty());
    }

    #[test]
    fn the_sample_ends_on_a_char_boundary() {
        let text = "é".repeat(SAMPLE);
        assert!(sample(&text).len() <= SAMPLE);
    }
}
