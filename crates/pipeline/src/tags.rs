//! Tag pairs: PGN `[Tag "value"]` lines, book-style player header lines, and the export
//! order (the Seven Tag Roster first).

use std::borrow::Cow;

use serde::Serialize;

/// The Seven Tag Roster, in export order, with the value used when a tag is unknown.
pub(crate) const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// An ordered list of tag pairs; names are unique, a later `set` replaces the value.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// An empty list.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The value of `name` (exact, case-sensitive as PGN is).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `name` to `value`, replacing any earlier value in place.
    pub fn set(&mut self, name: impl AsRef<str> + Into<String>, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(n, _)| n == name.as_ref()) {
            Some(slot) => slot.1 = value,
            // A name given owned is kept, not copied.
            None => self.0.push((name.into(), value)),
        }
    }

    /// Removes `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(i).1)
    }

    /// True when no tag is set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The tags in PGN export order: the Seven Tag Roster (with `?` defaults), then the
    /// others in their original order.
    pub fn export_order(&self) -> Vec<(&str, &str)> {
        let mut out = Vec::with_capacity(self.0.len() + SEVEN_TAG_ROSTER.len());
        self.for_each_in_export_order(|n, v| out.push((n, v)));
        out
    }

    /// Calls `f` on each tag of [`Tags::export_order`], in that order, without collecting.
    pub fn for_each_in_export_order<'t>(&'t self, mut f: impl FnMut(&'t str, &'t str)) {
        // One pass finds the roster's values (the first of a name, as `get` does).
        let mut roster: [Option<&'t str>; SEVEN_TAG_ROSTER.len()] = [None; 7];
        let mut others = false;
        for (n, v) in &self.0 {
            match roster_index(n) {
                Some(i) => {
                    roster[i].get_or_insert(v.as_str());
                }
                None => others = true,
            }
        }
        for (&(n, d), v) in SEVEN_TAG_ROSTER.iter().zip(roster) {
            f(n, v.unwrap_or(d));
        }
        if others {
            for (n, v) in &self.0 {
                if roster_index(n).is_none() {
                    f(n.as_str(), v.as_str());
                }
            }
        }
    }
}

/// The place of `name` in the [`SEVEN_TAG_ROSTER`], if it is one of its tags.
fn roster_index(name: &str) -> Option<usize> {
    Some(match name {
        "Event" => 0,
        "Site" => 1,
        "Date" => 2,
        "Round" => 3,
        "White" => 4,
        "Black" => 5,
        "Result" => 6,
        _ => return None,
    })
}

/// Parses a line made only of PGN tag pairs (`[White "Teichmann"] [Black "Rubinstein"]`).
/// Returns `None` when the line is anything else, such as a footnote `[A]` or a page mark
/// `[Illustration]`. The whole line is checked first; its pairs are then read without a
/// copy, but for a value that holds an escape (the first pair, most lines' only one, is
/// read once).
pub(crate) fn parse_tag_line(line: &str) -> Option<TagPairs<'_>> {
    let line = line.trim();
    if !line.starts_with('[') {
        return None;
    }
    let first = tag_pair(line)?;
    let mut rest = first.rest;
    while !rest.is_empty() {
        rest = tag_pair(rest)?.rest;
    }
    Some(TagPairs {
        rest: first.rest,
        first: Some(first),
    })
}

/// The pairs of a line that [`parse_tag_line`] accepted: each name, and its value with
/// the escapes read.
#[derive(Debug, Clone)]
pub(crate) struct TagPairs<'a> {
    /// The first pair, read already.
    first: Option<TagPair<'a>>,
    /// The line after the pairs handed out (the first included).
    rest: &'a str,
}

impl<'a> Iterator for TagPairs<'a> {
    type Item = (&'a str, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let pair = match self.first.take() {
            Some(first) => first,
            None if self.rest.is_empty() => return None,
            None => tag_pair(self.rest)?,
        };
        self.rest = pair.rest;
        let value = if pair.escaped {
            let mut value = String::with_capacity(pair.raw.len());
            let mut chars = pair.raw.chars();
            while let Some(c) = chars.next() {
                // The raw value was checked: every `\` has a character after it.
                value.push(if c == '\\' { chars.next()? } else { c });
            }
            Cow::Owned(value)
        } else {
            Cow::Borrowed(pair.raw)
        };
        Some((pair.name, value))
    }
}

/// One tag pair at the start of a line's rest, as printed.
#[derive(Debug, Clone, Copy)]
struct TagPair<'a> {
    name: &'a str,
    /// The value between the quotes, escapes unread.
    raw: &'a str,
    /// The value holds a `\` escape.
    escaped: bool,
    /// What follows the pair's `]`, spaces trimmed.
    rest: &'a str,
}

/// The tag pair `rest` starts with (`[Name "value"]`), or `None`.
fn tag_pair(rest: &str) -> Option<TagPair<'_>> {
    let r = rest.strip_prefix('[')?.trim_start();
    let name_len = tag_name_len(r);
    if name_len == 0 {
        return None;
    }
    let name = &r[..name_len];
    let r = r[name_len..].trim_start().strip_prefix('"')?;
    // Most values hold no escape: taken whole up to the closing quote (found by bytes:
    // both are ASCII, so no character is decoded on the way).
    let stop = memchr::memchr2(b'"', b'\\', r.as_bytes())?;
    let (end, escaped) = if r.as_bytes()[stop] == b'"' {
        (stop, false)
    } else {
        let mut chars = r.char_indices();
        let end = loop {
            match chars.next()? {
                (_, '\\') => {
                    chars.next()?;
                }
                (i, '"') => break i,
                _ => {}
            }
        };
        (end, true)
    };
    Some(TagPair {
        name,
        raw: &r[..end],
        escaped,
        rest: r[end + 1..].trim_start().strip_prefix(']')?.trim_start(),
    })
}

/// The length of the tag name `r` starts with: letters, digits (of any script) and `_`.
fn tag_name_len(r: &str) -> usize {
    let ascii = r
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'_'))
        .unwrap_or(r.len());
    if r.as_bytes().get(ascii).is_none_or(|b| b.is_ascii()) {
        return ascii;
    }
    // A name that goes on in another script (`Événement`): read by characters.
    ascii
        + r[ascii..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(r.len() - ascii)
}

/// Escapes a tag value for PGN export (`\` and `"`).
pub(crate) fn escape_value(v: &str) -> std::borrow::Cow<'_, str> {
    // Told without an early exit, so that the loop runs over many bytes at once.
    let special = v.bytes().fold(false, |any, b| {
        any | matches!(b, b'\\' | b'"' | b'\n' | b'\r' | b'\t')
    });
    if !special {
        return std::borrow::Cow::Borrowed(v);
    }
    let mut s = String::with_capacity(v.len() + 2);
    for c in v.chars() {
        match c {
            '\\' | '"' => {
                s.push('\\');
                s.push(c);
            }
            '\n' | '\r' | '\t' => s.push(' '),
            c => s.push(c),
        }
    }
    std::borrow::Cow::Owned(s)
}

const WHITE_WORDS: [&str; 3] = ["white", "blancas", "brancas"];
const BLACK_WORDS: [&str; 3] = ["black", "negras", "pretas"];

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
pub(crate) fn name_case(name: &str) -> String {
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
pub(crate) fn parse_header_line(line: &str) -> Option<(Option<String>, Option<String>)> {
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
        && !WHITE_WORDS
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
    let white = keyword(lower, &WHITE_WORDS, 0);
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

/// Abbreviated titles and first names whose period ends no sentence.
const TITLES: [&str; 18] = [
    "mr", "mrs", "messrs", "dr", "wm", "capt", "rev", "st", "jr", "sr", "prof", "col", "gen",
    "lieut", "hon", "sig", "chas", "jas",
];

/// The players a sentence names as `between X and Y` (`Game played in the Masters'
/// Tournament, 23rd September, 1892, between Messrs. James Mason and H. E. Bird:`,
/// `—Between Rev. Rubinstein and Herr Marshall.`, `Partida jugada entre los señores X y
/// Y, 3 de marzo de 1922.`): White first, as books name them. A
/// name that does not read as one (`and another fine player of London`) is `None`.
pub(crate) fn between_players(text: &str) -> Option<(Option<String>, Option<String>)> {
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
        let title = TITLES.contains(&word_before.to_lowercase().as_str());
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
pub(crate) fn header_moves_at(trimmed: &str) -> Option<usize> {
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
    use proptest::prelude::*;

    /// The tag-line reader as it was written first, one owned pair at a time: the
    /// reference the borrowing reader must agree with.
    fn reference_tag_line(line: &str) -> Option<Vec<(String, String)>> {
        let mut rest = line.trim();
        if !rest.starts_with('[') {
            return None;
        }
        let mut out = Vec::new();
        while !rest.is_empty() {
            let r = rest.strip_prefix('[')?.trim_start();
            let name_len = r
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(r.len());
            if name_len == 0 {
                return None;
            }
            let name = &r[..name_len];
            let r = r[name_len..].trim_start().strip_prefix('"')?;
            let mut value = String::new();
            let mut chars = r.char_indices();
            let end = loop {
                match chars.next()? {
                    (_, '\\') => value.push(chars.next()?.1),
                    (i, '"') => break i,
                    (_, c) => value.push(c),
                }
            };
            rest = r[end + 1..].trim_start().strip_prefix(']')?.trim_start();
            out.push((name.to_owned(), value));
        }
        Some(out)
    }

    /// The export order as the roster defines it, tag by tag: the reference for
    /// [`Tags::for_each_in_export_order`].
    fn reference_export_order(t: &Tags) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = SEVEN_TAG_ROSTER
            .iter()
            .map(|&(n, d)| (n.to_owned(), t.get(n).unwrap_or(d).to_owned()))
            .collect();
        for (n, v) in &t.0 {
            if !SEVEN_TAG_ROSTER.iter().any(|(r, _)| r == n) {
                out.push((n.clone(), v.clone()));
            }
        }
        out
    }

    proptest! {
        #[test]
        fn tag_lines_read_as_the_owned_reader_reads_them(
            line in r#"[ \t]{0,2}(\[ ?(White|Event|Ét_é|Xé9|Black2|x|) ?"([a-zé ]|\\\\|\\"|\\|")*" ?\] ?){0,3}[\]"a \[]{0,2}"#,
        ) {
            let ours = parse_tag_line(&line)
                .map(|p| p.map(|(n, v)| (n.to_owned(), v.into_owned())).collect::<Vec<_>>());
            prop_assert_eq!(ours, reference_tag_line(&line));
        }

        #[test]
        fn export_order_is_the_roster_then_the_others_whatever_the_tags(
            tags in proptest::collection::vec(
                ("(Event|Site|Date|Round|White|Black|Result|ECO|Annotator|Whit|Events)", "[a-z?]{0,3}"),
                0..12,
            ),
        ) {
            // Built as a caller may build it, duplicate names included.
            let t = Tags(tags);
            let mut ours = Vec::new();
            t.for_each_in_export_order(|n, v| ours.push((n.to_owned(), v.to_owned())));
            prop_assert_eq!(ours, reference_export_order(&t));
        }
    }

    #[test]
    fn the_roster_index_names_each_roster_tag_at_its_place_and_no_other() {
        for (i, (n, _)) in SEVEN_TAG_ROSTER.iter().enumerate() {
            assert_eq!(roster_index(n), Some(i), "{n}");
        }
        for n in ["", "event", "Events", "FEN", "WhiteElo"] {
            assert_eq!(roster_index(n), None, "{n}");
        }
    }

    #[test]
    fn tag_pairs_parse_with_escapes() {
        let t = parse_tag_line(r#"[White "Teichmann"] [Event "A \"B\" C"]"#).unwrap();
        assert_eq!(
            t.collect::<Vec<_>>(),
            [("White", "Teichmann".into()), ("Event", "A \"B\" C".into())]
        );
    }

    #[test]
    fn footnotes_and_page_marks_are_not_tags() {
        assert!(parse_tag_line("[A] P-K4").is_none());
        assert!(parse_tag_line("[Illustration]").is_none());
        assert!(parse_tag_line("1. e4 e5").is_none());
    }

    #[test]
    fn seven_tag_roster_comes_first_in_order_with_defaults() {
        let mut t = Tags::new();
        t.set("Annotator", "X");
        t.set("Black", "Rubinstein");
        t.set("Event", "Carlsbad");
        let names: Vec<_> = t.export_order().into_iter().collect();
        assert_eq!(
            names,
            [
                ("Event", "Carlsbad"),
                ("Site", "?"),
                ("Date", "????.??.??"),
                ("Round", "?"),
                ("White", "?"),
                ("Black", "Rubinstein"),
                ("Result", "*"),
                ("Annotator", "X"),
            ]
        );
    }

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
