//! The pieces of grammar every dialect shares (nom parsers): spacing, dashes, capture marks
//! and the suffixes that follow a move (check and mate marks, en passant, annotation glyphs).

use nom::IResult;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{opt, value};

use crate::ast::{AbsSquare, CheckMark, Termination};
use crate::dialect::Dialect;

/// Parser input: the rest of the source text.
pub(crate) type In<'a> = &'a str;

/// A nom result over [`In`].
pub(crate) type Res<'a, T> = IResult<In<'a>, T>;

/// Spaces and tabs inside a token (never a line break).
pub(crate) fn hs(i: In<'_>) -> Res<'_, ()> {
    Ok((&i[blank_len(i.as_bytes())..], ()))
}

/// How many bytes of spaces, tabs and no-break spaces `b` starts with.
#[inline(always)]
fn blank_len(b: &[u8]) -> usize {
    let mut n = 0;
    loop {
        match b.get(n..) {
            Some([b' ' | b'\t', ..]) => n += 1,
            Some([0xC2, 0xA0, ..]) => n += 2,
            _ => return n,
        }
    }
}

/// A dash between the parts of a move: `-`, `–`, `—`, `−`, `‐`.
pub(crate) fn dash(i: In<'_>) -> Res<'_, ()> {
    value((), alt((tag("-"), tag("–"), tag("—"), tag("−"), tag("‐")))).parse(i)
}

/// Whether the links of a castling sign as the grammars take it (`O-O`, `0 - 0 - 0`, `000`)
/// fit its marks: none at all (`00`, `000`) or one between each two (`O-O`, `0–0-O`),
/// whatever the founts of its marks and dashes. A sign linked between some marks and not
/// between others (`0-O0`, `O-OO`, `OO-O`) lost or gained a mark or a link, and its marks
/// do not settle its side: it is no reading as printed, and its repaired readings
/// ([`crate::readings`]) offer both sides.
pub(crate) fn castling_links_fit(sign: &str) -> bool {
    let (mut marks, mut links, mut linked) = (0, 0, false);
    for c in sign.chars() {
        if matches!(c, 'O' | '0' | 'o') {
            marks += 1;
            links += usize::from(linked);
            linked = false;
        } else if !c.is_whitespace() {
            linked = true;
        }
    }
    links == 0 || links + 1 == marks
}

/// An optional dash surrounded by optional spaces.
pub(crate) fn opt_dash(i: In<'_>) -> Res<'_, bool> {
    let (i, _) = hs(i)?;
    let (i, d) = opt(dash).parse(i)?;
    let (i, _) = hs(i)?;
    Ok((i, d.is_some()))
}

/// A capture sign: `x`, `X`, `×`, `:`.
pub(crate) fn capture_sign(i: In<'_>) -> Res<'_, ()> {
    value((), alt((tag("x"), tag("X"), tag("×"), tag(":")))).parse(i)
}

/// A full algebraic square (`c4`) at the start of `i`, with the rest; the caller decides
/// what may follow it.
pub(crate) fn abs_square(i: In<'_>) -> Option<(In<'_>, AbsSquare)> {
    match i.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Some((
            &i[2..],
            AbsSquare {
                file: Some(f - b'a'),
                rank: Some(r - b'1'),
            },
        )),
        _ => None,
    }
}

/// True when the byte at the start of `i` can't continue a word.
pub(crate) fn at_word_end(i: In<'_>) -> bool {
    i.chars().next().is_none_or(|c| !c.is_alphanumeric())
}

/// The marks that may follow a move body.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Suffix {
    pub check: Option<CheckMark>,
    pub en_passant: bool,
    pub nag: Option<u8>,
}

/// Suffix annotation glyphs and their NAGs, longest first.
const GLYPHS: [(&str, u8); 10] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("‼", 3),
    ("⁇", 4),
    ("⁉", 5),
    ("⁈", 6),
    ("!", 1),
    ("?", 2),
];

/// Writes a move's NAG after it: its glyph for the six that have one (`!`, `?`, `!!`, `??`,
/// `!?`, `?!`), else ` $n`.
pub(crate) fn write_nag(nag: u8, out: &mut String) {
    match GLYPHS.iter().find(|&&(g, n)| n == nag && g.is_ascii()) {
        Some(&(g, _)) => out.push_str(g),
        None => {
            out.push_str(" $");
            out.push_str(&nag.to_string());
        }
    }
}

/// Reads a suffix annotation glyph.
pub(crate) fn glyph(i: In<'_>) -> Res<'_, u8> {
    for &(g, nag) in &GLYPHS {
        if let Some(rest) = i.strip_prefix(g) {
            return Ok((rest, nag));
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Tag,
    )))
}

/// Word-form check marks, longest first. Each may be wrapped in parentheses.
const CHECK_WORDS: [(&str, CheckMark); 19] = [
    ("check-mate", CheckMark::Mate),
    ("checkmate", CheckMark::Mate),
    ("check mate", CheckMark::Mate),
    ("double check", CheckMark::Double),
    ("double ch.", CheckMark::Double),
    ("double ch", CheckMark::Double),
    ("dbl. ch.", CheckMark::Double),
    ("dbl ch", CheckMark::Double),
    ("dblch", CheckMark::Double),
    ("dis. ch.", CheckMark::Discovered),
    ("disc. ch.", CheckMark::Discovered),
    ("disc ch", CheckMark::Discovered),
    ("dis ch", CheckMark::Discovered),
    ("dis.ch.", CheckMark::Discovered),
    ("dis.ch", CheckMark::Discovered),
    ("check", CheckMark::Check),
    ("ch.", CheckMark::Check),
    ("ch", CheckMark::Check),
    ("mate", CheckMark::Mate),
];

/// A check or mate mark set off by a colon, `: ch.` or `: mate`, as after `B takes Kt`.
pub(crate) fn colon_mark(i: In<'_>) -> bool {
    i.strip_prefix(':')
        .is_some_and(|r| check_word(r.trim_start_matches([' ', '\t'])).is_some())
}

fn check_word(i: In<'_>) -> Option<(In<'_>, CheckMark)> {
    // Every check word's second letter is lower case: `C3AR` or `D2D` is no check word.
    let b = i.as_bytes();
    if !b.get(1).is_some_and(u8::is_ascii_lowercase) {
        return None;
    }
    let first = b[0].to_ascii_lowercase();
    // `ch` not followed by `e`: of all the words only `ch.` and `ch` start so.
    if first == b'c' && b[1] == b'h' && !b.get(2).is_some_and(|c| c.eq_ignore_ascii_case(&b'e')) {
        if b.get(2) == Some(&b'.') {
            return Some((&i[3..], CheckMark::Check));
        }
        return at_word_end(&i[2..]).then_some((&i[2..], CheckMark::Check));
    }
    // A word can only match on its own first letter: compare only those (in order).
    for &(w, m) in &CHECK_WORDS {
        let wb = w.as_bytes();
        if wb[0] == first
            && b.len() >= wb.len()
            && b.iter().zip(wb).all(|(x, y)| x.to_ascii_lowercase() == *y)
        {
            let rest = &i[w.len()..];
            if w.ends_with('.') || at_word_end(rest) {
                return Some((rest, m));
            }
        }
    }
    None
}

fn check_symbol(i: In<'_>, dialect: Dialect) -> Option<(In<'_>, CheckMark)> {
    let double_plus = if dialect.plus_plus_is_double_check() {
        CheckMark::Double
    } else {
        CheckMark::Mate
    };
    match i.as_bytes() {
        // `+-`, `+=`, `+/-` are evaluation glyphs, not checks.
        [b'+', b'-' | b'=' | b'/', ..] => return None,
        [b'+', b'+', ..] => return Some((&i[2..], double_plus)),
        [b'+', ..] => return Some((&i[1..], CheckMark::Check)),
        [b'#', ..] => return Some((&i[1..], CheckMark::Mate)),
        _ => {}
    }
    if let Some(r) = i.strip_prefix('‡') {
        return Some((r, CheckMark::Mate));
    }
    if let Some(r) = i.strip_prefix('≠') {
        return Some((r, CheckMark::Mate));
    }
    if !dialect.is_descriptive() {
        // In descriptive books `†` is a footnote mark; in algebraic ones a check.
        if let Some(r) = i.strip_prefix('†') {
            return Some((r, CheckMark::Check));
        }
    }
    if dialect.plus_plus_is_double_check() {
        for m in ["×", "Х", "X"] {
            if let Some(r) = i.strip_prefix(m)
                && at_word_end(r)
            {
                return Some((r, CheckMark::Mate));
            }
        }
    }
    None
}

const EP_WORDS: [&str; 12] = [
    "«a.p.»",
    "«e.p.»",
    "\"a.p.\"",
    "“a.p.”",
    "_en passant_",
    "en passant",
    "in passing",
    "e.p.",
    "a.p.",
    "e.p",
    "a.p",
    "ep",
];

fn ep_word(i: In<'_>) -> Option<In<'_>> {
    for &w in &EP_WORDS {
        if let Some(r) = i.strip_prefix(w)
            && (w.ends_with(['.', '»', '"', '”', '_']) || at_word_end(r))
        {
            return Some(r);
        }
    }
    None
}

/// Strips one pair of parentheses around `inner`, if present: `(ch.)`, `(in passing)`.
fn parenthesised<'a, T>(
    i: In<'a>,
    inner: impl Fn(In<'a>) -> Option<(In<'a>, T)>,
) -> Option<(In<'a>, T)> {
    if let Some(r) = i.strip_prefix('(') {
        let (r, ()) = hs(r).ok()?;
        let (r, t) = inner(r)?;
        let (r, ()) = hs(r).ok()?;
        let r = r.strip_prefix(')')?;
        return Some((r, t));
    }
    inner(i)
}

/// A check, mate or en passant mark in parentheses, `(ch.)`, `(+)`, `(in passing)`, at the
/// start of `i`; `None` for anything else, `(!)` and `(Q. R.)` included.
pub(crate) fn parenthesised_mark(i: In<'_>, dialect: Dialect) -> Option<(In<'_>, Suffix)> {
    if !i.starts_with('(') {
        return None;
    }
    let mut s = Suffix::default();
    if let Some((r, m)) =
        parenthesised(i, check_word).or_else(|| parenthesised(i, |x| check_symbol(x, dialect)))
    {
        s.check = Some(m);
        return Some((r, s));
    }
    let (r, ()) = parenthesised(i, |x| ep_word(x).map(|r| (r, ())))?;
    s.en_passant = true;
    Some((r, s))
}

/// True when a suffix mark may start at `b` (any non-ASCII byte included). A mark that
/// starts with an ASCII letter, except Russian `X`, goes on with one of a few letters or a
/// period: `ch`, `check`, `double ch`, `dbl ch`, `dis ch`, `mate` (any case, the second
/// letter lower case), `en passant`, `in passing`, `e.p.`, `ep`, `a.p.`. So `C4R`, `D4T`
/// or `CxP` after a Spanish move is no mark, and is left at once.
fn may_start_suffix(b: &[u8]) -> bool {
    let Some(&c) = b.first() else {
        return false;
    };
    if c.is_ascii_alphabetic()
        && c != b'X'
        && !matches!(
            b.get(1),
            Some(b'h' | b'o' | b'b' | b'i' | b'a' | b'n' | b'p' | b'.')
        )
    {
        return false;
    }
    matches!(
        c,
        b'+' | b'#'
            | b','
            | b'('
            | b'!'
            | b'?'
            | b'"'
            | b'_'
            | b'c'
            | b'C'
            | b'd'
            | b'D'
            | b'm'
            | b'M'
            | b'e'
            | b'E'
            | b'a'
            | b'i'
            | b'X'
            | b':'
    ) || c >= 0x80
}

/// Reads the marks that may follow a move body, each optionally preceded by spaces:
/// check and mate marks, en passant, annotation glyphs. Never fails; consumes nothing
/// when nothing matches.
#[inline(always)]
pub(crate) fn suffix(i: In<'_>, dialect: Dialect) -> (In<'_>, Suffix) {
    // Most moves are followed by the next token: see whether a mark may start (after the
    // blanks [`hs`] skips) before the loop below is called.
    let b = i.as_bytes();
    let n = blank_len(b);
    if !may_start_suffix(&b[n..]) {
        return (i, Suffix::default());
    }
    marks(i, dialect)
}

/// The loop of [`suffix`].
#[inline(never)]
fn marks(i: In<'_>, dialect: Dialect) -> (In<'_>, Suffix) {
    let mut s = Suffix::default();
    let mut rest = i;
    loop {
        let (r, _) = hs(rest).unwrap_or((rest, ()));
        // Most moves are followed by the next token: leave at once unless a mark may start.
        if !may_start_suffix(r.as_bytes()) {
            break;
        }
        if let Some((r2, m)) = check_symbol(r, dialect) {
            s.check.get_or_insert(m);
            rest = r2;
            continue;
        }
        if let Some((r2, m)) = parenthesised(r, check_word) {
            s.check.get_or_insert(m);
            rest = r2;
            continue;
        }
        // Long-hand sets the word off by a comma or a colon: `K. B's 5th, mate.`, `P. takes
        // P., ch.`, `B takes Kt: ch.`
        if dialect.is_descriptive()
            && let Some(after) = r.strip_prefix([',', ':'])
            && let Some((r2, m)) = check_word(after.trim_start_matches([' ', '\t']))
        {
            s.check.get_or_insert(m);
            rest = r2;
            continue;
        }
        if let Some((r2, ())) = parenthesised(r, |x| ep_word(x).map(|r| (r, ()))) {
            s.en_passant = true;
            rest = r2;
            continue;
        }
        if s.nag.is_none()
            && let Ok((r2, nag)) = glyph(r)
        {
            // A glyph stands alone: `!` followed by a letter is not ours.
            s.nag = Some(nag);
            rest = r2;
            continue;
        }
        // A parenthesised glyph, `(!)`, is a milder mark; keep the glyph.
        if s.nag.is_none()
            && let Some((r2, nag)) = parenthesised(r, |x| glyph(x).ok())
        {
            s.nag = Some(nag);
            rest = r2;
            continue;
        }
        break;
    }
    (rest, s)
}

/// Numeric results; `-` may be any dash and may be spaced (`1 – 0`).
const RESULT_NUMBERS: [(&str, &str, Termination); 5] = [
    ("1/2", "1/2", Termination::Draw),
    ("½", "½", Termination::Draw),
    ("1", "0", Termination::WhiteWins),
    ("0", "1", Termination::BlackWins),
    ("0", "0", Termination::Draw), // 0-0 is castling; see `result_number`.
];

fn dash_len(s: &str) -> Option<usize> {
    ['-', '–', '—', '−', ':']
        .iter()
        .find(|d| s.starts_with(**d))
        .map(|d| d.len_utf8())
}

fn spaces_len(s: &str) -> usize {
    s.len() - s.trim_start_matches([' ', '\t']).len()
}

/// `1-0`, `0-1`, `½-½`, `1/2-1/2`, `1 – 0`, `1:0`; returns the length read.
/// Read by the tokenizer, and by the grammars so that a result's `1` is never a rank.
pub(crate) fn result_number(s: &str) -> Option<(usize, Termination)> {
    // After `1`, `0` or `½` a result goes on with a dash, a blank, `/` or `:`; a move
    // number goes on with `.` or a digit. Decide on that one byte before comparing strings.
    let b = s.as_bytes();
    let next = if b.first() == Some(&0xC2) {
        b.get(2)
    } else {
        b.get(1)
    };
    if !matches!(next, Some(b'-' | b' ' | b'\t' | b'/' | b':' | 0xE2)) {
        return None;
    }
    for &(a, b, t) in &RESULT_NUMBERS {
        let Some(rest) = s.strip_prefix(a) else {
            continue;
        };
        let mut n = a.len();
        let sp = spaces_len(rest);
        let Some(d) = dash_len(&rest[sp..]) else {
            continue;
        };
        if t == Termination::Draw && a == "0" {
            continue;
        }
        n += sp + d;
        let rest = &s[n..];
        let sp = spaces_len(rest);
        let Some(rest2) = rest[sp..].strip_prefix(b) else {
            continue;
        };
        // `0-0-0`, `1-0-0`: not a result.
        if rest2.starts_with(['-', '0', '1']) {
            continue;
        }
        n += sp + b.len();
        return Some((n, t));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{AlgLang, DescLang};

    const EN: Dialect = Dialect::Descriptive(DescLang::En);
    const RU: Dialect = Dialect::Algebraic(AlgLang::Ru);

    #[test]
    fn suffix_reads_marks_in_any_order_and_spacing() {
        let (r, s) = suffix(" dis. ch. !", EN);
        assert_eq!(r, "");
        assert_eq!(s.check, Some(CheckMark::Discovered));
        assert_eq!(s.nag, Some(1));
        let (r, s) = suffix("(ch.) 13. B-K3", EN);
        assert_eq!(r, " 13. B-K3");
        assert_eq!(s.check, Some(CheckMark::Check));
        let (_, s) = suffix(" e.p.", EN);
        assert!(s.en_passant);
        let (_, s) = suffix(" (in passing).", EN);
        assert!(s.en_passant);
    }

    #[test]
    fn a_long_hand_check_or_mate_word_after_a_comma_is_the_move_s_mark() {
        let (r, s) = suffix(", mate. 16. P. to K's 4th.", EN);
        assert_eq!(r, ". 16. P. to K's 4th.");
        assert_eq!(s.check, Some(CheckMark::Mate));
        let (_, s) = suffix(", ch.", EN);
        assert_eq!(s.check, Some(CheckMark::Check));
        // A comma before anything else is no mark.
        assert_eq!(suffix(", chess", EN).0, ", chess");
        assert_eq!(suffix(", P-K4", EN).0, ", P-K4");
    }

    /// The check words as [`check_word`] read them before it looked at first letters: each
    /// word in turn, longest first.
    fn check_word_in_order(i: In<'_>) -> Option<(In<'_>, CheckMark)> {
        if !i.as_bytes().get(1).is_some_and(u8::is_ascii_lowercase) {
            return None;
        }
        for (w, m) in CHECK_WORDS {
            if i.len() >= w.len()
                && i.is_char_boundary(w.len())
                && i[..w.len()].eq_ignore_ascii_case(w)
            {
                let rest = &i[w.len()..];
                if w.ends_with('.') || at_word_end(rest) {
                    return Some((rest, m));
                }
            }
        }
        None
    }

    #[test]
    fn check_words_read_as_they_did_word_by_word_in_order() {
        let mut texts: Vec<String> = Vec::new();
        for (w, _) in CHECK_WORDS {
            let mut capital = w.to_owned();
            capital[..1].make_ascii_uppercase();
            for word in [w.to_owned(), w.to_uppercase(), capital] {
                for n in 1..=word.len() {
                    for tail in ["", " 13.", ")", "x", ".", "e", "é", "-mate", " mate"] {
                        texts.push(format!("{}{tail}", &word[..n]));
                    }
                }
            }
        }
        for text in &texts {
            assert_eq!(check_word(text), check_word_in_order(text), "{text:?}");
        }
        assert_eq!(check_word("ch. 13."), Some((" 13.", CheckMark::Check)));
    }

    /// Whether any of the readers of the suffix loop reads a mark at the start of `r`.
    fn any_mark_reads(r: In<'_>, dialect: Dialect) -> bool {
        let after_comma = r
            .strip_prefix(',')
            .map(|a| a.trim_start_matches([' ', '\t']));
        check_symbol(r, dialect).is_some()
            || parenthesised(r, check_word).is_some()
            || (dialect.is_descriptive() && after_comma.and_then(check_word).is_some())
            || parenthesised(r, |x| ep_word(x).map(|r| (r, ()))).is_some()
            || glyph(r).is_ok()
            || parenthesised(r, |x| glyph(x).ok()).is_some()
    }

    #[test]
    fn where_no_mark_may_start_the_suffix_loop_reads_nothing() {
        let mut texts: Vec<String> = Vec::new();
        for a in 0x20u8..0x7f {
            for b in 0x20u8..0x7f {
                for tail in ["", ".", "p.", " ch", ")", "ate"] {
                    texts.push(format!("{}{}{tail}", char::from(a), char::from(b)));
                }
            }
        }
        let words = CHECK_WORDS.iter().map(|(w, _)| *w);
        for w in words.chain(EP_WORDS).chain(GLYPHS.iter().map(|(g, _)| *g)) {
            texts.push(w.to_owned());
            texts.push(format!("({w})"));
            texts.push(w.to_uppercase());
        }
        let es = Dialect::Descriptive(DescLang::Es);
        let mut left = 0;
        for text in &texts {
            for dialect in [EN, RU, es] {
                let (r, ()) = hs(text).expect("hs never fails");
                if !may_start_suffix(r.as_bytes()) {
                    left += 1;
                    assert!(!any_mark_reads(r, dialect), "{dialect:?} {text:?}");
                }
                assert_eq!(suffix(text, dialect), marks(text, dialect), "{text:?}");
            }
        }
        assert!(left > 100_000, "{left}");
    }

    #[test]
    fn double_plus_depends_on_dialect() {
        assert_eq!(suffix("++", EN).1.check, Some(CheckMark::Mate));
        assert_eq!(suffix("++", RU).1.check, Some(CheckMark::Double));
        assert_eq!(suffix("×", RU).1.check, Some(CheckMark::Mate));
    }

    #[test]
    fn evaluation_glyphs_are_not_checks() {
        let (r, s) = suffix(" +-", EN);
        assert_eq!(r, " +-");
        assert_eq!(s, Suffix::default());
    }

    #[test]
    fn words_must_end_at_a_boundary() {
        // `chx` is not `ch`; `P-K4 Kt-KB3` has no suffix.
        assert_eq!(suffix(" chx", EN).0, " chx");
        assert_eq!(suffix(" Kt-KB3", EN).0, " Kt-KB3");
    }
}
