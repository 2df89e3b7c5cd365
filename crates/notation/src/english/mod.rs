//! English descriptive notation in every printed style.
//!
//! One grammar reads the three printed forms, which real books mix freely:
//! - compact: `P-K4`, `Kt-KB3`, `QR-Q.Sq.`, `PxP`, `R(QR3)-Q3`, `NxP(K5)`, `P-K8=Q`, `O-O`;
//! - spaced (Capablanca): `Kt - K B 3`, `R (Q 3) - Q 7`, `B x B P`, `P K 4`;
//! - long hand (Staunton's *Blue Book*, the 1840s *Chronicle*, Walker): `K. Kt. to K. B's 3d.`,
//!   `Q. to her Kt's 3d.`, `P. takes P.`, `K. P. two`, `B. to adv. K. B. sq.`,
//!   `Castles on K's side.`
//!
//! The grammar is built from *units*: a piece letter or word (`K`, `Kt.`, `Q's`, `Bishop`)
//! with its optional period and possessive. A man is one to three units (`Q`, `QKt`,
//! `K. B. P.`), a file one or two (`B`, `K. B's`). Compact print runs the letters together, so
//! the mover is read longest first and shortened when the rest of the move does not follow:
//! `KB5` is the king to B5, because `KB` followed by `5` is not a move.
//!
//! Blanks inside a token are limited to two in a row (`parts::gap`), so that the wide gap
//! between the two printed columns of a score always ends a move.
//!
//! The parts: `parts` reads units, men, squares and promotions, and `grammar` the whole
//! move from them; `fast` reads the plain shapes byte by byte and leaves the rest to the
//! grammar (each reads what the grammar reads); `write` writes a move back in each form;
//! [`move_body`] is the entry, which tries the fast path first.

use crate::ast::Move;
use crate::pieces::{In, Res};

mod fast;
mod grammar;
mod parts;
#[cfg(test)]
mod tests;
mod write;

use fast::{compact_fast, long_fast};
use grammar::{capture_readings, full_body};
pub(crate) use write::write;

/// Reads one English descriptive move body (without its suffix marks).
#[inline(always)]
pub(crate) fn move_body(i: In<'_>) -> Res<'_, Move> {
    // The second byte tells the compact shapes (`P-K4`, `KtxP`, `O-O`) from the long-hand
    // ones (`P. to`, `Kt. takes`, `Castles`).
    match i.as_bytes() {
        [_, b'.', ..] | [b'K', b't', b'.', ..] | [b'C', b'a', ..] => {
            if let Some(fast) = long_fast(i) {
                return Ok(fast);
            }
        }
        _ => {
            if let Some(fast) = compact_fast(i) {
                return Ok(fast);
            }
        }
    }
    full_body(i).or_else(|e| lower_case_mover(i).ok_or(e))
}

/// A mover printed in lower case, `p-K4`, `kt x P`, `qb-K2`, `qktpxB`: some books and many OCR
/// engines print the men so. Read as the same move in capitals when a dash or capture sign
/// and a capital follow the letters.
#[cold]
fn lower_case_mover(i: In<'_>) -> Option<(In<'_>, Move)> {
    let b = i.as_bytes();
    let letters = b
        .iter()
        .take(5)
        .take_while(|c| matches!(c, b'k' | b't' | b'q' | b'r' | b'b' | b'n' | b'p'))
        .count();
    let sign = b.get(letters..)?;
    let capital_after = match sign {
        [b'-' | b'x', c, ..] => c.is_ascii_uppercase(),
        [b' ', b'x' | b't', ..] => true,
        _ => false,
    };
    if letters == 0 || letters > 4 || b[0] == b't' || !capital_after {
        return None;
    }
    // The move lies on one line: read that much in capitals.
    let mut end = i.find('\n').unwrap_or(i.len()).min(160);
    while !i.is_char_boundary(end) {
        end -= 1;
    }
    let mut upper = String::with_capacity(end);
    for (k, c) in i[..letters].char_indices() {
        // `kt` keeps its `t`: the knight is `Kt`.
        let knight_t = c == 't' && k > 0 && i.as_bytes()[k - 1] == b'k';
        upper.push(if knight_t { c } else { c.to_ascii_uppercase() });
    }
    upper.push_str(&i[letters..end]);
    let (rest, mv) = full_body(&upper).ok()?;
    let used = upper.len() - rest.len();
    (used > letters).then(|| (&i[used..], mv))
}

/// The other groupings of the words of two moves in a row, `region` being the text from
/// the first move's start to the second's end: where the first captures a man whose words
/// run on into the next move with nothing between (`B x B P Q Kt 4`: `B x B P`, `Q Kt 4`
/// or `B x B`, `P Q Kt 4`), each shorter reading of the captured man whose left-over words
/// and the next move's read as one whole move to the region's end. Each grouping is the
/// first move (with its marks), its length, the second move and where it starts; the
/// grouping read already, whose first move is `first_len` long, is left out.
pub(crate) fn regroupings(region: &str, first_len: usize) -> Vec<(Move, usize, Move, usize)> {
    // Only a captured man spaced over blanks has shorter readings that leave words over.
    if !region.as_bytes()[..first_len]
        .iter()
        .any(|&b| b == b' ' || b == b'\t' || b == 0xA0)
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (first, rest) in capture_readings(region) {
        let (rest, first) = with_marks(rest, first);
        let len = region.len() - rest.len();
        if len >= first_len {
            continue;
        }
        let next = rest.trim_start_matches([' ', '\t', '\u{a0}']);
        let at = region.len() - next.len();
        if at == len {
            continue; // glued to the words before: no move starts there
        }
        if let Ok((r, second)) = move_body(next)
            && let (r, second) = with_marks(r, second)
            && r.is_empty()
        {
            out.push((first, len, second, at));
        }
    }
    out
}

/// A move body with the marks after it (as [`crate::parse_move_prefix`] reads them).
fn with_marks(rest: In<'_>, mut mv: Move) -> (In<'_>, Move) {
    let (rest, marks) = crate::pieces::suffix(rest, parts::EN);
    mv.check = mv.check.or(marks.check);
    mv.en_passant |= marks.en_passant;
    mv.nag = mv.nag.or(marks.nag);
    (rest, mv)
}
