//! Where one printed move ends and the next begins when print runs them together: a move
//! number glued to the move before it (`4th.1.P.`), and a dash between a pair's moves
//! (`1. e4 – c5`) that may also be a long-algebraic move's own (`e2 - e4`). The tokenizer
//! ([`crate::movetext`]) asks; nothing here reads a move.

/// Whether the move `before` (a man moving to a square, printed with neither capture nor
/// check) and the square that `next` starts with may be one long-algebraic move printed
/// with blanks around its dash: the man's square to `next`'s square is a way that man
/// moves (a pawn ahead on its file, a knight's jump, a line of a rook or a bishop, a
/// queen's, a king's step or castling's two squares).
pub(crate) fn long_move_split(before: &crate::Move, next: &str) -> bool {
    let crate::MoveKind::Piece(m) = before.kind else {
        return false;
    };
    let Some(crate::Place::Abs(crate::AbsSquare {
        file: Some(f0),
        rank: Some(r0),
    })) = m.to
    else {
        return false;
    };
    if m.capture.is_some() || m.from.is_some() || before.check.is_some() {
        return false;
    }
    let b = next.as_bytes();
    let (Some(&f1), Some(&r1)) = (b.first(), b.get(1)) else {
        return false;
    };
    if !(b'a'..=b'h').contains(&f1) || !(b'1'..=b'8').contains(&r1) {
        return false;
    }
    let df = (i16::from(f1 - b'a') - i16::from(f0)).abs();
    let dr = (i16::from(r1 - b'1') - i16::from(r0)).abs();
    if df == 0 && dr == 0 {
        return false;
    }
    match m.man.role {
        crate::Role::Pawn => df == 0 && dr <= 2,
        crate::Role::Knight => df * dr == 2,
        crate::Role::Bishop => df == dr,
        crate::Role::Rook => df == 0 || dr == 0,
        crate::Role::Queen => df == dr || df == 0 || dr == 0,
        crate::Role::King => (df <= 1 && dr <= 1) || (dr == 0 && df == 2),
    }
}

/// Where a move number glued to the move before it starts, as a web copy runs a table's
/// cells together (`1.P. to Q's 4th.1.P. to Q's 4th.`): on `rest`'s line (a move's few
/// words), a letter, a period, a number of one to three digits, a period and a letter. The
/// offset is that of the number, after the move's own period.
pub(crate) fn glued_number(rest: &str) -> Option<usize> {
    let line = &rest.as_bytes()[..memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len())];
    let line = &line[..line.len().min(64)];
    memchr::memchr_iter(b'.', line).find_map(|dot| {
        let at = dot + 1;
        let digits = line[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        let glued = dot > 0
            && line[dot - 1].is_ascii_alphabetic()
            && (1..=3).contains(&digits)
            && line.get(at + digits) == Some(&b'.')
            && line
                .get(at + digits + 1)
                .is_some_and(u8::is_ascii_alphabetic);
        glued.then_some(at)
    })
}
