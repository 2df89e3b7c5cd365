//! Long algebraic with each square printed as its file, a blank and its rank (`e 2 e 4`,
//! `e 2 - e 4`, `C g 1 f 3`, `e 5 d 4 :`): the Philidor editions of the 1840s print it so,
//! and OCR reads `e2-e4` so when it splits a square. Read only where the short and the
//! compact long forms did not read (`placed_move` asks last), and only where both
//! squares are printed whole and the way from one to the other is a way the man moves, so
//! that two short moves with a blank in their squares (`e 4 e 5`) read as one long move
//! only where a pawn could make it (the board then says which).

use super::lexemes::{Path, capture, dash, fail, file, rank};
use crate::ast::{AbsSquare, Man, Place, Role};
use crate::dialect::AlgLang;
use crate::pieces::{self, In, Res};

/// A square printed as its file, one blank and its rank (`e 2`).
fn spaced_square(lang: AlgLang, i: In<'_>) -> Res<'_, (u8, u8)> {
    let (r, f) = file(lang, i)?;
    let Some(r) = r.strip_prefix(' ') else {
        return fail(i);
    };
    let (r, rk) = rank(r)?;
    Ok((r, (f, rk)))
}

/// A square printed whole, spaced (`e 4`) or not (`e4`).
fn any_square(lang: AlgLang, i: In<'_>) -> Res<'_, (u8, u8)> {
    let (r, f) = file(lang, i)?;
    let r = r.strip_prefix(' ').unwrap_or(r);
    let (r, rk) = rank(r)?;
    Ok((r, (f, rk)))
}

/// What stands between the two squares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Separator {
    /// Blanks alone: the destination must be spaced too (`e 2 e 4`).
    Blank,
    /// A dash, with blanks around it or none (`e 2 - e 4`).
    Dash,
    /// A capture sign, with blanks around it or none (`e 5 x d 4`).
    Capture,
}

fn separator(lang: AlgLang, i: In<'_>) -> Option<(In<'_>, Separator)> {
    let (r, ()) = pieces::hs(i).ok()?;
    if let Ok((r2, ())) = dash(r) {
        return Some((pieces::hs(r2).ok()?.0, Separator::Dash));
    }
    if let Ok((r2, ())) = capture(lang, r) {
        return Some((pieces::hs(r2).ok()?.0, Separator::Capture));
    }
    (r.len() < i.len()).then_some((r, Separator::Blank))
}

/// Whether a `role` moves from `from` to `to` (file, rank), taking a man or not: a pawn
/// straight ahead one or two squares, or one square on the slant when it takes; the
/// pieces on their lines; the king a step or castling's two squares along its rank.
fn a_way_of(role: Role, from: (u8, u8), to: (u8, u8), takes: bool) -> bool {
    let df = from.0.abs_diff(to.0);
    let dr = from.1.abs_diff(to.1);
    if df == 0 && dr == 0 {
        return false;
    }
    match role {
        Role::Pawn if takes => df == 1 && dr == 1,
        Role::Pawn => df == 0 && dr <= 2,
        Role::Knight => df * dr == 2,
        Role::Bishop => df == dr,
        Role::Rook => df == 0 || dr == 0,
        Role::Queen => df == dr || df == 0 || dr == 0,
        Role::King => (df <= 1 && dr <= 1) || (dr == 0 && df == 2 && from.0 == 4),
    }
}

/// The origin, capture and destination of a spaced long move after its man (`role`, read
/// before `i`; a blank may stand between the letter and the origin), with a capture sign
/// after it (`e 5 d 4 :`) read as the capture.
pub(super) fn path(lang: AlgLang, role: Role, i: In<'_>) -> Res<'_, Path> {
    let start = if role == Role::Pawn {
        i
    } else {
        i.strip_prefix(' ').unwrap_or(i)
    };
    let (r, from) = spaced_square(lang, start)?;
    let Some((r, sep)) = separator(lang, r) else {
        return fail(i);
    };
    let destination = if sep == Separator::Blank {
        spaced_square(lang, r)
    } else {
        any_square(lang, r)
    };
    let Ok((r, to)) = destination else {
        return fail(i);
    };
    let (r, after) = trailing_capture(r);
    let takes = sep == Separator::Capture || after;
    if !pieces::at_word_end(r) || !a_way_of(role, from, to, takes) {
        return fail(i);
    }
    let square = |(f, rk): (u8, u8)| AbsSquare {
        file: Some(f),
        rank: Some(rk),
    };
    Ok((
        r,
        Path {
            from: Some(Place::Abs(square(from))),
            capture: takes.then_some(None::<Man>),
            to: square(to),
        },
    ))
}

/// The colon that marks a capture after the destination (`d 4 :`, `d 4:`), where a word
/// ends after it.
fn trailing_capture(i: In<'_>) -> (In<'_>, bool) {
    let r = i.trim_start_matches([' ', '\t']);
    match r.strip_prefix(':') {
        Some(r2) if pieces::at_word_end(r2) => (r2, true),
        _ => (i, false),
    }
}

#[cfg(test)]
mod tests {
    use crate::{AlgLang, Dialect, parse_move_prefix};

    /// The move read at the start of `s` and how many bytes it took.
    fn read(lang: AlgLang, s: &str) -> Option<(String, usize)> {
        parse_move_prefix(Dialect::Algebraic(lang), s).map(|(m, n)| (m.to_string(), n))
    }

    #[test]
    fn a_spaced_long_move_is_one_move_over_its_blanks() {
        for s in ["e 2 e 4", "e 2 - e 4", "e 2 – e 4", "e 2 -e 4", "e 2 - e4"] {
            let (_, n) = read(AlgLang::Es, s).unwrap_or_else(|| panic!("{s} reads"));
            assert_eq!(n, s.len(), "{s} is one move");
        }
        for s in [
            "C g 1 f 3",
            "A f 1 c 4",
            "D d 1 - h 5",
            "e 5 d 4 :",
            "e 5 x d 4",
        ] {
            let (_, n) = read(AlgLang::Es, s).unwrap_or_else(|| panic!("{s} reads"));
            assert_eq!(n, s.len(), "{s} is one move");
        }
        // The captures are read as captures, the piece as its letter says.
        let mv = |s| read(AlgLang::Es, s).map(|m| m.0);
        assert_eq!(mv("e 5 d 4 :"), mv("e5xd4"));
        assert_eq!(mv("C g 1 f 3"), mv("Cg1-f3"));
    }

    #[test]
    fn two_squares_that_no_man_joins_are_no_spaced_long_move() {
        // A pawn does not go sideways, a knight does not slide, a quiet pawn does not
        // slant, a square is not its own destination, and a blank-spaced destination
        // must be spaced like its origin (`e 2 e4` is a square and a short move).
        for s in [
            "e 2 f 2",
            "C g 1 g 3",
            "d 5 e 4",
            "e 4 e 4",
            "e 2 e4",
            "T a 1 b 2",
        ] {
            assert!(
                read(AlgLang::Es, s).is_none_or(|(_, n)| n < s.len()),
                "{s} is no long move"
            );
        }
        // A word after the second square is not cut into.
        assert!(read(AlgLang::Es, "e 2 e 4a").is_none_or(|(_, n)| n < 7));
    }
}
