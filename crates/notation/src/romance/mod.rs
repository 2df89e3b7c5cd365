//! Descriptive notation of the Romance languages: Spanish, Portuguese, French, Italian and
//! Catalan (reference §3 and §4).
//!
//! Letters come from [`romance_letters`]: Es/It/Ca `P C A T D R`, Pt `P C B T D R`,
//! Fr `P C F T D R`. The wing letters `R` (king's side) and `D` (queen's side) follow the
//! group letter: `AR`, `TD`, `CR`. Files, left to right: `TD CD AD D R AR CR TR`.
//!
//! # Grammar
//!
//! ```text
//! move       = castle | castle-word | piece-move
//! castle     = O sep O [sep O]          O = `O` | `0` | `o`; sep = [spaces] dash [spaces] | nothing
//! piece-move = man gap ( "(" square ")" [dash] rest-after-origin     Catalan `C(1)2R`
//!                      | capture                                    `CXA`, `P pr PD`
//!                      | [dash] square [ capture | dash square ] )   `P4R`, `T1xP`, `C3A-2D`
//!              [promotion]
//! man        = letter [wing]  (knight, bishop, rook) | `P` [file] | queen | king
//! gap        = [`.`] [spaces]                        French `P.4D`, `C. 3FR`, `D 4 FR`
//! capture    = (`x` | `X` | `×` | `:` | French `pr`) [man] [dest]
//! square     = rank [file]            rank first, after a piece or a dash (`4R`, `3AR`, `1`)
//!            | file [rank]            file first, only after a dash (Italian `T-AD3`)
//!            | a-h 1-8                algebraic square, only after a dash or inside `( )`
//! promotion  = `=` X | `/` X | `(` X `)` | `:` X  (`:` only for a pawn, after a capture or
//!              on the 8th rank: `PxC:D`, `P8D:D`)
//! ```
//!
//! The overloaded `R` and `D` are resolved by position alone: first letter = king or queen;
//! right after a knight, bishop or rook letter = wing; after `P` = the pawn's file; at the end
//! of a square = the king's or queen's file, or the wing after a paired file letter.
//!
//! # Decisions
//!
//! - `P8CD` is a pawn to the 8th rank of the queen's-knight file: a promotion piece is only
//!   read after `=`, `/`, `:` or inside parentheses (`P8C=D`, `P8C/D`, `P8C(D)`).
//! - A file-first square is read after a dash in every language, so Spanish `P-R4` is pawn
//!   to king's 4th (the `R` there can only be a file). Italian books print that order.
//! - Spaces between the piece and the rank (`D 4 FR`) need a file after the rank, so `D 4.`
//!   followed by a move number is not read as a move. An origin needs a dash before its
//!   destination (`C3-2D`) unless it is in parentheses (`C(1)2R`).
//! - `:` after the piece is a capture; `:` plus a piece letter after a captured man or after
//!   an 8th-rank destination of a pawn is a promotion.
//! - The Spanish 19th-century hybrid `ar-c4`, `cd-c3`, `a-c4` (lowercase names, algebraic
//!   squares) is read in Spanish; the numeric `f-34` is not.
//! - Castling without a side: `enroque`, `enroc`, `roque`, `arrocco`.
//!
//! # Writer
//!
//! Compact rank-first (`C3AR`, `CxA`, `TR1D`, `C3-2D`, `C3A-2D`, `P8C=D`, `O-O`); Italian
//! file-first with a hyphen (`T-AD3`, origin in parentheses: `C(AR3)-D2`); Catalan origins
//! in parentheses too (`C(1)2R`). Mate is `#`
//! (Portuguese `++`, French `≠`), en passant ` a.p.` (French ` e.p.`). Squares counted from
//! the other side (`adverse`) are written from the mover's side (rank `9 - n`); algebraic
//! squares are written as a hybrid: destination `C-f3`, origin `C(g1)-f3`.

use std::fmt::Write as _;

use nom::Parser;
use nom::combinator::opt;

use crate::ast::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, FileGroup, Man, Move, MoveKind,
    PieceMove, Place, Role, Wing,
};
use crate::dialect::{DescLang, group_role, role_group, romance_letters};
use crate::pieces::{self, In, Res, at_word_end, hs};
use crate::style::Style;

/// The piece letters of one language, as ASCII bytes, indexed like [`Role::ALL`].
#[derive(Clone, Copy)]
struct Letters([u8; 6]);

impl Letters {
    fn new(lang: DescLang) -> Letters {
        Letters(romance_letters(lang).map(|c| c as u8))
    }

    fn role(self, b: u8) -> Option<Role> {
        self.0.iter().position(|&x| x == b).map(|k| Role::ALL[k])
    }

    fn letter(self, r: Role) -> char {
        char::from(self.0[r as usize])
    }

    fn group(self, b: u8) -> Option<FileGroup> {
        self.role(b).and_then(role_group)
    }

    fn group_letter(self, g: FileGroup) -> char {
        self.letter(group_role(g))
    }
}

fn fail<T>(i: In<'_>) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Fail,
    )))
}

fn peek(i: In<'_>) -> Option<u8> {
    i.as_bytes().first().copied()
}

/// Skips one ASCII byte; callers have checked it.
fn skip1(i: In<'_>) -> In<'_> {
    &i[1..]
}

/// `R` (king's side) or `D` (queen's side).
fn wing(i: In<'_>) -> Res<'_, Wing> {
    match peek(i) {
        Some(b'R') => Ok((skip1(i), Wing::King)),
        Some(b'D') => Ok((skip1(i), Wing::Queen)),
        _ => fail(i),
    }
}

/// A file: a group letter, then a wing letter for the paired groups (`AR`, `TD`, `C`, `D`).
fn desc_file(l: Letters, i: In<'_>) -> Res<'_, DescFile> {
    let Some(group) = peek(i).and_then(|b| l.group(b)) else {
        return fail(i);
    };
    let i = skip1(i);
    if group.is_paired() {
        let (i, wing) = opt(wing).parse(i)?;
        return Ok((i, DescFile { group, wing }));
    }
    Ok((i, DescFile { group, wing: None }))
}

/// A rank digit 1–8 not followed by another digit.
fn rank(i: In<'_>) -> Res<'_, u8> {
    match i.as_bytes() {
        [d @ b'1'..=b'8', rest @ ..] if !rest.first().is_some_and(u8::is_ascii_digit) => {
            Ok((skip1(i), d - b'0'))
        }
        _ => fail(i),
    }
}

/// Rank first, file optional: `4R`, `3AR`, `1`, French `4 FR` (a spaced file must end a word).
fn rank_first(l: Letters, i: In<'_>) -> Res<'_, DescSquare> {
    let (i, r) = rank(i)?;
    let sq = |file| DescSquare {
        file,
        rank: Some(r),
        adverse: false,
    };
    if let Ok((j, f)) = desc_file(l, i) {
        return Ok((j, sq(Some(f))));
    }
    let j = spaces(i);
    if j.len() < i.len()
        && let Ok((k, f)) = desc_file(l, j)
        && at_word_end(k)
    {
        return Ok((k, sq(Some(f))));
    }
    Ok((i, sq(None)))
}

/// File first, rank optional: Italian `AD3`, `R`.
fn file_first(l: Letters, i: In<'_>) -> Res<'_, DescSquare> {
    let (i, f) = desc_file(l, i)?;
    let (i, r) = opt(rank).parse(i)?;
    Ok((
        i,
        DescSquare {
            file: Some(f),
            rank: r,
            adverse: false,
        },
    ))
}

/// A full algebraic square, `c4`.
fn abs_square(i: In<'_>) -> Res<'_, AbsSquare> {
    match pieces::abs_square(i) {
        Some((rest, sq))
            if !rest
                .as_bytes()
                .first()
                .is_some_and(u8::is_ascii_alphanumeric) =>
        {
            Ok((rest, sq))
        }
        _ => fail(i),
    }
}

/// Any kind of square, chosen by its first byte (after a dash or inside parentheses).
fn any_square(l: Letters, i: In<'_>) -> Res<'_, Place> {
    match peek(i) {
        Some(b'1'..=b'8') => rank_first(l, i).map(|(r, s)| (r, Place::Desc(s))),
        Some(b'a'..=b'h') => abs_square(i).map(|(r, s)| (r, Place::Abs(s))),
        _ => file_first(l, i).map(|(r, s)| (r, Place::Desc(s))),
    }
}

/// `(1)`, `(3A)`, `(AR3)`, `(g1)`.
fn paren_square(l: Letters, i: In<'_>) -> Res<'_, Place> {
    let Some(j) = i.strip_prefix('(') else {
        return fail(i);
    };
    let (j, ()) = hs(j)?;
    let (j, p) = any_square(l, j)?;
    let (j, ()) = hs(j)?;
    match j.strip_prefix(')') {
        Some(k) => Ok((k, p)),
        None => fail(i),
    }
}

/// Spaces and tabs, checked on the first byte before calling [`pieces::hs`].
fn spaces(i: In<'_>) -> In<'_> {
    match peek(i) {
        Some(b' ' | b'\t' | 0xC2) => hs(i).map_or(i, |(r, ())| r),
        _ => i,
    }
}

/// A dash, checked on the first byte before calling [`pieces::dash`] (the others are `E2 ..`).
fn dash(i: In<'_>) -> Res<'_, ()> {
    match peek(i) {
        Some(b'-') => Ok((skip1(i), ())),
        Some(0xE2) => pieces::dash(i),
        _ => fail(i),
    }
}

/// A dash with optional spaces around it; fails without a dash.
fn spaced_dash(i: In<'_>) -> Res<'_, ()> {
    let (j, ()) = dash(spaces(i))?;
    Ok((spaces(j), ()))
}

/// A man: `C`, `CR`, `TD`, `P`, `PR`, `PAR`, `D`, `R`.
fn man(l: Letters, i: In<'_>) -> Res<'_, Man> {
    let Some(role) = peek(i).and_then(|b| l.role(b)) else {
        return fail(i);
    };
    let i = skip1(i);
    match role {
        Role::Pawn => match desc_file(l, i) {
            Ok((j, f)) => Ok((
                j,
                Man {
                    role,
                    wing: f.wing,
                    file: Some(f.group),
                },
            )),
            Err(_) => Ok((i, Man::plain(role))),
        },
        Role::Knight | Role::Bishop | Role::Rook => {
            let (i, wing) = opt(wing).parse(i)?;
            Ok((
                i,
                Man {
                    role,
                    wing,
                    file: None,
                },
            ))
        }
        Role::Queen | Role::King => Ok((i, Man::plain(role))),
    }
}

/// After the man: an optional period and spaces. Returns whether spaces were read.
fn gap(i: In<'_>) -> (In<'_>, bool) {
    let j = i.strip_prefix('.').unwrap_or(i);
    let k = j.trim_start_matches([' ', '\t', '\u{a0}']);
    (k, k.len() < j.len())
}

/// A capture sign: `x`, `X`, `×`, `:` (the first byte is checked before [`pieces::capture_sign`]).
fn capture_sign(i: In<'_>) -> Res<'_, ()> {
    match peek(i) {
        Some(b'x' | b'X' | b':') => Ok((skip1(i), ())),
        Some(0xC3) => pieces::capture_sign(i),
        _ => fail(i),
    }
}

/// French `pr` / `prend` (with an optional period), which needs spaces around it.
fn takes_word(i: In<'_>) -> Res<'_, ()> {
    for w in ["prend", "pr"] {
        if let Some(r) = i.strip_prefix(w) {
            let r = r.strip_prefix('.').unwrap_or(r);
            if r.starts_with([' ', '\t', '\u{a0}']) {
                return hs(r);
            }
        }
    }
    fail(i)
}

/// A promoted piece letter ending a word.
fn promo_letter(l: Letters, i: In<'_>) -> Res<'_, Role> {
    match peek(i).and_then(|b| l.role(b)) {
        Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen))
            if at_word_end(skip1(i)) || i[1..].starts_with(')') =>
        {
            Ok((skip1(i), r))
        }
        _ => fail(i),
    }
}

/// `=D`, `/D`, `(D)`, and `:D` when `colon` allows it.
fn promotion(l: Letters, i: In<'_>, colon: bool) -> Res<'_, Role> {
    match peek(i) {
        Some(b'=' | b'/') => promo_letter(l, skip1(i)),
        Some(b':') if colon => promo_letter(l, skip1(i)),
        Some(b'(') => {
            let (j, r) = promo_letter(l, skip1(i))?;
            match j.strip_prefix(')') {
                Some(k) => Ok((k, r)),
                None => fail(i),
            }
        }
        _ => fail(i),
    }
}

/// Reads an optional promotion into `pm`.
fn finish<'a>(l: Letters, mut pm: PieceMove, i: In<'a>, colon: bool) -> Res<'a, Move> {
    let mut i = i;
    if let Ok((j, r)) = promotion(l, i, colon) {
        pm.promotion = Some(r);
        i = j;
    }
    Ok((i, Move::new(MoveKind::Piece(pm))))
}

/// After a capture sign: the captured man, then an optional destination.
fn capture_tail<'a>(l: Letters, mut pm: PieceMove, i: In<'a>, spaced: bool) -> Res<'a, Move> {
    let i = if spaced { spaces(i) } else { i };
    let (i, victim) = opt(|x| man(l, x)).parse(i)?;
    pm.capture = Some(victim);
    let pawn = pm.man.role == Role::Pawn;
    let (i, to) = match peek(i) {
        Some(b'1'..=b'8') => {
            let (j, s) = rank_first(l, i)?;
            (j, Some(Place::Desc(s)))
        }
        Some(b'(') if !(pawn && promotion(l, i, false).is_ok()) => {
            let (j, p) = paren_square(l, i)?;
            (j, Some(p))
        }
        _ => match dash(i) {
            Ok((j, ())) => {
                let (j, p) = any_square(l, j)?;
                (j, Some(p))
            }
            Err(_) => (i, None),
        },
    };
    if victim.is_none() && to.is_none() {
        return fail(i);
    }
    pm.to = to;
    finish(l, pm, i, pawn)
}

fn is_rank8(p: &Place) -> bool {
    matches!(
        p,
        Place::Desc(DescSquare { rank: Some(8), .. }) | Place::Abs(AbsSquare { rank: Some(7), .. })
    )
}

/// After a first square: it is the origin when a capture or a dashed square follows.
fn after_square<'a>(l: Letters, mut pm: PieceMove, i: In<'a>, first: Place) -> Res<'a, Move> {
    let pawn = pm.man.role == Role::Pawn;
    if pawn && is_rank8(&first) && i.starts_with(':') && promotion(l, i, true).is_ok() {
        pm.to = Some(first);
        return finish(l, pm, i, true);
    }
    if let Ok((j, ())) = capture_sign(i) {
        pm.from = Some(first);
        return capture_tail(l, pm, j, false);
    }
    if let Ok((j, ())) = spaced_dash(i)
        && let Ok((k, second)) = any_square(l, j)
    {
        pm.from = Some(first);
        pm.to = Some(second);
        return finish(l, pm, k, pawn);
    }
    pm.to = Some(first);
    finish(l, pm, i, pawn)
}

/// After a parenthesised origin: `C(1)2R`, `C(AR3)-D2`, `T(1)xP`.
fn after_origin<'a>(l: Letters, mut pm: PieceMove, i: In<'a>) -> Res<'a, Move> {
    if let Ok((j, ())) = capture_sign(i) {
        return capture_tail(l, pm, j, false);
    }
    let (j, dashed) = pieces::opt_dash(i)?;
    let (j, to) = match dashed {
        true => any_square(l, j)?,
        false => {
            let (j, s) = rank_first(l, i)?;
            (j, Place::Desc(s))
        }
    };
    pm.to = Some(to);
    let pawn = pm.man.role == Role::Pawn;
    finish(l, pm, j, pawn)
}

fn piece_move(l: Letters, lang: DescLang, i: In<'_>) -> Res<'_, Move> {
    let (i, man) = man(l, i)?;
    let pm = PieceMove {
        man,
        from: None,
        capture: None,
        to: None,
        promotion: None,
        advance: None,
    };
    let (j, spaced) = gap(i);
    if j.starts_with('(') {
        let (k, from) = paren_square(l, j)?;
        let pm = PieceMove {
            from: Some(from),
            ..pm
        };
        return after_origin(l, pm, k);
    }
    if let Ok((k, ())) = capture_sign(j) {
        return capture_tail(l, pm, k, spaced);
    }
    if spaced
        && lang == DescLang::Fr
        && let Ok((k, ())) = takes_word(j)
    {
        return capture_tail(l, pm, k, true);
    }
    let (k, first) = match dash(j) {
        Ok((k, ())) => any_square(l, spaces(k))?,
        Err(_) => {
            let (k, s) = rank_first(l, j)?;
            if spaced && s.file.is_none() {
                return fail(j);
            }
            (k, Place::Desc(s))
        }
    };
    after_square(l, pm, k, first)
}

/// Castling: `O-O`, `0-0-0`, `0 — 0`, `00`, `000`.
fn castle(i: In<'_>) -> Res<'_, Move> {
    fn o(i: In<'_>) -> Res<'_, ()> {
        match peek(i) {
            Some(b'O' | b'0' | b'o') => Ok((skip1(i), ())),
            _ => fail(i),
        }
    }
    let start = i;
    let (mut i, ()) = o(i)?;
    let mut count = 1;
    while count < 3 {
        if let Ok((j, ())) = o(i) {
            i = j;
        } else if let Ok((j, ())) = spaced_dash(i)
            && let Ok((k, ())) = o(j)
        {
            i = k;
        } else {
            break;
        }
        count += 1;
    }
    if count < 2 || !at_word_end(i) || !pieces::castling_links_fit(&start[..start.len() - i.len()])
    {
        return fail(i);
    }
    let side = if count == 2 {
        CastleSide::King
    } else {
        CastleSide::Queen
    };
    Ok((i, Move::new(MoveKind::Castle(Some(side)))))
}

/// The words for castling, one per language, read in every language.
const CASTLE_WORDS: [&str; 4] = ["enroque", "enroc", "roque", "arrocco"];

fn castle_word(i: In<'_>) -> Res<'_, Move> {
    for &w in &CASTLE_WORDS {
        if i.len() >= w.len() && i.is_char_boundary(w.len()) && i[..w.len()].eq_ignore_ascii_case(w)
        {
            let r = &i[w.len()..];
            if at_word_end(r) {
                return Ok((r, Move::new(MoveKind::Castle(None))));
            }
        }
    }
    fail(i)
}

/// The Spanish 19th-century hybrid: `ar-c4`, `cd-c3`, `a-c4`.
fn hybrid(l: Letters, i: In<'_>) -> Res<'_, Move> {
    let Some(role) = peek(i)
        .filter(u8::is_ascii_lowercase)
        .and_then(|b| l.role(b.to_ascii_uppercase()))
    else {
        return fail(i);
    };
    let mut j = skip1(i);
    let mut wing = None;
    if matches!(role, Role::Knight | Role::Bishop | Role::Rook) {
        match peek(j) {
            Some(b'r') => wing = Some(Wing::King),
            Some(b'd') => wing = Some(Wing::Queen),
            _ => {}
        }
        if wing.is_some() {
            j = skip1(j);
        }
    }
    let (j, ()) = dash(j)?;
    let (j, to) = abs_square(j)?;
    let pm = PieceMove {
        man: Man {
            role,
            wing,
            file: None,
        },
        from: None,
        capture: None,
        to: Some(Place::Abs(to)),
        promotion: None,
        advance: None,
    };
    Ok((j, Move::new(MoveKind::Piece(pm))))
}

/// Reads one Romance descriptive move body; suffix marks are left to [`pieces::suffix`].
#[inline(always)]
pub(crate) fn move_body(lang: DescLang, i: In<'_>) -> Res<'_, Move> {
    if let Some(fast) = rank_first_fast(lang, i) {
        return Ok(fast);
    }
    full_body(lang, i)
}

/// The most common rank-first shapes, read without backtracking: `P4R`, `C3AR`, `R1T`,
/// `D2D`, `CXA`, `AxP`, `O-O`, `0-0-0`, each followed by a blank, a line end, `,`, `;`,
/// `+`, `#` or the end. Anything else goes to the full grammar, which reads these shapes
/// the same way (a test holds the two to that). Italian prints file first: not here.
#[inline(always)]
fn rank_first_fast(lang: DescLang, i: In<'_>) -> Option<(In<'_>, Move)> {
    if lang == DescLang::It {
        return None;
    }
    let l = Letters::new(lang);
    let b = i.as_bytes();
    let piece = |role, capture, to| {
        Move::new(MoveKind::Piece(PieceMove {
            man: Man::plain(role),
            from: None,
            capture,
            to,
            promotion: None,
            advance: None,
        }))
    };
    let (mv, n) = match b {
        [c @ (b'O' | b'0'), b'-', d, b'-', e, ..] if c == d && d == e => {
            (Move::new(MoveKind::Castle(Some(CastleSide::Queen))), 5)
        }
        [c @ (b'O' | b'0'), b'-', d, ..] if c == d => {
            (Move::new(MoveKind::Castle(Some(CastleSide::King))), 3)
        }
        [m, d @ b'1'..=b'8', f, rest @ ..] => {
            let role = l.role(*m)?;
            let (group, wing) = match l.group(*f)? {
                g if g.is_paired() => {
                    let wing = match rest.first() {
                        Some(&w) if w == l.0[Role::King as usize] => Some(Wing::King),
                        Some(&w) if w == l.0[Role::Queen as usize] => Some(Wing::Queen),
                        _ => None,
                    };
                    (g, wing)
                }
                g => (g, None),
            };
            let to = Place::Desc(DescSquare {
                file: Some(DescFile { group, wing }),
                rank: Some(d - b'0'),
                adverse: false,
            });
            (piece(role, None, Some(to)), 3 + usize::from(wing.is_some()))
        }
        [m, b'x' | b'X', ..] => {
            // The victim as the grammar reads it: `P`, `PD`, `PAR`, `CR`, `A`.
            let role = l.role(*m)?;
            let (r, victim) = man(l, &i[2..]).ok()?;
            (piece(role, Some(Some(victim)), None), i.len() - r.len())
        }
        _ => return None,
    };
    match b.get(n) {
        None | Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b';' | b'+' | b'#') => {
            Some((&i[n..], mv))
        }
        _ => None,
    }
}

/// The whole grammar.
fn full_body(lang: DescLang, i: In<'_>) -> Res<'_, Move> {
    let l = Letters::new(lang);
    let b = match peek(i) {
        Some(b) => b,
        None => return fail(i),
    };
    if matches!(b, b'O' | b'0' | b'o')
        && let Ok(r) = castle(i)
    {
        return Ok(r);
    }
    // A castling word: the second letter is lowercase (`Enroque`, `roque`).
    if i.as_bytes().get(1).is_some_and(u8::is_ascii_lowercase)
        && let Ok(r) = castle_word(i)
    {
        return Ok(r);
    }
    if b.is_ascii_uppercase() {
        piece_move(l, lang, i)
    } else if lang == DescLang::Es {
        hybrid(l, i)
    } else {
        fail(i)
    }
}

// ---------------------------------------------------------------------------------------
// Writer

fn push_rank(r: u8, adverse: bool, out: &mut String) {
    let r = if adverse && (1..=8).contains(&r) {
        9 - r
    } else {
        r
    };
    if (1..=8).contains(&r) {
        out.push(char::from(b'0' + r));
    } else {
        let _ = write!(out, "{r}");
    }
}

fn push_file(l: Letters, f: DescFile, out: &mut String) {
    out.push(l.group_letter(f.group));
    if f.group.is_paired() {
        push_wing(f.wing, out);
    }
}

fn push_wing(w: Option<Wing>, out: &mut String) {
    match w {
        Some(Wing::King) => out.push('R'),
        Some(Wing::Queen) => out.push('D'),
        None => {}
    }
}

fn push_rank_first(l: Letters, sq: &DescSquare, out: &mut String) {
    if let Some(r) = sq.rank {
        push_rank(r, sq.adverse, out);
    }
    if let Some(f) = sq.file {
        push_file(l, f, out);
    }
}

fn push_file_first(l: Letters, sq: &DescSquare, out: &mut String) {
    if let Some(f) = sq.file {
        push_file(l, f, out);
    }
    if let Some(r) = sq.rank {
        push_rank(r, sq.adverse, out);
    }
}

fn push_abs(a: &AbsSquare, out: &mut String) {
    if let Some(f) = a.file {
        out.push(char::from(b'a'.saturating_add(f.min(25))));
    }
    if let Some(r) = a.rank {
        let _ = write!(out, "{}", u16::from(r) + 1);
    }
}

fn push_man(l: Letters, m: &Man, out: &mut String) {
    out.push(l.letter(m.role));
    match m.role {
        Role::Pawn => {
            if let Some(g) = m.file {
                out.push(l.group_letter(g));
                if g.is_paired() {
                    push_wing(m.wing, out);
                }
            }
        }
        Role::Knight | Role::Bishop | Role::Rook => push_wing(m.wing, out),
        Role::Queen | Role::King => {}
    }
}

/// Writes a destination. `dash` asks for a dash before a rank-first square (after a
/// rank-first origin).
fn push_dest(l: Letters, italian: bool, to: &Place, dash: bool, out: &mut String) {
    match to {
        Place::Desc(sq) => {
            if sq.file.is_some() && (italian || sq.rank.is_none()) {
                out.push('-');
                push_file_first(l, sq, out);
            } else if sq.rank.is_some() {
                if dash {
                    out.push('-');
                }
                push_rank_first(l, sq, out);
            }
        }
        Place::Abs(a) => {
            out.push('-');
            push_abs(a, out);
        }
    }
}

fn push_piece(l: Letters, lang: DescLang, p: &PieceMove, out: &mut String) {
    let italian = lang == DescLang::It;
    // Catalan and Italian books put the origin in parentheses: `C(1)2R`, `C(AR3)-D2`.
    let parens = italian || lang == DescLang::Ca;
    push_man(l, &p.man, out);
    let mut open_origin = false;
    match &p.from {
        None => {}
        Some(Place::Desc(sq)) if !parens && sq.rank.is_some() => {
            push_rank_first(l, sq, out);
            open_origin = true;
        }
        Some(Place::Desc(sq)) if sq.rank.is_some() || sq.file.is_some() => {
            out.push('(');
            if italian {
                push_file_first(l, sq, out);
            } else {
                push_rank_first(l, sq, out);
            }
            out.push(')');
        }
        // An empty origin says nothing.
        Some(Place::Desc(_)) => {}
        Some(Place::Abs(a)) => {
            out.push('(');
            push_abs(a, out);
            out.push(')');
        }
    }
    if let Some(victim) = p.capture {
        out.push('x');
        if let Some(m) = victim {
            push_man(l, &m, out);
        }
        if let Some(to) = &p.to {
            push_dest(l, italian, to, false, out);
        }
    } else if let Some(to) = &p.to {
        push_dest(l, italian, to, open_origin, out);
    }
    if let Some(r) = p.promotion {
        out.push('=');
        out.push(l.letter(r));
    }
}

/// Writes `mv` in the compact form of `lang` (`style` has no Romance variants).
pub(crate) fn write(lang: DescLang, mv: &Move, _style: Style, out: &mut String) {
    let l = Letters::new(lang);
    match &mv.kind {
        MoveKind::Castle(Some(CastleSide::King)) => out.push_str("O-O"),
        MoveKind::Castle(Some(CastleSide::Queen)) => out.push_str("O-O-O"),
        MoveKind::Castle(None) => out.push_str(match lang {
            DescLang::Ca => "enroc",
            DescLang::Pt | DescLang::Fr => "roque",
            DescLang::It => "arrocco",
            DescLang::Es | DescLang::En => "enroque",
        }),
        MoveKind::Piece(p) => push_piece(l, lang, p, out),
    }
    match mv.check {
        None => {}
        Some(CheckMark::Check) => out.push('+'),
        Some(CheckMark::Discovered) => out.push_str(" dis. ch."),
        Some(CheckMark::Double) => out.push_str(" dbl. ch."),
        Some(CheckMark::Mate) => out.push_str(match lang {
            DescLang::Pt => "++",
            DescLang::Fr => "≠",
            _ => "#",
        }),
    }
    if mv.en_passant {
        out.push_str(if lang == DescLang::Fr {
            " e.p."
        } else {
            " a.p."
        });
    }
    if let Some(n) = mv.nag {
        crate::pieces::write_nag(n, out);
    }
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;

    /// Every string the fast path reads, the full grammar reads the same way, in every
    /// rank-first language; and the fast path does read the plain shapes it is for.
    #[test]
    fn the_rank_first_fast_path_agrees_with_the_full_grammar() {
        let tails = [
            "", " ", "\n", ",", "+", "#", "++", " a.p.", "=D", "(D)", "/D", ":D", "x", "-2D", "3",
            "A", " P4R", "!", "?", ".",
        ];
        let mut read = 0;
        for lang in [DescLang::Es, DescLang::Pt, DescLang::Fr, DescLang::Ca] {
            let letters: Vec<char> = romance_letters(lang).into();
            let mut bodies: Vec<String> = ["O-O", "O-O-O", "0-0", "0-0-0", "O-0", "o-o"]
                .map(String::from)
                .into();
            for &m in &letters {
                for d in ['0', '1', '4', '8', '9'] {
                    for &f in &letters {
                        for w in ["", "R", "D", "C"] {
                            bodies.push(format!("{m}{d}{f}{w}"));
                        }
                    }
                }
                for &v in &letters {
                    bodies.push(format!("{m}x{v}"));
                    bodies.push(format!("{m}X{v}"));
                    for &f in &letters {
                        for w in ["", "R", "D", "C"] {
                            bodies.push(format!("{m}x{v}{f}{w}"));
                        }
                    }
                }
            }
            for body in &bodies {
                for tail in tails {
                    let text = format!("{body}{tail}");
                    if let Some((rest, fast)) = rank_first_fast(lang, &text) {
                        read += 1;
                        let full = full_body(lang, &text).map(|(r, m)| (r.len(), m));
                        assert_eq!(full, Ok((rest.len(), fast)), "{lang:?} {text:?}");
                    }
                }
            }
        }
        assert!(rank_first_fast(DescLang::Es, "P4R ").is_some());
        assert!(rank_first_fast(DescLang::Es, "C3AR\n").is_some());
        assert!(rank_first_fast(DescLang::Es, "CXA+").is_some());
        assert!(rank_first_fast(DescLang::Es, "CxPD ").is_some());
        assert!(rank_first_fast(DescLang::Es, "DxPAR+").is_some());
        assert!(read > 3000, "the fast path reads the common shapes: {read}");
    }
}

#[cfg(test)]
mod tests;
