//! Repaired readings of damaged tokens: a small confusion model of print and OCR damage.
//!
//! [`readings`] takes the text of a token that did not fit the game and returns the other
//! moves it may have been, each with a cost and the repaired text. It looks at characters
//! only; which reading fits the game is the resolver's decision.

use crate::ast::{CastleSide, Move, MoveKind, PieceMove, Place};
use crate::dialect::{DescLang, Dialect};
use crate::parse_move;

/// One repaired reading of a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The move read.
    pub mv: Move,
    /// What the repair costs (higher is less likely; see [`crate::cost`]).
    pub cost: u32,
    /// The repaired text.
    pub text: String,
    /// A last resort: damage the damage model does not make and books rarely show (a
    /// character that is no look-alike of a digit read as one, a stray character dropped).
    /// The resolver tries such readings of a token only where none of the others fits.
    pub fallback: bool,
}

/// Character confusions of print and OCR: (seen, meant).
const CONFUSIONS: [(&str, &str); 39] = [
    ("l", "1"),
    ("I", "1"),
    ("|", "1"),
    ("!", "1"),
    ("i", "1"),
    ("S", "5"),
    ("s", "5"),
    ("B", "8"),
    ("3", "8"),
    ("8", "3"),
    ("O", "0"),
    ("o", "0"),
    ("0", "O"),
    ("G", "6"),
    ("b", "6"),
    ("H", "4"),
    ("h", "4"),
    ("Z", "2"),
    ("z", "2"),
    ("c", "e"),
    ("e", "c"),
    ("h", "b"),
    ("b", "h"),
    ("cl", "d"),
    // The `t` of `Kt` read as a letter of its shape.
    ("Kf", "Kt"),
    ("Kl", "Kt"),
    ("KL", "Kt"),
    ("KI", "Kt"),
    ("Ki", "Kt"),
    ("K t", "Kt"),
    ("eh", "ch"),
    ("cb", "ch"),
    ("X", "x"),
    ("o", "a"),
    ("a", "o"),
    ("n", "u"),
    ("u", "n"),
    ("rn", "m"),
    ("m", "rn"),
];

/// A bishop printed as a rook, the damage model's one wrong piece letter (`A` → `T` in
/// Spanish, `B-` → `R-` and `B. to` → `R. to` in English): (seen, meant).
const SPANISH_LETTERS: [(&str, &str); 1] = [("T", "A")];
const ENGLISH_LETTERS: [(&str, &str); 2] = [("R-", "B-"), ("R. to", "B. to")];

/// What follows a rank digit in long-hand (`4th`, `1st`, `2nd`, `3rd`, `3d`).
const ORDINAL_SUFFIXES: [&str; 5] = ["th", "st", "nd", "rd", "d"];

// The costs, from the one table of the repair model.
use crate::cost::{
    DIGIT, DROP, EDIT, GARBLED_DIGIT, LOST_MARK, NEAR_TIE, NO_ORIGIN, RECASE, SQUEEZE,
};

/// The readings found so far, and the buffer each candidate text is built in (most do not
/// parse, and are never allocated).
struct Found<'a> {
    out: Vec<Reading>,
    literal: Option<&'a Move>,
    dialect: Dialect,
    buf: String,
}

impl Found<'_> {
    /// A lost rank digit read back: between two letters or at the end of an unreadable
    /// compact token, or before the ordinal it left behind.
    fn lost_digits(&mut self, text: &str) {
        // A lost rank digit (`PR` for `P4R`, `CAR` for `C3AR`): any digit between two letters
        // or at the end of an unreadable compact token, where the grammar takes one (long-hand
        // words lose theirs before an ordinal, read below).
        if self.literal.is_none() && !text.contains(char::is_whitespace) {
            for (at, c) in text.char_indices().skip(1) {
                let before = text[..at].chars().next_back().unwrap_or(' ');
                if !(before.is_alphabetic() && c.is_alphabetic()) {
                    continue;
                }
                for d in DIGITS {
                    self.try_parts(&[&text[..at], d, &text[at..]], DIGIT);
                }
            }
            if text.ends_with(char::is_alphabetic) {
                for d in DIGITS {
                    self.try_parts(&[text, d], DIGIT);
                }
            }
        }
        // A lost rank digit that left its ordinal behind (`K's th.` for `K's 4th.`).
        for suffix in ORDINAL_SUFFIXES {
            for at in occurrences(text, suffix) {
                let after = &text[at + suffix.len()..];
                if !text[..at].ends_with(' ') || after.starts_with(char::is_alphabetic) {
                    continue;
                }
                for d in DIGITS {
                    self.try_parts(&[&text[..at], d, &text[at..]], DIGIT);
                }
            }
        }
    }

    /// A castling sign whose links do not fit its marks (`0-O0`, `O-OO`, `OO-O`): castling
    /// of either side, the side its marks count at [`EDIT`] (or less, squeezed or recased)
    /// and the other a near tie, since the damage may have added or lost a mark as well as
    /// a link. The board tells the sides apart; where both are legal the reading is
    /// ambiguous, never silently one.
    fn damaged_castling(&mut self, text: &str) {
        if self.literal.is_some() {
            return;
        }
        if !castling_shaped(text) || text.ends_with(' ') {
            return;
        }
        let marks = text
            .chars()
            .filter(|c| matches!(c, 'O' | '0' | 'o'))
            .count();
        let (near, far, side) = if marks == 2 {
            ("O-O", "O-O-O", CastleSide::King)
        } else {
            ("O-O-O", "O-O", CastleSide::Queen)
        };
        self.try_parts(&[near], EDIT);
        // (Squeezed or recased already, the near side may cost less.)
        let castle = Move::new(MoveKind::Castle(Some(side)));
        let near_cost = self
            .out
            .iter()
            .find(|r| r.mv == castle)
            .map_or(EDIT, |r| r.cost);
        self.try_parts(&[far], near_cost + NEAR_TIE - 1);
    }

    /// Tries `parts`, joined, as a reading at `cost`; the cheapest reading of each move is
    /// kept.
    fn try_parts(&mut self, parts: &[&str], cost: u32) {
        self.try_reading(parts, cost, false);
    }

    /// [`Found::try_parts`] for a last-resort reading ([`Reading::fallback`]).
    fn try_fallback(&mut self, parts: &[&str], cost: u32) {
        self.try_reading(parts, cost, true);
    }

    fn try_reading(&mut self, parts: &[&str], cost: u32, fallback: bool) {
        self.buf.clear();
        for p in parts {
            self.buf.push_str(p);
        }
        let trimmed = self.buf.trim();
        let mv = match crate::parse_move_prefix(self.dialect, trimmed) {
            Some((mv, n)) if n == trimmed.len() => mv,
            _ => return,
        };
        if Some(&mv) == self.literal {
            return;
        }
        match self.out.iter_mut().find(|r| r.mv == mv) {
            Some(r) if r.cost > cost => {
                r.cost = cost;
                r.text.clone_from(&self.buf);
                r.fallback = fallback;
            }
            Some(_) => {}
            None => self.out.push(Reading {
                mv,
                cost,
                text: self.buf.clone(),
                fallback,
            }),
        }
    }
}

/// The repaired readings of `text` in `dialect`, cheapest first. The literal reading, if
/// any, is not among them. Tokens longer than 40 bytes get none.
///
/// They are its [`first_readings`], then its [`last_resort_readings`]: every last resort
/// costs more than any other reading.
pub fn readings(dialect: Dialect, text: &str) -> Vec<Reading> {
    let mut out = first_readings(dialect, text);
    let last = last_resort_readings(dialect, text, &out);
    out.extend(last);
    out
}

/// The most a reading other than a last resort costs.
const MOST_FIRST: u32 = {
    let costs = [SQUEEZE, EDIT, LOST_MARK, RECASE, DIGIT, NO_ORIGIN];
    let mut most = 0;
    let mut i = 0;
    while i < costs.len() {
        if costs[i] > most {
            most = costs[i];
        }
        i += 1;
    }
    most
};
const _: () = assert!(GARBLED_DIGIT > MOST_FIRST && DROP > MOST_FIRST);

/// The trimmed text, when it is short enough to read (40 bytes at most), and its literal
/// reading.
fn readable(dialect: Dialect, text: &str) -> Option<(&str, Option<Move>)> {
    let text = text.trim();
    if text.is_empty() || text.len() > 40 {
        return None;
    }
    Some((text, parse_move(dialect, text).ok()))
}

/// Whether `text` has the shape of a castling sign, whole or damaged: two or three marks
/// (`O`, `0`, `o`) and nothing but dashes and blanks besides (`O-O`, `0-0-0`, `0-O0`), so
/// that a reader of lines counts a damaged sign a move word, as [`readings`] reads it.
pub fn castling_shaped(text: &str) -> bool {
    let marks = text
        .chars()
        .filter(|c| matches!(c, 'O' | '0' | 'o'))
        .count();
    (2..=3).contains(&marks)
        && text
            .chars()
            .all(|c| matches!(c, 'O' | '0' | 'o' | '-' | '–' | '—' | '−' | '‐' | ' '))
}

/// The repaired readings of `text` but its last resorts ([`Reading::fallback`]), cheapest
/// first.
pub fn first_readings(dialect: Dialect, text: &str) -> Vec<Reading> {
    let Some((text, literal)) = readable(dialect, text) else {
        return Vec::new();
    };
    let mut f = Found {
        out: Vec::new(),
        literal: literal.as_ref(),
        dialect,
        buf: String::with_capacity(text.len() + 2),
    };
    // Joined or spaced-out text: `0- 0-0`.
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if squeezed != text {
        f.try_parts(&[&squeezed], SQUEEZE);
    }
    // One confusion at one place.
    for (seen, meant) in CONFUSIONS {
        for at in occurrences(text, seen) {
            f.try_parts(&[&text[..at], meant, &text[at + seen.len()..]], EDIT);
        }
    }
    // A bishop printed as a rook (`TxA` for `AxA`, `R-Kt5` for `B-Kt5`): damage of the
    // model that leaves a readable token, so it costs what a lost mark does, not a glyph
    // edit.
    let letters: &[(&str, &str)] = match dialect {
        Dialect::Descriptive(DescLang::Es) => &SPANISH_LETTERS,
        Dialect::Descriptive(DescLang::En) => &ENGLISH_LETTERS,
        _ => &[],
    };
    for &(seen, meant) in letters {
        for at in occurrences(text, seen) {
            f.try_parts(&[&text[..at], meant, &text[at + seen.len()..]], LOST_MARK);
        }
    }
    // A lower-case piece letter (`bc4+`).
    if let Some(first) = text.chars().next()
        && first.is_lowercase()
    {
        let upper: String = first.to_uppercase().collect();
        f.try_parts(&[&upper, &text[first.len_utf8()..]], RECASE);
    }
    f.lost_digits(text);
    // A lost capture sign (`PP` for `PxP`, `BKt` for `BxKt`).
    for (at, c) in text.char_indices().skip(1) {
        let before = text[..at].chars().next_back().unwrap_or(' ');
        if before.is_alphabetic() && c.is_alphabetic() {
            f.try_parts(&[&text[..at], "x", &text[at..]], EDIT);
        }
    }
    // Last: the other side ties with the cheapest reading of the sign's own.
    f.damaged_castling(text);
    let mut out = f.out;
    out.extend(literal.as_ref().and_then(|mv| without_origin(dialect, mv)));
    out.sort_by_key(|r| r.cost);
    out
}

/// The reading of `literal` without an origin square that contradicts the move (`e4-e4`),
/// when it has a full one.
fn without_origin(dialect: Dialect, literal: &Move) -> Option<Reading> {
    let MoveKind::Piece(p) = literal.kind else {
        return None;
    };
    let Some(Place::Abs(from)) = p.from else {
        return None;
    };
    if from.file.is_none() || from.rank.is_none() {
        return None;
    }
    let bare = Move {
        kind: MoveKind::Piece(PieceMove { from: None, ..p }),
        ..*literal
    };
    let mut text = String::new();
    crate::write_move(dialect, &bare, crate::Style::default(), &mut text);
    Some(Reading {
        mv: bare,
        cost: NO_ORIGIN,
        text,
        fallback: false,
    })
}

/// The last-resort readings of `text` ([`Reading::fallback`]), cheapest first, but for
/// moves that its `first` readings ([`first_readings`]) read already.
pub fn last_resort_readings<'a>(
    dialect: Dialect,
    text: &str,
    first: impl IntoIterator<Item = &'a Reading>,
) -> Vec<Reading> {
    let Some((text, literal)) = readable(dialect, text) else {
        return Vec::new();
    };
    let first: Vec<Reading> = first.into_iter().cloned().collect();
    let known = first.len();
    let mut f = Found {
        out: first,
        literal: literal.as_ref(),
        dialect,
        buf: String::with_capacity(text.len() + 2),
    };
    // An unreadable token: one character may be any rank digit garbled (`KBJ` for `KB3`,
    // `B's Jth.` for `B's 5th.`; the look-alikes, `S` for `5`, are the confusions above),
    // where a digit can stand: at the end of a word or before an ordinal suffix, not
    // inside a word (`Kt`, `takes`).
    if f.literal.is_none() {
        for (at, c) in text.char_indices() {
            if c.is_ascii_digit() || !c.is_alphanumeric() {
                continue;
            }
            let after = &text[at + c.len_utf8()..];
            let ordinal = ORDINAL_SUFFIXES.iter().any(|o| {
                after
                    .strip_prefix(o)
                    .is_some_and(|r| !r.starts_with(char::is_alphabetic))
            });
            if after.starts_with(char::is_lowercase) && !ordinal {
                continue;
            }
            for d in DIGITS {
                f.try_fallback(&[&text[..at], d, after], GARBLED_DIGIT);
            }
        }
    }
    // A stray character.
    if text.len() > 2 {
        for (at, c) in text.char_indices() {
            f.try_fallback(&[&text[..at], &text[at + c.len_utf8()..]], DROP);
        }
    }
    let mut out = f.out.split_off(known);
    out.sort_by_key(|r| r.cost);
    out
}

/// Where the ASCII `pat` occurs in `text`, without overlaps, as `str::match_indices` finds
/// it, but by a plain scan: the patterns are a few bytes long, and setting up the general
/// substring search for each costs more than reading the token.
fn occurrences<'a>(text: &'a str, pat: &'a str) -> impl Iterator<Item = usize> + 'a {
    debug_assert!(!pat.is_empty() && pat.is_ascii());
    let (text, pat) = (text.as_bytes(), pat.as_bytes());
    let mut from = 0;
    std::iter::from_fn(move || {
        while let Some(i) = text.get(from..)?.iter().position(|&b| b == pat[0]) {
            let at = from + i;
            if text[at..].starts_with(pat) {
                from = at + pat.len();
                return Some(at);
            }
            from = at + 1;
        }
        None
    })
}

/// The rank digits a lost or garbled digit is read back as.
const DIGITS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    proptest! {
        #[test]
        fn the_places_a_confusion_is_looked_for_are_those_match_indices_finds(
            text in "[KtlI1oO0 rnmcleh.'s-]{0,12}",
            pat in prop::sample::select(
                CONFUSIONS
                    .iter()
                    .map(|c| c.0)
                    .chain(ORDINAL_SUFFIXES)
                    .chain(["R. to"])
                    .collect::<Vec<_>>()
            ),
        ) {
            let found: Vec<usize> = occurrences(&text, pat).collect();
            let expected: Vec<usize> = text.match_indices(pat).map(|(at, _)| at).collect();
            prop_assert_eq!(found, expected);
        }
    }

    /// A castling sign of `marks` marks, each one of `O`, `0`, `o` (`kinds`), linked by
    /// `links` (each nothing or a dash: `-`, `–`, `—`), every dash between blanks where
    /// `spaced`.
    fn castling_sign(kinds: &[usize], links: &[usize], spaced: bool) -> String {
        let mut sign = String::new();
        for (k, &m) in kinds.iter().enumerate() {
            if k > 0 && links[k - 1] > 0 {
                let dash = ["-", "–", "—"][links[k - 1] - 1];
                if spaced {
                    sign.push_str(&format!(" {dash} "));
                } else {
                    sign.push_str(dash);
                }
            }
            sign.push(['O', '0', 'o'][m]);
        }
        sign
    }

    proptest! {
        #[test]
        fn a_castling_sign_linked_between_some_marks_only_is_damage_read_as_either_side(
            kinds in prop::collection::vec(0..3usize, 2..=3),
            links in prop::collection::vec(0..4usize, 2),
            spaced: bool,
            d in 0..Dialect::ALL.len(),
        ) {
            let dialect = Dialect::ALL[d];
            let links = &links[..kinds.len() - 1];
            let sign = castling_sign(&kinds, links, spaced);
            // Links fit the marks: none at all, or one between each two, whatever the
            // founts of the marks (`0–0-O`, `O - O-O`).
            let fit = links.iter().all(|&l| l == 0) || links.iter().all(|&l| l > 0);
            let side = if kinds.len() == 2 { CastleSide::King } else { CastleSide::Queen };
            let castle = |s| Move::new(MoveKind::Castle(Some(s)));
            if fit {
                // Read as printed, the side its marks count.
                prop_assert_eq!(parse_move(dialect, &sign).ok(), Some(castle(side)), "{}", sign);
            } else {
                // Damaged: no reading as printed, and both sides among the repairs, the
                // side its marks count first, the other within the near tie.
                prop_assert!(parse_move(dialect, &sign).is_err(), "{} read as printed", sign);
                let r = readings(dialect, &sign);
                let cost = |s| r.iter().find(|r| r.mv == castle(s)).map(|r| r.cost);
                let other = if side == CastleSide::King { CastleSide::Queen } else { CastleSide::King };
                let (near, far) = (cost(side), cost(other));
                prop_assert!(near.is_some() && far.is_some(), "{}: {:?}", sign, r);
                prop_assert!(near < far && far.unwrap() - near.unwrap() < NEAR_TIE, "{}: {:?}", sign, r);
                prop_assert!(near.unwrap() <= EDIT, "{}: {:?}", sign, r);
            }
        }
    }

    /// The reading among `r` whose repaired text is `text`.
    fn with_text<'a>(r: &'a [Reading], text: &str) -> Option<&'a Reading> {
        r.iter().find(|r| r.text == text)
    }

    #[test]
    fn the_t_of_kt_read_as_a_letter_of_its_shape_is_read_back() {
        for seen in ["KL-QB3", "KI-QB3", "Ki-QB3", "Kl-QB3", "Kf-QB3"] {
            let r = readings(EN, seen);
            assert!(with_text(&r, "Kt-QB3").is_some(), "{seen}: {r:?}");
        }
    }

    #[test]
    fn a_lost_rank_digit_that_left_its_ordinal_is_read_back() {
        let r = readings(EN, "Q. to Q's th.");
        assert!(with_text(&r, "Q. to Q's 8th.").is_some(), "{r:?}");
        assert!(
            with_text(&r, "Q. to Q's 3th.").is_some(),
            "every digit: {r:?}"
        );
    }

    #[test]
    fn a_spanish_rook_letter_may_be_a_bishop_printed_wrong_and_costs_a_lost_mark() {
        let es = Dialect::Descriptive(DescLang::Es);
        let r = readings(es, "TxA");
        let bishop = with_text(&r, "AxA").expect("`AxA` is a reading");
        assert_eq!(bishop.cost, LOST_MARK);
        // Not in English, where `T` is no piece letter to confuse.
        assert!(with_text(&readings(EN, "TxB"), "AxB").is_none());
    }

    #[test]
    fn an_english_rook_may_be_a_bishop_printed_wrong_compact_or_long_hand() {
        for (seen, meant) in [
            ("R-Kt5", "B-Kt5"),
            ("R. to Q. Kt's 5th.", "B. to Q. Kt's 5th."),
        ] {
            let r = readings(EN, seen);
            let bishop = with_text(&r, meant);
            assert_eq!(bishop.map(|r| r.cost), Some(LOST_MARK), "{seen}: {r:?}");
        }
    }

    #[test]
    fn a_lost_rank_digit_is_read_back_before_a_letter_is_read_as_a_digit() {
        let es = Dialect::Descriptive(DescLang::Es);
        let r = readings(es, "PR");
        let cost = |t: &str| with_text(&r, t).map(|r| r.cost);
        // `P4R` lost its digit: read back at the lost digit's cost.
        assert_eq!(cost("P4R"), Some(DIGIT), "{r:?}");
        assert_eq!(cost("P3R"), Some(DIGIT), "{r:?}");
        // `P4` (any pawn to the 4th) would read the `R` as a garbled digit: dearer by more
        // than the near-tie margin.
        assert_eq!(cost("P4"), Some(GARBLED_DIGIT), "{r:?}");
        const { assert!(GARBLED_DIGIT > DIGIT + crate::cost::NEAR_TIE) };
        // The same for a piece: `C3AR` that lost its `3`.
        assert!(
            readings(es, "CAR")
                .iter()
                .any(|r| r.text == "C3AR" && r.cost == DIGIT)
        );
    }

    #[test]
    fn a_garbled_digit_or_a_dropped_character_is_a_last_resort() {
        let es = Dialect::Descriptive(DescLang::Es);
        let r = readings(es, "PR");
        let fallback = |t: &str| with_text(&r, t).map(|r| r.fallback);
        // A lost digit is damage of the model; a letter read as a digit is not.
        assert_eq!(fallback("P4R"), Some(false), "{r:?}");
        assert_eq!(fallback("P4"), Some(true), "{r:?}");
        // A stray character dropped (`P-K44`) is no damage of the model either.
        let r = readings(EN, "P-K44");
        assert_eq!(
            with_text(&r, "P-K4").map(|r| r.fallback),
            Some(true),
            "{r:?}"
        );
    }

    #[test]
    fn an_unreadable_character_is_a_digit_only_where_a_digit_can_stand() {
        let r = readings(EN, "Kt-KBS");
        assert!(with_text(&r, "Kt-KB3").is_some(), "{r:?}");
        // Not inside `Kt`: `K3-KBS` is no reading to try.
        assert!(!r.iter().any(|r| r.text.starts_with("K3")), "{r:?}");
    }
}
