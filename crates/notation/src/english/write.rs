//! The writers: a move in compact, spaced or long-hand English descriptive.

use std::fmt::Write as _;

use crate::ast::{
    AbsSquare, CastleSide, CheckMark, DescSquare, FileGroup, Man, Move, MoveKind, Place, Role, Wing,
};
use crate::style::{Form, KnightLetter, Style};

pub(super) fn role_letter(role: Role, k: KnightLetter) -> &'static str {
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

pub(super) fn group_letter(g: FileGroup, k: KnightLetter) -> &'static str {
    role_letter(crate::dialect::group_role(g), k)
}

pub(super) fn wing_letter(w: Wing) -> &'static str {
    match w {
        Wing::King => "K",
        Wing::Queen => "Q",
    }
}

pub(super) fn role_word(role: Role) -> &'static str {
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
pub(super) fn push_advance_word(n: u8, out: &mut String) {
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
pub(super) fn man_parts(m: &Man, k: KnightLetter) -> ([&'static str; 3], usize) {
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

pub(super) fn write_abs(a: &AbsSquare, out: &mut String) {
    match a.file {
        Some(f) if f < 8 => out.push(char::from(b'a' + f)),
        Some(_) => out.push('?'),
        None => {}
    }
    if let Some(r) = a.rank {
        let _ = write!(out, "{}", u32::from(r) + 1);
    }
}

pub(super) fn write_man(m: &Man, k: KnightLetter, sep: &str, period: bool, out: &mut String) {
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
pub(super) fn write_desc_short(d: &DescSquare, k: KnightLetter, spaced: bool, out: &mut String) {
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

pub(super) fn write_place_short(p: &Place, k: KnightLetter, spaced: bool, out: &mut String) {
    match p {
        Place::Desc(d) => write_desc_short(d, k, spaced, out),
        Place::Abs(a) => write_abs(a, out),
    }
}

/// Appends a long-hand rank: `sq.`, `2d.`, `3d.`, `4th.`.
pub(super) fn push_ordinal(n: u8, out: &mut String) {
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
pub(super) fn write_desc_long(d: &DescSquare, k: KnightLetter, out: &mut String) {
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

pub(super) fn write_place_long(p: &Place, k: KnightLetter, out: &mut String) {
    match p {
        Place::Desc(d) => write_desc_long(d, k, out),
        Place::Abs(a) => write_abs(a, out),
    }
}

pub(super) fn write_marks(mv: &Move, form: Form, check_written: bool, out: &mut String) {
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
        crate::pieces::write_nag(n, out);
    }
}

/// Compact (`R(QR3)-Q3`, `NxP(K5)`, `P-K8=Q`) and spaced (`R (Q R 3) - Q 3`, `Kt x P (B 3)`,
/// `P - K 8 = Q`) share one shape.
pub(super) fn write_short(mv: &Move, k: KnightLetter, spaced: bool, out: &mut String) {
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
pub(super) fn write_long(mv: &Move, k: KnightLetter, out: &mut String) {
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
