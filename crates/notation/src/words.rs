//! The fixed words and signs of movetext that are no move: stand-alone evaluation glyphs,
//! judgements in parentheses, and result words in the languages of the books. The
//! tokenizer ([`crate::movetext`]) matches them; a leaf, it reads no token.

use crate::ast::Termination;

/// Stand-alone evaluation glyphs and their NAGs, longest first.
pub(crate) const NAG_GLYPHS: [(&str, u8); 29] = [
    ("+/=", 14),
    ("=/+", 15),
    ("+/-", 16),
    ("-/+", 17),
    ("=/∞", 44),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("+=", 14),
    ("=+", 15),
    ("+-", 18),
    ("-+", 19),
    ("+−", 18),
    ("−+", 19),
    ("‼", 3),
    ("⁇", 4),
    ("⁉", 5),
    ("⁈", 6),
    ("!", 1),
    ("?", 2),
    ("□", 7),
    ("=", 10),
    ("∞", 13),
    ("⩲", 14),
    ("⩱", 15),
    ("±", 16),
    ("∓", 17),
    ("≅", 44),
];

/// Words a book prints in parentheses after a move to judge it: `(best)`, `(forced.)`.
const ANNOTATION_WORDS: [&str; 12] = [
    "best",
    "good",
    "bad",
    "forced",
    "strong",
    "weak",
    "better",
    "the only move",
    "only move",
    "mejor",
    "forzada",
    "forzado",
];

/// The offset of the `)` of an annotation in parentheses at the start of `rest`
/// (`(best)`, `(best.)`): a judgement, read as a comment, never a variation.
pub(crate) fn annotation_word(rest: &str) -> Option<usize> {
    let close = rest.find(')').filter(|&c| c < 40)?;
    let inner = rest[1..close].trim().trim_end_matches('.').trim();
    ANNOTATION_WORDS
        .iter()
        .any(|w| inner.eq_ignore_ascii_case(w))
        .then_some(close)
}

/// Result words, matched case-insensitively at a word boundary; longest first.
pub(crate) const RESULT_WORDS: [(&str, Termination); 29] = [
    ("and white resigns", Termination::BlackWins),
    ("and black resigns", Termination::WhiteWins),
    ("and white mates", Termination::WhiteWins),
    ("and black mates", Termination::BlackWins),
    ("white resigns", Termination::BlackWins),
    ("black resigns", Termination::WhiteWins),
    ("and white wins", Termination::WhiteWins),
    ("and black wins", Termination::BlackWins),
    ("white wins", Termination::WhiteWins),
    ("black wins", Termination::BlackWins),
    ("and wins", Termination::Wins),
    ("drawn game", Termination::Draw),
    ("resigns", Termination::Resigns),
    ("resigned", Termination::Resigns),
    ("abandonan", Termination::Resigns),
    ("abandonam", Termination::Resigns),
    ("abandona", Termination::Resigns),
    ("abandonou", Termination::Resigns),
    ("abandonne", Termination::Resigns),
    ("abbandona", Termination::Resigns),
    ("aufgegeben", Termination::Resigns),
    ("tablas", Termination::Draw),
    ("empate", Termination::Draw),
    ("nulle", Termination::Draw),
    ("patta", Termination::Draw),
    ("remis", Termination::Draw),
    ("drawn", Termination::Draw),
    ("draw", Termination::Draw),
    ("empat", Termination::Draw),
];

/// The length of an announced mate's count after `… mates` (` in two moves`, ` in 3
/// moves`), or 0: part of the result, not moves.
pub(crate) fn mate_in(rest: &str) -> usize {
    let mut words = rest
        .split_inclusive(char::is_whitespace)
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len();
            Some((start, w))
        })
        .filter(|(_, w)| !w.trim().is_empty());
    let (Some((_, a)), Some((_, count)), Some((at, unit))) =
        (words.next(), words.next(), words.next())
    else {
        return 0;
    };
    let unit_word = unit.trim_end().trim_end_matches(['.', ',', ';']);
    if !a.trim().eq_ignore_ascii_case("in")
        || !count.trim().chars().all(char::is_alphanumeric)
        || !(unit_word.eq_ignore_ascii_case("moves") || unit_word.eq_ignore_ascii_case("move"))
    {
        return 0;
    }
    at + unit_word.len()
}
