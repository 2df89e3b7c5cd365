//! Stage one of a book: every line gets a kind, from cheap evidence only.
//!
//! A line is read once by the book's tokenizer; its share of words that read as moves,
//! its move numbers and its shape decide between a move row and prose. No line is decoded
//! here: prose costs one tokenizer pass.

use escriba_notation::readings::castling_shaped;
use escriba_notation::{Dialect, TokenKind, movetext};

use crate::header::parse_header_line;
use crate::lexicon::{ANALYSIS_HEADINGS, EVENT_WORDS, GAME_WORDS, ORDINALS, SECTION_HEADINGS};
use crate::line::MoveNo;

/// What a line of a book is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineKind {
    /// Nothing but blanks.
    Blank,
    /// Page furniture: `{160}`, `[Illustration]`, `[Pg 23]`, a bare page number, a
    /// transcriber's label in braces.
    PageMark,
    /// A row of stars or rules between sections: `*   *   *`.
    Separator,
    /// A heading: `GAME 12.`, `VARIATION I.`, `CHAPTER V`, a title in capitals.
    Heading(HeadingKind),
    /// A player or column header: `White: X. Black: Y.`, `WHITE. (Mr. M.)  BLACK. (M. B.)`.
    Players(Players),
    /// Where and when: `(Match, 1909)`, `Played at Berlin, 1913`.
    Event,
    /// A line that reads mostly as moves, move numbers and results.
    MoveRow(RowShape),
    /// The first line of a footnote's text: `[Footnote A: …`, `[1] The value…`.
    Footnote {
        /// The footnote's label (`A`, `1`).
        label: String,
    },
    /// A row of an ASCII diagram (or one of its frame and caption lines).
    Diagram,
    /// Words.
    Prose,
}

/// The kinds of headings, from what they announce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeadingKind {
    /// A numbered game: `GAME 12.`, `GAME No. 12`, `GAME I.--…`, `Partida 12`, or a numbered
    /// chapter game (`12. Capablanca–Marshall`).
    Game,
    /// Analysis: `GAME THE FIRST.` (an opening line in a treatise), `VARIATION II.`,
    /// `EXAMPLE 3.`, studies and endings.
    Analysis,
    /// Anything else: chapters, parts, section titles in capitals.
    Section,
}

/// Names from a player line, with the column order it gives.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Players {
    /// White's name, when printed.
    pub white: Option<String>,
    /// Black's name, when printed.
    pub black: Option<String>,
    /// The header names Black first (the left column is Black's).
    pub black_left: bool,
    /// Byte offset in the line where moves follow the names on the same line
    /// (`WHITE. (Mr. M.) BLACK. (Mr. H.) 1. P. to K's 4th. …`).
    pub moves_at: Option<usize>,
}

/// What a move row holds, for the table reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RowShape {
    /// The first move number and whether it introduces a Black move (`7. ........`).
    pub number: Option<MoveNo>,
    /// The row starts with its move number.
    pub numbered: bool,
    /// Moves before the row's first move number (a wrapped paragraph's line or a
    /// staggered row that starts with Black's move: `Kt K 2 6 P B 4 …`).
    pub lead: u16,
    /// Move tokens read.
    pub moves: u16,
    /// Words that read as nothing.
    pub unknown: u16,
    /// A result or termination word (`Resigns.`, `And wins`, `1-0`).
    pub result: bool,
    /// The row separates moves with `;` or `,` as prose does (`2...K - B 1; 3 K - B 3`).
    pub prose_separators: bool,
    /// Column (in characters) of the row's first move number or move (page marks and
    /// stray marks before it do not count).
    pub indent: u16,
    /// The second pair of a four-column row (`1 P to K4  P to K4    25 P takes P  B to
    /// B5`): a later move number on the same line, two moves or more ahead of the first.
    pub second: Option<SecondPair>,
}

/// Where the second pair of a four-column row starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecondPair {
    /// Its move number and the side whose move it starts with.
    pub at: MoveNo,
    /// Byte offset of its move number in the line.
    pub offset: u16,
    /// Moves of the row before it (the first pair's).
    pub moves_before: u16,
}

/// Classifies one line (without its line ending) for a book read in `dialect`.
pub fn classify(text: &str, dialect: Dialect) -> LineKind {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return LineKind::Blank;
    }
    if is_page_mark(trimmed) {
        return LineKind::PageMark;
    }
    // A digitizer's mark on a line with more (`BLACK. [merged small]`) is no part of what
    // the line says: the line is read with the mark blanked.
    let blanked = blank_ocr_marks(text);
    let (text, trimmed) = (blanked.as_ref(), blanked.trim());
    if trimmed.is_empty() {
        return LineKind::PageMark;
    }
    if is_separator(trimmed) {
        return LineKind::Separator;
    }
    // Before footnotes: a board's row may open with a marked man (`*P .  *P . …`). A
    // side's word alone is a column's header or a board's caption, never a row of men
    // (`BLANCAS.` reads as eight squares: B, L, A, N, C, A, S and an empty one).
    if crate::diagram::is_board_row(trimmed) && crate::diagram::caption_color(trimmed).is_none() {
        return LineKind::Diagram;
    }
    words_kind(text, dialect)
}

/// Classifies a line that is no page mark, separator or board's row: what its words say.
/// A line first read as a board's row whose board does not read is classified again so
/// (`8 Kt x B P  P - Q Kt 4` is a table's row, not a board's rank 8).
pub fn classify_words(text: &str, dialect: Dialect) -> LineKind {
    words_kind(&blank_ocr_marks(text), dialect)
}

/// [`classify_words`] of a line whose digitizer's marks are blanked already.
fn words_kind(text: &str, dialect: Dialect) -> LineKind {
    let trimmed = text.trim();
    if let Some(label) = footnote_label(trimmed) {
        return LineKind::Footnote { label };
    }
    if let Some(mut p) = players(trimmed) {
        // The offset of the moves in the line as printed, leading blanks and all.
        let lead = text.len() - text.trim_start().len();
        p.moves_at = p.moves_at.map(|at| at + lead);
        return LineKind::Players(p);
    }
    // A `{` the line does not close is a stray mark, not a comment that hides its moves.
    let shape = row_shape(&crate::line::without_stray_brace(text), dialect);
    if let Some(kind) = heading(trimmed, &shape) {
        return LineKind::Heading(kind);
    }
    if is_event(trimmed, &shape) {
        return LineKind::Event;
    }
    if shape.is_row() {
        return LineKind::MoveRow(shape);
    }
    LineKind::Prose
}

impl RowShape {
    /// Counts a word that does not read as a move as printed: a move word where
    /// `move_shaped` (a damaged castling sign), else an unknown one.
    fn unread_word(&mut self, move_shaped: bool) {
        if move_shaped {
            self.moves = self.moves.saturating_add(1);
        } else {
            self.unknown = self.unknown.saturating_add(1);
        }
    }

    /// True when the line reads as a row of moves: a numbered row with at least as many
    /// moves as stray words, or an unnumbered one with twice as many; a result alone is a
    /// row too (`Resigns.`, `And wins; …`).
    pub fn is_row(&self) -> bool {
        let chess = self.moves + u16::from(self.result);
        if chess == 0 {
            return false;
        }
        if self.result && self.moves == 0 {
            // A result word that opens the line (`And wins; the battle having lasted…`)
            // or follows its number: [`row_shape`] drops one that only ends a sentence.
            return true;
        }
        if self.numbered {
            chess >= self.unknown
        } else {
            chess >= 2 * self.unknown.max(1) || (self.unknown == 0 && chess >= 1)
        }
    }
}

/// Marks running heads as page furniture: a short line in capitals, or one with a page
/// number at either end (`24   CHESS FUNDAMENTALS`), that comes back three times or more.
/// Game and analysis headings never are.
pub fn running_heads(lines: &[crate::line::Line], kinds: &mut [LineKind]) {
    use std::collections::HashMap;
    let key = |t: &str| -> Option<String> {
        let t = t.trim();
        // The page number may stand far from the head (`342        THE BOOK OF …`): the
        // head's own length counts.
        let bare = t.trim_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
        if bare.is_empty() || bare.len() > 60 {
            return None;
        }
        let numbered = bare.len() < t.len();
        let letters: Vec<char> = bare.chars().filter(|c| c.is_alphabetic()).collect();
        let capitals = letters.len() >= 4 && letters.iter().all(|c| c.is_uppercase());
        (capitals || numbered && letters.len() >= 4).then(|| bare.to_owned())
    };
    let eligible =
        |k: &LineKind| matches!(k, LineKind::Heading(HeadingKind::Section) | LineKind::Prose);
    let mut counts: HashMap<String, usize> = HashMap::new();
    for (l, k) in lines.iter().zip(kinds.iter()) {
        if eligible(k)
            && let Some(key) = key(&l.text)
        {
            *counts.entry(key).or_default() += 1;
        }
    }
    for (l, k) in lines.iter().zip(kinds.iter_mut()) {
        if eligible(k) && (key(&l.text).is_some_and(|key| counts[&key] >= 3) || paged_head(&l.text))
        {
            *k = LineKind::PageMark;
        }
    }
}

/// A head in capitals with its page number set apart at either end by a wide gap (`212
/// <gap> THE BOOK OF THE TOURNAMENT`, `MODERN CHESS GAMES <gap> 157`): a running head
/// even where it is printed once. A contents line, which numbers its entry, is not.
fn paged_head(text: &str) -> bool {
    /// The least gap between the head and its page number, in blanks.
    const GAP: usize = 5;
    let t = text.trim();
    let number = |w: &str| (1..=4).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_digit());
    let head = if let Some((n, rest)) = t.split_once(' ')
        && number(n)
        && rest.len() - rest.trim_start().len() + 1 >= GAP
    {
        rest.trim_start()
    } else if let Some((rest, n)) = t.rsplit_once(' ')
        && number(n)
        && rest.len() - rest.trim_end().len() + 1 >= GAP
    {
        rest.trim_end()
    } else {
        return false;
    };
    // A contents line numbers its entry (`9. A CARDINAL PRINCIPLE <gap> 35`, `VII. …`).
    let enumerated = head.split_whitespace().next().is_some_and(|w| {
        w.len() > 1
            && w.ends_with('.')
            && w[..w.len() - 1]
                .chars()
                .all(|c| c.is_ascii_digit() || "IVXLC".contains(c))
    });
    let letters: Vec<char> = head.chars().filter(|c| c.is_alphabetic()).collect();
    !enumerated && letters.len() >= 4 && letters.iter().all(|c| c.is_uppercase())
}

fn clamp16(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// Reads a line's tokens in `dialect` and sums up its shape.
pub fn row_shape(text: &str, dialect: Dialect) -> RowShape {
    let mut s = RowShape {
        indent: clamp16(text.chars().take_while(|c| c.is_whitespace()).count()),
        ..RowShape::default()
    };
    let mut first = true;
    let mut result_first = false;
    // The last move number read before the token at hand.
    let mut previous: Option<u32> = None;
    for t in movetext::tokenize(dialect, text) {
        if first
            && matches!(
                t.kind,
                TokenKind::MoveNumber { .. } | TokenKind::Move(_) | TokenKind::Ellipsis
            )
        {
            s.indent = clamp16(text[..t.span.start as usize].chars().count());
        }
        let before = previous;
        if let TokenKind::MoveNumber { number, .. } = t.kind {
            previous = Some(number);
        }
        match t.kind {
            // Page marks (`{207}`, `/*`) before a row do not make it a row of prose.
            TokenKind::PageMark | TokenKind::Footnote => continue,
            TokenKind::MoveNumber { number, black } if s.number.is_none() => {
                s.number = Some(MoveNo::new(number, black));
                s.numbered = first;
                s.lead = s.moves;
            }
            // A number that jumps ahead of the one before it (`1 … 25 …`, not `1. … 2. …`).
            TokenKind::MoveNumber { number, black }
                if s.second.is_none()
                    && s.moves > 0
                    && before.is_some_and(|p| number >= p.saturating_add(2)) =>
            {
                s.second = u16::try_from(t.span.start).ok().map(|offset| SecondPair {
                    at: MoveNo::new(number, black),
                    offset,
                    moves_before: s.moves,
                });
            }
            TokenKind::Move(_) => s.moves = s.moves.saturating_add(1),
            // A damaged castling sign (`0-0O`) is a move word, read by its repairs.
            TokenKind::Unknown => s.unread_word(castling_shaped(&text[t.span.range()])),
            TokenKind::Result(_) => {
                s.result = true;
                result_first |= first;
            }
            TokenKind::Comment { .. } => {
                // A `;` comment inside a row is the prose separator, not a PGN comment.
                if text[t.span.range()].starts_with(';') {
                    s.prose_separators = true;
                    let inner = &text[t.span.start as usize + 1..t.span.end as usize];
                    let rest = row_shape(inner, dialect);
                    s.moves = s.moves.saturating_add(rest.moves);
                    s.unknown = s.unknown.saturating_add(rest.unknown);
                    s.result |= rest.result;
                } else {
                    s.unknown = s.unknown.saturating_add(1);
                }
            }
            _ => {}
        }
        first = false;
    }
    if s.result && s.moves == 0 && !result_first && !s.numbered {
        // Prose that merely contains a result word.
        s.result = false;
    }
    // A comma before a move (`5. ..., P-K3; 6. …`), not one inside a move's words (`P.
    // takes R, becoming a Rook.`, `Q. takes P., giving check`).
    let comma_before_move = text.match_indices(", ").any(|(at, _)| {
        text[at + 2..].starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
    });
    if comma_before_move && s.moves >= 2 && s.number.is_some_and(MoveNo::black) {
        s.prose_separators = true;
    }
    s
}

/// `{160}`, `{PGN 01}`, `[Illustration]`, `[Illustration] {4}`, `[Pg 23]`, `23`, `- 23 -`.
fn is_page_mark(t: &str) -> bool {
    let mut rest = t;
    let mut any = false;
    while !rest.is_empty() {
        let r = rest.trim_start();
        let end = if r.starts_with('{') {
            r.find('}').map(|i| i + 1)
        } else if r.starts_with("[Illustration")
            || r.starts_with("[Pg")
            || r.starts_with("[Page")
            || r.find(']').is_some_and(|e| is_ocr_mark(&r[..=e]))
        {
            r.find(']').map(|i| i + 1)
        } else {
            None
        };
        match end {
            Some(e) => {
                any = true;
                rest = &r[e..];
            }
            None => break,
        }
    }
    if any && rest.trim().is_empty() {
        return true;
    }
    let bare = t.trim_matches(|c: char| c == '-' || c == '[' || c == ']' || c.is_whitespace());
    !bare.is_empty() && bare.len() <= 4 && bare.bytes().all(|b| b.is_ascii_digit()) && t.len() <= 9
}

/// A digitizer's mark for what it could not read: one to three words of lower-case letters
/// in brackets (`[ocr errors]`, `[graphic]`, `[merged small]`), not a footnote's label.
fn is_ocr_mark(t: &str) -> bool {
    let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) else {
        return false;
    };
    // An editor's elision, `[…]` or `[...]`: text left out of a quotation.
    if inner == "…" || (inner.len() >= 3 && inner.bytes().all(|b| b == b'.')) {
        return true;
    }
    let words = inner.split_whitespace().count();
    // Longer than a footnote's label (`[a]`, `[b]`).
    inner.len() > 3
        && (1..=3).contains(&words)
        && inner.chars().all(|c| c.is_ascii_lowercase() || c == ' ')
}

/// The byte ranges of the digitizer's marks in `t` ([`is_ocr_mark`]).
fn ocr_marks(t: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    t.match_indices('[').filter_map(|(open, _)| {
        let close = open + t[open..].find(']')?;
        is_ocr_mark(&t[open..=close]).then_some(open..close + 1)
    })
}

/// `text` with its digitizer's marks blanked, one blank a byte (offsets keep).
pub(crate) fn blank_ocr_marks(text: &str) -> std::borrow::Cow<'_, str> {
    let mut marks = ocr_marks(text).peekable();
    if marks.peek().is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.to_owned();
    for r in marks {
        let len = r.len();
        out.replace_range(r, &" ".repeat(len));
    }
    std::borrow::Cow::Owned(out)
}

fn is_separator(t: &str) -> bool {
    let marks = t.chars().filter(|c| !c.is_whitespace()).count();
    marks >= 3
        && t.chars()
            .all(|c| c.is_whitespace() || "*-=_~#.".contains(c))
        && {
            // Not a row of dots that continues a move (`........`): those stand after a number.
            t.contains('*') || t.contains(' ') || marks >= 10
        }
}

/// `[Footnote A: …`, `[Footnote 3: …`, `[A] text`, `[1] text`, `(1) text`, `* text`.
fn footnote_label(t: &str) -> Option<String> {
    if let Some(rest) = t.strip_prefix("[Footnote") {
        let label: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric())
            .collect();
        return Some(label);
    }
    // `* text`, `† text`: a footnote under the table, marked as its move is.
    let marks: String = t.chars().take_while(|c| "*†‡§¶".contains(*c)).collect();
    if !marks.is_empty() {
        let after = t[marks.len()..].trim_start();
        let prose = after.split_whitespace().count() >= 3
            && after.chars().next().is_some_and(char::is_uppercase);
        return prose.then_some(marks);
    }
    let rest = t.strip_prefix('[')?;
    let close = rest.find(']')?;
    let label = &rest[..close];
    let after = rest[close + 1..].trim_start();
    let words = after.split_whitespace().count();
    (!label.is_empty()
        && label.len() <= 3
        && label.chars().all(|c| c.is_alphanumeric())
        && words >= 3
        && after.chars().next().is_some_and(char::is_uppercase))
    .then(|| label.to_owned())
}

fn players(t: &str) -> Option<Players> {
    let Some((white, black)) = parse_header_line(t) else {
        return bare_names(t).map(|(white, black)| Players {
            white: Some(white),
            black: Some(black),
            ..Players::default()
        });
    };
    let lower = t.to_lowercase();
    let pos = |words: &[&str]| words.iter().filter_map(|w| lower.find(w)).min();
    let black_left = match (
        pos(&["white", "blancas", "brancas", "blancs", "weiss", "bianco"]),
        pos(&["black", "negras", "pretas", "noirs", "schwarz", "nero"]),
    ) {
        (Some(w), Some(b)) => b < w,
        (None, Some(_)) => true,
        _ => false,
    };
    let moves_at = crate::header::header_moves_at(t);
    Some(Players {
        white,
        black,
        black_left,
        moves_at,
    })
}

/// Two names side by side, White's first, as books print them under a heading or a bare
/// `White  Black` line: `Capt. Emanuel Mason.   Herr Kolisch.`, `MR. Y. U. HORWITZ.
/// M. GESTELL.` (small capitals, given in title case). Each name is one to five words of
/// capitals, initials and particles, ends with a period, and the two stand three blanks
/// apart or more.
fn bare_names(t: &str) -> Option<(String, String)> {
    if t.len() > 80 || t.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let gap = t.find("   ")?;
    let (a, b) = (t[..gap].trim(), t[gap..].trim());
    if b.contains("   ") {
        return None;
    }
    let name = |n: &str| -> Option<String> {
        let body = n.strip_suffix('.')?;
        let words: Vec<&str> = body.split_whitespace().collect();
        let particle = |w: &str| ["de", "la", "von", "van", "der", "du", "del", "y"].contains(&w);
        let ok = (1..=5).contains(&words.len())
            && words[0].chars().next().is_some_and(char::is_uppercase)
            && words.iter().all(|w| {
                particle(w)
                    || w.chars().next().is_some_and(char::is_uppercase)
                        && w.chars().all(|c| c.is_alphabetic() || ".'-".contains(c))
            })
            && words
                .iter()
                .any(|w| w.trim_end_matches('.').chars().count() > 2);
        if !ok {
            return None;
        }
        Some(crate::header::name_case(&words.join(" ")))
    };
    Some((name(a)?, name(b)?))
}

fn starts_with_word(lower: &str, word: &str) -> bool {
    lower.starts_with(word)
        && lower[word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphabetic())
}

fn heading(t: &str, shape: &RowShape) -> Option<HeadingKind> {
    let lower = t.to_lowercase();
    let letters: Vec<char> = t.chars().filter(|c| c.is_alphabetic()).collect();
    let upper = letters.iter().filter(|c| c.is_uppercase()).count();
    let capitals = letters.len() >= 4 && upper * 10 >= letters.len() * 8;
    for w in GAME_WORDS {
        if starts_with_word(&lower, w) {
            let rest = lower[w.len()..].trim_start();
            let rest = rest.strip_prefix("no.").unwrap_or(rest).trim_start();
            let rest = rest.strip_prefix("nº").unwrap_or(rest).trim_start();
            if ORDINALS.iter().any(|o| {
                rest.strip_prefix("the ")
                    .is_some_and(|r| starts_with_word(r, o))
            }) {
                return Some(HeadingKind::Analysis);
            }
            if numeral_start(rest) {
                return Some(HeadingKind::Game);
            }
            if capitals && rest.chars().all(|c| !c.is_alphanumeric()) {
                // `GAME.` alone: a list's heading.
                return Some(HeadingKind::Section);
            }
        }
    }
    if ANALYSIS_HEADINGS
        .iter()
        .any(|w| starts_with_word(&lower, w) && (capitals || numeral_start(&lower[w.len()..])))
    {
        return Some(HeadingKind::Analysis);
    }
    if SECTION_HEADINGS.iter().any(|w| lower.starts_with(w)) && (capitals || t.len() < 40) {
        return Some(HeadingKind::Section);
    }
    if shape.moves == 0 && !shape.result && capitals && t.len() <= 80 {
        return Some(HeadingKind::Section);
    }
    if shape.moves == 0 && numbered_game_title(t) {
        return Some(HeadingKind::Game);
    }
    if number_sign_heading(t) {
        return Some(HeadingKind::Game);
    }
    None
}

/// `No. 17.`, `Núm. 41. Entre Sr. Anderssen y P. A. Rubinstein.`, `No. 3—Morphy v. Löwenthal`:
/// a number sign, a numeral, and then nothing or a stop or dash before the rest.
fn number_sign_heading(t: &str) -> bool {
    let Some(rest) = super::diagram::NUMBER_SIGNS
        .iter()
        .find_map(|sign| t.strip_prefix(sign))
    else {
        return false;
    };
    let rest = rest.trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return false;
    }
    let after = &rest[digits..];
    after.is_empty() || after.starts_with(['.', ':', '-', '–', '—', ')'])
}

/// An arabic or roman numeral opens `s` (after blanks): `12.`, `I.--`, `XIV`.
fn numeral_start(s: &str) -> bool {
    let s = s.trim_start();
    let word: String = s
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    if word.is_empty() {
        return false;
    }
    word.chars().all(|c| c.is_ascii_digit()) || word.chars().all(|c| "ivxlc".contains(c))
}

/// A numbered chapter game: `12. Capablanca – Marshall, New York 1918`.
fn numbered_game_title(t: &str) -> bool {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return false;
    }
    let after = &t[digits..];
    // `39...Q - R 6 ch` is Black's move 39 in a note, not a title.
    if after.starts_with("..") {
        return false;
    }
    let rest = after.trim_start_matches(['.', ')']).trim_start();
    let first_upper = rest.chars().next().is_some_and(char::is_uppercase);
    // A name on each side of the dash: a capitalised word of three letters or more
    // (`Q - R 6` names no one).
    let named = |s: &str| {
        s.split(|c: char| !c.is_alphabetic())
            .any(|w| w.chars().count() >= 3 && w.chars().next().is_some_and(char::is_uppercase))
    };
    first_upper
        && [" – ", " — ", " - ", " v. ", " vs. ", " vs ", "–", "—"]
            .iter()
            .any(|d| {
                rest.split_once(d)
                    .is_some_and(|(a, b)| named(a) && named(b))
            })
}

fn is_event(t: &str, shape: &RowShape) -> bool {
    if shape.moves > 0 {
        return false;
    }
    let lower = t.to_lowercase();
    let year = has_year(t);
    if t.starts_with('(') && t.ends_with(')') && year {
        return true;
    }
    // `New York, 1918`, `Berlin, 1913`: a place and a year, as a header prints them.
    if year
        && t.split_whitespace().count() <= 6
        && let Some((place, when)) = t.rsplit_once(',')
        && has_year(when)
        && when.split_whitespace().count() <= 2
        && !place.chars().any(|c| c.is_ascii_digit())
        && place.split_whitespace().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase)
                || ["de", "del", "la", "of", "am", "an", "der", "sur"].contains(&w)
        })
    {
        return true;
    }
    EVENT_WORDS.iter().any(|w| lower.starts_with(w)) && t.split_whitespace().count() <= 14
}

/// A plausible year (1500–2099) stands in `t` as a word.
pub fn has_year(t: &str) -> bool {
    year_in(t).is_some()
}

/// The first plausible year (1500–2099) in `t`.
pub fn year_in(t: &str) -> Option<u32> {
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 4 {
                let y: u32 = t[i..i + 4].parse().ok()?;
                if (1500..2100).contains(&y) {
                    return Some(y);
                }
            }
            i += n;
        } else {
            i += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use escriba_notation::DescLang;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    fn kind(t: &str) -> LineKind {
        classify(t, EN)
    }

    #[test]
    fn a_damaged_castling_sign_counts_as_a_move_word_of_its_row() {
        // Whole or damaged (a mark or a link too many or too few), a sign of marks and
        // dashes is a move word; its repairs read it.
        for sign in ["O-O", "0-0-0", "0-0O", "O-OO", "OO-O", "0–0-O"] {
            let shape = row_shape(&format!("P-QKt3 7. {sign}"), EN);
            assert_eq!((shape.moves, shape.unknown), (2, 0), "{sign}");
        }
        for word in ["O", "0-", "Oxo", "OOOO"] {
            let shape = row_shape(&format!("P-QKt3 7. {word}"), EN);
            assert_eq!(shape.moves, 1, "{word}");
        }
    }

    #[test]
    fn furniture_lines_are_page_marks_and_separators() {
        for t in [
            "{160}",
            "[Illustration]",
            "[Illustration] {4}",
            "{PGN 01}",
            "[Pg 23]",
            "  23  ",
            "- 23 -",
            "[ocr errors]",
            "[graphic]",
            "[merged small]",
        ] {
            assert_eq!(kind(t), LineKind::PageMark, "{t}");
        }
        // A bracketed note or move is no mark.
        assert_ne!(kind("[If 12. P-Q4, Kt-K5.]"), LineKind::PageMark);
        assert_ne!(kind("[Kt-B3]"), LineKind::PageMark);
        // A mark on a line with more leaves the line what it is without it.
        assert_eq!(kind("   BLACK. [merged small]"), kind("   BLACK."));
        // (blanked byte for byte: the word keeps its column)
        assert_eq!(kind("[graphic] Resigns."), kind("          Resigns."));
        assert_eq!(kind("[graphic] [ocr errors]"), LineKind::PageMark);
        // A footnote's label and a tag pair are not an OCR pipeline's marks.
        for t in ["[a]", "[White \"Morphy\"]", "[sic]!"] {
            assert_ne!(kind(t), LineKind::PageMark, "{t}");
        }
        assert_eq!(
            kind("       *       *       *       *"),
            LineKind::Separator
        );
    }

    #[test]
    fn a_head_in_capitals_with_its_page_number_set_apart_is_a_running_head_even_once() {
        for head in [
            "212                                     THE BOOK OF THE TOURNAMENT",
            "MODERN CHESS GAMES                                157",
            "    14      CHESS FUNDAMENTALS",
        ] {
            assert!(paged_head(head), "{head}");
        }
        for line in [
            "THE BOOK OF THE TOURNAMENT",
            "GAME 212.",
            "CHAPTER 12",
            "212 THE BOOK OF THE TOURNAMENT",
            "1877      Played at the Castle of Montmorenci",
            "  9. A CARDINAL PRINCIPLE                                   35",
            "               VII. ENDINGS OF GAMES                    215",
        ] {
            assert!(!paged_head(line), "{line}");
        }
    }

    #[test]
    fn headings_say_what_they_announce() {
        use HeadingKind::*;
        for (t, k) in [
            ("GAME 1. QUEEN'S GAMBIT DECLINED", Game),
            ("GAME No. 12", Game),
            ("No. 17.", Game),
            ("Núm. 41. Entre Sr. Anderssen y P. A. Rubinstein.", Game),
            ("Nº 3—Morphy v. Löwenthal", Game),
            ("GAME I.--Mr. Morphy plays without seeing the Chess", Game),
            ("Partida 12", Game),
            ("GAME THE TENTH.", Analysis),
            ("VARIATION II.", Analysis),
            (
                "EXAMPLE 1.--The ending Rook and King against King.",
                Analysis,
            ),
            ("CHAPTER V", Section),
            ("ILLUSTRATIVE OF PHILIDOR'S DEFENCE.", Section),
            ("12. Capablanca – Marshall, New York 1918", Game),
        ] {
            assert_eq!(kind(t), LineKind::Heading(k), "{t}");
        }
    }

    #[test]
    fn a_black_move_numbered_in_a_note_is_no_numbered_game_title() {
        // A note's last line, naming the move it recommends, under a table.
        for t in [
            "39...Q - R 6 ch !!! I leave the variations for the student to work out.",
            "12. Q - B 2 or R - Kt 1 would have won at once.",
        ] {
            assert!(
                !matches!(kind(t), LineKind::Heading(_)),
                "{t}: {:?}",
                kind(t)
            );
        }
    }

    #[test]
    fn player_lines_keep_their_column_order() {
        let LineKind::Players(p) = kind("White: F. J. Marshall. Black: J. R. Capablanca.") else {
            panic!("not a player line");
        };
        assert_eq!(p.white.as_deref(), Some("F. J. Marshall"));
        assert!(!p.black_left);
        let LineKind::Players(p) = kind("Black. (M. Janisch.)        White. (M. —.)") else {
            panic!("not a player line");
        };
        assert!(p.black_left);
    }

    #[test]
    fn events_are_parentheses_with_a_year_or_played_at() {
        assert_eq!(kind("(Match, 1909)"), LineKind::Event);
        assert_eq!(kind("Played at Berlin, 1913"), LineKind::Event);
        assert_eq!(kind("New York, 1918"), LineKind::Event);
        assert_eq!(kind("In 1918, he won."), LineKind::Prose);
        assert_eq!(kind("(see the note)"), LineKind::Prose);
    }

    #[test]
    fn rows_and_prose_are_told_apart_by_their_share_of_moves() {
        for t in [
            "        1. P - Q 4                P - Q 4",
            "        7. ........               Kt x Kt",
            "       40. Resigns.",
            "      1. P. to K's 4th.                  1. P. to K's 4th.",
            "     And wins; the battle having lasted about seven hours.",
            "                    And Black mates in two moves.",
            "                Kt - B 3",
        ] {
            assert!(
                matches!(kind(t), LineKind::MoveRow(_)),
                "{t}: {:?}",
                kind(t)
            );
        }
        for t in [
            "P x P is preferable for reasons that we shall soon see.",
            "8...P x P; 9 B x B P, P - Q Kt 3, followed by B - Kt 2, would give Black's",
            "The game was lost. One move was as good as another.",
            "No. 5 was the better move, as the sequel shows.",
        ] {
            assert_eq!(kind(t), LineKind::Prose, "{t}");
        }
        // A table of contents line is a heading, never a row.
        assert_eq!(
            kind("17. ATTACKING WITHOUT THE AID OF KNIGHTS                  68"),
            LineKind::Heading(HeadingKind::Section)
        );
    }

    #[test]
    fn analysis_in_prose_form_is_marked_by_its_separators() {
        let LineKind::MoveRow(s) = kind("2...K - B 1; 3 K - B 3, K - K 1; 4 K - K 4, K - Q 1;")
        else {
            panic!("a row of moves");
        };
        assert!(s.prose_separators);
        let LineKind::MoveRow(s) = kind("        1. P - Q 4                P - Q 4") else {
            panic!("a row of moves");
        };
        assert!(!s.prose_separators);
        assert_eq!(s.number, Some(MoveNo::new(1, false)));
        assert_eq!(s.indent, 8);
    }

    #[test]
    fn footnotes_open_with_their_label() {
        assert_eq!(
            kind("[Footnote A: To enable him to capture the Bishop, which is about to take"),
            LineKind::Footnote { label: "A".into() }
        );
        assert_eq!(
            kind("[1] The value of the initiative is explained in section 20, p. 77."),
            LineKind::Footnote { label: "1".into() }
        );
        assert_eq!(
            kind("† The only move that saves the Queen."),
            LineKind::Footnote {
                label: "†".into()
            }
        );
    }

    #[test]
    fn years_are_found_as_words() {
        assert_eq!(year_in("(San Sebastian, 1911)"), Some(1911));
        assert_eq!(year_in("page 12345"), None);
        assert_eq!(year_in("no year"), None);
    }

    #[test]
    fn two_names_side_by_side_are_the_players() {
        let p = |t: &str| match classify(t, Dialect::ALL[0]) {
            LineKind::Players(p) => Some((p.white, p.black)),
            _ => None,
        };
        assert_eq!(
            p("     Capt. Emanuel Mason.   Herr Kolisch."),
            Some((
                Some("Capt. Emanuel Mason".into()),
                Some("Herr Kolisch".into())
            ))
        );
        assert_eq!(
            p("  MR. Y. U. HORWITZ.    M. GESTELL."),
            Some((Some("Mr. Y. U. Horwitz".into()), Some("M. Gestell".into())))
        );
        assert_eq!(
            p("  M. de Legal.      Saint Brie."),
            Some((Some("M. de Legal".into()), Some("Saint Brie".into())))
        );
        // Prose, moves and a running head are no names.
        for t in [
            "The game is even.   White resigns.",
            "  1. P-K4          P-K4",
            "CHESS PRAXIS                175",
            "  P. to K's 4th.     P. to K's 4th.",
            "   Kt.          Knight.",
        ] {
            assert_eq!(p(t), None, "{t}");
        }
    }
}
