//! Byte-level fast paths for the plain shapes (`P-K4`, `KtxP`, `P. to K's 4th.`,
//! `Castles.`): each reads what the full grammar reads, or declines.

use crate::ast::{
    CastleSide, DescFile, DescSquare, FileGroup, Man, Move, MoveKind, PieceMove, Place, Role, Wing,
};
use crate::pieces::{self, In};

use super::grammar::*;
use super::parts::*;

/// A single piece letter at the start of `b`: its role and length (`Kt` is two).
#[inline]
pub(super) fn fast_man(b: &[u8]) -> Option<(Role, usize)> {
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
pub(super) fn compact_mover(b: &[u8]) -> Option<(Man, usize)> {
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
pub(super) fn compact_victim(b: &[u8]) -> Option<(Man, usize)> {
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

/// The destination of a compact move after its dash (`K4`, `KB3`, `QKt5`, `R8`): the
/// square and the bytes it takes. A pawn's move to the last rank is left to the grammar,
/// which reads the promotion that may follow.
#[inline(always)]
fn compact_dest(sq: &[u8], pawn: bool) -> Option<(Place, usize)> {
    let (wing, rest) = match sq {
        [b'K', b'R' | b'N' | b'B', ..] | [b'K', b'K', b't', ..] => (Some(Wing::King), &sq[1..]),
        [b'Q', b'R' | b'N' | b'B', ..] | [b'Q', b'K', b't', ..] => (Some(Wing::Queen), &sq[1..]),
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
        // A pawn reaching the last rank may go on with its promotion: leave it to the
        // grammar.
        b'8' if pawn => return None,
        d @ b'1'..=b'8' => d - b'0',
        _ => return None,
    };
    let to = Place::Desc(DescSquare {
        file: Some(DescFile { group, wing }),
        rank: Some(rank),
        adverse: false,
    });
    Some((to, (sq.len() - rest.len()) + len + 1))
}

/// The most common compact shapes, read without backtracking: `P-K4`, `Kt-KB3`, `Q-R5`,
/// `PxP`, `BxKt`, `O-O`, `O-O-O`, each followed by a blank, a line end, `,`, `;` or the end.
/// Anything else (qualifiers, squares after captures, glued marks) goes to the full grammar,
/// which reads these shapes the same way (a test holds the two to that).
#[inline(always)]
pub(super) fn compact_fast(i: In<'_>) -> Option<(In<'_>, Move)> {
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
                    let (to, k) = compact_dest(&b[n + 1..], pawn)?;
                    (piece(man, None, Some(to)), n + 1 + k, pawn)
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
pub(super) fn long_unit(b: &[u8]) -> Option<(Letter, usize)> {
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
pub(super) fn long_man(i: In<'_>) -> Option<(Man, usize, usize)> {
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
pub(super) fn long_square(i: In<'_>) -> Option<(In<'_>, DescSquare)> {
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
            if !pieces::at_word_end(x) {
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
pub(super) fn long_fast(i: In<'_>) -> Option<(In<'_>, Move)> {
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
pub(super) fn castles_fast(i: In<'_>) -> Option<(In<'_>, Move)> {
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
            if !pieces::at_word_end(&i[19..]) {
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
