//! `auto`'s ranking of the dialects for a game: the whole ranking, and the cheap
//! confirmation of the dialect ranked first for the game before.

use std::cell::Cell;

use escriba_notation::{DescLang, Dialect, TokenKind, detect, movetext};

/// The dialects `auto` tries for `movetext`, in order.
pub fn auto_candidates(movetext: &str, limit: usize) -> Vec<Dialect> {
    let mut ranked: Vec<Dialect> = detect::rank_dialects(movetext)
        .into_iter()
        .map(|(d, _)| d)
        .collect();
    if ranked.is_empty() {
        return Dialect::ALL.to_vec();
    }
    LAST_TOP.set(ranked[0]);
    if limit > 0 {
        ranked.truncate(limit);
    }
    ranked
}

/// The bytes of the sample that [`detect_top`] tokenizes in the other dialects.
const SCREEN: usize = 128;
/// How far before the end of the screened bytes an unread word must end for
/// [`detect_top`] to trust it: more than any move, move number or NAG reads ahead.
const SCREEN_MARGIN: usize = 64;

thread_local! {
    /// The dialect ranked first for the last game ranked on this thread: the one
    /// [`detect_top`] tries to confirm.
    static LAST_TOP: Cell<Dialect> = const { Cell::new(Dialect::Descriptive(DescLang::En)) };
}

/// The dialect [`detect::rank_dialects`] ranks first for `movetext`, when that is cheap to
/// show without ranking them all; `None`: rank them all ([`auto_candidates`]).
///
/// The candidate is the dialect ranked first for the last game ranked on this thread. It
/// must read every word of the sample as a move (a share of 1). Every other dialect must
/// then rank below it: either it leaves a word unread in the first `SCREEN` bytes, well
/// before their end and after nothing but moves, numbers and NAGs (its share is below 1
/// on the whole sample too), or, tokenized on the whole sample, it reads fewer moves (or as
/// many, and comes later in [`Dialect::ALL`]). Only the result of the ranking is used, so
/// `auto` reads every game as the whole ranking would.
pub fn detect_top(movetext: &str) -> Option<Dialect> {
    detect_top_from(movetext, LAST_TOP.get())
}

/// [`detect_top`] with `top` as the dialect to confirm.
pub fn detect_top_from(movetext: &str, top: Dialect) -> Option<Dialect> {
    let s = detect::prefix(movetext, detect::SAMPLE);
    if s.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)) {
        return None;
    }
    let (share, moves) = detect::move_share(top, s);
    if moves == 0 || share < 1.0 {
        return None;
    }
    let screen = detect::prefix(s, SCREEN);
    let order = |d: Dialect| Dialect::ALL.iter().position(|&x| x == d);
    for &other in Dialect::ALL.iter().filter(|&&d| d != top) {
        // A short screen first: most dialects leave the first move unread.
        if [SCREEN / 2 + 16, SCREEN].into_iter().any(|n| {
            let screen = detect::prefix(screen, n);
            screen.len() + 4 > n && leaves_a_word_unread(other, screen)
        }) {
            continue;
        }
        let (share, n) = detect::move_share(other, s);
        let below = n == 0 || share < 1.0 || n < moves || (n == moves && order(other) > order(top));
        if !below {
            return None;
        }
    }
    Some(top)
}

/// True when `dialect` leaves a word of `screen` unread that ends at least
/// [`SCREEN_MARGIN`] bytes before the end of `screen`, after nothing but moves, move
/// numbers, NAGs and other unread words: a word the whole text leaves unread too.
fn leaves_a_word_unread(dialect: Dialect, screen: &str) -> bool {
    // Read token by token: most dialects leave the first word unread.
    for t in movetext::tokens(dialect, screen) {
        if t.span.end as usize + SCREEN_MARGIN > screen.len() {
            return false;
        }
        match t.kind {
            TokenKind::Unknown => return true,
            TokenKind::Move(_)
            | TokenKind::MoveNumber { .. }
            | TokenKind::Nag(_)
            | TokenKind::Ellipsis => {}
            _ => return false,
        }
    }
    false
}
