//! The forward model of print and OCR damage: what a damaged token looks like.
//!
//! [`readings`](crate::readings) is the inverse model (what a damaged token may have been);
//! this one makes damaged text for the corruption test (`tests/corruption.rs`) and for
//! `cargo xtask bench`, so that both measure the same damage. The repair model's costs
//! ([`cost`](crate::cost)), which the readings and the resolver use, cite the frequencies
//! below.
//!
//! Each call applies one kind of damage, drawn uniformly from the dialect's table; a quarter
//! of the draws that find nothing to change lose the token's last rank digit instead.

use crate::dialect::{DescLang, Dialect};

/// English compact and spaced descriptive (`P-K4`, `Kt-KB3`, `P - K 4`), and algebraic.
const COMPACT: [(&str, &str); 12] = [
    ("1", "l"),
    ("5", "S"),
    ("8", "B"),
    ("3", "8"),
    ("8", "3"),
    ("KB", "QB"),
    ("QB", "KB"),
    ("KR", "QR"),
    ("QKt", "KKt"),
    ("x", ""),
    ("B-", "R-"),
    ("-", "- "),
];

/// English 19th-century long-hand (`K. Kt. to K. B's 3d.`, `P. takes P.`).
const LONG_HAND: [(&str, &str); 12] = [
    ("1st", "lst"),
    ("5th", "Sth"),
    ("8th", "Bth"),
    ("3d", "8d"),
    ("8th", "3th"),
    ("K. B", "Q. B"),
    ("Q. B", "K. B"),
    ("K. R", "Q. R"),
    ("Q. Kt", "K. Kt"),
    ("takes", "tokes"),
    ("B. to", "R. to"),
    ("Kt.", "Kf."),
];

/// Spanish descriptive (`P4R`, `C3AR`, `TR1D`, `CxA`).
const SPANISH: [(&str, &str); 12] = [
    ("1", "l"),
    ("5", "S"),
    ("8", "B"),
    ("3", "8"),
    ("8", "3"),
    ("AR", "AD"),
    ("AD", "AR"),
    ("TR", "TD"),
    ("CD", "CR"),
    ("x", ""),
    ("A", "T"),
    ("C", "G"),
];

/// How many draws one token gets before it is left undamaged.
const TRIES: usize = 20;

/// The damage table for a dialect and a token (long-hand tokens are told by their `. `).
fn table(dialect: Dialect, token: &str) -> &'static [(&'static str, &'static str)] {
    match dialect {
        Dialect::Descriptive(DescLang::Es) => &SPANISH,
        Dialect::Descriptive(DescLang::En) if token.contains(". ") || token.contains("'s") => {
            &LONG_HAND
        }
        _ => &COMPACT,
    }
}

/// One kind of damage applied to one token's text, or `None` when none applies.
///
/// `below(n)` must return a number in `0..n` (the caller's deterministic random source).
pub fn damage(
    dialect: Dialect,
    token: &str,
    below: &mut impl FnMut(usize) -> usize,
) -> Option<String> {
    let swaps = table(dialect, token);
    for _ in 0..TRIES {
        let (a, b) = swaps[below(swaps.len())];
        if let Some(at) = token.find(a) {
            let out = format!("{}{}{}", &token[..at], b, &token[at + a.len()..]);
            if out != token {
                return Some(out);
            }
        }
        // A lost rank digit.
        if below(4) == 0
            && let Some(at) = token.rfind(|c: char| c.is_ascii_digit())
        {
            return Some(format!("{}{}", &token[..at], &token[at + 1..]));
        }
    }
    None
}

/// `text` with each of its move tokens damaged by [`damage`] with a chance of `per_mille`
/// in a thousand (drawn from `below` for each token in turn, from the last back).
pub fn damage_movetext(
    dialect: Dialect,
    text: &str,
    per_mille: usize,
    below: &mut impl FnMut(usize) -> usize,
) -> String {
    let spans: Vec<_> = crate::movetext::tokenize(dialect, text)
        .iter()
        .filter(|t| matches!(t.kind, crate::TokenKind::Move(_)))
        .map(|t| t.span)
        .collect();
    // Back to front, so that earlier spans stay valid.
    let mut out = text.to_owned();
    for span in spans.iter().rev() {
        if below(1000) >= per_mille {
            continue;
        }
        if let Some(d) = damage(dialect, &out[span.range()], below) {
            out.replace_range(span.range(), &d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    /// A source that returns the given draws in turn.
    fn draws(v: &'static [usize]) -> impl FnMut(usize) -> usize {
        let mut i = 0;
        move |n| {
            let d = v[i % v.len()] % n;
            i += 1;
            d
        }
    }

    #[test]
    fn a_drawn_swap_that_applies_changes_the_token() {
        assert_eq!(
            damage(EN, "Kt-KB3", &mut draws(&[5])).as_deref(),
            Some("Kt-QB3")
        );
        assert_eq!(
            damage(EN, "Kt. to K. B's 3d.", &mut draws(&[3])).as_deref(),
            Some("Kt. to K. B's 8d.")
        );
        let es = Dialect::Descriptive(DescLang::Es);
        assert_eq!(
            damage(es, "C3AR", &mut draws(&[5])).as_deref(),
            Some("C3AD")
        );
    }

    #[test]
    fn a_token_no_swap_fits_loses_its_rank_digit_or_stays_whole() {
        // `0-0` has no swap of the table: draw 0 of 4 drops a digit… of which it has none.
        assert_eq!(damage(EN, "Castles", &mut draws(&[0])), None);
        assert_eq!(
            damage(EN, "K-Q2", &mut draws(&[3, 0])).as_deref(),
            Some("K-Q")
        );
    }
}
