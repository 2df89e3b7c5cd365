//! The full grammar of English descriptive moves, built on its parts (`parts`): captured
//! men, piece moves, captures, moves without a destination, castling, and the whole body.

use crate::ast::{CastleSide, CheckMark, DescSquare, Man, Move, MoveKind, PieceMove, Place, Role};
use crate::pieces::{self, In, Res};

use super::parts::*;

// ---------------------------------------------------------------------------------------------
// Captured men
// ---------------------------------------------------------------------------------------------

/// The readings of the captured man, longest first. A reading joined across blanks (`B x
/// B P`, `KRx Q Kt`) must end the move, so that `QxQ B-K3` keeps its `B` for the next
/// move. `(man, rest, joined)`, where `joined` is true for a reading joined across
/// blanks in spaced print (`Q B`, not long hand's `Q. B.`).
fn victims(i: In<'_>) -> impl Iterator<Item = (Man, In<'_>, bool)> {
    let us = man_units(pawn_adjective(i).unwrap_or(i));
    (1..=us.len).rev().filter_map(move |n| {
        let (man, rest, joined) = us.reading(n)?;
        if joined && !victim_ends(rest) {
            return None;
        }
        let spaced = joined && !us.units[..n].iter().any(|u| u.dotted);
        Some((man, rest, spaced))
    })
}

/// The words a book sets before a captured pawn, `Q. takes doubled P.`, `B x isolated P`:
/// what is left to read after the word and its blank.
fn pawn_adjective(i: In<'_>) -> Option<In<'_>> {
    let first = *i.as_bytes().first()?;
    if !matches!(first, b'd' | b'i' | b'p' | b'a' | b'b') {
        return None;
    }
    let r = kw_any(
        i,
        &["doubled", "isolated", "passed", "advanced", "backward"],
    )?;
    let (r, spaced) = gap(r);
    (spaced && r.starts_with('P')).then_some(r)
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
    if crate::pieces::colon_mark(r) {
        return true;
    }
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
    !(next_origin || r.starts_with('X') || goes_on(r))
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
    // The King with `to` run on into it (`KtoB1`), which the units read as `Kt`.
    if let Some(rest) = i.strip_prefix('K')
        && rest.starts_with("to")
        && let Ok(ok) = after_man(rest, Man::plain(Role::King))
    {
        return Ok(ok);
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
    if let Some(r) = fused_to(i2, spaced) {
        return move_tail(r, man, from, true, false);
    }
    if from.is_none()
        && let Ok(ok) = destless(i1, man)
    {
        return Ok(ok);
    }
    // The dash lost in print or OCR: `P K 4`, `PK4`. The square needs its rank then.
    move_tail(i2, man, from, spaced, true)
}

/// `to` run on into the words around it, as print and OCR lose the blanks of `P to K4`:
/// `PtoK4`, `KKttoB3`, `P toQB4`, `KKtto B3`. After the man, `to` read with no blank
/// before it, or with a capital (a square's first letter) glued after it; the square
/// follows (past a blank, if any). A word spaced right (`P to K4`) is read by the keyword
/// before this is asked.
fn fused_to(i: In<'_>, spaced: bool) -> Option<In<'_>> {
    let r = i.strip_prefix("to")?;
    match r.as_bytes().first()? {
        c if c.is_ascii_uppercase() => Some(r),
        b' ' if !spaced => Some(gap(r).0),
        _ => None,
    }
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
    if !pieces::castling_links_fit(&i[..i.len() - r.len()]) {
        return fail(i);
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
