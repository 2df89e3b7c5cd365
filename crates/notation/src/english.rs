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
//! Blanks inside a token are limited to two in a row ([`gap`]), so that the wide gap between
//! the two printed columns of a score always ends a move.

use std::fmt::Write as _;

use crate::ast::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, FileGroup, Man, Move, MoveKind,
    PieceMove, Place, Role, Wing,
};
use crate::dialect::{DescLang, Dialect};
use crate::lex::{self, In, Res};
use crate::style::{Form, KnightLetter, Style};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

// ---------------------------------------------------------------------------------------------
// Lexical helpers
// ---------------------------------------------------------------------------------------------

fn fail<T>(i: In<'_>) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Fail,
    )))
}

/// Blanks inside a token: at most two, so the gap between printed columns ends a move.
/// Returns the rest and whether anything was skipped.
fn gap(i: In<'_>) -> (In<'_>, bool) {
    let mut rest = i;
    for _ in 0..2 {
        match rest.as_bytes() {
            [b' ' | b'\t', ..] => rest = &rest[1..],
            [0xC2, 0xA0, ..] => rest = &rest[2..],
            _ => break,
        }
    }
    (rest, rest.len() != i.len())
}

/// An ASCII keyword, any case, ending at a word boundary.
fn kw<'a>(i: In<'a>, w: &str) -> Option<In<'a>> {
    let b = i.as_bytes();
    let n = w.len();
    if b.len() >= n && b[..n].eq_ignore_ascii_case(w.as_bytes()) {
        // The matched bytes are ASCII, so `n` is a char boundary.
        let rest = &i[n..];
        if w.ends_with('.') || lex::at_word_end(rest) {
            return Some(rest);
        }
    }
    None
}

/// The first of several keywords that matches.
fn kw_any<'a>(i: In<'a>, words: &[&str]) -> Option<In<'a>> {
    words.iter().find_map(|w| kw(i, w))
}

fn skip_period(i: In<'_>) -> In<'_> {
    i.strip_prefix('.').unwrap_or(i)
}

/// A dash: [`lex::dash`], dispatched on the first byte.
fn dash(i: In<'_>) -> Option<In<'_>> {
    match i.as_bytes().first()? {
        b'-' => Some(&i[1..]),
        0xE2 => lex::dash(i).ok().map(|(r, ())| r),
        _ => None,
    }
}

fn starts_with_dash(i: In<'_>) -> bool {
    dash(i).is_some()
}

/// A capture sign: [`lex::capture_sign`], dispatched on the first byte.
fn capture_sign(i: In<'_>) -> Option<In<'_>> {
    match i.as_bytes().first()? {
        b'x' | b'X' | b':' => Some(&i[1..]),
        0xC3 => lex::capture_sign(i).ok().map(|(r, ())| r),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Units: one piece letter or word
// ---------------------------------------------------------------------------------------------

/// A piece letter as printed; `N` stands for both `N` and `Kt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Letter {
    K,
    Q,
    R,
    B,
    N,
    P,
}

impl Letter {
    fn role(self) -> Role {
        match self {
            Letter::K => Role::King,
            Letter::Q => Role::Queen,
            Letter::R => Role::Rook,
            Letter::B => Role::Bishop,
            Letter::N => Role::Knight,
            Letter::P => Role::Pawn,
        }
    }

    /// The file named after this piece (pawns name none).
    fn group(self) -> Option<FileGroup> {
        crate::dialect::role_group(self.role())
    }

    /// `K` and `Q` also name a wing.
    fn wing(self) -> Option<Wing> {
        match self {
            Letter::K => Some(Wing::King),
            Letter::Q => Some(Wing::Queen),
            _ => None,
        }
    }

    /// Rook, knight and bishop come in pairs, one per wing.
    fn paired(self) -> bool {
        matches!(self, Letter::R | Letter::N | Letter::B)
    }
}

/// A letter or word with its marks: `K.`, `Kt's`, `Q.'s`, `Bishop`.
#[derive(Debug, Clone, Copy)]
struct Unit {
    letter: Letter,
    /// Followed by an abbreviation period.
    dotted: bool,
    /// Followed by `'s`.
    possessive: bool,
}

const UNIT_WORDS: [(&str, Letter); 6] = [
    ("Knight", Letter::N),
    ("King", Letter::K),
    ("Queen", Letter::Q),
    ("Rook", Letter::R),
    ("Bishop", Letter::B),
    ("Pawn", Letter::P),
];

fn possessive(i: In<'_>) -> Option<In<'_>> {
    match i.as_bytes().first()? {
        b'\'' | 0xE2 => ["'s", "’s", "'S"].iter().find_map(|p| i.strip_prefix(p)),
        _ => None,
    }
}

/// One unit: `K`, `Kt`, `KT`, `N`, `Q.`, `B's`, `K.'s`, `Knight`, `King's`.
fn unit(i: In<'_>) -> Res<'_, Unit> {
    let b = i.as_bytes();
    let Some(&c) = b.first() else {
        return fail(i);
    };
    let word_follows = b
        .get(1)
        .is_some_and(|x| x.is_ascii_lowercase() && *x != b't');
    for &(w, letter) in &UNIT_WORDS {
        if word_follows
            && w.as_bytes()[0] == c
            && let Some(r) = i.strip_prefix(w)
        {
            if let Some(r) = possessive(r) {
                let u = Unit {
                    letter,
                    dotted: false,
                    possessive: true,
                };
                return Ok((r, u));
            }
            if lex::at_word_end(r) {
                let u = Unit {
                    letter,
                    dotted: false,
                    possessive: false,
                };
                return Ok((r, u));
            }
        }
    }
    let (letter, n) = match c {
        b'K' if matches!(b.get(1), Some(b't' | b'T')) => (Letter::N, 2),
        b'K' => (Letter::K, 1),
        b'Q' => (Letter::Q, 1),
        b'R' => (Letter::R, 1),
        b'B' => (Letter::B, 1),
        b'N' => (Letter::N, 1),
        b'P' => (Letter::P, 1),
        _ => return fail(i),
    };
    let mut r = &i[n..];
    let dotted = match r.strip_prefix('.') {
        Some(x) => {
            r = x;
            true
        }
        None => false,
    };
    let possessive = match possessive(r) {
        Some(x) => {
            r = x;
            true
        }
        None => false,
    };
    Ok((
        r,
        Unit {
            letter,
            dotted,
            possessive,
        },
    ))
}

// ---------------------------------------------------------------------------------------------
// Men
// ---------------------------------------------------------------------------------------------

/// Up to three units that may name a man, each with the rest after it and whether blanks
/// stood before it.
struct Units<'a> {
    units: [Unit; 3],
    rests: [In<'a>; 3],
    gaps: [bool; 3],
    len: usize,
}

fn man_units(i: In<'_>) -> Units<'_> {
    let blank = Unit {
        letter: Letter::P,
        dotted: false,
        possessive: false,
    };
    let mut out = Units {
        units: [blank; 3],
        rests: [i; 3],
        gaps: [false; 3],
        len: 0,
    };
    let mut rest = i;
    while out.len < 3 {
        let (r, g) = if out.len == 0 {
            (rest, false)
        } else {
            gap(rest)
        };
        let Ok((r, u)) = unit(r) else { break };
        out.units[out.len] = u;
        out.rests[out.len] = r;
        out.gaps[out.len] = g;
        out.len += 1;
        rest = r;
        if u.letter == Letter::P {
            break; // a pawn ends the man
        }
    }
    out
}

/// The man named by a run of units: `P`, `BP`, `KBP`, `R`, `KR`, `QKt`.
fn man_of(units: &[Unit]) -> Option<Man> {
    let last = units.last()?;
    if last.possessive {
        return None;
    }
    match units {
        [u] => Some(Man::plain(u.letter.role())),
        [a, b] if b.letter == Letter::P => Some(Man {
            role: Role::Pawn,
            wing: None,
            file: Some(a.letter.group()?),
        }),
        [a, b] => (a.letter.wing().is_some() && b.letter.paired()).then(|| Man {
            role: b.letter.role(),
            wing: a.letter.wing(),
            file: None,
        }),
        [a, b, c] => (c.letter == Letter::P && a.letter.wing().is_some() && b.letter.paired())
            .then(|| Man {
                role: Role::Pawn,
                wing: a.letter.wing(),
                file: b.letter.group(),
            }),
        _ => None,
    }
}

impl<'a> Units<'a> {
    /// The reading of the first `n` units: `(man, rest, joined across blanks)`.
    fn reading(&self, n: usize) -> Option<(Man, In<'a>, bool)> {
        let man = man_of(&self.units[..n])?;
        let joined = self.gaps[1..n].iter().any(|g| *g);
        Some((man, self.rests[n - 1], joined))
    }
}

/// The captured man. A reading joined across blanks (`B x B P`, `KRx Q Kt`) must end the
/// move, so that `QxQ B-K3` keeps its `B` for the next move.
fn victim(i: In<'_>) -> Res<'_, Man> {
    let us = man_units(i);
    for (man, rest, joined) in (1..=us.len).rev().filter_map(|n| us.reading(n)) {
        if !joined || victim_ends(rest) {
            return Ok((rest, man));
        }
    }
    fail(i)
}

fn victim_ends(r: In<'_>) -> bool {
    match r.chars().next() {
        None => return true,
        Some(c) if c.is_alphanumeric() || matches!(c, '×' | ':') || starts_with_dash(r) => {
            return false;
        }
        Some(_) => {}
    }
    // `KxQ R(KKt4)-KKt8`: a square glued to the last letter is the next move's origin
    // (`P x K Kt (R 1)`, with a blank, is the square of the capture).
    let next_origin = r.strip_prefix('(').is_some_and(|p| {
        p.starts_with(|c: char| matches!(c, 'K' | 'Q' | 'R' | 'B' | 'N' | '1'..='8'))
    });
    let r = r.trim_start_matches([' ', '\t', '\u{a0}']);
    !(starts_with_dash(r)
        || next_origin
        || r.starts_with(['x', 'X', '×', ':'])
        || kw(r, "takes").is_some()
        || kw(r, "to").is_some())
}

// ---------------------------------------------------------------------------------------------
// Squares
// ---------------------------------------------------------------------------------------------

/// What a square must contain where it is read.
#[derive(Debug, Clone, Copy)]
struct Need {
    /// A bare rank digit may follow the file after blanks (`K B 3`, `(Q 3)`); in compact
    /// print `R-K 2. P-Q4` is a bare file and a move number.
    loose: bool,
    file: bool,
    rank: bool,
}

const ORDINAL_WORDS: [(&str, u8); 8] = [
    ("first", 1),
    ("second", 2),
    ("third", 3),
    ("fourth", 4),
    ("fifth", 5),
    ("sixth", 6),
    ("seventh", 7),
    ("eighth", 8),
];

/// `sq.`, `Sq.`, `sq`, `square`: the first rank.
fn square_word(i: In<'_>) -> Option<In<'_>> {
    kw(i, "square").or_else(|| kw(i, "sq").map(skip_period))
}

/// Walker's `fifth sq.`: an ordinal may be followed by `sq.`.
fn after_ordinal(i: In<'_>) -> In<'_> {
    let i = skip_period(i);
    let (r, _) = gap(i);
    // Both square words start with `s`.
    if !matches!(r.as_bytes().first(), Some(b's' | b'S')) {
        return i;
    }
    square_word(r).unwrap_or(i)
}

fn ordinal_suffix(i: In<'_>) -> Option<In<'_>> {
    if !matches!(i.as_bytes().first(), Some(b's' | b'n' | b'r' | b't' | b'd')) {
        return None;
    }
    ["st", "nd", "rd", "th", "d"]
        .iter()
        .find_map(|s| i.strip_prefix(s).filter(|r| lex::at_word_end(r)))
}

/// A rank, 1 to 8: `4`, `4th`, `3d`, `2nd`, `sq.`, `square`, `third`, `fifth sq.`.
fn rank(i: In<'_>, loose: bool) -> Res<'_, u8> {
    let (r, spaced) = gap(i);
    let b = r.as_bytes();
    if let Some(&d @ b'1'..=b'8') = b.first() {
        // `B. takes B. 1-0`, `B x B 1/2-1/2`: a digit that starts a result is no rank.
        if b.get(1).is_some_and(u8::is_ascii_digit)
            || (d == b'1' && lex::result_number(r).is_some())
        {
            return fail(i);
        }
        let n = d - b'0';
        let rest = &r[1..];
        if let Some(x) = ordinal_suffix(rest) {
            return Ok((after_ordinal(x), n));
        }
        if spaced && !loose {
            return fail(i);
        }
        // `Q x B 7. P - K 4`: a digit after blanks and before a period is a move number.
        if spaced && rest.starts_with('.') {
            return fail(i);
        }
        return Ok((rest, n));
    }
    if let Some(x) = square_word(r) {
        return Ok((x, 1));
    }
    for &(w, n) in &ORDINAL_WORDS {
        if let Some(x) = kw(r, w) {
            return Ok((after_ordinal(x), n));
        }
    }
    fail(i)
}

/// A descriptive file: `B`, `KB`, `QKt`, `K. B's`, `Q.B's`, `K's Kt.`, spaced `K B` (then a
/// rank must follow, or the first unit must carry a period). Returns the file and whether
/// blanks stood inside it.
fn file(i: In<'_>) -> Res<'_, (DescFile, bool)> {
    let (r1, u1) = unit(i)?;
    let Some(g1) = u1.letter.group() else {
        return fail(i);
    };
    if let Some(w) = u1.letter.wing() {
        let (r2, spaced) = gap(r1);
        if let Ok((r3, u2)) = unit(r2)
            && let (true, Some(g2)) = (u2.letter.paired(), u2.letter.group())
        {
            let join = !spaced
                || u1.dotted
                || u1.possessive
                || rank(r3, true).is_ok()
                || gap(r3).0.starts_with(')');
            if join {
                let f = DescFile {
                    group: g2,
                    wing: Some(w),
                };
                return Ok((r3, (f, spaced)));
            }
        }
    }
    let f = DescFile {
        group: g1,
        wing: None,
    };
    Ok((r1, (f, false)))
}

/// The mover's own file, for `his sq.`, `her 2nd`.
fn own_file(man: Man) -> Option<DescFile> {
    let group = match man.role {
        Role::Pawn => man.file?,
        r => crate::dialect::role_group(r)?,
    };
    Some(DescFile {
        group,
        wing: if group.is_paired() { man.wing } else { None },
    })
}

/// The mover's wing, for `her Kt's 3d` (the queen's knight's file).
fn own_wing(man: Man) -> Option<Wing> {
    match man.role {
        Role::King => Some(Wing::King),
        Role::Queen => Some(Wing::Queen),
        Role::Pawn => man.wing.or(match man.file {
            Some(FileGroup::King) => Some(Wing::King),
            Some(FileGroup::Queen) => Some(Wing::Queen),
            _ => None,
        }),
        _ => man.wing,
    }
}

/// A descriptive square: `[adv.] [his|her] [file] [rank]`.
fn desc_square(i: In<'_>, mover: Man, need: Need) -> Res<'_, DescSquare> {
    let mut r = i;
    let adverse = match r
        .starts_with('a')
        .then(|| kw_any(r, &["adverse", "adv.", "adv"]))
        .flatten()
    {
        Some(x) => {
            r = gap(x).0;
            true
        }
        None => false,
    };
    let relative = match r
        .starts_with('h')
        .then(|| kw_any(r, &["his", "her"]))
        .flatten()
    {
        Some(x) => {
            r = gap(x).0;
            true
        }
        None => false,
    };
    let (r, file, spaced) = match file(r) {
        Ok((x, (f, spaced))) => (x, Some(f), spaced),
        Err(_) => (r, None, false),
    };
    let file = if relative {
        match file {
            Some(f) if f.group.is_paired() && f.wing.is_none() => Some(DescFile {
                wing: own_wing(mover),
                ..f
            }),
            Some(f) => Some(f),
            None => own_file(mover),
        }
    } else {
        file
    };
    let (r, rank) = match rank(r, need.loose || spaced) {
        Ok((x, n)) => (x, Some(n)),
        Err(_) => (r, None),
    };
    let complete = (file.is_some() || rank.is_some())
        && !(need.rank && rank.is_none())
        && !(need.file && file.is_none() && !relative);
    if !complete {
        return fail(i);
    }
    Ok((
        r,
        DescSquare {
            file,
            rank,
            adverse,
        },
    ))
}

/// A full algebraic square, for the hybrid `P-d4`.
fn abs_square(i: In<'_>) -> Res<'_, AbsSquare> {
    match lex::abs_square(i) {
        Some((rest, sq)) if !rest.as_bytes().first().is_some_and(u8::is_ascii_digit) => {
            Ok((rest, sq))
        }
        _ => fail(i),
    }
}

/// An algebraic file alone, only as an origin: `Kt(g)-f3`.
fn abs_file(i: In<'_>) -> Res<'_, AbsSquare> {
    match i.as_bytes().first() {
        Some(&f @ b'a'..=b'h') if lex::at_word_end(&i[1..]) => Ok((
            &i[1..],
            AbsSquare {
                file: Some(f - b'a'),
                rank: None,
            },
        )),
        _ => fail(i),
    }
}

/// A destination or a square of capture.
fn place(i: In<'_>, mover: Man, need: Need) -> Res<'_, Place> {
    if let Ok((r, a)) = abs_square(i) {
        return Ok((r, Place::Abs(a)));
    }
    let (r, d) = desc_square(i, mover, need)?;
    Ok((r, Place::Desc(d)))
}

/// An origin: any part of a square.
fn origin_place(i: In<'_>, mover: Man) -> Res<'_, Place> {
    if let Ok((r, a)) = abs_square(i).or_else(|_| abs_file(i)) {
        return Ok((r, Place::Abs(a)));
    }
    let need = Need {
        loose: true,
        file: false,
        rank: false,
    };
    let (r, d) = desc_square(i, mover, need)?;
    Ok((r, Place::Desc(d)))
}

/// `( ... )` around `inner`, with blanks inside.
fn parens<'a, T>(i: In<'a>, inner: impl FnOnce(In<'a>) -> Res<'a, T>) -> Res<'a, T> {
    let Some(r) = i.strip_prefix('(') else {
        return fail(i);
    };
    let (r, t) = inner(gap(r).0)?;
    match gap(r).0.strip_prefix(')') {
        Some(r) => Ok((r, t)),
        None => fail(i),
    }
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

/// A piece a pawn may become: `Q`, `Kt.`, `Queen`, `knight`.
fn promo_role(i: In<'_>) -> Res<'_, Role> {
    if let Ok((r, u)) = unit(i)
        && matches!(u.letter, Letter::Q | Letter::R | Letter::B | Letter::N)
    {
        return Ok((r, u.letter.role()));
    }
    for (w, role) in [
        ("queen", Role::Queen),
        ("knight", Role::Knight),
        ("rook", Role::Rook),
        ("bishop", Role::Bishop),
    ] {
        if let Some(r) = kw(i, w) {
            return Ok((r, role));
        }
    }
    fail(i)
}

/// `(Q)`, `(Kt)`, and the Blue Book's `(2d Q.)`.
fn paren_promotion(i: In<'_>) -> Res<'_, Role> {
    parens(i, |r| {
        let r = match r.as_bytes() {
            [b'1'..=b'9', ..] => match ordinal_suffix(&r[1..]) {
                Some(x) => gap(x).0,
                None => return fail(r),
            },
            _ => r,
        };
        promo_role(r)
    })
}

/// `/Q` after a pawn move; `/QB6` is a square.
fn slash_promotion(i: In<'_>) -> Res<'_, Role> {
    let (r, role) = promo_role(i)?;
    match r.as_bytes().first() {
        Some(c) if c.is_ascii_digit() || c.is_ascii_uppercase() || *c == b'\'' => fail(i),
        _ => Ok((r, role)),
    }
}

/// `queens`, `"Queens"`.
fn queens_word(i: In<'_>) -> Option<In<'_>> {
    if let Some(r) = kw(i, "queens") {
        return Some(skip_period(r));
    }
    let r = i.strip_prefix(['"', '“'])?;
    let r = kw(r, "queens")?;
    Some(skip_period(r.strip_prefix(['"', '”'])?))
}

/// `, becoming a Queen.`, `, and becomes a Kt.`, `becomes a Queen`.
fn becomes(i: In<'_>) -> Res<'_, Role> {
    let r = i.strip_prefix(',').unwrap_or(i);
    let (r, spaced) = gap(r);
    if !spaced && r.len() == i.len() {
        return fail(i);
    }
    let r = kw(r, "and").map_or(r, |x| gap(x).0);
    let Some(r) = kw_any(r, &["becomes", "becoming"]) else {
        return fail(i);
    };
    let Some(r) = kw_any(gap(r).0, &["an", "a"]) else {
        return fail(i);
    };
    let (r, role) = promo_role(gap(r).0)?;
    Ok((skip_period(r), role))
}

/// The promotion after a pawn move: `=Q`, `(Q)`, `/Q`, `queens`, `, becoming a Queen.`
fn promotion(i: In<'_>) -> Res<'_, Role> {
    let (r, _) = gap(i);
    if !matches!(
        r.as_bytes().first(),
        Some(b'=' | b'(' | b'/' | b'q' | b'Q' | b'"' | 0xE2 | b',' | b'a' | b'A' | b'b' | b'B')
    ) {
        return fail(i);
    }
    // A word that promotes goes on with its own second letter: `queens`, `becomes`,
    // `becoming`, `and queens`; so `Q-R5` or `B-K3` after a pawn move is left at once.
    let second = |c: &u8, w: u8| !c.eq_ignore_ascii_case(&w);
    match r.as_bytes() {
        [b'q' | b'Q', c, ..] if second(c, b'u') => return fail(i),
        [b'b' | b'B', c, ..] if second(c, b'e') => return fail(i),
        [b'a' | b'A', c, ..] if second(c, b'n') => return fail(i),
        _ => {}
    }
    if let Some(x) = r.strip_prefix('=') {
        return promo_role(gap(x).0);
    }
    if let Ok(ok) = paren_promotion(r) {
        return Ok(ok);
    }
    if let Some(x) = i.strip_prefix('/') {
        return slash_promotion(x);
    }
    if let Some(x) = queens_word(r) {
        return Ok((x, Role::Queen));
    }
    // Long-hand: `P. to K's 8th, queens.`, `P. to K's 8th and queens.`
    let joined = r.strip_prefix(',').map_or(r, |x| gap(x).0);
    let joined = kw(joined, "and").map_or(joined, |x| gap(x).0);
    if joined.len() < r.len()
        && let Some(x) = queens_word(joined)
    {
        return Ok((x, Role::Queen));
    }
    becomes(i)
}

fn promote<'a>(i: In<'a>, pm: &mut PieceMove) -> In<'a> {
    if pm.man.role == Role::Pawn
        && pm.promotion.is_none()
        && let Ok((r, role)) = promotion(i)
    {
        pm.promotion = Some(role);
        return r;
    }
    i
}

// ---------------------------------------------------------------------------------------------
// Piece moves
// ---------------------------------------------------------------------------------------------

fn bare(man: Man, from: Option<Place>) -> PieceMove {
    PieceMove {
        man,
        from,
        capture: None,
        to: None,
        promotion: None,
        advance: None,
    }
}

fn done(i: In<'_>, pm: PieceMove) -> Res<'_, Move> {
    Ok((i, Move::new(MoveKind::Piece(pm))))
}

/// A piece move: the mover is read longest first (`KBxP`, `QR-Q1`) and shortened when the
/// rest does not follow (`KB5`, `Q R5`).
fn piece_move(i: In<'_>) -> Res<'_, Move> {
    let us = man_units(i);
    for n in (1..=us.len).rev() {
        if let Some((man, rest, _)) = us.reading(n)
            && let Ok(ok) = after_man(rest, man)
        {
            return Ok(ok);
        }
    }
    fail(i)
}

/// Everything after the moving man.
fn after_man(i: In<'_>, man: Man) -> Res<'_, Move> {
    let (i1, from) = origin(i, man);
    let (i2, spaced) = gap(i1);
    if let Some(r) = capture_sign(i2).or_else(|| kw(i2, "takes")) {
        return capture_tail(r, man, from);
    }
    if let Some(r) = dash(i2) {
        let (r, spaced_after) = gap(r);
        if let Some(r) = capture_sign(r) {
            return capture_tail(r, man, from); // `R-xQN7`
        }
        return move_tail(r, man, from, spaced || spaced_after, false);
    }
    if spaced && let Some(r) = kw_any(i2, &["to", "at"]).or_else(|| returns_to(i2)) {
        return move_tail(gap(r).0, man, from, true, false);
    }
    if from.is_none()
        && let Ok(ok) = destless(i1, man)
    {
        return Ok(ok);
    }
    // The dash lost in print or OCR: `P K 4`, `PK4`. The square needs its rank then.
    move_tail(i2, man, from, spaced, true)
}

fn returns_to(i: In<'_>) -> Option<In<'_>> {
    let r = kw(i, "returns")?;
    kw(gap(r).0, "to")
}

/// The origin qualifier: `R(QR3)`, `N(3)`, `R (Q 3)`, `R/1`, `N5`, long-hand `from`.
fn origin(i: In<'_>, mover: Man) -> (In<'_>, Option<Place>) {
    let rank_only = |n: u8| {
        Some(Place::Desc(DescSquare {
            file: None,
            rank: Some(n),
            adverse: false,
        }))
    };
    let b = i.as_bytes();
    if let Some(&d @ b'1'..=b'8') = b.first()
        && !b
            .get(1)
            .is_some_and(|c| c.is_ascii_alphanumeric() && !matches!(c, b'x' | b'X'))
    {
        return (&i[1..], rank_only(d - b'0'));
    }
    if let [b'/', d @ b'1'..=b'8', ..] = b
        && !b.get(2).is_some_and(u8::is_ascii_digit)
    {
        return (&i[2..], rank_only(d - b'0'));
    }
    let (r, spaced) = gap(i);
    if let Ok((x, p)) = parens(r, |x| origin_place(x, mover)) {
        return (x, Some(p));
    }
    if spaced
        && let Some(x) = kw(r, "from")
        && let Ok((x, p)) = origin_place(gap(x).0, mover)
    {
        return (x, Some(p));
    }
    (i, None)
}

/// A non-capturing move's destination and what may follow it.
fn move_tail(
    i: In<'_>,
    man: Man,
    from: Option<Place>,
    loose: bool,
    need_rank: bool,
) -> Res<'_, Move> {
    let need = Need {
        loose,
        file: true,
        rank: need_rank,
    };
    // A hybrid algebraic target needs its dash: `P-d4`, but `Nf3` is algebraic.
    let (r, to) = if need_rank {
        let (r, d) = desc_square(i, man, need)?;
        (r, Place::Desc(d))
    } else {
        place(i, man, need)?
    };
    let mut pm = bare(man, from);
    pm.to = Some(to);
    let r = promote(r, &mut pm);
    done(r, pm)
}

/// After the capture sign: the captured man, or a square alone (`BxQ4`, `R-xQN7`), then the
/// square of capture or the promotion.
fn capture_tail(i: In<'_>, man: Man, from: Option<Place>) -> Res<'_, Move> {
    let (r, spaced) = gap(i);
    let mut pm = bare(man, from);
    let need = Need {
        loose: spaced,
        file: true,
        rank: true,
    };
    let r = if let Ok((r, sq)) = place(r, man, need) {
        pm.capture = Some(None);
        pm.to = Some(sq);
        r
    } else {
        let (r, v) = victim(r)?;
        pm.capture = Some(Some(v));
        match capture_place(r, man) {
            Ok((r, Extra::Square(sq))) => {
                pm.to = Some(sq);
                r
            }
            Ok((r, Extra::Promotion(role))) => {
                pm.promotion = Some(role);
                r
            }
            Err(_) => r,
        }
    };
    let r = promote(r, &mut pm);
    done(r, pm)
}

enum Extra {
    Square(Place),
    Promotion(Role),
}

/// `(K5)`, `(B 3)`, `/QB6`, long-hand `on K's 5th`; after a pawn, `(Q)` and `/Q` promote.
fn capture_place(i: In<'_>, man: Man) -> Res<'_, Extra> {
    let pawn = man.role == Role::Pawn;
    let (r, spaced) = gap(i);
    if r.starts_with('(') {
        if pawn && let Ok((x, role)) = paren_promotion(r) {
            return Ok((x, Extra::Promotion(role)));
        }
        let need = Need {
            loose: true,
            file: true,
            rank: false,
        };
        let (x, sq) = parens(r, |x| place(x, man, need))?;
        return Ok((x, Extra::Square(sq)));
    }
    if let Some(x) = i.strip_prefix('/') {
        if pawn && let Ok((x, role)) = slash_promotion(x) {
            return Ok((x, Extra::Promotion(role)));
        }
        let need = Need {
            loose: false,
            file: true,
            rank: false,
        };
        let (x, sq) = place(x, man, need)?;
        return Ok((x, Extra::Square(sq)));
    }
    if spaced && let Some(x) = kw_any(r, &["on", "at"]) {
        let need = Need {
            loose: true,
            file: true,
            rank: false,
        };
        let (x, sq) = place(gap(x).0, man, need)?;
        return Ok((x, Extra::Square(sq)));
    }
    fail(i)
}

const VERBS: [(&str, Option<CheckMark>); 6] = [
    ("moves", None),
    ("interposes", None),
    ("advances", None),
    ("retires", None),
    ("checks", Some(CheckMark::Check)),
    ("mates", Some(CheckMark::Mate)),
];

/// Moves without a destination: `K. moves.`, `Q. checks.`, `K. P. two`, `P queens`,
/// `P. becomes a Queen.`, and a man followed by a check or mate mark (`Q ch`, `R++`).
fn destless(i: In<'_>, man: Man) -> Res<'_, Move> {
    let (r, spaced) = gap(i);
    let mut pm = bare(man, None);
    if spaced {
        for &(w, check) in &VERBS {
            if let Some(x) = kw(r, w) {
                let mv = Move {
                    check,
                    ..Move::new(MoveKind::Piece(pm))
                };
                return Ok((skip_period(x), mv));
            }
        }
        if man.role == Role::Pawn
            && let Some((x, n)) = [("one", 1), ("two", 2)]
                .iter()
                .find_map(|(w, n)| kw(r, w).map(|x| (x, *n)))
        {
            pm.advance = Some(n);
            let (y, _) = gap(x);
            let x = kw_any(y, &["steps", "step", "squares"]).unwrap_or(x);
            let y = promote(x, &mut pm);
            let y = if y.len() == x.len() {
                skip_period(y)
            } else {
                y
            };
            return done(y, pm);
        }
    }
    if man.role == Role::Pawn
        && let Ok((x, role)) = promotion(i)
    {
        pm.promotion = Some(role);
        return done(x, pm);
    }
    let (x, s) = lex::suffix(i, EN);
    if s.check.is_some() {
        let mv = Move {
            kind: MoveKind::Piece(pm),
            check: s.check,
            en_passant: s.en_passant,
            nag: s.nag,
        };
        return Ok((x, mv));
    }
    fail(i)
}

// ---------------------------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------------------------

fn castled(i: In<'_>, side: Option<CastleSide>) -> Res<'_, Move> {
    Ok((i, Move::new(MoveKind::Castle(side))))
}

fn castle_o(s: In<'_>) -> Option<In<'_>> {
    s.strip_prefix(['O', '0', 'o'])
}

/// `O-O`, `0-0-0`, `O - O`, `00`.
fn castle_symbols(i: In<'_>) -> Res<'_, Move> {
    let Some(mut r) = castle_o(i) else {
        return fail(i);
    };
    let mut count = 1;
    while count < 3 {
        // `O-O`, `O - O`, `00`; blanks alone do not join two castling marks.
        let Ok((c, dashed)) = lex::opt_dash(r) else {
            break;
        };
        if !dashed && c.len() != r.len() {
            break;
        }
        let Some(d) = castle_o(c) else { break };
        r = d;
        count += 1;
    }
    match count {
        2 => castled(r, Some(CastleSide::King)),
        3 => castled(r, Some(CastleSide::Queen)),
        _ => fail(i),
    }
}

/// `K`, `KR`, `Q. R.`, `K's` after `Castles`.
fn side_letters(i: In<'_>) -> Res<'_, CastleSide> {
    let (r, u) = unit(i)?;
    let side = match u.letter {
        Letter::K => CastleSide::King,
        Letter::Q => CastleSide::Queen,
        _ => return fail(i),
    };
    let (x, spaced) = gap(r);
    if let Ok((y, u2)) = unit(x)
        && u2.letter == Letter::R
        && (!spaced || u.dotted)
    {
        return Ok((y, side));
    }
    Ok((r, side))
}

/// `on K's side`, `on his Q's side`, `on the king's side`.
fn castle_on_side(i: In<'_>) -> Res<'_, CastleSide> {
    let Some(r) = kw(i, "on") else {
        return fail(i);
    };
    let r = gap(r).0;
    let r = kw_any(r, &["his", "the"]).map_or(r, |x| gap(x).0);
    let (r, side) = match side_letters(r) {
        Ok(ok) => ok,
        Err(_) => {
            if let Some(x) = kw_any(r, &["king's", "king"]) {
                (x, CastleSide::King)
            } else if let Some(x) = kw_any(r, &["queen's", "queen"]) {
                (x, CastleSide::Queen)
            } else {
                return fail(i);
            }
        }
    };
    match kw(gap(r).0, "side") {
        Some(x) => Ok((skip_period(x), side)),
        None => fail(i),
    }
}

/// `K. R.` or `with K. R.` inside the parentheses of `Castles (with K. R.)`.
fn with_side_letters(i: In<'_>) -> Res<'_, CastleSide> {
    match kw(i, "with") {
        Some(r) => side_letters(gap(r).0),
        None => side_letters(i),
    }
}

/// Bare side letters after `Castles` must not be the next move's man (`Castles Q-R5`).
fn clean_side_end(r: In<'_>) -> bool {
    match r.chars().next() {
        Some(c) if c.is_alphanumeric() || matches!(c, '×' | ':') || starts_with_dash(r) => false,
        _ => {
            let r = r.trim_start_matches([' ', '\t', '\u{a0}']);
            !(starts_with_dash(r) || kw_any(r, &["to", "takes"]).is_some())
        }
    }
}

/// `Castles`, `Castles KR`, `Castles (Q)`, `Castles on K's side.`, `castles queenside`.
fn castles(i: In<'_>) -> Res<'_, Move> {
    let Some(r0) = kw(i, "castles") else {
        return fail(i);
    };
    let (r, spaced) = gap(r0);
    if spaced {
        if let Ok((x, side)) = castle_on_side(r) {
            return castled(x, Some(side));
        }
        if let Ok((x, side)) = parens(r, with_side_letters) {
            return castled(x, Some(side));
        }
        if let Some(x) = kw(r, "kingside") {
            return castled(x, Some(CastleSide::King));
        }
        if let Some(x) = kw(r, "queenside") {
            return castled(x, Some(CastleSide::Queen));
        }
        if let Ok((x, side)) = side_letters(r)
            && clean_side_end(x)
        {
            return castled(x, Some(side));
        }
    }
    // `Castles. Q. side.`: the side after the period.
    let (r, spaced) = gap(skip_period(r0));
    if spaced
        && let Ok((x, side)) = side_letters(r)
        && let Some(x) = kw(gap(x).0, "side")
    {
        return castled(skip_period(x), Some(side));
    }
    castled(skip_period(r0), None)
}

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
    full_body(i)
}

/// The whole grammar.
fn full_body(i: In<'_>) -> Res<'_, Move> {
    match i.as_bytes().first() {
        Some(b'O' | b'0' | b'o') => castle_symbols(i),
        Some(b'C' | b'c') => castles(i),
        Some(b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') => piece_move(i),
        _ => fail(i),
    }
}

/// A single piece letter at the start of `b`: its role and length (`Kt` is two).
#[inline]
fn fast_man(b: &[u8]) -> Option<(Role, usize)> {
    Some(match b {
        [b'K', b't', ..] => (Role::Knight, 2),
        [b'P', ..] => (Role::Pawn, 1),
        [b'N', ..] => (Role::Knight, 1),
        [b'B', ..] => (Role::Bishop, 1),
        [b'R', ..] => (Role::Rook, 1),
        [b'Q', ..] => (Role::Queen, 1),
        [b'K', ..] => (Role::King, 1),
        _ => return None,
    })
}

/// The moving man in compact print for [`compact_fast`], as [`man_units`] and [`man_of`] read
/// it before a dash or a capture sign: one letter (`P`, `Kt`, `K`), a piece named by its wing
/// (`KR`, `QKt`, `KB`), or a pawn named by its file (`BP`, `KtP`, `QRP`); its length.
#[inline]
fn compact_mover(b: &[u8]) -> Option<(Man, usize)> {
    let (role, m) = fast_man(b)?;
    if role == Role::Pawn {
        return Some((Man::plain(role), m));
    }
    let group = crate::dialect::role_group(role)?;
    if b.get(m) == Some(&b'P') {
        let man = Man {
            role: Role::Pawn,
            wing: None,
            file: Some(group),
        };
        return Some((man, m + 1));
    }
    let wing = match role {
        Role::King => Wing::King,
        Role::Queen => Wing::Queen,
        _ => return Some((Man::plain(role), m)),
    };
    match fast_man(&b[m..]) {
        Some((next, k)) if matches!(next, Role::Rook | Role::Knight | Role::Bishop) => {
            let man = if b.get(m + k) == Some(&b'P') {
                Man {
                    role: Role::Pawn,
                    wing: Some(wing),
                    file: crate::dialect::role_group(next),
                }
            } else {
                Man {
                    role: next,
                    wing: Some(wing),
                    file: None,
                }
            };
            let len = m + k + usize::from(man.role == Role::Pawn);
            Some((man, len))
        }
        _ => Some((Man::plain(role), m)),
    }
}

/// A captured man in compact print for [`compact_fast`]: one letter (`P`, `Kt`, `B`; not the
/// king, whose letter also names a wing), or a pawn named by its file (`KP`, `BP`, `KtP`,
/// `QKtP`, `KRP`), where the pawn ends the man; its length.
#[inline]
fn compact_victim(b: &[u8]) -> Option<(Man, usize)> {
    let (role, m) = fast_man(b)?;
    if role == Role::Pawn {
        return Some((Man::plain(role), m));
    }
    let pawn = |wing, group, len| {
        let man = Man {
            role: Role::Pawn,
            wing,
            file: Some(group),
        };
        Some((man, len))
    };
    let group = crate::dialect::role_group(role)?;
    if b.get(m) == Some(&b'P') {
        return pawn(None, group, m + 1);
    }
    let wing = match role {
        Role::King => Some(Wing::King),
        Role::Queen => Some(Wing::Queen),
        _ => return Some((Man::plain(role), m)),
    };
    if let Some((next, k)) = fast_man(&b[m..])
        && let Some(paired) = crate::dialect::role_group(next).filter(|g| g.is_paired())
        && b.get(m + k) == Some(&b'P')
    {
        return pawn(wing, paired, m + k + 1);
    }
    (role == Role::Queen).then_some((Man::plain(role), m))
}

/// The most common compact shapes, read without backtracking: `P-K4`, `Kt-KB3`, `Q-R5`,
/// `PxP`, `BxKt`, `O-O`, `O-O-O`, each followed by a blank, a line end, `,`, `;` or the end.
/// Anything else (qualifiers, squares after captures, glued marks) goes to the full grammar,
/// which reads these shapes the same way (a test holds the two to that).
#[inline(always)]
fn compact_fast(i: In<'_>) -> Option<(In<'_>, Move)> {
    let b = i.as_bytes();
    let piece = |man: Man, capture, to| {
        Move::new(MoveKind::Piece(PieceMove {
            man,
            from: None,
            capture,
            to,
            promotion: None,
            advance: None,
        }))
    };
    // The move, its length, and whether a pawn moves.
    let (mv, n, pawn) = match b {
        [b'O', b'-', b'O', b'-', b'O', ..] => (
            Move::new(MoveKind::Castle(Some(CastleSide::Queen))),
            5,
            false,
        ),
        [b'O', b'-', b'O', ..] => (
            Move::new(MoveKind::Castle(Some(CastleSide::King))),
            3,
            false,
        ),
        _ => {
            let (man, n) = compact_mover(b)?;
            let pawn = man.role == Role::Pawn;
            match b.get(n)? {
                b'-' => {
                    let sq = &b[n + 1..];
                    let (wing, rest) = match sq {
                        [b'K', b'R' | b'N' | b'B', ..] | [b'K', b'K', b't', ..] => {
                            (Some(Wing::King), &sq[1..])
                        }
                        [b'Q', b'R' | b'N' | b'B', ..] | [b'Q', b'K', b't', ..] => {
                            (Some(Wing::Queen), &sq[1..])
                        }
                        _ => (None, sq),
                    };
                    let (group, len) = match rest {
                        [b'K', b't', ..] => (FileGroup::Knight, 2),
                        [b'R', ..] => (FileGroup::Rook, 1),
                        [b'N', ..] => (FileGroup::Knight, 1),
                        [b'B', ..] => (FileGroup::Bishop, 1),
                        [b'Q', ..] if wing.is_none() => (FileGroup::Queen, 1),
                        [b'K', ..] if wing.is_none() => (FileGroup::King, 1),
                        _ => return None,
                    };
                    let rank = match rest.get(len)? {
                        // A pawn reaching the last rank may go on with its promotion: leave
                        // it to the grammar.
                        b'8' if pawn => return None,
                        d @ b'1'..=b'8' => d - b'0',
                        _ => return None,
                    };
                    let to = Place::Desc(DescSquare {
                        file: Some(DescFile { group, wing }),
                        rank: Some(rank),
                        adverse: false,
                    });
                    let used = n + 1 + (sq.len() - rest.len()) + len + 1;
                    (piece(man, None, Some(to)), used, pawn)
                }
                b'x' => {
                    let (victim, m) = compact_victim(&b[n + 1..])?;
                    (piece(man, Some(Some(victim)), None), n + 1 + m, pawn)
                }
                _ => return None,
            }
        }
    };
    // After any pawn move the grammar reads a promotion that follows (`, queens.`,
    // ` Queens`, `, becoming a Queen.`): leave those to it too.
    let promotes = || pawn && promotion(&i[n..]).is_ok();
    match b.get(n) {
        None | Some(b'\n' | b'\r' | b';') => Some((&i[n..], mv)),
        Some(b',') => (!promotes()).then_some((&i[n..], mv)),
        Some(b' ' | b'\t') => {
            // After blanks the grammar may still read on: a square `(K5)`, a promotion
            // `=Q`, `/Q`, or a word such as `queens`; marks (`ch`, `dis ch`, `e.p.`, `mate`)
            // are the suffix reader's.
            let next = b[n..].iter().find(|c| !matches!(c, b' ' | b'\t'));
            match next {
                Some(b'(' | b'=' | b'/') => None,
                Some(c) if c.is_ascii_lowercase() && !matches!(c, b'c' | b'd' | b'e' | b'm') => {
                    None
                }
                Some(b'Q' | b'A' | b'B' | b'"' | b',' | 0xE2 | 0xC2) if promotes() => None,
                _ => Some((&i[n..], mv)),
            }
        }
        _ => None,
    }
}

/// One long-hand unit as the fast path takes it: a piece letter and its period, `K.`, `Kt.`,
/// `P.`; its letter and length.
fn long_unit(b: &[u8]) -> Option<(Letter, usize)> {
    Some(match b {
        [b'K', b't', b'.', ..] => (Letter::N, 3),
        [b'K', b'.', ..] => (Letter::K, 2),
        [b'Q', b'.', ..] => (Letter::Q, 2),
        [b'R', b'.', ..] => (Letter::R, 2),
        [b'B', b'.', ..] => (Letter::B, 2),
        [b'N', b'.', ..] => (Letter::N, 2),
        [b'P', b'.', ..] => (Letter::P, 2),
        _ => return None,
    })
}

/// A long-hand man of one to three units one blank apart (`P.`, `Q. Kt.`, `K. B. P.`), read
/// as [`man_units`] reads it: a pawn ends the man, and the man is every unit read (`None`
/// when those units name no man, as the grammar would then try fewer). Returns the man, its
/// length and its unit count.
fn long_man(i: In<'_>) -> Option<(Man, usize, usize)> {
    let b = i.as_bytes();
    let unit = |letter| Unit {
        letter,
        dotted: true,
        possessive: false,
    };
    let mut units = [unit(Letter::P); 3];
    let (first, mut n) = long_unit(b)?;
    units[0] = unit(first);
    let mut count = 1;
    while count < 3 && units[count - 1].letter != Letter::P {
        let Some((letter, len)) = b.get(n..).and_then(|r| match r {
            [b' ', r @ ..] => long_unit(r),
            _ => None,
        }) else {
            break;
        };
        units[count] = unit(letter);
        count += 1;
        n += 1 + len;
    }
    // `K.'s` is a possessive unit, which names no man.
    if possessive(&i[n..]).is_some() {
        return None;
    }
    Some((man_of(&units[..count])?, n, count))
}

/// A long-hand square after `to ` or `on `: `K's 4th.`, `Q. B's 3d.`, `Kt's sq.`, `K. R's
/// 8th`, read as [`desc_square`] reads it (the period after the ordinal, and a `sq.` after
/// it, are [`after_ordinal`]'s); `None` for any other shape.
fn long_square(i: In<'_>) -> Option<(In<'_>, DescSquare)> {
    let b = i.as_bytes();
    let group = |b: &[u8]| -> Option<(FileGroup, usize)> {
        Some(match b {
            [b'K', b't', ..] => (FileGroup::Knight, 2),
            [b'K', ..] => (FileGroup::King, 1),
            [b'Q', ..] => (FileGroup::Queen, 1),
            [b'R', ..] => (FileGroup::Rook, 1),
            [b'B', ..] => (FileGroup::Bishop, 1),
            [b'N', ..] => (FileGroup::Knight, 1),
            _ => return None,
        })
    };
    // `K. B's`: a wing, then a paired file.
    let (wing, at) = match b {
        [b'K', b'.', b' ', ..] => (Some(Wing::King), 3),
        [b'Q', b'.', b' ', ..] => (Some(Wing::Queen), 3),
        _ => (None, 0),
    };
    let (group, len) = group(&b[at..])?;
    if wing.is_some() && !group.is_paired() {
        return None;
    }
    let at = at + len;
    let rank_at = match b.get(at..)? {
        [b'\'', b's', b' ', ..] => at + 3,
        _ => return None,
    };
    let r = &i[rank_at..];
    let (rest, rank) = match r.as_bytes() {
        [d @ b'1'..=b'8', s @ ..] => {
            let n = match s {
                [b's', b't', ..] | [b'n', b'd', ..] | [b'r', b'd', ..] | [b't', b'h', ..] => 2,
                [b'd', ..] => 1,
                _ => return None,
            };
            let x = &r[1 + n..];
            if !lex::at_word_end(x) {
                return None;
            }
            (after_ordinal(x), d - b'0')
        }
        [b's', ..] => (square_word(r)?, 1),
        _ => return None,
    };
    Some((
        rest,
        DescSquare {
            file: Some(DescFile { group, wing }),
            rank: Some(rank),
            adverse: false,
        },
    ))
}

/// The common long-hand shapes, read without backtracking: `P. to K's 4th.`, `Kt. to K. B's
/// 3d.`, `Q. Kt. takes P.`, `R. takes K. Kt. P.`, `B. takes Kt. on K's 5th.`, `Castles.`,
/// `Castles on K's side.` The parts whose reading depends on what follows (a `sq.` after an
/// ordinal, a promotion, the square of a capture) are read by the grammar's own functions.
/// Anything else (other spacing, `his`, `adv.`, `from`, a square after `takes`, words)
/// goes to the full grammar, which reads these shapes the same way (an exhaustive test
/// holds the two to that).
fn long_fast(i: In<'_>) -> Option<(In<'_>, Move)> {
    if i.starts_with("Castles") {
        return castles_fast(i);
    }
    let (man, n, _) = long_man(i)?;
    let rest = &i[n..];
    let mut pm = bare(man, None);
    let r = if let Some(r) = rest.strip_prefix(" to ") {
        let (r, to) = long_square(r)?;
        pm.to = Some(Place::Desc(to));
        r
    } else if let Some(r) = rest.strip_prefix(" takes ") {
        let (victim, m, count) = long_man(r)?;
        let after = &r[m..];
        // The grammar reads a man as more units if one follows, …
        let last = match victim.role {
            Role::Pawn => true,
            _ => count == 3,
        };
        if !last && unit(gap(after).0).is_ok() {
            return None;
        }
        // … a victim that names a file as a square if a rank follows (`B. 3d.`), …
        if victim.role != Role::Pawn && rank(after, true).is_ok() {
            return None;
        }
        // … and a victim joined across blanks only if it ends the move.
        if count > 1 && !victim_ends(after) {
            return None;
        }
        pm.capture = Some(Some(victim));
        match capture_place(after, man) {
            Ok((x, Extra::Square(sq))) => {
                pm.to = Some(sq);
                x
            }
            Ok((x, Extra::Promotion(role))) => {
                pm.promotion = Some(role);
                x
            }
            Err(_) => after,
        }
    } else {
        return None;
    };
    let r = promote(r, &mut pm);
    Some((r, Move::new(MoveKind::Piece(pm))))
}

/// `Castles.`, `Castles on K's side.`, `Castles on Q's side.` for [`long_fast`].
fn castles_fast(i: In<'_>) -> Option<(In<'_>, Move)> {
    let b = i.as_bytes();
    let side = match b {
        [b'C', b'a', b's', b't', b'l', b'e', b's', b'.', ..] => {
            // `Castles. Q. side.`: a side after the period is the grammar's.
            let (r, spaced) = gap(&i[8..]);
            if spaced && side_letters(r).is_ok() {
                return None;
            }
            return Some((&i[8..], Move::new(MoveKind::Castle(None))));
        }
        [
            b'C',
            b'a',
            b's',
            b't',
            b'l',
            b'e',
            b's',
            b' ',
            b'o',
            b'n',
            b' ',
            w,
            b'\'',
            b's',
            b' ',
            b's',
            b'i',
            b'd',
            b'e',
            ..,
        ] => {
            let side = match w {
                b'K' => CastleSide::King,
                b'Q' => CastleSide::Queen,
                _ => return None,
            };
            if !lex::at_word_end(&i[19..]) {
                return None;
            }
            side
        }
        _ => return None,
    };
    Some((
        skip_period(&i[19..]),
        Move::new(MoveKind::Castle(Some(side))),
    ))
}

// ---------------------------------------------------------------------------------------------
// Writers
// ---------------------------------------------------------------------------------------------

fn role_letter(role: Role, k: KnightLetter) -> &'static str {
    match role {
        Role::Pawn => "P",
        Role::Knight => match k {
            KnightLetter::Kt => "Kt",
            KnightLetter::N => "N",
        },
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
    }
}

fn group_letter(g: FileGroup, k: KnightLetter) -> &'static str {
    role_letter(crate::dialect::group_role(g), k)
}

fn wing_letter(w: Wing) -> &'static str {
    match w {
        Wing::King => "K",
        Wing::Queen => "Q",
    }
}

fn role_word(role: Role) -> &'static str {
    match role {
        Role::Pawn => "Pawn",
        Role::Knight => "Knight",
        Role::Bishop => "Bishop",
        Role::Rook => "Rook",
        Role::Queen => "Queen",
        Role::King => "King",
    }
}

/// Appends a pawn's advance as a word (`two`), or its number past eight.
fn push_advance_word(n: u8, out: &mut String) {
    const WORDS: [&str; 9] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    match WORDS.get(usize::from(n)) {
        Some(w) => out.push_str(w),
        None => {
            let _ = write!(out, "{n}");
        }
    }
}

/// The letters of a man, in order: `["K", "B", "P"]`, `["Q", "Kt"]`.
fn man_parts(m: &Man, k: KnightLetter) -> ([&'static str; 3], usize) {
    let mut parts = [""; 3];
    let mut n = 0;
    let mut push = |s: &'static str| {
        parts[n] = s;
        n += 1;
    };
    if let Some(w) = m.wing {
        push(wing_letter(w));
    }
    if m.role == Role::Pawn
        && let Some(g) = m.file
    {
        push(group_letter(g, k));
    }
    push(role_letter(m.role, k));
    (parts, n)
}

fn write_abs(a: &AbsSquare, out: &mut String) {
    match a.file {
        Some(f) if f < 8 => out.push(char::from(b'a' + f)),
        Some(_) => out.push('?'),
        None => {}
    }
    if let Some(r) = a.rank {
        let _ = write!(out, "{}", u32::from(r) + 1);
    }
}

fn write_man(m: &Man, k: KnightLetter, sep: &str, period: bool, out: &mut String) {
    let (parts, n) = man_parts(m, k);
    for (idx, p) in parts[..n].iter().enumerate() {
        if idx > 0 {
            out.push_str(sep);
        }
        out.push_str(p);
        if period {
            out.push('.');
        }
    }
}

/// Compact and spaced squares: `KB3`, `K B 3`, `adv.KB1`; the file stays glued when no rank
/// follows (`R - KB`).
fn write_desc_short(d: &DescSquare, k: KnightLetter, spaced: bool, out: &mut String) {
    if d.adverse {
        out.push_str(if spaced { "adv. " } else { "adv." });
    }
    if let Some(f) = d.file {
        if let Some(w) = f.wing {
            out.push_str(wing_letter(w));
            if spaced && d.rank.is_some() {
                out.push(' ');
            }
        }
        out.push_str(group_letter(f.group, k));
        if spaced && d.rank.is_some() {
            out.push(' ');
        }
    }
    if let Some(r) = d.rank {
        let _ = write!(out, "{r}");
    }
}

fn write_place_short(p: &Place, k: KnightLetter, spaced: bool, out: &mut String) {
    match p {
        Place::Desc(d) => write_desc_short(d, k, spaced, out),
        Place::Abs(a) => write_abs(a, out),
    }
}

/// Appends a long-hand rank: `sq.`, `2d.`, `3d.`, `4th.`.
fn push_ordinal(n: u8, out: &mut String) {
    match n {
        1 => out.push_str("sq."),
        2 => out.push_str("2d."),
        3 => out.push_str("3d."),
        n => {
            let _ = write!(out, "{n}th.");
        }
    }
}

/// Long-hand squares: `K. B's 3d.`, `Q's sq.`, `adv. K. B's sq.`, a bare file `K. B.`.
fn write_desc_long(d: &DescSquare, k: KnightLetter, out: &mut String) {
    if d.adverse {
        out.push_str("adv. ");
    }
    if let Some(f) = d.file {
        if let Some(w) = f.wing {
            out.push_str(wing_letter(w));
            out.push_str(". ");
        }
        out.push_str(group_letter(f.group, k));
        out.push_str(if d.rank.is_some() { "'s " } else { "." });
    }
    if let Some(r) = d.rank {
        push_ordinal(r, out);
    }
}

fn write_place_long(p: &Place, k: KnightLetter, out: &mut String) {
    match p {
        Place::Desc(d) => write_desc_long(d, k, out),
        Place::Abs(a) => write_abs(a, out),
    }
}

fn write_marks(mv: &Move, form: Form, check_written: bool, out: &mut String) {
    if !check_written && let Some(c) = mv.check {
        out.push_str(match (form, c) {
            (Form::LongHand, CheckMark::Check) => " (ch.)",
            (Form::LongHand, CheckMark::Discovered) => " (dis. ch.)",
            (Form::LongHand, CheckMark::Double) => " (double ch.)",
            (Form::LongHand, CheckMark::Mate) => " (mate)",
            (_, CheckMark::Check) => " ch",
            (_, CheckMark::Discovered) => " dis ch",
            (_, CheckMark::Double) => " dbl ch",
            (_, CheckMark::Mate) => " mate",
        });
    }
    if mv.en_passant {
        out.push_str(match form {
            Form::LongHand => " in passing",
            _ => " e.p.",
        });
    }
    if let Some(n) = mv.nag {
        if form == Form::LongHand {
            out.push(' ');
        }
        match n {
            1 => out.push('!'),
            2 => out.push('?'),
            3 => out.push_str("!!"),
            4 => out.push_str("??"),
            5 => out.push_str("!?"),
            6 => out.push_str("?!"),
            n => {
                let _ = write!(out, " ${n}");
            }
        }
    }
}

/// Compact (`R(QR3)-Q3`, `NxP(K5)`, `P-K8=Q`) and spaced (`R (Q R 3) - Q 3`, `Kt x P (B 3)`,
/// `P - K 8 = Q`) share one shape.
fn write_short(mv: &Move, k: KnightLetter, spaced: bool, out: &mut String) {
    let (sep, dash, takes, open, eq) = if spaced {
        (" ", " - ", " x ", " (", " = ")
    } else {
        ("", "-", "x", "(", "=")
    };
    match mv.kind {
        MoveKind::Castle(None) => out.push_str("Castles"),
        MoveKind::Castle(Some(CastleSide::King)) => {
            out.push_str(if spaced { "O - O" } else { "O-O" });
        }
        MoveKind::Castle(Some(CastleSide::Queen)) => {
            out.push_str(if spaced { "O - O - O" } else { "O-O-O" });
        }
        MoveKind::Piece(p) => {
            write_man(&p.man, k, sep, false, out);
            if let Some(from) = &p.from {
                out.push_str(open);
                write_place_short(from, k, spaced, out);
                out.push(')');
            }
            match p.capture {
                Some(victim) => {
                    out.push_str(takes.trim_end());
                    if let Some(v) = victim {
                        out.push_str(&takes[takes.trim_end().len()..]);
                        write_man(&v, k, sep, false, out);
                        if let Some(to) = &p.to {
                            out.push_str(open);
                            write_place_short(to, k, spaced, out);
                            out.push(')');
                        }
                    } else if let Some(to) = &p.to {
                        out.push_str(sep);
                        write_place_short(to, k, spaced, out);
                    }
                }
                None => {
                    if let Some(to) = &p.to {
                        out.push_str(dash);
                        write_place_short(to, k, spaced, out);
                    }
                }
            }
            let destless = p.to.is_none() && p.capture.is_none();
            if let Some(n) = p.advance {
                out.push(' ');
                push_advance_word(n, out);
            } else if destless && p.promotion.is_none() && mv.check.is_none() {
                out.push_str(" moves");
            }
            if let Some(r) = p.promotion {
                out.push_str(eq);
                out.push_str(role_letter(r, k));
            }
        }
    }
    let form = if spaced { Form::Spaced } else { Form::Compact };
    write_marks(mv, form, false, out);
}

/// The Blue Book's long hand: `K. Kt. to K. B's 3d.`, `P. takes P.`, `Castles on K's side.`
fn write_long(mv: &Move, k: KnightLetter, out: &mut String) {
    let mut check_written = false;
    match mv.kind {
        MoveKind::Castle(None) => out.push_str("Castles."),
        MoveKind::Castle(Some(CastleSide::King)) => out.push_str("Castles on K's side."),
        MoveKind::Castle(Some(CastleSide::Queen)) => out.push_str("Castles on Q's side."),
        MoveKind::Piece(p) => {
            write_man(&p.man, k, " ", true, out);
            if let Some(from) = &p.from {
                out.push_str(" from ");
                write_place_long(from, k, out);
            }
            match p.capture {
                Some(victim) => {
                    out.push_str(" takes");
                    if let Some(v) = victim {
                        out.push(' ');
                        write_man(&v, k, " ", true, out);
                        if let Some(to) = &p.to {
                            out.push_str(" on ");
                            write_place_long(to, k, out);
                        }
                    } else if let Some(to) = &p.to {
                        out.push(' ');
                        write_place_long(to, k, out);
                    }
                }
                None => {
                    if let Some(to) = &p.to {
                        out.push_str(" to ");
                        write_place_long(to, k, out);
                    }
                }
            }
            let destless = p.to.is_none() && p.capture.is_none();
            let mut promotion = p.promotion;
            if let Some(n) = p.advance {
                out.push(' ');
                push_advance_word(n, out);
            } else if destless {
                match (p.promotion, mv.check) {
                    (Some(r), _) => {
                        out.push_str(" becomes a ");
                        out.push_str(role_word(r));
                        out.push('.');
                        promotion = None;
                    }
                    (None, Some(CheckMark::Check)) => {
                        out.push_str(" checks.");
                        check_written = true;
                    }
                    (None, Some(CheckMark::Mate)) => {
                        out.push_str(" mates.");
                        check_written = true;
                    }
                    (None, None) => out.push_str(" moves."),
                    (None, Some(_)) => {}
                }
            }
            if let Some(r) = promotion {
                if out.ends_with('.') {
                    out.pop();
                }
                out.push_str(", becoming a ");
                out.push_str(role_word(r));
                out.push('.');
            }
        }
    }
    write_marks(mv, Form::LongHand, check_written, out);
}

/// Appends `mv` in English descriptive notation.
pub(crate) fn write(mv: &Move, style: Style, out: &mut String) {
    match style.form {
        Form::Compact => write_short(mv, style.knight, false, out),
        Form::Spaced => write_short(mv, style.knight, true, out),
        Form::LongHand => write_long(mv, style.knight, out),
    }
}

#[cfg(test)]
mod tests {
    /// Every string the fast path reads, the full grammar reads the same way; and the fast
    /// path does read the plain shapes it is for.
    #[test]
    fn the_compact_fast_path_agrees_with_the_full_grammar() {
        let men = [
            "P", "N", "Kt", "B", "R", "Q", "K", "KR", "QB", "KKt", "QN", "KQ", "KK", "BP", "KP",
            "KtP", "QKtP", "KRP", "QBP", "NP", "PP", "BQ", "KPP",
        ];
        let wings = ["", "K", "Q"];
        let groups = ["R", "N", "Kt", "B", "Q", "K", "P"];
        let ranks = ["0", "1", "4", "8", "9", ""];
        let tails = [
            "",
            " ",
            "\n",
            ",",
            " ch",
            "ch",
            "!",
            "x",
            "(",
            "3",
            ".",
            " P-K4",
            " queens",
            " (Q)",
            " (K5)",
            " =Q",
            " /Q",
            " e.p.",
            " dis ch",
            " mate",
            " becomes a Queen.",
            "  Q-R5",
            ", queens.",
            " Queens",
            ", becoming a Queen.",
            " Becomes a Kt.",
            ",and queens",
            " \u{a0}queens",
            "\u{a0}Queens",
            " “Queens”",
            " And queens",
        ];
        let mut bodies: Vec<String> = vec!["O-O".into(), "O-O-O".into(), "O-O-O-O".into()];
        for m in men {
            for w in wings {
                for g in groups {
                    for r in ranks {
                        bodies.push(format!("{m}-{w}{g}{r}"));
                    }
                }
            }
            for v in men {
                bodies.push(format!("{m}x{v}"));
                for p in ["P", "KtP", "NP", "BP", "RP", "QP", "KP", "PP"] {
                    bodies.push(format!("{m}x{v}{p}"));
                }
            }
        }
        let mut read = 0;
        for body in &bodies {
            for tail in tails {
                let text = format!("{body}{tail}");
                if let Some((rest, fast)) = super::compact_fast(&text) {
                    read += 1;
                    let full = super::full_body(&text).map(|(r, m)| (r.len(), m));
                    assert_eq!(full, Ok((rest.len(), fast)), "{text:?}");
                }
            }
        }
        assert!(super::compact_fast("P-K4 ").is_some());
        assert!(super::compact_fast("Kt-QB3\n").is_some());
        assert!(super::compact_fast("BxKt").is_some());
        assert!(super::compact_fast("KtxQP ").is_some());
        assert!(super::compact_fast("QKt-Q2 ").is_some());
        assert!(super::compact_fast("KBPxP\n").is_some());
        assert!(super::compact_fast("QxKBP\n").is_some());
        assert!(read > 1000, "the fast path reads the common shapes: {read}");
    }

    /// What follows a long-hand body in the tests below: the next move, marks, and near
    /// misses that the grammar reads on (a `sq.` after an ordinal, a promotion, the square
    /// of a capture, a rank after a file, one more unit of a man).
    const LONG_TAILS: [&str; 44] = [
        "",
        " ",
        "\n",
        "\r\n",
        "\t",
        ".",
        ",",
        ";",
        "!",
        "x",
        "'s",
        "     P. to K's 4th.",
        "  Kt. takes P.",
        " (ch.)",
        " (mate)",
        " (dis. ch.)",
        " (in passing)",
        ", mate.",
        ", ch.",
        " ch.",
        " sq.",
        "  sq.",
        "   sq.",
        " square",
        " (Q)",
        " (2d Q.)",
        " (K. 5th)",
        ", queens.",
        " queens",
        " and queens.",
        ", becoming a Queen.",
        " becomes a Kt.",
        " on K's 4th.",
        " at Q. B's 3d.",
        "/Q",
        "=Q",
        " 3d.",
        " 5",
        " second",
        " P.",
        " K. B. P.",
        "  K.",
        " takes P.",
        " to K's 4th.",
    ];

    /// Checks one text: whatever the long-hand fast path reads, the full grammar reads the
    /// same way (the same move, the same length), and the move body reads as the full
    /// grammar does whether or not a fast path took it. Returns whether the fast path read it.
    fn long_fast_agrees(text: &str) -> bool {
        let full = super::full_body(text).map(|(r, m)| (r.len(), m)).ok();
        let body = super::move_body(text).map(|(r, m)| (r.len(), m)).ok();
        assert_eq!(body, full, "move_body against the full grammar: {text:?}");
        match super::long_fast(text) {
            Some((rest, fast)) => {
                assert_eq!(Some((rest.len(), fast)), full, "{text:?}");
                true
            }
            None => false,
        }
    }

    /// Movers: every man of one to three units one blank apart, and near misses (other
    /// spacing, possessives, words, no period).
    fn long_movers() -> Vec<String> {
        let units = ["K.", "Q.", "R.", "B.", "Kt.", "N.", "P."];
        let mut out: Vec<String> = units.iter().map(|u| (*u).to_owned()).collect();
        for a in units {
            for b in units {
                out.push(format!("{a} {b}"));
                for c in units {
                    out.push(format!("{a} {b} {c}"));
                }
            }
        }
        for near in [
            "K.  Kt.",
            "K.Kt.",
            "Kt's",
            "KT.",
            "K",
            "P",
            "k.",
            "Knight",
            "King's Kt.",
            "Q's Kt.",
            "K. Kt's",
            "P .",
            "Q.'s",
            "K. B.P.",
            "K. R. Kt.",
        ] {
            out.push(near.to_owned());
        }
        out
    }

    /// Squares after `to`: wings × files × possessives × separators × ranks, near misses
    /// among each.
    fn long_squares() -> Vec<String> {
        let wings = ["", "K. ", "Q. ", "K.", "R. ", "K.  ", "his "];
        let files = ["K", "Q", "R", "B", "Kt", "N", "P", "KT"];
        let possessives = ["'s", "’s", ".", ""];
        let separators = [" ", "  ", ""];
        let ranks = [
            "sq.", "sq", "square", "sqx", "1st.", "2d.", "2nd.", "3d.", "3rd.", "4th.", "5th",
            "6th,", "7th.", "8th.", "9th.", "0th.", "4", "4.", "4thx", "44th.", "second", "4 th.",
        ];
        let mut out = Vec::new();
        for w in wings {
            for f in files {
                for p in possessives {
                    for s in separators {
                        for r in ranks {
                            out.push(format!("{w}{f}{p}{s}{r}"));
                        }
                    }
                }
            }
        }
        out
    }

    /// The long-hand fast path against the full grammar on moves to a square: every mover
    /// (and near misses) with the common squares, and the common movers with every square
    /// (and near misses), each with every tail.
    #[test]
    fn the_long_hand_fast_path_agrees_with_the_full_grammar_on_moves_to_a_square() {
        let verbs = [
            " to ", "  to ", " To ", " to  ", " at ", " from ", " takes ",
        ];
        let common_squares = [
            "K's 4th.",
            "K. B's 3d.",
            "Q's sq.",
            "Q. Kt's 5th",
            "R's 8th.",
        ];
        let common_movers = ["P.", "Kt.", "K.", "Q. R.", "K. B. P.", "Q. P."];
        let mut read = 0;
        let mut tried = 0;
        for mover in long_movers() {
            for verb in verbs {
                for square in common_squares {
                    for tail in LONG_TAILS {
                        tried += 1;
                        read +=
                            usize::from(long_fast_agrees(&format!("{mover}{verb}{square}{tail}")));
                    }
                }
            }
        }
        for mover in common_movers {
            for square in long_squares() {
                for tail in LONG_TAILS {
                    tried += 1;
                    read += usize::from(long_fast_agrees(&format!("{mover} to {square}{tail}")));
                }
            }
        }
        assert!(
            read > 50_000,
            "the fast path reads the common shapes: {read} of {tried}"
        );
    }

    /// The long-hand fast path against the full grammar on captures: movers × every victim
    /// of one to three units (and near misses) × tails, the square of a capture among them.
    #[test]
    fn the_long_hand_fast_path_agrees_with_the_full_grammar_on_captures() {
        let movers = ["P.", "Kt.", "Q.", "K. B.", "Q. R. P.", "R. P.", "K.  R."];
        let verbs = [" takes ", " takes  ", " Takes ", " x "];
        let mut read = 0;
        for mover in movers {
            for verb in verbs {
                for victim in long_movers() {
                    for tail in LONG_TAILS {
                        read +=
                            usize::from(long_fast_agrees(&format!("{mover}{verb}{victim}{tail}")));
                    }
                }
            }
        }
        assert!(
            read > 30_000,
            "the fast path reads the common captures: {read}"
        );
    }

    /// The long-hand fast path against the full grammar on castling, with its near misses.
    #[test]
    fn the_long_hand_fast_path_agrees_with_the_full_grammar_on_castling() {
        let bodies = [
            "Castles",
            "Castles.",
            "Castles..",
            "Castles on K's side",
            "Castles on Q's side",
            "Castles on K's side.",
            "Castles on Q's side.",
            "Castles on R's side.",
            "Castles on K's sides.",
            "Castles on K's side,",
            "Castles on  K's side.",
            "Castles on his K's side.",
            "Castles. Q. side.",
            "Castles. K. R.",
            "Castles.  K. side",
            "Castles.   Q. side.",
            "Castles KR",
            "Castles (Q)",
            "Castlesx",
            "castles.",
            "Castles on Kt's side.",
            "Castles on K. side.",
        ];
        let mut read = 0;
        for body in bodies {
            for tail in LONG_TAILS {
                read += usize::from(long_fast_agrees(&format!("{body}{tail}")));
            }
        }
        assert!(
            read > 300,
            "the fast path reads the common castling shapes: {read}"
        );
    }

    /// The share of the move tokens of `text` that the long-hand fast path reads: (fast, all).
    fn long_fast_share(text: &str) -> (usize, usize) {
        let mut all = 0;
        let mut fast = 0;
        for t in tokenize(EN, text) {
            if let TokenKind::Move(_) = t.kind {
                all += 1;
                fast += usize::from(super::long_fast(&text[t.span.range()]).is_some());
            }
        }
        (fast, all)
    }

    /// On the Blue Book, which prints many shapes besides its own, the long-hand fast path
    /// still reads most move tokens.
    #[test]
    fn the_long_hand_fast_path_reads_most_moves_of_the_blue_book() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let book = root.join("../shared/corpus/books/blue-book-part1.txt");
        if let Some(text) = crate::testing::book_text(&book) {
            let (fast, all) = long_fast_share(&text);
            eprintln!(
                "{}: the fast path reads {fast} of {all} moves",
                book.display()
            );
            assert!(fast * 2 >= all, "{fast} of {all}");
        }
    }

    /// The shapes the long-hand fast path is for are its own, marks and all.
    #[test]
    fn the_long_hand_fast_path_reads_the_printed_shapes() {
        for text in [
            "P. to K's 4th.",
            "Kt. to K. B's 3d.",
            "K. Kt. to Q. B's 3d. (ch.)",
            "Q. to K. R's 5th, mate.",
            "K. to Kt's sq.",
            "Q. takes P.",
            "K. B. P. takes P.",
            "R. takes Q. Kt. P. (ch.)",
            "B. takes Kt. on K's 5th.",
            "P. to K's 8th, becoming a Queen.",
            "Castles.",
            "Castles on K's side.",
            "Castles on Q's side. (ch.)",
        ] {
            assert!(super::long_fast(text).is_some(), "{text}");
            assert!(long_fast_agrees(text), "{text}");
        }
    }

    #[test]
    fn the_castling_side_may_follow_a_period() {
        use crate::movetext::tokenize;
        let en = crate::Dialect::Descriptive(crate::DescLang::En);
        let side = |text: &str| match tokenize(en, text)[0].kind {
            crate::TokenKind::Move(m) => m.kind,
            ref k => panic!("{text}: {k:?}"),
        };
        assert_eq!(
            side("Castles. Q. side.[K]"),
            MoveKind::Castle(Some(CastleSide::Queen))
        );
        assert_eq!(
            side("Castles. K. side."),
            MoveKind::Castle(Some(CastleSide::King))
        );
        // `Castles.` before the next move names no side.
        assert_eq!(side("Castles. Q. to K's 2d."), MoveKind::Castle(None));
    }

    #[test]
    fn a_joined_victim_leaves_the_next_moves_origin_alone() {
        use crate::movetext::tokenize;
        let en = crate::Dialect::Descriptive(crate::DescLang::En);
        let toks = tokenize(en, "56. KxQ R(KKt4)-KKt8");
        let moves: Vec<String> = toks
            .iter()
            .filter_map(|t| match t.kind {
                crate::TokenKind::Move(m) => Some(m.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(moves, ["K x Q", "R from desc KN4 to desc KN8"]);
    }

    use super::*;
    use crate::ast::{Termination, Token, TokenKind};
    use crate::movetext::tokenize;
    use crate::{parse_move, parse_move_prefix};
    use proptest::prelude::*;

    fn read(s: &str) -> Move {
        parse_move(EN, s).unwrap_or_else(|e| panic!("{e}"))
    }

    fn shown(s: &str) -> String {
        read(s).to_string()
    }

    fn written(mv: &Move, form: Form, knight: KnightLetter) -> String {
        let mut out = String::new();
        write(mv, Style { form, knight }, &mut out);
        out
    }

    /// Every English example of the reference (sections 1 and 2) and the fixture inputs.
    const TABLE: &[&str] = &[
        // 1.3 non-capturing moves, dashes
        "P-K4",
        "N-KB3",
        "Kt-KB3",
        "N-QB3",
        "B-Kt5",
        "B-N5",
        "P-QR3",
        "Q-R5",
        "K-R1",
        "K-R.Sq.",
        "P—K4",
        "B−K3",
        "P–K4",
        "PK4",
        "P-d4",
        "Kt-f3",
        // 1.2 files and squares
        "B-B4",
        "N-B3",
        "R-Kt1",
        "P-R3",
        "R-K.Sq.",
        "R-QKt.Sq.",
        "K-B.Sq.",
        "R–K sq",
        "R-K",
        "P - K 4",
        "Kt - K B 3",
        "KRx Q Kt",
        // 1.4 captures
        "PxP",
        "BxN",
        "NxB",
        "QxKtP",
        "KtxKt",
        "RxR ch",
        "P takes P",
        "BPxP",
        "QBPxP",
        "PxQBP",
        "PxKtP",
        "BxQP",
        "BxKtP",
        "PxRP(R6)",
        "NxP(K5)",
        "BxN/QB6",
        "BxP/Q4",
        "N(K5)xR",
        "N(KB3)xB",
        "KRxQKt",
        "R-xQN7",
        "NxR(Q7)",
        "KBxP",
        "KxBP",
        "QKtxP",
        "BxQ4",
        // 1.5 disambiguating the mover
        "KR-Q1",
        "QR-Q1",
        "QR-Q.Sq.",
        "KN-B3",
        "QKt-Q2",
        "KKt-K2",
        "R(QR3)-Q3",
        "N(B3)-Q1",
        "N(QB3)-Q1",
        "N(3)-Q1",
        "N(QB)-Q1",
        "R(6)xN",
        "R/1-Q2",
        "N/5-B3",
        "N5-B3",
        "R1-Q2",
        "N(Q2)-B3",
        "R (Q 3) - Q 7",
        "Kt x P (B 3)",
        "Kt (B 3) x Q",
        "Q R - K R 1",
        "B x B P",
        "P K 4",
        // 1.6 checks
        "B-K4ch",
        "B-N5ch",
        "BxBch",
        "Q ch",
        "Q ch.",
        "R++",
        "B-Q3 mate",
        "Kt-B3#",
        "B-Q3 dis ch",
        "B-Q3 dis. ch.",
        "B-Q3 disc ch",
        "B-Q3 dbl ch",
        "B-Q3 double ch",
        "B-Q3 dblch",
        "PxP e.p.",
        "PxP ep",
        "P x P e.p.",
        "P-K4!",
        "P-K4?",
        "P-K4!!",
        "P-K4??",
        "P-K4!?",
        "P-K4?!",
        // 1.7 castling
        "O-O",
        "O-O-O",
        "0-0",
        "0-0-0",
        "O - O",
        "O - O - O",
        "Castles",
        "castles",
        "Castles KR",
        "Castles QR",
        "Castles K",
        "Castles Q",
        "Castles (K)",
        "Castles (Q)",
        "Castles (QR)",
        "Castles (K. R.)",
        "Castles (Q. R.)",
        "Castles (with K. R.)",
        "Castles queenside",
        "Castles on K's side.",
        "Castles on Q's side",
        // 1.8 promotion
        "P-R8(Q)",
        "P-K8(Q)",
        "P-R8/Q",
        "P-K8/Q",
        "P-R8=Q",
        "P-K8=Q",
        "P-K8(Q) ch",
        "P queens",
        "P-R8 queens",
        "R. P. \"Queens\" (ch.)",
        "P. takes R., and becomes a Kt. (ch.)",
        "P. takes R., becomes a Queen (ch.)",
        "P. to K's 8th, queens.",
        "P. to K's 8th and queens.",
        "P. queens.",
        "P. becomes a Queen.",
        "P. to R's 8th. (2d Q.)",
        "P. one, becoming a Queen.",
        // 1.13 the Evergreen
        "P–QKt4",
        "B×KtP",
        "B–R4",
        "P×P",
        "P–Q6",
        "Q–Kt3",
        "R–K.Sq.",
        "KKt–K2",
        "P–Kt4",
        "Q×P",
        "R–QKt.Sq.",
        "QKt–Q2",
        "Kt–K4",
        "B×QP",
        "Kt–B6+",
        "P×Kt",
        "R–Kt.Sq.",
        "QR–Q.Sq.",
        "Q×Kt",
        "R×Kt+",
        "Kt×R",
        "Q×P+",
        "K×Q",
        "B–B5+",
        "K–K.Sq.",
        "B–Q7+",
        "K–B.Sq.",
        "B×Kt++",
        // 2.1 Blue Book
        "P. to K's 4th.",
        "K. Kt. to K. B's 3d.",
        "P. to Q's 3d.",
        "P. to Q's 4th.",
        "P. takes P.",
        "Q. takes P.",
        "Q. Kt. to Q. B's 3d.",
        "Castles on K's side.",
        "Q. R. to Q's sq.",
        "Q. to B's 4th. (ch.)",
        "K. R. to K. B's 2d.",
        "K. R. takes P.",
        "K. to R's sq.",
        "K. R. to K. R's 4th.",
        "K. B. to his sq.",
        "B. takes Kt.",
        "K. B. P. takes B.",
        "Q. Kt. takes Q. B. P.",
        "K. P. takes B.",
        "Q. to her R's 4th (ch.)",
        "Q. to her 2nd",
        "Q. to her Kt's 3d.",
        "Q. B. to his 5th.",
        "K. to his B's 4th",
        "P to K's 4th",
        "K's Kt. to B's 3rd",
        "K's B to Q.B's 4th",
        "K. moves.",
        "Q. B. interposes.",
        "Q. takes Q. B.",
        "K. R. takes K. R. P. (ch.)",
        "P. takes P. in passing",
        "B. to K's 3d. (dis. ch.)",
        "B. to K's 3d. (double ch.)",
        "Q. checks.",
        "K. B. checks.",
        "Q. Kt. Mates.",
        "K. to K. B's 3rd.",
        "R. to Q. B's 31d.",
        // 2.2 Chronicle
        "K. P. two",
        "Q. P. two",
        "K. Kt. to B. third",
        "Kt. takes K. P.",
        "Q. to K. second",
        "K. B. P. one",
        "Q. B. P. one",
        "P. takes K. P.",
        "K. Kt. to Q. second",
        "Q. to K. B. second",
        "Q. B. to K. square",
        "K. R. to K. Kt. square",
        // 2.3 Walker
        "K. at K. R. fifth sq.",
        "B. to K. sixth sq. ch.",
        "K. to Kt fifth sq.",
        "R. to Q. Kt fourth sq.",
        "B. to adv. K. B. sq.",
        "Pawn advances.",
        "B. returns to Q. fifth sq.",
        "K. to R. second",
        // 2.5 later abbreviated forms
        "KKt-KB3",
        "KB-QB4",
        "KB-QKt5 (ch.)",
        "KP to K4",
        "QKt. to QB3",
        // fixtures and traps
        "PxPe.p.",
        "P-Q7dis.ch",
        "P-Q8(N)ch",
        "K-K1ch",
        "R(R5)-QR5",
        "R(Kt)-Kt6",
        "PxR(Q)ch",
        "Kt-Kt6 mate",
        "KN-K2",
        "BxBch",
        "P-R8(Q)mate",
        "Q-R5ch",
        "K-Kt1",
        "P-B4",
        "Kt.-K.B.3",
        "KB5",
        "QR4",
        "P-K4 +",
        "PxP (ch.)",
        "KRxQKt(QKt5)",
        // deliberate rejects
        "Kt",
        "K.",
        "QR",
        "R(6)",
        "Bx",
        "P-K9",
        "P-K0",
        "Black",
        "Resigns",
        "R. takes Pawn, &c.",
        "Then takes Rook, and wins.",
        "e4",
        "Nf3",
        "",
    ];

    #[test]
    fn snapshot_table() {
        let mut table = String::new();
        for input in TABLE {
            let shown = match parse_move(EN, input) {
                Ok(mv) => mv.to_string(),
                Err(_) => "ERROR".to_owned(),
            };
            let _ = writeln!(table, "{input:<40}  =>  {shown}");
        }
        insta::assert_snapshot!(table);
    }

    #[test]
    fn traps() {
        assert_eq!(shown("KBxP"), "B{K} x P");
        assert_eq!(shown("KxBP"), "K x P{B}");
        assert_eq!(shown("QKtxP"), "N{Q} x P");
        assert_eq!(shown("QxKtP"), "Q x P{N}");
        assert_eq!(shown("Q-R5"), "Q to desc R5");
        assert_eq!(shown("QR-Q1"), "R{Q} to desc Q1");
        assert_eq!(shown("K-Kt1"), "K to desc N1");
        assert_eq!(shown("KtxKt"), "N x N");
        assert_eq!(shown("P-B4"), "P to desc B4");
        assert_eq!(shown("B-N5ch"), "B to desc N5 check");
        assert_eq!(shown("R-QKt.Sq."), "R to desc QN1");
        assert_eq!(shown("R(R5)-QR5"), "R from desc R5 to desc QR5");
        assert_eq!(shown("KB5"), "K to desc B5");
        assert!(parse_move(EN, "Kt").is_err());
    }

    #[test]
    fn relative_squares() {
        assert_eq!(shown("K. B. to his sq."), "B{K} to desc KB1");
        assert_eq!(shown("Q. to her Kt's 3d."), "Q to desc QN3");
        assert_eq!(shown("Q. B. to his 5th."), "B{Q} to desc QB5");
        assert_eq!(shown("K. to his B's 4th"), "K to desc KB4");
        assert_eq!(shown("B. to adv. K. B. sq."), "B to desc adv KB1");
    }

    #[test]
    fn body_stops_before_suffix_marks() {
        for (s, body) in [
            ("B-K4ch", 4),
            ("PxPe.p.", 3),
            ("P-Q7dis.ch", 4),
            ("R-Kch", 3),
            ("Q. to B's 4th. (ch.)", 14),
            ("Kt-Kt6 mate", 6),
        ] {
            let (rest, _) = move_body(s).unwrap();
            assert_eq!(s.len() - rest.len(), body, "{s}");
        }
    }

    #[test]
    fn column_gap_ends_a_move() {
        let (mv, n) = parse_move_prefix(EN, "Q. takes Q.          B. takes Q.").unwrap();
        assert_eq!(n, "Q. takes Q.".len());
        assert_eq!(mv.to_string(), "Q x Q");
        let (mv, n) = parse_move_prefix(EN, "QxQ B-K3").unwrap();
        assert_eq!((mv.to_string().as_str(), n), ("Q x Q", 3));
        let (mv, n) = parse_move_prefix(EN, "Q x Q B x Q").unwrap();
        assert_eq!((mv.to_string().as_str(), n), ("Q x Q", 5));
        let (mv, n) = parse_move_prefix(EN, "Castles Q-R5").unwrap();
        assert_eq!((mv.to_string().as_str(), n), ("castles", 7));
        let (mv, n) = parse_move_prefix(EN, "R-K 2. P-Q4").unwrap();
        assert_eq!((mv.to_string().as_str(), n), ("R to desc K?", 3));
    }

    fn kinds(src: &str) -> Vec<String> {
        tokenize(EN, src)
            .iter()
            .map(|t: &Token| match t.kind {
                TokenKind::MoveNumber { number, black } => {
                    format!("{number}{}", if black { "..." } else { "." })
                }
                TokenKind::Move(mv) => format!("[{mv}]"),
                TokenKind::Ellipsis => "...".to_owned(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_result_after_a_captured_man_is_the_result() {
        assert_eq!(
            kinds("3. B. takes B. 1-0"),
            ["3.", "[B x B]", "Result(WhiteWins)"]
        );
    }

    #[test]
    fn tokenizes_compact_movetext() {
        assert_eq!(
            kinds("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3"),
            [
                "1.",
                "[P to desc K4]",
                "[P to desc K4]",
                "2.",
                "[N to desc KB3]",
                "[N to desc QB3]"
            ]
        );
        assert_eq!(
            kinds("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5"),
            [
                "1.",
                "[P to desc K4]",
                "[P to desc K4]",
                "2.",
                "[N to desc KB3]",
                "[N to desc QB3]",
                "3.",
                "[B to desc N5]"
            ]
        );
        assert_eq!(
            kinds("12. Q-R5ch K-B1 13. O-O-O 0-0 14. PxPe.p. Resigns"),
            [
                "12.",
                "[Q to desc R5 check]",
                "[K to desc B1]",
                "13.",
                "[castles Q]",
                "[castles K]",
                "14.",
                "[P x P e.p.]",
                "Result(Resigns)"
            ]
        );
    }

    #[test]
    fn tokenizes_long_hand_columns() {
        assert_eq!(
            kinds("1. P. to K's 4th.                  1. P. to K's 4th."),
            ["1.", "[P to desc K4]", "1.", "[P to desc K4]"]
        );
        assert_eq!(
            kinds(
                "12. Q. to B's 4th. (ch.)       12. K. R. to K. B's 2d.\n\
                 20. K. R. to K. R's 4th.       20. K. B. to his sq.\n\
                 25. Q. Kt. takes Q. B. P.[B]"
            ),
            [
                "12.",
                "[Q to desc B4 check]",
                "12.",
                "[R{K} to desc KB2]",
                "20.",
                "[R{K} to desc KR4]",
                "20.",
                "[B{K} to desc KB1]",
                "25.",
                "[N{Q} x P{QB}]",
                "Footnote"
            ]
        );
        assert_eq!(
            kinds(
                "1. K. P. two                1. K. P. two\n9. Castles                  9. Q. to K. B. second"
            ),
            [
                "1.",
                "[P{K} advance 2]",
                "1.",
                "[P{K} advance 2]",
                "9.",
                "[castles]",
                "9.",
                "[Q to desc KB2]"
            ]
        );
    }

    #[test]
    fn tokenizes_footnotes_and_numbers_in_parens() {
        assert_eq!(
            kinds("4. Q. takes Q.*   B. takes Q.†"),
            ["4.", "[Q x Q]", "Footnote", "[B x Q]", "Footnote"]
        );
        assert_eq!(
            kinds("(1) KP to K4   QKt. to QB3"),
            ["1.", "[P{K} to desc K4]", "[N{Q} to desc QB3]"]
        );
    }

    #[test]
    fn tokenizes_spaced_ellipsis() {
        assert_eq!(kinds("7. ........   Kt x Kt"), ["7...", "[N x N]"]);
        assert_eq!(
            kinds("6. P - Q 4   P x P\n7. Castles   R (Q 3) - Q 7"),
            [
                "6.",
                "[P to desc Q4]",
                "[P x P]",
                "7.",
                "[castles]",
                "[R from desc Q3 to desc Q7]"
            ]
        );
    }

    #[test]
    fn writes_each_style() {
        let cases = [
            ("Kt-KB3", "Kt-KB3", "Kt - K B 3", "Kt. to K. B's 3d."),
            (
                "K. Kt. to K. B's 3d.",
                "KKt-KB3",
                "K Kt - K B 3",
                "K. Kt. to K. B's 3d.",
            ),
            ("QR-Q1", "QR-Q1", "Q R - Q 1", "Q. R. to Q's sq."),
            (
                "R(QR3)-Q3",
                "R(QR3)-Q3",
                "R (Q R 3) - Q 3",
                "R. from Q. R's 3d. to Q's 3d.",
            ),
            ("PxP", "PxP", "P x P", "P. takes P."),
            ("QxKtP", "QxKtP", "Q x Kt P", "Q. takes Kt. P."),
            (
                "NxP(K5)",
                "KtxP(K5)",
                "Kt x P (K 5)",
                "Kt. takes P. on K's 5th.",
            ),
            (
                "P-K8=Q",
                "P-K8=Q",
                "P - K 8 = Q",
                "P. to K's 8th, becoming a Queen.",
            ),
            ("O-O", "O-O", "O - O", "Castles on K's side."),
            ("Castles", "Castles", "Castles", "Castles."),
            ("Q-R5ch", "Q-R5 ch", "Q - R 5 ch", "Q. to R's 5th. (ch.)"),
            (
                "PxPe.p.",
                "PxP e.p.",
                "P x P e.p.",
                "P. takes P. in passing",
            ),
            ("Q. checks.", "Q ch", "Q ch", "Q. checks."),
            ("K. moves.", "K moves", "K moves", "K. moves."),
            ("K. P. two", "KP two", "K P two", "K. P. two"),
            ("R-K", "R-K", "R - K", "R. to K."),
            (
                "B-Q3 dis ch",
                "B-Q3 dis ch",
                "B - Q 3 dis ch",
                "B. to Q's 3d. (dis. ch.)",
            ),
        ];
        for (input, compact, spaced, long) in cases {
            let mv = read(input);
            assert_eq!(written(&mv, Form::Compact, KnightLetter::Kt), compact);
            assert_eq!(written(&mv, Form::Spaced, KnightLetter::Kt), spaced);
            assert_eq!(written(&mv, Form::LongHand, KnightLetter::Kt), long);
        }
        let mv = read("Kt-KB3");
        assert_eq!(written(&mv, Form::Compact, KnightLetter::N), "N-KB3");
    }

    // ---- property tests ----

    fn wing() -> impl Strategy<Value = Wing> {
        prop_oneof![Just(Wing::King), Just(Wing::Queen)]
    }

    fn paired() -> impl Strategy<Value = FileGroup> {
        prop_oneof![
            Just(FileGroup::Rook),
            Just(FileGroup::Knight),
            Just(FileGroup::Bishop)
        ]
    }

    fn group() -> impl Strategy<Value = FileGroup> {
        prop_oneof![paired(), Just(FileGroup::Queen), Just(FileGroup::King)]
    }

    fn man() -> impl Strategy<Value = Man> {
        let piece = prop_oneof![
            Just(Role::Knight),
            Just(Role::Bishop),
            Just(Role::Rook),
            Just(Role::Queen),
            Just(Role::King)
        ];
        let paired_role = prop_oneof![Just(Role::Knight), Just(Role::Bishop), Just(Role::Rook)];
        prop_oneof![
            Just(Man::plain(Role::Pawn)),
            group().prop_map(|g| Man {
                role: Role::Pawn,
                wing: None,
                file: Some(g)
            }),
            (wing(), paired()).prop_map(|(w, g)| Man {
                role: Role::Pawn,
                wing: Some(w),
                file: Some(g)
            }),
            piece.prop_map(Man::plain),
            (wing(), paired_role).prop_map(|(w, role)| Man {
                role,
                wing: Some(w),
                file: None
            }),
        ]
    }

    fn desc_file() -> impl Strategy<Value = DescFile> {
        prop_oneof![
            (paired(), proptest::option::of(wing()))
                .prop_map(|(group, wing)| DescFile { group, wing }),
            prop_oneof![Just(FileGroup::Queen), Just(FileGroup::King)]
                .prop_map(|group| DescFile { group, wing: None }),
        ]
    }

    fn abs_full() -> impl Strategy<Value = Place> {
        (0u8..8, 0u8..8).prop_map(|(f, r)| {
            Place::Abs(AbsSquare {
                file: Some(f),
                rank: Some(r),
            })
        })
    }

    /// A destination: a file with an optional rank, or an algebraic square.
    fn dest(ranked: bool) -> impl Strategy<Value = Place> {
        let rank = if ranked {
            (1u8..=8).prop_map(Some).boxed()
        } else {
            proptest::option::of(1u8..=8).boxed()
        };
        prop_oneof![
            3 => (desc_file(), rank, any::<bool>()).prop_map(|(f, rank, adverse)| {
                Place::Desc(DescSquare {
                    file: Some(f),
                    rank,
                    adverse,
                })
            }),
            1 => abs_full(),
        ]
    }

    /// An origin: any part of a square.
    fn origin_strategy() -> impl Strategy<Value = Place> {
        prop_oneof![
            (desc_file(), 1u8..=8).prop_map(|(f, r)| Place::Desc(DescSquare {
                file: Some(f),
                rank: Some(r),
                adverse: false
            })),
            desc_file().prop_map(|f| Place::Desc(DescSquare {
                file: Some(f),
                rank: None,
                adverse: false
            })),
            (1u8..=8).prop_map(|r| Place::Desc(DescSquare {
                file: None,
                rank: Some(r),
                adverse: false
            })),
            abs_full(),
            (0u8..8).prop_map(|f| Place::Abs(AbsSquare {
                file: Some(f),
                rank: None
            })),
        ]
    }

    fn promo_role() -> impl Strategy<Value = Role> {
        prop_oneof![
            Just(Role::Queen),
            Just(Role::Rook),
            Just(Role::Bishop),
            Just(Role::Knight)
        ]
    }

    fn piece_move() -> impl Strategy<Value = PieceMove> {
        (
            man(),
            man(),
            0u8..3,
            proptest::option::of(origin_strategy()),
            proptest::option::of(dest(false)),
            proptest::option::of(dest(true)),
            dest(true),
            proptest::option::of(promo_role()),
            proptest::option::of(1u8..=2),
        )
            .prop_map(
                |(man, victim, cap, from, to, to_ranked, to_some, promotion, advance)| {
                    let pawn = man.role == Role::Pawn;
                    let (capture, to) = match cap {
                        0 => (None, to),
                        1 => (Some(Some(victim)), to_ranked),
                        _ => (Some(None), Some(to_some)),
                    };
                    let from = from.filter(|_| !pawn && (capture.is_some() || to.is_some()));
                    let advance = advance.filter(|_| pawn && capture.is_none() && to.is_none());
                    PieceMove {
                        man,
                        from,
                        capture,
                        to,
                        promotion: promotion.filter(|_| pawn),
                        advance,
                    }
                },
            )
    }

    fn en_move() -> impl Strategy<Value = Move> {
        let kind = prop_oneof![
            1 => prop_oneof![
                Just(None),
                Just(Some(CastleSide::King)),
                Just(Some(CastleSide::Queen))
            ]
            .prop_map(MoveKind::Castle),
            6 => piece_move().prop_map(MoveKind::Piece),
        ];
        let check = proptest::option::of(prop_oneof![
            Just(CheckMark::Check),
            Just(CheckMark::Discovered),
            Just(CheckMark::Double),
            Just(CheckMark::Mate)
        ]);
        (kind, check, any::<bool>(), proptest::option::of(1u8..=6)).prop_map(
            |(kind, check, en_passant, nag)| Move {
                kind,
                check,
                en_passant,
                nag,
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn every_style_reads_back(mv in en_move()) {
            for form in [Form::Compact, Form::Spaced, Form::LongHand] {
                for knight in [KnightLetter::Kt, KnightLetter::N] {
                    let text = written(&mv, form, knight);
                    let back = parse_move(EN, &text);
                    prop_assert_eq!(back.as_ref(), Ok(&mv), "{:?} {:?}: {}", form, knight, text);
                    // A move followed by the next one in a line still reads alone.
                    let line = format!("{text} 12. P-K4");
                    let (again, n) = parse_move_prefix(EN, &line).expect("prefix");
                    prop_assert_eq!(again, mv);
                    prop_assert_eq!(n, text.len());
                }
            }
        }

        /// `3. B. takes B. 1-0`: the result's `1` (or the next move's number) is never read
        /// as the rank of a square after a captured man, in any spelling or spacing.
        #[test]
        fn a_captured_man_before_a_result_or_a_move_number_is_no_square(
            mover in man(),
            victim in man(),
            form in prop_oneof![Just(Form::Compact), Just(Form::Spaced), Just(Form::LongHand)],
            knight in prop_oneof![Just(KnightLetter::Kt), Just(KnightLetter::N)],
            undotted in any::<bool>(),
            blank in prop_oneof![Just(" "), Just("  "), Just("\t"), Just("\n"), Just(" \u{a0}")],
            after in 0usize..10,
            number in 1u32..120,
        ) {
            let mv = Move::new(MoveKind::Piece(PieceMove {
                capture: Some(Some(victim)),
                ..bare(mover, None)
            }));
            let mut text = written(&mv, form, knight);
            // Books also print the long hand without its periods: `B takes B`.
            if undotted && form == Form::LongHand {
                text = text.replace('.', "");
            }
            let results = [
                ("1-0", Termination::WhiteWins),
                ("0-1", Termination::BlackWins),
                ("½-½", Termination::Draw),
                ("1/2-1/2", Termination::Draw),
                ("*", Termination::Unknown),
                ("1 - 0", Termination::WhiteWins),
                ("1–0", Termination::WhiteWins),
                ("1:0", Termination::WhiteWins),
            ];
            let line = match results.get(after) {
                Some((r, _)) => format!("{text}{blank}{r}"),
                None => format!("{text}{blank}{number}. P-K4"),
            };
            let tokens = tokenize(EN, &line);
            prop_assert!(tokens.len() >= 2, "{line:?}: {tokens:?}");
            prop_assert_eq!(tokens[0].kind, TokenKind::Move(mv), "{:?}", line);
            prop_assert_eq!(tokens[0].span.end as usize, text.len(), "{:?}", line);
            let want = match results.get(after) {
                Some(&(_, t)) => TokenKind::Result(t),
                None => TokenKind::MoveNumber { number, black: false },
            };
            prop_assert_eq!(tokens[1].kind, want, "{:?}", line);
        }

        #[test]
        fn never_panics_on_any_text(s in "\\PC{0,40}") {
            check_no_panic(&s);
        }

        #[test]
        fn never_panics_on_notation_soup(
            s in "[KQRBNPtTxX×:()/=\\-–—.,' ’s0-9a-hOo+#!?a-z ]{0,30}"
        ) {
            check_no_panic(&s);
        }
    }

    fn check_no_panic(s: &str) {
        if let Some((_, n)) = parse_move_prefix(EN, s) {
            assert!(n <= s.len() && s.is_char_boundary(n), "{s:?} {n}");
        }
        for t in tokenize(EN, s) {
            let r = t.span.range();
            assert!(r.end <= s.len() && s.is_char_boundary(r.start) && s.is_char_boundary(r.end));
        }
        let mut out = String::new();
        if let Ok(mv) = parse_move(EN, s) {
            for form in [Form::Compact, Form::Spaced, Form::LongHand] {
                write(
                    &mv,
                    Style {
                        form,
                        knight: KnightLetter::Kt,
                    },
                    &mut out,
                );
            }
        }
    }

    #[test]
    fn writers_do_not_panic_on_odd_asts() {
        let odd = Move {
            kind: MoveKind::Piece(PieceMove {
                man: Man {
                    role: Role::King,
                    wing: Some(Wing::Queen),
                    file: Some(FileGroup::King),
                },
                from: Some(Place::Abs(AbsSquare {
                    file: Some(200),
                    rank: Some(255),
                })),
                capture: Some(None),
                to: Some(Place::Desc(DescSquare {
                    file: None,
                    rank: Some(0),
                    adverse: true,
                })),
                promotion: Some(Role::King),
                advance: Some(200),
            }),
            check: Some(CheckMark::Double),
            en_passant: true,
            nag: Some(200),
        };
        for form in [Form::Compact, Form::Spaced, Form::LongHand] {
            let mut out = String::new();
            write(
                &odd,
                Style {
                    form,
                    knight: KnightLetter::N,
                },
                &mut out,
            );
            assert!(!out.is_empty());
        }
    }
}
