//! Tag pairs: PGN `[Tag "value"]` lines read and written, and the export order (the
//! Seven Tag Roster first).

use std::borrow::Cow;

use serde::Serialize;

/// The Seven Tag Roster, in export order, with the value used when a tag is unknown.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
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
    #[cfg(test)]
    pub fn export_order(&self) -> Vec<(&str, &str)> {
        let mut out = Vec::with_capacity(self.0.len() + SEVEN_TAG_ROSTER.len());
        self.for_each_in_export_order(|n, v| out.push((n, v)));
        out
    }

    /// Calls `f` on each tag in PGN export order, without collecting them: the Seven Tag
    /// Roster (with `?` defaults), then the others in their original order.
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
pub fn parse_tag_line(line: &str) -> Option<TagPairs<'_>> {
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
pub struct TagPairs<'a> {
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
pub fn escape_value(v: &str) -> std::borrow::Cow<'_, str> {
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
}
