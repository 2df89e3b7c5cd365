//! A cheap dialect detector: which dialects read a sample of the text best.
//!
//! Each dialect's tokenizer reads the first few hundred bytes; a dialect scores the share
//! of word tokens it reads as moves. Scores rank the dialects; the resolver makes the final
//! choice by replaying the likeliest few.
//!
//! `auto` ranks them per game ([`auto_candidates`]), or confirms cheaply the dialect ranked
//! first for the game before ([`detect_top`]); a source's dialect, once chosen, is
//! confirmed on each of its games by their first words ([`confirms`], [`mostly_reads`]).

use std::cell::Cell;

use crate::ast::{Token, TokenKind};
use crate::dialect::{AlgLang, DescLang, Dialect};
use crate::movetext::{tokenize, tokens};
use crate::style::{Form, KnightLetter, Style};

/// How much of a text the detector reads, in bytes.
pub const SAMPLE: usize = 600;

/// The first `max` bytes of `text` at most, cut on a character boundary.
pub fn prefix(text: &str, max: usize) -> &str {
    &text[..text.floor_char_boundary(max)]
}

fn sample(text: &str) -> &str {
    prefix(text, SAMPLE)
}

/// The share of word tokens of `text` that `dialect` reads as moves, and how many moves.
pub fn move_share(dialect: Dialect, text: &str) -> (f32, usize) {
    let (mut moves, mut unknown) = (0usize, 0usize);
    for t in tokenize(dialect, text) {
        match t.kind {
            TokenKind::Move(_) => moves += 1,
            TokenKind::Unknown => unknown += 1,
            _ => {}
        }
    }
    if moves == 0 {
        return (0.0, 0);
    }
    (moves as f32 / (moves + unknown) as f32, moves)
}

/// Ranks the likely dialects of `text`, most likely first, with a score in 0..=1. Dialects
/// that read no move are left out. Equal scores keep the order of [`Dialect::ALL`].
pub fn rank_dialects(text: &str) -> Vec<(Dialect, f32)> {
    let s = sample(text);
    let cyrillic = s.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
    let mut ranked: Vec<(Dialect, f32, usize)> = Dialect::ALL
        .iter()
        .filter(|d| !cyrillic || **d == Dialect::Algebraic(AlgLang::Ru))
        .filter_map(|&d| {
            let (share, moves) = move_share(d, s);
            (moves > 0).then_some((d, share, moves))
        })
        .collect();
    // Higher share first; among equal shares, more moves read.
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.cmp(&a.2)));
    ranked.into_iter().map(|(d, s, _)| (d, s)).collect()
}

/// The dialects `auto` tries for `movetext`, in order.
pub fn auto_candidates(movetext: &str, limit: usize) -> Vec<Dialect> {
    let mut ranked: Vec<Dialect> = rank_dialects(movetext)
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

/// The dialect [`rank_dialects`] ranks first for `movetext`, when that is cheap to
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
    let s = prefix(movetext, SAMPLE);
    if s.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)) {
        return None;
    }
    let (share, moves) = move_share(top, s);
    if moves == 0 || share < 1.0 {
        return None;
    }
    let screen = prefix(s, SCREEN);
    let order = |d: Dialect| Dialect::ALL.iter().position(|&x| x == d);
    for &other in Dialect::ALL.iter().filter(|&&d| d != top) {
        // A short screen first: most dialects leave the first move unread.
        if [SCREEN / 2 + 16, SCREEN].into_iter().any(|n| {
            let screen = prefix(screen, n);
            screen.len() + 4 > n && leaves_a_word_unread(other, screen)
        }) {
            continue;
        }
        let (share, n) = move_share(other, s);
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
    for t in tokens(dialect, screen) {
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

/// The words of the detector's sample of `movetext` that `tokens` (the movetext read in
/// one dialect) read as moves, and those they do not read; `None` when the sample holds
/// Cyrillic: such a text is ranked among the Cyrillic dialects only
/// ([`rank_dialects`]).
fn sample_reading(movetext: &str, tokens: &[Token]) -> Option<(usize, usize)> {
    let sample = prefix(movetext, SAMPLE);
    if has_cyrillic(sample) {
        return None;
    }
    let (mut moves, mut unread) = (0usize, 0usize);
    for t in tokens
        .iter()
        .take_while(|t| t.span.end as usize <= sample.len())
    {
        match t.kind {
            TokenKind::Move(_) => moves += 1,
            TokenKind::Unknown => unread += 1,
            _ => {}
        }
    }
    Some((moves, unread))
}

/// The cheap confirmation of a source's dialect on one game: `tokens` (the game's
/// `movetext` read in that dialect) read every word of the detector's sample as a move,
/// and at least one, and the sample holds no Cyrillic.
pub fn confirms(movetext: &str, tokens: &[Token]) -> bool {
    sample_reading(movetext, tokens).is_some_and(|(moves, unread)| moves > 0 && unread == 0)
}

/// A weaker confirmation that every game [`confirms`] passes: `tokens` read at least three
/// words of the detector's sample as moves for each word they do not read (print or OCR
/// damage leaves a word or two unread; a game in another notation leaves most of them),
/// and the sample holds no Cyrillic. Such a game is read in the source's dialect first,
/// and the dialects are ranked only when that reading does not reach the game's end.
pub fn mostly_reads(movetext: &str, tokens: &[Token]) -> bool {
    sample_reading(movetext, tokens).is_some_and(|(moves, unread)| moves > 0 && moves >= 3 * unread)
}

/// True when `s` holds a character of the Cyrillic block (U+0400 to U+04FF): those are
/// the characters whose UTF-8 starts with a byte from 0xD0 to 0xD3, so the bytes are read
/// and no character is decoded.
fn has_cyrillic(s: &str) -> bool {
    // An ASCII text (most are) is told at once, a word at a time.
    !s.is_ascii() && s.bytes().any(|b| (0xD0..=0xD3).contains(&b))
}

/// The way the game's own moves are printed (English descriptive only: compact `Kt-KB3`,
/// spaced `Kt - K B 3` or long-hand `K. Kt. to K. B's 3d.`; `Kt` or `N`), so that the
/// readings of them are written as the book would write them.
pub fn style_of(dialect: Dialect, text: &str, tokens: &[Token]) -> Style {
    if dialect != Dialect::Descriptive(DescLang::En) {
        return Style::default();
    }
    let (mut compact, mut spaced, mut long, mut kt, mut n) = (0, 0, 0, 0, 0);
    for t in tokens {
        if !matches!(t.kind, TokenKind::Move(_)) {
            continue;
        }
        let s = &text[t.span.range()];
        if s.contains(" to ") || s.contains("takes") || s.contains("Castles.") {
            long += 1;
        } else if s.contains(' ') {
            spaced += 1;
        } else {
            compact += 1;
        }
        kt += usize::from(s.contains("Kt"));
        n += usize::from(s.contains('N'));
    }
    let form = if long > compact.max(spaced) {
        Form::LongHand
    } else if spaced > compact {
        Form::Spaced
    } else {
        Form::Compact
    };
    Style {
        form,
        knight: if n > kt {
            KnightLetter::N
        } else {
            KnightLetter::Kt
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_prose_texts_rank_nothing() {
        assert!(rank_dialects("").is_empty());
        assert!(rank_dialects("{only a comment}").is_empty());
    }

    #[test]
    fn the_sample_ends_on_a_char_boundary() {
        let text = "é".repeat(SAMPLE);
        assert!(sample(&text).len() <= SAMPLE);
    }

    #[test]
    fn the_cyrillic_block_is_found_by_its_lead_bytes_for_every_character() {
        let mut buf = [0u8; 4];
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let s: &str = c.encode_utf8(&mut buf);
            let cyrillic = ('\u{400}'..='\u{4ff}').contains(&c);
            assert_eq!(has_cyrillic(s), cyrillic, "{c:?}");
            assert_eq!(
                has_cyrillic(&format!("P-K4 {s} x")),
                cyrillic,
                "{c:?} in a text"
            );
        }
    }

    #[test]
    fn a_game_confirms_a_dialect_only_when_its_first_words_all_read_as_moves() {
        let en = Dialect::Descriptive(DescLang::En);
        let ok = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 *";
        assert!(confirms(ok, &tokenize(en, ok)));
        let es = "1. P4R P4R 2. C3AR C3AD *";
        assert!(!confirms(es, &tokenize(en, es)));
        assert!(!confirms("{a note} *", &tokenize(en, "{a note} *")));
        // A word past the sample is the decoder's business, not the confirmation's.
        let long = format!("{} zzz", "1. P-QR3 P-QR3 ".repeat(60));
        assert!(confirms(&long, &tokenize(en, &long)));
    }

    #[test]
    fn a_game_with_a_damaged_word_mostly_reads_in_its_dialect_and_a_foreign_one_does_not() {
        let en = Dialect::Descriptive(DescLang::En);
        let read = |text: &str| mostly_reads(text, &tokenize(en, text));
        // One word in four unread: damage.
        let damaged = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 Kt-B3 4. Castles K%-Q3 *";
        assert!(!confirms(damaged, &tokenize(en, damaged)));
        assert!(read(damaged));
        assert!(
            read("1. P-K4 P-K4 2. Kt-KB3 K%-QB3 *"),
            "three read, one not"
        );
        assert!(
            !read("1. P-K4 P=K4 2. Kt-KB3 K%-QB3 *"),
            "two read, two not"
        );
        // Spanish print read as English: most of its words are unread.
        assert!(!read("1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. A4T C3A *"));
        assert!(!read("{a note} *"));
    }
}
