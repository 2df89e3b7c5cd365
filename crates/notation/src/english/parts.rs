//! The parts of an English descriptive move, read by the grammar (`grammar`) and the fast
//! paths (`fast`): lexical helpers, units, men, squares and promotions.

use crate::ast::{AbsSquare, DescFile, DescSquare, FileGroup, Man, PieceMove, Place, Role, Wing};
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
    pub(super) fn reading(&self, n: usize) -> Option<(Man, In<'a>, bool)> {
        let man = man_of(&self.units[..n])?;
        let joined = self.gaps[1..n].iter().any(|g| *g);
        Some((man, self.rests[n - 1], joined))
    }
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
                || gap(r3).0.starts_with(')')
                || ends_move(r3, u2.dotted);
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

/// Nothing of a move follows: a line end, a stop, a comma, a note or the next game's
/// result. `P to Q B` with its rank lost in print ends so. `dotted`: the file's last letter
/// took its period (`Q B.`), so a next word that goes on no move (`Kt`, not `to`) ends it.
fn ends_move(r: In<'_>, dotted: bool) -> bool {
    let stop = dotted || r.starts_with('.');
    let r = r.strip_prefix('.').unwrap_or(r);
    let t = r.trim_start_matches([' ', '\t']);
    t.is_empty()
        || t.starts_with(['\n', '\r', ',', ';', '*', '(', '{', '['])
        || (stop && t.len() < r.len() && !goes_on(t))
}

/// The words `t` go on with a move's next part: a dash, a capture sign, `to` or `takes`.
pub(super) fn goes_on(t: In<'_>) -> bool {
    starts_with_dash(t)
        || t.starts_with(['x', '×', ':'])
        || kw(t, "takes").is_some()
        || kw(t, "to").is_some()
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

/// A parenthesised man promotes only a pawn that may reach the last rank: after `P-KKt4`,
/// `(N)` is the book's note mark, not a knight.
fn may_reach_last_rank(to: Option<Place>) -> bool {
    match to {
        Some(Place::Desc(DescSquare {
            rank: Some(rank),
            adverse,
            ..
        })) => rank == if adverse { 1 } else { 8 },
        Some(Place::Abs(AbsSquare {
            rank: Some(rank), ..
        })) => rank == 0 || rank == 7,
        _ => true,
    }
}

pub(super) fn promote<'a>(i: In<'a>, pm: &mut PieceMove) -> In<'a> {
    if pm.man.role == Role::Pawn
        && pm.promotion.is_none()
        && (may_reach_last_rank(pm.to) || !gap(i).0.starts_with('('))
        && let Ok((r, role)) = promotion(i)
    {
        pm.promotion = Some(role);
        return r;
    }
    i
}
