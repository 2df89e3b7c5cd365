//! The full grammar of English descriptive moves: units, men, squares, promotions,
//! captures, moves without a destination, castling.

use crate::ast::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, FileGroup, Man, Move, MoveKind,
    PieceMove, Place, Role, Wing,
};
use crate::dialect::{DescLang, Dialect};
use crate::pieces::{self, In, Res};

pub(super) const EN: Dialect = Dialect::Descriptive(DescLang::En);

// ---------------------------------------------------------------------------------------------
// Lexical helpers
// ---------------------------------------------------------------------------------------------

pub(super) fn fail<T>(i: In<'_>) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Fail,
    )))
}

/// Blanks inside a token: at most two, so the gap between printed columns ends a move.
/// Returns the rest and whether anything was skipped.
pub(super) fn gap(i: In<'_>) -> (In<'_>, bool) {
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
pub(super) fn kw<'a>(i: In<'a>, w: &str) -> Option<In<'a>> {
    let b = i.as_bytes();
    let n = w.len();
    if b.len() >= n && b[..n].eq_ignore_ascii_case(w.as_bytes()) {
        // The matched bytes are ASCII, so `n` is a char boundary.
        let rest = &i[n..];
        if w.ends_with('.') || pieces::at_word_end(rest) {
            return Some(rest);
        }
    }
    None
}

/// The first of several keywords that matches.
pub(super) fn kw_any<'a>(i: In<'a>, words: &[&str]) -> Option<In<'a>> {
    words.iter().find_map(|w| kw(i, w))
}

pub(super) fn skip_period(i: In<'_>) -> In<'_> {
    i.strip_prefix('.').unwrap_or(i)
}

/// A dash: [`pieces::dash`], dispatched on the first byte.
pub(super) fn dash(i: In<'_>) -> Option<In<'_>> {
    match i.as_bytes().first()? {
        b'-' => Some(&i[1..]),
        0xE2 => pieces::dash(i).ok().map(|(r, ())| r),
        _ => None,
    }
}

pub(super) fn starts_with_dash(i: In<'_>) -> bool {
    dash(i).is_some()
}

/// A capture sign: [`pieces::capture_sign`], dispatched on the first byte.
pub(super) fn capture_sign(i: In<'_>) -> Option<In<'_>> {
    match i.as_bytes().first()? {
        b'x' | b'X' | b':' => Some(&i[1..]),
        0xC3 => pieces::capture_sign(i).ok().map(|(r, ())| r),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Units: one piece letter or word
// ---------------------------------------------------------------------------------------------

/// A piece letter as printed; `N` stands for both `N` and `Kt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Letter {
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
pub(super) struct Unit {
    pub(super) letter: Letter,
    /// Followed by an abbreviation period.
    pub(super) dotted: bool,
    /// Followed by `'s`.
    pub(super) possessive: bool,
}

pub(super) const UNIT_WORDS: [(&str, Letter); 6] = [
    ("Knight", Letter::N),
    ("King", Letter::K),
    ("Queen", Letter::Q),
    ("Rook", Letter::R),
    ("Bishop", Letter::B),
    ("Pawn", Letter::P),
];

pub(super) fn possessive(i: In<'_>) -> Option<In<'_>> {
    match i.as_bytes().first()? {
        b'\'' | 0xE2 => ["'s", "’s", "'S"].iter().find_map(|p| i.strip_prefix(p)),
        _ => None,
    }
}

/// One unit: `K`, `Kt`, `KT`, `N`, `Q.`, `B's`, `K.'s`, `Knight`, `King's`.
pub(super) fn unit(i: In<'_>) -> Res<'_, Unit> {
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
            if pieces::at_word_end(r) {
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
pub(super) struct Units<'a> {
    pub(super) units: [Unit; 3],
    pub(super) rests: [In<'a>; 3],
    pub(super) gaps: [bool; 3],
    pub(super) len: usize,
}

pub(super) fn man_units(i: In<'_>) -> Units<'_> {
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
pub(super) fn man_of(units: &[Unit]) -> Option<Man> {
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

/// The readings of the captured man, longest first. A reading joined across blanks (`B x
/// B P`, `KRx Q Kt`) must end the move, so that `QxQ B-K3` keeps its `B` for the next
/// move. `(man, rest, joined)`, where `joined` is true for a reading joined across
/// blanks in spaced print (`Q B`, not long hand's `Q. B.`).
fn victims(i: In<'_>) -> impl Iterator<Item = (Man, In<'_>, bool)> {
    let us = man_units(i);
    (1..=us.len).rev().filter_map(move |n| {
        let (man, rest, joined) = us.reading(n)?;
        if joined && !victim_ends(rest) {
            return None;
        }
        let spaced = joined && !us.units[..n].iter().any(|u| u.dotted);
        Some((man, rest, spaced))
    })
}

thread_local! {
    /// Set while [`strands`] reads the words after a capture as a move, so that the moves
    /// it reads do not look ahead in turn: each capture looks one move ahead.
    static LOOKING_AHEAD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The blanks between the words of a move.
const BLANKS: &[char] = &[' ', '\t', '\u{a0}'];

/// The words after a capture (`rest`), past its marks, open with a word that starts no
/// move (`Q 3` after `Kt x Q B`, `moves` after `P x Q Kt`).
fn strands(rest: In<'_>) -> bool {
    let after_marks = pieces::suffix(rest.trim_start_matches(BLANKS), EN).0;
    let word = after_marks.trim_start_matches(BLANKS);
    word.starts_with(char::is_alphabetic) && !LOOKING_AHEAD.get() && !starts_move(word)
}

/// A move starts `rest`, read without looking further ahead.
fn starts_move(rest: In<'_>) -> bool {
    LOOKING_AHEAD.set(true);
    let ok = full_body(rest.trim_start_matches(BLANKS)).is_ok();
    LOOKING_AHEAD.set(false);
    ok
}

pub(super) fn victim_ends(r: In<'_>) -> bool {
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
    let r = r.trim_start_matches(BLANKS);
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
pub(super) struct Need {
    /// A bare rank digit may follow the file after blanks (`K B 3`, `(Q 3)`); in compact
    /// print `R-K 2. P-Q4` is a bare file and a move number.
    pub(super) loose: bool,
    pub(super) file: bool,
    pub(super) rank: bool,
}

pub(super) const ORDINAL_WORDS: [(&str, u8); 8] = [
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
pub(super) fn square_word(i: In<'_>) -> Option<In<'_>> {
    kw(i, "square").or_else(|| kw(i, "sq").map(skip_period))
}

/// Walker's `fifth sq.`: an ordinal may be followed by `sq.`.
pub(super) fn after_ordinal(i: In<'_>) -> In<'_> {
    let i = skip_period(i);
    let (r, _) = gap(i);
    // Both square words start with `s`.
    if !matches!(r.as_bytes().first(), Some(b's' | b'S')) {
        return i;
    }
    square_word(r).unwrap_or(i)
}

pub(super) fn ordinal_suffix(i: In<'_>) -> Option<In<'_>> {
    if !matches!(i.as_bytes().first(), Some(b's' | b'n' | b'r' | b't' | b'd')) {
        return None;
    }
    ["st", "nd", "rd", "th", "d"]
        .iter()
        .find_map(|s| i.strip_prefix(s).filter(|r| pieces::at_word_end(r)))
}

/// A rank, 1 to 8: `4`, `4th`, `3d`, `2nd`, `sq.`, `square`, `third`, `fifth sq.`.
pub(super) fn rank(i: In<'_>, loose: bool) -> Res<'_, u8> {
    let (r, spaced) = gap(i);
    let b = r.as_bytes();
    if let Some(&d @ b'1'..=b'8') = b.first() {
        // `B. takes B. 1-0`, `B x B 1/2-1/2`: a digit that starts a result is no rank.
        if b.get(1).is_some_and(u8::is_ascii_digit)
            || (d == b'1' && pieces::result_number(r).is_some())
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
pub(super) fn file(i: In<'_>) -> Res<'_, (DescFile, bool)> {
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
pub(super) fn own_file(man: Man) -> Option<DescFile> {
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
pub(super) fn own_wing(man: Man) -> Option<Wing> {
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
pub(super) fn desc_square(i: In<'_>, mover: Man, need: Need) -> Res<'_, DescSquare> {
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
pub(super) fn abs_square(i: In<'_>) -> Res<'_, AbsSquare> {
    match pieces::abs_square(i) {
        Some((rest, sq)) if !rest.as_bytes().first().is_some_and(u8::is_ascii_digit) => {
            Ok((rest, sq))
        }
        _ => fail(i),
    }
}

/// An algebraic file alone, only as an origin: `Kt(g)-f3`.
pub(super) fn abs_file(i: In<'_>) -> Res<'_, AbsSquare> {
    match i.as_bytes().first() {
        Some(&f @ b'a'..=b'h') if pieces::at_word_end(&i[1..]) => Ok((
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
pub(super) fn place(i: In<'_>, mover: Man, need: Need) -> Res<'_, Place> {
    if let Ok((r, a)) = abs_square(i) {
        return Ok((r, Place::Abs(a)));
    }
    let (r, d) = desc_square(i, mover, need)?;
    Ok((r, Place::Desc(d)))
}

/// An origin: any part of a square.
pub(super) fn origin_place(i: In<'_>, mover: Man) -> Res<'_, Place> {
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
pub(super) fn parens<'a, T>(i: In<'a>, inner: impl FnOnce(In<'a>) -> Res<'a, T>) -> Res<'a, T> {
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
pub(super) fn promo_role(i: In<'_>) -> Res<'_, Role> {
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
pub(super) fn paren_promotion(i: In<'_>) -> Res<'_, Role> {
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
pub(super) fn slash_promotion(i: In<'_>) -> Res<'_, Role> {
    let (r, role) = promo_role(i)?;
    match r.as_bytes().first() {
        Some(c) if c.is_ascii_digit() || c.is_ascii_uppercase() || *c == b'\'' => fail(i),
        _ => Ok((r, role)),
    }
}

/// `queens`, `"Queens"`.
pub(super) fn queens_word(i: In<'_>) -> Option<In<'_>> {
    if let Some(r) = kw(i, "queens") {
        return Some(skip_period(r));
    }
    let r = i.strip_prefix(['"', '“'])?;
    let r = kw(r, "queens")?;
    Some(skip_period(r.strip_prefix(['"', '”'])?))
}

/// `, becoming a Queen.`, `, and becomes a Kt.`, `becomes a Queen`.
pub(super) fn becomes(i: In<'_>) -> Res<'_, Role> {
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
pub(super) fn promotion(i: In<'_>) -> Res<'_, Role> {
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

pub(super) fn promote<'a>(i: In<'a>, pm: &mut PieceMove) -> In<'a> {
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

pub(super) fn bare(man: Man, from: Option<Place>) -> PieceMove {
    PieceMove {
        man,
        from,
        capture: None,
        to: None,
        promotion: None,
        advance: None,
    }
}

pub(super) fn done(i: In<'_>, pm: PieceMove) -> Res<'_, Move> {
    Ok((i, Move::new(MoveKind::Piece(pm))))
}

/// A piece move: the mover is read longest first (`KBxP`, `QR-Q1`) and shortened when the
/// rest does not follow (`KB5`, `Q R5`).
pub(super) fn piece_move(i: In<'_>) -> Res<'_, Move> {
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
pub(super) fn after_man(i: In<'_>, man: Man) -> Res<'_, Move> {
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

pub(super) fn returns_to(i: In<'_>) -> Option<In<'_>> {
    let r = kw(i, "returns")?;
    kw(gap(r).0, "to")
}

/// The origin qualifier: `R(QR3)`, `N(3)`, `R (Q 3)`, `R/1`, `N5`, long-hand `from`.
pub(super) fn origin(i: In<'_>, mover: Man) -> (In<'_>, Option<Place>) {
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
pub(super) fn move_tail(
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
pub(super) fn capture_tail(i: In<'_>, man: Man, from: Option<Place>) -> Res<'_, Move> {
    let (r, spaced) = gap(i);
    let mut pm = bare(man, from);
    let need = Need {
        loose: spaced,
        file: true,
        rank: true,
    };
    if let Ok((r, sq)) = place(r, man, need) {
        pm.capture = Some(None);
        pm.to = Some(sq);
        let r = promote(r, &mut pm);
        return done(r, pm);
    }
    // The longest reading of the captured man, unless it strands the words after it
    // where a shorter one leaves them a whole move (`Kt x Q B Q 3` is `Kt x Q`, `B Q 3`).
    let mut first = None;
    for (v, rest, spaced) in victims(r) {
        let tail = victim_tail(rest, pm, v, man);
        match first {
            None if spaced && strands(tail.0) => first = Some(tail),
            None => return done(tail.0, tail.1),
            Some(_) if starts_move(tail.0) => return done(tail.0, tail.1),
            Some(_) => {}
        }
    }
    match first {
        Some((r, pm)) => done(r, pm),
        None => fail(i),
    }
}

/// Every reading of the capture at the start of `i` by the length of its captured man,
/// longest first, as [`capture_tail`] weighs them (`B x B P` is `B x B P` or `B x B`, the
/// `P` then starting the next move): each move with the rest after it. Empty where `i`
/// starts no capture of a named man (`B x Q 4` takes on a square).
pub(super) fn capture_readings(i: In<'_>) -> Vec<(Move, In<'_>)> {
    let us = man_units(i);
    for n in (1..=us.len).rev() {
        let Some((man, rest, _)) = us.reading(n) else {
            continue;
        };
        let (i1, from) = origin(rest, man);
        let (i2, _) = gap(i1);
        let Some(r) = capture_sign(i2).or_else(|| kw(i2, "takes")) else {
            continue;
        };
        let (r, spaced) = gap(r);
        let need = Need {
            loose: spaced,
            file: true,
            rank: true,
        };
        if place(r, man, need).is_ok() {
            return Vec::new();
        }
        let pm = bare(man, from);
        return victims(r)
            .map(|(v, rest, _)| {
                let (rest, pm) = victim_tail(rest, pm, v, man);
                (Move::new(MoveKind::Piece(pm)), rest)
            })
            .collect();
    }
    Vec::new()
}

/// After the captured man `v`: the square of the capture or the promotion.
fn victim_tail(r: In<'_>, mut pm: PieceMove, v: Man, man: Man) -> (In<'_>, PieceMove) {
    pm.capture = Some(Some(v));
    let r = match capture_place(r, man) {
        Ok((r, Extra::Square(sq))) => {
            pm.to = Some(sq);
            r
        }
        Ok((r, Extra::Promotion(role))) => {
            pm.promotion = Some(role);
            r
        }
        Err(_) => r,
    };
    (promote(r, &mut pm), pm)
}

pub(super) enum Extra {
    Square(Place),
    Promotion(Role),
}

/// `(K5)`, `(B 3)`, `/QB6`, long-hand `on K's 5th`; after a pawn, `(Q)` and `/Q` promote.
pub(super) fn capture_place(i: In<'_>, man: Man) -> Res<'_, Extra> {
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

pub(super) const VERBS: [(&str, Option<CheckMark>); 6] = [
    ("moves", None),
    ("interposes", None),
    ("advances", None),
    ("retires", None),
    ("checks", Some(CheckMark::Check)),
    ("mates", Some(CheckMark::Mate)),
];

/// Moves without a destination: `K. moves.`, `Q. checks.`, `K. P. two`, `P queens`,
/// `P. becomes a Queen.`, and a man followed by a check or mate mark (`Q ch`, `R++`).
pub(super) fn destless(i: In<'_>, man: Man) -> Res<'_, Move> {
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
    let (x, s) = pieces::suffix(i, EN);
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

pub(super) fn castled(i: In<'_>, side: Option<CastleSide>) -> Res<'_, Move> {
    Ok((i, Move::new(MoveKind::Castle(side))))
}

pub(super) fn castle_o(s: In<'_>) -> Option<In<'_>> {
    s.strip_prefix(['O', '0', 'o'])
}

/// `O-O`, `0-0-0`, `O - O`, `00`.
pub(super) fn castle_symbols(i: In<'_>) -> Res<'_, Move> {
    let Some(mut r) = castle_o(i) else {
        return fail(i);
    };
    let mut count = 1;
    while count < 3 {
        // `O-O`, `O - O`, `00`; blanks alone do not join two castling marks.
        let Ok((c, dashed)) = pieces::opt_dash(r) else {
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
pub(super) fn side_letters(i: In<'_>) -> Res<'_, CastleSide> {
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
pub(super) fn castle_on_side(i: In<'_>) -> Res<'_, CastleSide> {
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
pub(super) fn with_side_letters(i: In<'_>) -> Res<'_, CastleSide> {
    match kw(i, "with") {
        Some(r) => side_letters(gap(r).0),
        None => side_letters(i),
    }
}

/// Bare side letters after `Castles` must not be the next move's man (`Castles Q-R5`).
pub(super) fn clean_side_end(r: In<'_>) -> bool {
    match r.chars().next() {
        Some(c) if c.is_alphanumeric() || matches!(c, '×' | ':') || starts_with_dash(r) => false,
        _ => {
            let r = r.trim_start_matches(BLANKS);
            !(starts_with_dash(r) || kw_any(r, &["to", "takes"]).is_some())
        }
    }
}

/// `Castles`, `Castles KR`, `Castles (Q)`, `Castles on K's side.`, `castles queenside`.
pub(super) fn castles(i: In<'_>) -> Res<'_, Move> {
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

/// The whole grammar.
pub(super) fn full_body(i: In<'_>) -> Res<'_, Move> {
    match i.as_bytes().first() {
        Some(b'O' | b'0' | b'o') => castle_symbols(i),
        Some(b'C' | b'c') => castles(i),
        Some(b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') => piece_move(i),
        _ => fail(i),
    }
}
