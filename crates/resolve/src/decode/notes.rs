//! The words of a ply's note, shared between plies.
//!
//! The notes of plies that are not flagged (`exact`, `inferred`) come from a small set:
//! the conventions a token left to the position (`no wing printed; …`), how many readings
//! it had, and the book's check mark against the move. Most plies of a descriptive game
//! carry one, so a `String` for each would be a heap allocation per ply. Instead each
//! distinct note is kept once per thread for the life of the process and handed out as a
//! `&'static str`. The set is capped ([`SHARED_CAP`]): past it, and for flagged plies, whose
//! notes quote the text (`misprint or OCR damage read as \`P-K4\``), a note is its own
//! `String`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashSet;

/// Distinct notes kept per thread at most (a few hundred bytes each, at worst).
pub(super) const SHARED_CAP: usize = 4096;

thread_local! {
    static SHARED: RefCell<HashSet<&'static str>> = RefCell::new(HashSet::new());
}

/// The note in `text`, shared when `shared` allows it and the set has room.
pub(super) fn note(text: &str, shared: bool) -> Cow<'static, str> {
    if !shared {
        return Cow::Owned(text.to_owned());
    }
    SHARED.with(|set| {
        let mut set = set.borrow_mut();
        if let Some(&s) = set.get(text) {
            return Cow::Borrowed(s);
        }
        if set.len() >= SHARED_CAP {
            return Cow::Owned(text.to_owned());
        }
        // Leaked on purpose: bounded by SHARED_CAP distinct notes per thread.
        let s: &'static str = Box::leak(text.to_owned().into_boxed_str());
        set.insert(s);
        Cow::Borrowed(s)
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
    fn a_note_seen_again_is_the_same_shared_text_and_a_flagged_one_is_its_own() {
        let a = note("no wing printed; the position allows one", true);
        let b = note("no wing printed; the position allows one", true);
        match (&a, &b) {
            (Cow::Borrowed(x), Cow::Borrowed(y)) => assert!(std::ptr::eq(*x, *y)),
            _ => panic!("shared notes are borrowed"),
        }
        assert!(matches!(note("misprint", false), Cow::Owned(_)));
    }
}
