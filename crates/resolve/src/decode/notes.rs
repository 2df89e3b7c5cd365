//! The words of a ply's note, shared between plies.
//!
//! The notes of plies that are not flagged (`exact`, `inferred`) come from a small set:
//! the conventions a token left to the position (`no wing printed; …`), how many readings
//! it had, and the book's check mark against the move. Most plies of a descriptive game
//! carry one, so a `String` for each would be a heap allocation per ply. Instead each
//! distinct note is written once per thread, kept for the life of the process under a key
//! made of what it says, and handed out as a `&'static str`. The set is capped
//! ([`SHARED_CAP`]): past it, and for flagged plies, whose notes quote the text
//! (`misprint or OCR damage read as \`P-K4\``), a note is its own `String`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;

use nohash_hasher::BuildNoHashHasher;

/// Distinct notes kept per thread at most (a few hundred bytes each, at worst).
pub(super) const SHARED_CAP: usize = 4096;

thread_local! {
    static SHARED: RefCell<HashMap<u64, &'static str, BuildNoHashHasher<u64>>> =
        RefCell::default();
}

/// The key of an unflagged ply's note: its convention bits, the readings it names (0 when
/// none) and which of the book's check marks it reports (0 when none).
pub(super) fn key(relax: u32, readings: u16, mark: u8) -> u64 {
    // Spread over the high bits too: the map keys by them.
    (u64::from(relax) | u64::from(readings) << 32 | u64::from(mark) << 48)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The note under `key`, written by `write` into `buf` the first time; `None` when it is
/// empty.
pub(super) fn shared(
    key: u64,
    buf: &mut String,
    write: impl FnOnce(&mut String),
) -> Option<Cow<'static, str>> {
    SHARED.with(|set| {
        let mut set = set.borrow_mut();
        let s = match set.get(&key) {
            Some(&s) => s,
            None => {
                buf.clear();
                write(buf);
                if set.len() >= SHARED_CAP {
                    return (!buf.is_empty()).then(|| Cow::Owned(buf.clone()));
                }
                // Leaked on purpose: bounded by SHARED_CAP distinct notes per thread.
                let s: &'static str = Box::leak(buf.clone().into_boxed_str());
                set.insert(key, s);
                s
            }
        };
        (!s.is_empty()).then_some(Cow::Borrowed(s))
    })
}

/// Starts one more part of a note being written: the separator, unless it is the first.
pub(super) fn sep(buf: &mut String) {
    if !buf.is_empty() {
        buf.push_str("; ");
    }
}

/// Appends one part to a note being written, with the separator.
pub(super) fn push(buf: &mut String, part: &str) {
    sep(buf);
    buf.push_str(part);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_seen_again_is_the_same_shared_text_and_is_written_once() {
        let mut buf = String::new();
        let k = key(1 << 21, 2, 0);
        let a = shared(k, &mut buf, |b| b.push_str("no wing printed")).expect("a note");
        let b = shared(k, &mut buf, |_| panic!("written once")).expect("a note");
        match (&a, &b) {
            (Cow::Borrowed(x), Cow::Borrowed(y)) => assert!(std::ptr::eq(*x, *y)),
            _ => panic!("shared notes are borrowed"),
        }
        assert_eq!(shared(key(0, 0, 0), &mut buf, |_| {}), None);
    }
}
