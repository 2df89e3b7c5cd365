//! Header lines that name the players (`White: Teichmann. Black: Rubinstein.`,
//! `Blancas: Capablanca`) and headings that name them `between X and Y`.

use crate::lexicon::{ABBREVIATIONS, BLACK_WORDS, HEADER_WHITE};

/// Finds `word` at a word start in `lower` followed by `:` or `.`; returns (start, end
/// after the separator).
fn keyword(lower: &str, words: &[&str], from: usize) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for w in words {
        let mut search = from;
        while let Some(i) = lower[search..].find(w) {
            let at = search + i;
            search = at + w.len();
            let word_start = lower[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            let after = lower[at + w.len()..].trim_start_matches([' ', '\t']);
            let sep = after.starts_with([':', '.']);
            if word_start && sep {
                let end = lower.len() - after.len() + 1;
                if best.is_none_or(|(b, _)| at < b) {
                    best = Some((at, end));
                }
                break;
            }
        }
    }
    best
}

/// Cleans a player name from a header: spaces, a dash before it, an OCR mark after it,
/// surrounding parentheses, a final period that ends a word (`Teichmann.`) but not an
/// initial (`N. N.`, `Mr. M.`).
fn clean_name(s: &str) -> String {
    let mut s = s.trim();
    // An OCR mark after the name (`Zukertort. [merged small]`, `(D. B.) [graphic]`).
    while let Some(body) = s.strip_suffix(']')
        && let Some(open) = body.rfind('[')
    {
        s = body[..open].trim_end();
    }
    // The dash after the side's word (`White.—MR MORPHY.`, `Black.--MR BIRD.`).
    let mut s = s
        .trim_start_matches(['-', '–', '—'])
        .trim()
        .trim_end_matches([',', ';'])
        .trim();
    // A stop after the parentheses (`(Mr. Popert.).`).
    if s.ends_with(").") {
        s = &s[..s.len() - 1];
    }
    if let Some(inner) = s.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        s = inner.trim();
    }
    if let Some(body) = s.strip_suffix('.') {
        let last = body.rsplit([' ', '.']).next().unwrap_or("");
        if last.chars().count() > 1 {
            s = body;
        }
    }
    name_case(s.trim())
}

/// A name printed in capitals (`MR BRUHL`, small capitals `HERR J. KOLISCH`) as a name:
/// each word's first letter kept, the rest in lower case (`Mr Bruhl`, `Herr J. Kolisch`).
/// A name with a lower-case letter is the book's spelling, and kept as printed.
pub fn name_case(name: &str) -> String {
    let mut letters = name.chars().filter(|c| c.is_alphabetic());
    let capitals = letters.clone().count() >= 2 && letters.all(char::is_uppercase);
    if !capitals {
        return name.to_owned();
    }
    let mut out = String::with_capacity(name.len());
    let mut word_start = true;
    for c in name.chars() {
        if word_start {
            out.push(c);
        } else {
            out.extend(c.to_lowercase());
        }
        word_start = !c.is_alphabetic() && c != '\'' && c != '’';
    }
    out
}

/// Reads a book-style header line naming the players: `White: Teichmann. Black:
/// Rubinstein.`, `WHITE. (Mr. M.)   BLACK. (M. B.)`, `Blancas: Capablanca`, `Pretas:`.
///
/// A header may run on into the moves (`WHITE. (Mr. M.)  BLACK. (Mr. H.) 1. P. to K's 4th.
/// …`): the names stop at the first move number ([`header_moves_at`]).
///
/// Returns the White and Black names found (either may be empty, as in the bare column
/// heading `WHITE.  BLACK.`), or `None` when the line is not such a header. The line must
/// start with one of the keywords.
pub fn parse_header_line(line: &str) -> Option<(Option<String>, Option<String>)> {
    let trimmed = line.trim();
    // No header word starts with a digit: a numbered row of moves (most lines) is none.
    if trimmed.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    // A header starts with one of the words. When its first bytes are ASCII, their lower
    // case is theirs letter by letter: most lines are told apart here, without lowering
    // the whole line.
    let head = &trimmed.as_bytes()[..trimmed.len().min(7)];
    if head.is_ascii()
        && !HEADER_WHITE
            .iter()
            .chain(&BLACK_WORDS)
            .any(|w| head.len() >= w.len() && head[..w.len()].eq_ignore_ascii_case(w.as_bytes()))
    {
        return None;
    }
    let lower = trimmed.to_lowercase();
    if lower.len() != trimmed.len() {
        // Lower-casing changed byte lengths (rare scripts): compare ASCII-only instead.
        return None;
    }
    // A header that runs on into the moves (`WHITE. (Mr. M.) BLACK. (Mr. H.) 1. P. to K's
    // 4th. …`, a flattened web copy): the names stop at the first move.
    let stop = header_moves_at(trimmed).unwrap_or(trimmed.len());
    let (trimmed, lower) = (&trimmed[..stop], &lower[..stop]);
    let white = keyword(lower, &HEADER_WHITE, 0);
    let black = keyword(lower, &BLACK_WORDS, 0);
    let first = match (white, black) {
        (Some(w), Some(b)) => w.0.min(b.0),
        (Some(w), None) => w.0,
        (None, Some(b)) => b.0,
        (None, None) => return None,
    };
    if first != 0 {
        return None;
    }
    let name = |start: usize, stop: usize| {
        let n = clean_name(&trimmed[start..stop]);
        (!n.is_empty()).then_some(n)
    };
    Some(match (white, black) {
        (Some(w), Some(b)) if w.0 < b.0 => (name(w.1, b.0), name(b.1, trimmed.len())),
        (Some(w), Some(b)) => (name(w.1, trimmed.len()), name(b.1, w.0)),
        (Some(w), None) => (name(w.1, trimmed.len()), None),
        (None, Some(b)) => (None, name(b.1, trimmed.len())),
        (None, None) => unreachable!(),
    })
}

/// The players a sentence names as `between X and Y` (`Game played in the Masters'
/// Tournament, 23rd September, 1892, between Messrs. James Mason and H. E. Bird:`,
/// `—Between Rev. Rubinstein and Herr Marshall.`, `Partida jugada entre los señores X y
/// Y, 3 de marzo de 1922.`): White first, as books name them. A
/// name that does not read as one (`and another fine player of London`) is `None`.
pub fn between_players(text: &str) -> Option<(Option<String>, Option<String>)> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return None;
    }
    // English `between X and Y`, Spanish `entre X y Y`.
    let (at, word, joint) = [("between ", " and "), ("entre ", " y ")]
        .into_iter()
        .find_map(|(word, joint)| {
            lower
                .match_indices(word)
                .map(|(i, _)| i)
                .find(|&i| {
                    lower[..i]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric())
                })
                .map(|at| (at, word, joint))
        })?;
    let mut rest = &text[at + word.len()..];
    for title in [
        "Messrs. ",
        "messrs. ",
        "MESSRS. ",
        "Messrs ",
        "los señores ",
        "los Sres. ",
        "los sres. ",
        "señores ",
    ] {
        rest = rest.strip_prefix(title).unwrap_or(rest);
    }
    let and = rest.find(joint)?;
    let first = &rest[..and];
    let second = &rest[and + joint.len()..];
    // The second name runs to a comma, a colon, `in`, a year, or the end of the sentence
    // (a period after a word of two letters or more: initials keep theirs).
    let mut end = second.len();
    for (i, c) in second.char_indices() {
        let word_before = second[..i].rsplit([' ', '.']).next().unwrap_or("");
        let title = ABBREVIATIONS.contains(&word_before.to_lowercase().as_str());
        if matches!(c, ',' | ':' | ';' | '(' | '[')
            || c == '.' && word_before.chars().count() > 1 && !title
            || second[i..].starts_with(" in ")
            || second[i..].starts_with(" at ")
            || second[i..].starts_with(" en ")
        {
            end = i;
            break;
        }
    }
    let (white, black) = (clean_name(first), clean_name(&second[..end]));
    let plausible = |n: &str| {
        let words = n.split_whitespace().count();
        (1..=5).contains(&words) && n.chars().next().is_some_and(char::is_uppercase)
    };
    let (white, black) = (
        Some(white).filter(|n| plausible(n)),
        Some(black).filter(|n| plausible(n)),
    );
    (white.is_some() || black.is_some()).then_some((white, black))
}

/// The byte offset in a header line (trimmed) where moves begin: the first word after
/// the first that opens with move 1 (`1.`, `1...`, `1.P4R`). `None` when the line holds no
/// moves.
pub fn header_moves_at(trimmed: &str) -> Option<usize> {
    let mut words = trimmed
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - trimmed.as_ptr() as usize, w));
    words.next()?;
    words
        .find(|(_, w)| {
            w.strip_prefix('1')
                .is_some_and(|r| r.starts_with('.') && !r.starts_with(".)"))
        })
        .map(|(at, _)| at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_header_line_on_one_line() {
        assert_eq!(
            parse_header_line("White: Teichmann. Black: Rubinstein."),
            Some((Some("Teichmann".into()), Some("Rubinstein".into())))
        );
    }

    #[test]
    fn column_heading_with_names_in_parentheses() {
        assert_eq!(
            parse_header_line("WHITE. (Mr. M.)   BLACK. (M. B.)"),
            Some((Some("Mr. M.".into()), Some("M. B.".into())))
        );
        assert_eq!(parse_header_line("WHITE.      BLACK."), Some((None, None)));
        // A stop after the parentheses, as an OCR'd page prints one.
        assert_eq!(
            parse_header_line("WHITE. (The Allies.)   BLACK. (Mr. Popert.)."),
            Some((Some("The Allies".into()), Some("Mr. Popert".into())))
        );
    }

    #[test]
    fn spanish_and_portuguese_headers() {
        assert_eq!(
            parse_header_line("Blancas: Capablanca"),
            Some((Some("Capablanca".into()), None))
        );
        assert_eq!(
            parse_header_line("Negras: N. N."),
            Some((None, Some("N. N.".into())))
        );
        assert_eq!(
            parse_header_line("Brancas: Mieses   Pretas: Alekhine"),
            Some((Some("Mieses".into()), Some("Alekhine".into())))
        );
    }

    #[test]
    fn move_lines_are_not_headers() {
        assert_eq!(parse_header_line("White resigns."), None);
        assert_eq!(parse_header_line("1. P-K4 P-K4"), None);
        assert_eq!(parse_header_line("And White wins: a fine game"), None);
    }

    #[test]
    fn a_header_that_runs_on_into_the_moves_names_the_players_only() {
        let line = "WHITE. (Mr. M.)  BLACK. (Mr. H.) 1. P. to K's 4th. 1. P. to K's 4th.";
        assert_eq!(
            parse_header_line(line),
            Some((Some("Mr. M.".into()), Some("Mr. H.".into())))
        );
        assert_eq!(header_moves_at(line), line.find("1. P."));
        assert_eq!(
            header_moves_at("White: Capablanca.  Black: Marshall."),
            None
        );
    }

    #[test]
    fn a_name_loses_the_dash_before_it_and_the_ocr_mark_after_it() {
        assert_eq!(
            parse_header_line("White.—MR BRUHL.   Black.--M D Q TARMANN."),
            Some((Some("Mr Bruhl".into()), Some("M D Q Tarmann".into())))
        );
        assert_eq!(
            parse_header_line(
                "White: Mr. C. A. Zukertort. [merged small]  Black: (D. B.) [graphic]"
            ),
            Some((Some("Mr. C. A. Zukertort".into()), Some("D. B.".into())))
        );
    }

    #[test]
    fn between_x_and_y_names_white_then_black() {
        let cases = [
            (
                "Game played in the Masters' Tournament, 23rd September, 1892, between Messrs. James Mason and H. E. Bird:",
                Some(("James Mason", "H. E. Bird")),
            ),
            (
                "GAME I.—Between Rev. Rubinstein and Herr Marshall.",
                Some(("Rev. Rubinstein", "Herr Marshall")),
            ),
            (
                "GAME II.--Between Mr. Morphy and Mr. Harrwitz.",
                Some(("Mr. Morphy", "Mr. Harrwitz")),
            ),
            (
                "GAME I.--Between Von H. der Laza and Mr. M.",
                Some(("Von H. der Laza", "Mr. M.")),
            ),
            (
                "GAME II.--Between Dr. E. Lasker and Wm. Steinitz.",
                Some(("Dr. E. Lasker", "Wm. Steinitz")),
            ),
            (
                "Played between Messrs. D. S. Zukertort and W. D. Porard.",
                Some(("D. S. Zukertort", "W. D. Porard")),
            ),
            (
                "Partida jugada entre los señores Louis Blackburne y Burn, 3 de marzo de 1922.",
                Some(("Louis Blackburne", "Burn")),
            ),
            (
                "Partida 7.—Entre Sr. Vázquez y D. Rollmann.",
                Some(("Sr. Vázquez", "D. Rollmann")),
            ),
            (
                "The difference between a good move and a bad one is small.",
                None,
            ),
            (
                "GAME VII.--Between Mr. Popert and another fine player.",
                Some(("Mr. Popert", "")),
            ),
        ];
        for (text, want) in cases {
            let got = between_players(text);
            assert_eq!(
                got.as_ref()
                    .map(|(w, b)| (w.as_deref().unwrap_or(""), b.as_deref().unwrap_or(""))),
                want,
                "{text}"
            );
        }
    }
}
