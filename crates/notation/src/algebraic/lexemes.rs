//! The small pieces both algebraic grammars read (the compact one in the parent module,
//! the spaced one in `spaced`): failure, files (with Russian's Cyrillic forms), ranks, the
//! capture sign, the dash, and a move's path. A leaf: it reads characters only.

use crate::ast::{AbsSquare, Man, Place};
use crate::dialect::AlgLang;
use crate::pieces::{self, In, Res};

/// A parse failure at `i`.
pub(super) fn fail<T>(i: In<'_>) -> Res<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Fail,
    )))
}

/// The first character of `i` and the rest.
pub(super) fn next_char(i: In<'_>) -> Option<(char, In<'_>)> {
    let c = i.chars().next()?;
    Some((c, &i[c.len_utf8()..]))
}

/// Russian files typed in Cyrillic: look-alikes `а с е` and transliterations `б ц д ф г х`.
fn cyrillic_file(c: char) -> Option<u8> {
    Some(match c {
        'а' => 0,
        'б' => 1,
        'с' | 'ц' => 2,
        'д' => 3,
        'е' => 4,
        'ф' => 5,
        'г' => 6,
        'х' => 7,
        _ => return None,
    })
}

/// A file letter `a`–`h` (plus Cyrillic forms in Russian).
pub(super) fn file(lang: AlgLang, i: In<'_>) -> Res<'_, u8> {
    if let Some(&b) = i.as_bytes().first()
        && (b'a'..=b'h').contains(&b)
    {
        return Ok((&i[1..], b - b'a'));
    }
    if lang == AlgLang::Ru
        && let Some((c, rest)) = next_char(i)
        && let Some(f) = cyrillic_file(c)
    {
        return Ok((rest, f));
    }
    fail(i)
}

/// A rank digit `1`–`8`.
pub(super) fn rank(i: In<'_>) -> Res<'_, u8> {
    match i.as_bytes().first() {
        Some(&b) if (b'1'..=b'8').contains(&b) => Ok((&i[1..], b - b'1')),
        _ => fail(i),
    }
}

/// A capture sign: `x X × :`, and in Russian the Cyrillic kha `х Х`.
pub(super) fn capture(lang: AlgLang, i: In<'_>) -> Res<'_, ()> {
    match i.as_bytes().first() {
        Some(b'x' | b'X' | b':') => Ok((&i[1..], ())),
        Some(0xC3) => pieces::capture_sign(i),
        Some(0xD0 | 0xD1) if lang == AlgLang::Ru => {
            match i.strip_prefix('х').or_else(|| i.strip_prefix('Х')) {
                Some(r) => Ok((r, ())),
                None => fail(i),
            }
        }
        _ => fail(i),
    }
}

/// A dash (see [`pieces::dash`]), dispatched on the first byte.
pub(super) fn dash(i: In<'_>) -> Res<'_, ()> {
    match i.as_bytes().first() {
        Some(b'-') => Ok((&i[1..], ())),
        Some(0xE2) => pieces::dash(i),
        _ => fail(i),
    }
}

/// Origin, capture and destination of a move, after the man letter.
pub(super) struct Path {
    pub(super) from: Option<Place>,
    pub(super) capture: Option<Option<Man>>,
    pub(super) to: AbsSquare,
}

impl Path {
    /// A path without a capture.
    #[inline(always)]
    pub(super) fn quiet(from: Option<Place>, to: AbsSquare) -> Path {
        Path {
            from,
            capture: None,
            to,
        }
    }
}
