//! The forward model of print and OCR damage: what a damaged token looks like.
//!
//! [`readings`](crate::readings) is the inverse model (what a damaged token may have been);
//! this one makes damaged text for the corruption test (`tests/corruption.rs`) and for
//! `cargo xtask bench`, so that both measure the same damage. The confusion costs of
//! [`readings`](crate::readings) and of the resolver cite the frequencies below.
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

/// The costs of the repair model, in one table: every figure is a negative log-likelihood,
/// in half-nats (cost = 2 × −ln p, rounded), of one event against reading the token as
/// printed. Costs add along a game, so the cheapest reading is the likeliest one.
///
/// Where the figures come from:
/// - *model*: the damage model above (each of its 13 kinds is drawn about equally often,
///   p ≈ 1/13, cost 5; a damaged token at the corpus's rate, about 2% of plies, p ≈ 1/50,
///   cost 8), as the corruption test and the bench apply it;
/// - *corpus*: the damaged texts typed in `corpus/` (`[ExpectedFlags]`), about 40 repairs;
/// - *books*: the two shared books, where conventions (bare files, positional wings)
///   are common and real damage rare.
pub mod cost {
    /// A wing prefix read by position rather than origin (books: common, p ≈ 0.6).
    pub const POSITIONAL: u32 = 1;
    /// A check the book printed no mark for (books: common in old ones; corpus: 34 of 334
    /// checks).
    pub const UNMARKED_CHECK: u32 = 1;
    /// A check of another kind than the mark says: a double check marked where one man
    /// checks, a discovered check where only the moved man does (books: rare, and no
    /// contradiction of whether the move checks).
    pub const MARK_KIND: u32 = 1;
    /// A mate mark on a move that checks without mating (books: a mate in a few printed
    /// as the last move, p ≈ 1/10).
    pub const MATE_FOR_CHECK: u32 = 2;
    /// A check or mate mark on a move that gives no check. The model never damages a
    /// mark, and the shared books and the corpus print none among their 660 marks
    /// (p < 1/660): a token whose readings as printed all contradict their mark is read
    /// with the repairs that earn it too, and they compete (cost 13, rounded).
    pub const WRONG_MARK: u32 = 13;
    /// A bare file (`R-K`) read on a rank other than the first (books: p ≈ 0.4).
    pub const BARE_FILE: u32 = 2;
    /// Near-tie margin: readings closer than this (p within a factor e) are not told apart.
    pub const NEAR_TIE: u32 = 2;
    /// An e.p. mark on a move that is not en passant (corpus: marks stray, p ≈ 0.05).
    pub const EN_PASSANT: u32 = 6;
    /// A lost capture sign, an origin that does not fit, a swapped wing: damage of the
    /// model that leaves a readable token (model: p ≈ 1/13 × 1/2 for two fitting readings).
    pub const LOST_MARK: u32 = 8;
    /// A capture sign with nothing captured, the wrong captured man, promotion piece or
    /// castling side (corpus: p ≈ 1/150; not in the model).
    pub const WRONG_DETAIL: u32 = 10;
    /// The wrong piece letter (model: `B-`→`R-`, p ≈ 1/13 spread over the moves that
    /// fit: p ≈ 1/400). From this cost on, a repair is taken only when later moves confirm
    /// it.
    pub const WRONG_PIECE: u32 = 12;
    /// The wrong destination file or rank with no glyph confusion to explain it (not in
    /// the model, whose digit confusions are the readings' EDIT; books: a misprinted square,
    /// `Q. to R's 3d.` for `Q. to K's 3d.` in the *Blue Book*, p ≈ 1/400). Like a wrong
    /// piece letter, taken only when later moves confirm it (the decoder's CONFIRM_PLIES).
    pub const WRONG_SQUARE: u32 = 20;
    /// One glyph confusion of the OCR table (`l`/`1`, `S`/`5`, `B`/`8`, `3`/`8`): the
    /// model's commonest kind (p ≈ 1/13 × 1/2).
    pub const EDIT: u32 = 4;
    /// A spaced-out or split token squeezed together (`0- 0-0`; model: `-`→`- `).
    pub const SQUEEZE: u32 = 2;
    /// A lower-case piece letter (`bc4+`; corpus: p ≈ 1/20 of algebraic repairs).
    pub const RECASE: u32 = 3;
    /// A lost rank digit read back (`PR` for `P4R`, `K's th.` for `K's 4th.`; model: a
    /// lost digit, p ≈ 1/20 over the eight digits).
    pub const DIGIT: u32 = 6;
    /// An unreadable character that is no look-alike of a digit read as one (`KBJ`; not in
    /// the model, which garbles digits only into look-alikes, the EDIT confusions, or loses
    /// them: p ≈ 1/4 of a lost digit's). Dearer than a lost digit by more than the near-tie
    /// margin, so that `PR` reads as a pawn to a square of the king's file (`P4R`) before
    /// it reads as any pawn to a rank (`P4`).
    pub const GARBLED_DIGIT: u32 = 9;
    /// A stray character dropped: no kind of the model adds a character, and the books
    /// show few (p ≈ 1/1000).
    pub const DROP: u32 = 14;
    /// A move read without its origin square (`e4-e4`; corpus).
    pub const NO_ORIGIN: u32 = 6;
    /// Rewriting a token that reads as a legal move as printed, on top of its repair: the
    /// damage must have made one legal move of another (model: p ≈ 1/150 of damaged plies
    /// in compact English, fewer elsewhere).
    pub const LEGAL_REWRITE: u32 = 10;
    /// Passing over unread text glued to the move before it on its line (`Q. to Q's th.`):
    /// the model's lost digit leaves its ordinal behind (p ≈ 1/20 of such fragments are
    /// junk rather than what is left of damage).
    pub const STRAY: u32 = 6;
    /// Passing over unread text that reads as a damaged legal move where it stands: every
    /// move after it changes sides (`2. Kt-KBS Kt-QB3` would give White Black's knight).
    /// Junk between moves that also reads as a legal move is as rare as a wrong piece
    /// letter (p ≈ 1/400), and the one-glyph damage that reads it (EDIT, DIGIT) must win
    /// by more than the near-tie margin.
    pub const SKIP_A_MOVE: u32 = 12;
    /// Stopping the game at a dead end: the damage is of a kind outside the model, or
    /// the book is wrong (books and corpus: about 1 token in 10^5, cost 23, rounded up).
    /// A repair path dearer than this is not taken.
    pub const STOP: u32 = 24;
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
