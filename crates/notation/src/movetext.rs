//! Movetext structure: move numbers, separators, comments, variations, NAGs, results,
//! footnote and page marks around the move tokens of one dialect.
//!
//! [`tokenize`] never fails: text that no rule reads becomes a [`TokenKind::Unknown`] token
//! with its span, so that callers can report it and the resolver can try to repair it.

use crate::ast::{Span, Termination, Token, TokenKind};
use crate::dialect::Dialect;
use crate::lex::{self, Piece};
use crate::parse_move_prefix;
use crate::seams::{glued_number, long_move_split};
use crate::words::{NAG_GLYPHS, RESULT_WORDS, annotation_word, mate_in};

struct Scanner<'a> {
    src: &'a str,
    pos: usize,
    dialect: Dialect,
    out: Vec<Token>,
}

/// Splits movetext into tokens, reading moves in `dialect`.
pub fn tokenize(dialect: Dialect, src: &str) -> Vec<Token> {
    let mut s = Scanner {
        src,
        pos: 0,
        dialect,
        out: Vec::with_capacity(src.len() / 4),
    };
    s.run();
    s.out
}

/// The tokens of `src`, as [`tokenize`] gives them, read one at a time for a caller that may
/// stop early (a screen that only needs the first unread word).
pub fn tokens(dialect: Dialect, src: &str) -> Tokens<'_> {
    Tokens {
        s: Scanner {
            src,
            pos: 0,
            dialect,
            out: Vec::new(),
        },
        next: 0,
    }
}

/// The iterator of [`tokens`].
pub struct Tokens<'a> {
    s: Scanner<'a>,
    next: usize,
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        // A token is final once another follows it or the text ends: the next step may
        // still add a mark in parentheses to a move (`P-K4 (ch)`).
        while self.s.out.len() <= self.next + 1 && self.s.pos < self.s.src.len() {
            self.s.advance();
        }
        let t = self.s.out.get(self.next).copied();
        self.next += 1;
        t
    }
}

/// The other groupings of the words of two move tokens in a row, `first` then `second`,
/// into two moves: each a pair of move tokens over the same text. Dash-less print runs a
/// captured man's words on into the next move with nothing between (`10. B x B P Q Kt 4`
/// is `B x B P`, `Q Kt 4` or `B x B`, `P Q Kt 4`); [`tokenize`] reads one grouping, and
/// the board must choose. Only English descriptive print, a capture of a man named in
/// words spaced over blanks and a second move on the same line have any; compact and
/// long-hand print never do.
pub fn regroupings(dialect: Dialect, src: &str, first: Span, second: Span) -> Vec<(Token, Token)> {
    if dialect != Dialect::Descriptive(crate::DescLang::En)
        || first.end > second.start
        || !src[first.end as usize..second.start as usize]
            .bytes()
            .all(|b| matches!(b, b' ' | b'\t' | 0xC2 | 0xA0))
    {
        return Vec::new();
    }
    let at = first.start as usize;
    let region = &src[at..second.end as usize];
    crate::english::regroupings(region, first.len())
        .into_iter()
        .map(|(a, a_len, b, b_at)| {
            let a = Token {
                kind: TokenKind::Move(a),
                span: Span::new(at, at + a_len),
            };
            let b = Token {
                kind: TokenKind::Move(b),
                span: Span::new(at + b_at, second.end as usize),
            };
            (a, b)
        })
        .collect()
}

/// True when the last token of `line` is a result or result word (`1-0`, `*`, `½-½`,
/// `Resigns.`, `And White wins.`), read the same way [`tokenize`] reads it. Results read
/// alike in every dialect, so no dialect is asked for; only the last few words are read.
pub fn ends_with_result(line: &str) -> bool {
    let line = line.trim_end();
    if !may_end_with_result(line) {
        return false;
    }
    ends_with_result_token(line)
}

/// A cheap test that rules out most lines before [`ends_with_result`] tokenizes their end:
/// a result ends with a figure of a numeric result ([`may_end_numeric_result`]), `½` or
/// `*`, or with the last word of a result phrase (`resigns`, `wins`, `… mates in two
/// moves`), perhaps with a period.
fn may_end_with_result(line: &str) -> bool {
    let t = line.strip_suffix('.').unwrap_or(line);
    let Some(last) = t.chars().next_back() else {
        return false;
    };
    if last.is_ascii_digit() {
        return may_end_numeric_result(t);
    }
    if last == '½' || last == '*' {
        return true;
    }
    if !last.is_alphabetic() {
        return false;
    }
    let word = t
        .char_indices()
        .rev()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(t, |(i, c)| &t[i + c.len_utf8()..]);
    // Every word below has at least 4 letters: a long-hand square's `3d.`, `4th.` or `sq.`
    // ends no result.
    if word.len() < 4 {
        return false;
    }
    word.eq_ignore_ascii_case("move")
        || word.eq_ignore_ascii_case("moves")
        || RESULT_WORDS.iter().any(|(w, _)| {
            w.rsplit(' ')
                .next()
                .is_some_and(|l| l.eq_ignore_ascii_case(word))
        })
}

/// Whether `t`, which ends with an ASCII digit, may end with a numeric result
/// ([`crate::pieces::result_number`]): its last figure is the `0` or `1` of `1-0`, `0-1`,
/// `1 – 0` or `0:1`, after a dash or colon and perhaps blanks, or the `2` of `1/2`. A
/// move's rank (`P-K4`, `Kt-B3`, `e4`), which ends most lines of movetext, ends none.
fn may_end_numeric_result(t: &str) -> bool {
    let (head, last) = t.split_at(t.len() - 1);
    match last {
        "0" | "1" => head
            .trim_end_matches([' ', '\t'])
            .ends_with(['-', '–', '—', '−', ':']),
        "2" => head.ends_with('/'),
        _ => false,
    }
}

/// [`ends_with_result`] without the cheap test: the last token of the line's last words.
fn ends_with_result_token(line: &str) -> bool {
    // A result is at most three words (`1 – 0`, `and white wins`): start a word earlier.
    let mut from = line.len();
    for _ in 0..4 {
        match line[..from].trim_end().rfind(char::is_whitespace) {
            Some(i) => from = i,
            None => {
                from = 0;
                break;
            }
        }
    }
    let tail = &line[from..];
    tokenize(Dialect::Algebraic(crate::AlgLang::En), tail)
        .last()
        .is_some_and(|t| {
            matches!(t.kind, TokenKind::Result(_)) && t.span.end as usize == tail.len()
        })
}

fn is_space(c: char) -> bool {
    c.is_whitespace()
}

fn is_footnote_char(c: char) -> bool {
    matches!(
        c,
        '*' | '†'
            | '‡'
            | '§'
            | '¶'
            | '¹'
            | '²'
            | '³'
            | '⁴'
            | '⁵'
            | '⁶'
            | '⁷'
            | '⁸'
            | '⁹'
            | '⁰'
    )
}

/// A character after which a move token may end.
#[inline]
fn is_boundary(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => {
            is_space(c)
                || matches!(c, ',' | ';' | ')' | '(' | '{' | '[' | '.')
                || is_footnote_char(c)
        }
    }
}

/// The length of the word `rest` starts with (up to its first blank, a Unicode one too),
/// when that word is 12 bytes or fewer and ends in a hyphen or a dash; `None` for any other
/// word. An ASCII word is read byte by byte, with no character decoded: most words are
/// moves, and pass here.
fn hyphenated_word_end(rest: &str) -> Option<usize> {
    const LONGEST: usize = 12;
    let b = rest.as_bytes();
    let mut end = 0;
    while end <= LONGEST {
        match b.get(end) {
            None => break,
            Some(&c) if c >= 0x80 => {
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let word = &rest[..end];
                return (word.len() <= LONGEST && word.ends_with(['-', '–', '—'])).then_some(end);
            }
            Some(&c) if char::from(c).is_whitespace() => break,
            Some(_) => end += 1,
        }
    }
    (end <= LONGEST && end > 0 && b[end - 1] == b'-').then_some(end)
}

fn strip_prefix_ci<'a>(s: &'a str, p: &str) -> Option<&'a str> {
    if s.len() >= p.len() && s.is_char_boundary(p.len()) && s[..p.len()].eq_ignore_ascii_case(p) {
        Some(&s[p.len()..])
    } else {
        None
    }
}

impl<'a> Scanner<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn push(&mut self, kind: TokenKind, start: usize, end: usize) {
        self.out.push(Token {
            kind,
            span: Span::new(start, end),
        });
        self.pos = end;
    }

    /// Whether `rest` starts with a dash that stands alone between a move and what follows
    /// (`1. e4 – c5`, `2. Cf3 - d6`): the mark that sets a pair's moves apart, as a comma
    /// does. A dash that is part of a move (`P - K 4`) is read with the move's first word,
    /// so one left alone after a move read whole is no part of it, unless the two words
    /// may be one long-algebraic move printed with blanks around its dash (`e2 - e4`,
    /// `Sg1 - f3`, see [`long_move_split`](crate::seams::long_move_split)): that dash stays a word no grammar reads, for
    /// the decoder to weigh.
    fn pair_dash(&self, rest: &str) -> bool {
        let dashes = rest.len() - rest.trim_start_matches(['-', '–', '—']).len();
        let alone = rest[dashes..].chars().next().is_none_or(is_space)
            && self.prev_char().is_some_and(is_space);
        let Some(Token {
            kind: TokenKind::Move(before),
            ..
        }) = self.out.last()
        else {
            return false;
        };
        alone && !long_move_split(before, rest[dashes..].trim_start())
    }

    fn prev_char(&self) -> Option<char> {
        self.src[..self.pos].chars().next_back()
    }

    fn run(&mut self) {
        while self.pos < self.src.len() {
            self.advance();
        }
    }

    /// One step of [`Scanner::run`]: a blank passed over, or a token read.
    fn advance(&mut self) {
        // Blanks between tokens: a run of ASCII ones passed over at once, then any Unicode
        // space.
        let bytes = self.src.as_bytes();
        while bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
        let Some(&b) = bytes.get(self.pos) else {
            return;
        };
        if b >= 0x80 {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            if trimmed.len() != rest.len() {
                self.pos += rest.len() - trimmed.len();
                return;
            }
        }
        self.step();
    }

    fn step(&mut self) {
        // Letters and digits start words (moves, numbers, results): no other rule below
        // reads them.
        if self.src.as_bytes()[self.pos].is_ascii_alphanumeric() {
            return self.word();
        }
        let start = self.pos;
        let rest = self.rest();
        let c = rest.chars().next().unwrap_or(' ');
        match c {
            '{' => self.brace(),
            ';' => match lex::piece(rest) {
                (Piece::LineComment, end) => self.push(
                    TokenKind::Comment {
                        text: Span::new(start + 1, start + end),
                    },
                    start,
                    start + end,
                ),
                (_, n) => self.pos += n, // pair separator
            },
            ',' => self.pos += 1,
            '-' | '–' | '—' if self.pair_dash(rest) => {
                self.pos += rest.len() - rest.trim_start_matches(['-', '–', '—']).len();
            }
            '(' => self.paren(),
            ')' => self.push(TokenKind::VariationEnd, start, start + 1),
            '[' => self.bracket(),
            '$' => {
                let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
                match rest[1..1 + digits].parse::<u8>() {
                    Ok(n) => self.push(TokenKind::Nag(n), start, start + 1 + digits),
                    Err(_) => self.unknown(),
                }
            }
            '/' if rest.starts_with("/*") => self.push(TokenKind::PageMark, start, start + 2),
            '*' if rest.starts_with("*/") => self.push(TokenKind::PageMark, start, start + 2),
            '.' | '…' => {
                let n = rest.len() - rest.trim_start_matches(['.', '…']).len();
                if n >= 2 || c == '…' {
                    self.push(TokenKind::Ellipsis, start, start + n);
                } else {
                    self.pos += n; // a stray period
                }
            }
            c if is_footnote_char(c) => {
                let glued = self.prev_char().is_some_and(|p| !is_space(p));
                let kind = if c == '*' && !glued {
                    TokenKind::Result(Termination::Unknown)
                } else {
                    TokenKind::Footnote
                };
                self.push(kind, start, start + c.len_utf8());
            }
            _ => self.word(),
        }
    }

    fn brace(&mut self) {
        let start = self.pos;
        let rest = self.rest();
        let (piece, end) = lex::piece(rest);
        let inner_end = match piece {
            Piece::Comment { closed: true } => end - 1,
            _ => end,
        };
        let inner = &rest[1..inner_end];
        let kind = if !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit()) {
            TokenKind::PageMark
        } else {
            TokenKind::Comment {
                text: Span::new(start + 1, start + inner_end),
            }
        };
        self.push(kind, start, start + end);
    }

    fn paren(&mut self) {
        let start = self.pos;
        let rest = self.rest();
        if rest.starts_with("(=)") {
            return self.push(TokenKind::DrawOffer, start, start + 3);
        }
        if self.parenthesised_mark() {
            return;
        }
        if let Some(close) = annotation_word(rest) {
            return self.push(
                TokenKind::Comment {
                    text: Span::new(start + 1, start + close),
                },
                start,
                start + close + 1,
            );
        }
        let b = rest.as_bytes();
        // A note's letter, `(a)` or `(N)`: one letter is no variation.
        if b.len() >= 3 && b[1].is_ascii_alphabetic() && b[2] == b')' {
            return self.push(TokenKind::Footnote, start, start + 3);
        }
        let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[1 + digits..].starts_with(')') {
            let number = rest[1..1 + digits].parse().unwrap_or(0);
            return self.push(
                TokenKind::MoveNumber {
                    number,
                    black: false,
                },
                start,
                start + digits + 2,
            );
        }
        for &(g, nag) in &NAG_GLYPHS {
            if let Some(r) = rest[1..].strip_prefix(g)
                && r.starts_with(')')
            {
                return self.push(TokenKind::Nag(nag), start, start + 2 + g.len());
            }
        }
        self.push(TokenKind::VariationStart, start, start + 1)
    }

    /// A check, mate or en passant mark in parentheses (`(ch.)`, `(dis. ch.)`, `(mate)`,
    /// `(+)`, `(in passing)`) is evidence about the move before it, never a variation,
    /// whether or not that move gives check: after a move (with only blanks and periods
    /// between, as in `K. R. to K's square. (ch.)`) it joins the move's token and sets its
    /// mark; anywhere else it is unread text. False when the parentheses hold no such mark.
    fn parenthesised_mark(&mut self) -> bool {
        let start = self.pos;
        let rest = self.rest();
        let Some((after, marks)) = crate::pieces::parenthesised_mark(rest, self.dialect) else {
            return false;
        };
        let end = start + rest.len() - after.len();
        let src = self.src;
        if let Some(prev) = self.out.last_mut()
            && let TokenKind::Move(mv) = &mut prev.kind
            && src[prev.span.end as usize..start]
                .chars()
                .all(|c| is_space(c) || c == '.')
        {
            mv.check = mv.check.or(marks.check);
            mv.en_passant |= marks.en_passant;
            mv.nag = mv.nag.or(marks.nag);
            prev.span = Span::new(prev.span.start as usize, end);
            self.pos = end;
            return true;
        }
        self.push(TokenKind::Unknown, start, end);
        true
    }

    fn bracket(&mut self) {
        let start = self.pos;
        let rest = self.rest();
        let (Piece::Mark, len) = lex::piece(rest) else {
            return self.unknown();
        };
        let close = len - 1;
        let inner = &rest[1..close];
        let footnote = !inner.is_empty()
            && inner.len() <= 3
            && inner.bytes().all(|b| b.is_ascii_alphanumeric());
        let kind = if footnote {
            TokenKind::Footnote
        } else {
            TokenKind::PageMark
        };
        self.push(kind, start, start + close + 1);
    }

    fn word(&mut self) {
        let start = self.pos;
        let rest = self.rest();
        let first = rest.as_bytes()[0];
        if (first.is_ascii_digit() || first == 0xC2)
            && let Some((n, t)) = crate::pieces::result_number(rest)
            && is_boundary(rest[n..].chars().next())
        {
            return self.push(TokenKind::Result(t), start, start + n);
        }
        if first.is_ascii_digit() && self.move_number() {
            return;
        }
        if let Some((mv, n)) = self.broken_at_line_end(rest) {
            return self.push(TokenKind::Move(mv), start, start + n);
        }
        // Moves first: no result word reads as a move in any dialect, and moves are common.
        if let Some((mv, n)) = self.move_prefix(rest) {
            if let Some((mv, n)) = self.spaced_rank(rest, n) {
                return self.push(TokenKind::Move(mv), start, start + n);
            }
            return self.push(TokenKind::Move(mv), start, start + n);
        }
        if rest.starts_with(|c: char| c.is_alphabetic()) {
            // Prose is mostly words: only the phrases with the word's first letter are
            // compared (every phrase is in lower case).
            let lower = first.to_ascii_lowercase();
            for &(w, t) in RESULT_WORDS
                .iter()
                .filter(|(w, _)| w.as_bytes()[0] == lower)
            {
                if let Some(r) = strip_prefix_ci(rest, w)
                    && crate::pieces::at_word_end(r)
                {
                    let tail = if w.ends_with("mates") { mate_in(r) } else { 0 };
                    let n = w.len() + tail + usize::from(r[tail..].starts_with('.'));
                    return self.push(TokenKind::Result(t), start, start + n);
                }
            }
            // No glyph starts with a letter.
            return self.unknown();
        }
        for &(g, nag) in &NAG_GLYPHS {
            if let Some(r) = rest.strip_prefix(g)
                && is_boundary(r.chars().next())
            {
                return self.push(TokenKind::Nag(nag), start, start + g.len());
            }
        }
        self.unknown()
    }

    /// The move `rest` starts with and its length, when it ends at a word's end, or where a
    /// move number glued to it starts (`4th.1.P.`, `takes Q.7.Kt.`: looked for only when
    /// the move holds a period or does not end at a blank, so that a move printed without
    /// periods pays nothing for it).
    fn move_prefix(&self, rest: &str) -> Option<(crate::Move, usize)> {
        let read = parse_move_prefix(self.dialect, rest).filter(|&(_, n)| n > 0);
        let ends = read.is_some_and(|(_, n)| is_boundary(rest[n..].chars().next()));
        if ends && read.is_some_and(|(_, n)| !rest.as_bytes()[..n].contains(&b'.')) {
            return read;
        }
        glued_number(rest)
            .and_then(|cut| {
                parse_move_prefix(self.dialect, &rest[..cut]).filter(|&(_, n)| n == cut)
            })
            .or(read.filter(|_| ends))
    }

    /// A descriptive move whose rank stands after a blank (`P-K 4`, `Kt-B 3`): the move read
    /// up to `n` bytes of `rest` has no rank, and a single digit 1–8 follows it after one
    /// blank. The digit is the move's rank unless it can be the next move number: the
    /// number after the last one once both sides have moved since it (`3 B-Kt 5 P-Q 3 4
    /// P-Q 4`: the second `3` is a rank, the `4` a number), and not printed again right
    /// after. A digit with a period after it is a number. Returns the move with its rank
    /// and its length, the blank included.
    fn spaced_rank(&self, rest: &str, n: usize) -> Option<(crate::Move, usize)> {
        if !matches!(self.dialect, Dialect::Descriptive(_)) {
            return None;
        }
        let b = rest.as_bytes();
        let (Some(b' '), Some(&d @ b'1'..=b'8')) = (b.get(n), b.get(n + 1)) else {
            return None;
        };
        if b.get(n + 2)
            .is_some_and(|c| c.is_ascii_digit() || *c == b'.')
        {
            return None;
        }
        // The next move number printed right after the digit (`Kt-K 7 7 B-K 3`): the
        // digit is a rank.
        let number_follows = rest[n + 2..]
            .trim_start_matches([' ', '\t'])
            .strip_prefix(char::from(d))
            .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_digit()));
        let d = u32::from(d - b'0');
        if !number_follows
            && self
                .last_number()
                .is_some_and(|(last, moves)| d == last + 1 && moves >= 1)
        {
            return None;
        }
        // The move again with the blank before its rank taken out (a short look: a move's
        // marks after its rank are a few bytes).
        let mut end = (n + 16).min(rest.len());
        while !rest.is_char_boundary(end) {
            end -= 1;
        }
        let joined = format!("{}{}", &rest[..n], &rest[n + 1..end]);
        let (mv, m) = parse_move_prefix(self.dialect, &joined)?;
        (m > n && is_boundary(joined[m..].chars().next())).then_some((mv, m + 1))
    }

    /// A move broken at a line end after its hyphen (`Q-` / `KB3`): the word that `rest`
    /// starts with ends in `-` (or a dash) at the end of its line, and joined with the next
    /// line's first word it reads as one move. Returns the move and the length of the
    /// token, over the line end (its text holds the newline: the resolver notes the join).
    fn broken_at_line_end(&self, rest: &str) -> Option<(crate::Move, usize)> {
        let word_end = hyphenated_word_end(rest)?;
        let word = &rest[..word_end];
        let after = &rest[word_end..];
        let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
        let next_line = after[blanks..].strip_prefix('\n')?;
        let lead = next_line.len() - next_line.trim_start_matches([' ', '\t']).len();
        let next = &next_line[lead..];
        let next_end = next.find(|c: char| c.is_whitespace()).unwrap_or(next.len());
        if next_end == 0 {
            return None;
        }
        let joined = format!("{word}{}", &next[..next_end]);
        let (mv, n) = parse_move_prefix(self.dialect, &joined)?;
        // The whole joined word is the move, and the first part alone is none.
        if n != joined.len()
            || parse_move_prefix(self.dialect, word).is_some_and(|(_, k)| k == word.len())
        {
            return None;
        }
        let skipped = word_end + blanks + 1 + lead;
        Some((mv, skipped + next_end))
    }

    /// The last move number read among the last few tokens, and how many moves were read
    /// since it.
    fn last_number(&self) -> Option<(u32, u32)> {
        let mut moves = 0;
        for t in self.out.iter().rev().take(8) {
            match t.kind {
                TokenKind::MoveNumber { number, .. } => return Some((number, moves)),
                TokenKind::Move(_) => moves += 1,
                _ => {}
            }
        }
        None
    }

    /// `1.`, `1`, `1...`, `1. ...`, `1…`, `7. ........`, `1.-`; false if not a move number.
    fn move_number(&mut self) -> bool {
        let start = self.pos;
        let rest = self.rest();
        // The digits as `str::parse::<u32>` reads them: `None` past `u32::MAX`.
        let b = rest.as_bytes();
        let mut digits = 0;
        let mut number = Some(0u32);
        while let Some(&d @ b'0'..=b'9') = b.get(digits) {
            number = number.and_then(|n| n.checked_mul(10)?.checked_add(u32::from(d - b'0')));
            digits += 1;
        }
        // No move is numbered 0: `00`, `000` and `0 — 0` are castling.
        let Some(number @ 1..) = number else {
            return false;
        };
        // The common shape, `12. P-K4`: a period, blanks, and no ellipsis after them.
        if let [b'.', b' ', after @ ..] = &rest.as_bytes()[digits..] {
            let sp = after
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            if !matches!(after.get(sp), Some(b'.' | 0xE2)) {
                let black = false;
                self.push(
                    TokenKind::MoveNumber { number, black },
                    start,
                    start + digits + 1,
                );
                return true;
            }
        }
        let mut n = digits;
        let after = &rest[n..];
        let period = after.starts_with('.');
        let next = after.chars().next();
        if !(period || next == Some('…') || next.is_none() || next.is_some_and(is_space)) {
            return self.fused_number(number, digits);
        }
        if period && !after.starts_with("..") {
            n += 1;
        }
        // An ellipsis right after the number, or after spaces: a Black move follows.
        let tail = &rest[n..];
        let sp = tail
            .bytes()
            .take_while(|&c| c == b' ' || c == b'\t')
            .count();
        let after = &tail[sp..];
        let (dots, is_ellipsis) = match after.as_bytes() {
            [b'.', b'.', ..] | [0xE2, 0x80, 0xA6, ..] => {
                let d = after.len() - after.trim_start_matches(['.', '…']).len();
                (d, true)
            }
            _ => (0, false),
        };
        let black = is_ellipsis;
        if is_ellipsis {
            n += sp + dots;
        } else if rest[n..].starts_with('-') && period {
            n += 1; // Spanish `1.-e2-e4`
        }
        self.push(TokenKind::MoveNumber { number, black }, start, start + n);
        true
    }

    /// A number fused to its move, as OCR and narrow columns print it (`6Q x P`, `12Kt-B3`):
    /// the number, when a capital follows the digits and what follows reads as a move to a
    /// word's end. The move is read as the next token.
    fn fused_number(&mut self, number: u32, digits: usize) -> bool {
        let rest = self.rest();
        let after = &rest[digits..];
        if !after.starts_with(|c: char| c.is_ascii_uppercase()) {
            return false;
        }
        match parse_move_prefix(self.dialect, after) {
            Some((_, n)) if n > 0 && is_boundary(after[n..].chars().next()) => {
                let start = self.pos;
                let black = false;
                self.push(
                    TokenKind::MoveNumber { number, black },
                    start,
                    start + digits,
                );
                true
            }
            _ => false,
        }
    }

    /// Unread text is a word as the lexer reads it ([`lex::piece`]): to the next blank, to a
    /// `{`, `;` or `[`, or to a `)` that closes nothing in it.
    fn unknown(&mut self) {
        let start = self.pos;
        let (_, n) = lex::piece(self.rest());
        self.push(TokenKind::Unknown, start, start + n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::{AlgLang, DescLang};

    #[test]
    fn result_phrases_are_in_lower_case_and_no_glyph_starts_with_a_letter() {
        // The scanner compares a word only with the phrases of its first letter, in lower
        // case, and reads no glyph at a letter.
        for (w, _) in RESULT_WORDS {
            assert_eq!(w, w.to_lowercase(), "{w}");
            assert!(w.as_bytes()[0].is_ascii_lowercase(), "{w}");
        }
        for (g, _) in NAG_GLYPHS {
            assert!(!g.starts_with(char::is_alphabetic), "{g}");
        }
    }

    #[test]
    fn every_result_phrase_ends_in_a_word_of_four_letters_or_more() {
        // `may_end_with_result` rules shorter last words out at once.
        for (w, _) in RESULT_WORDS {
            assert!(w.rsplit(' ').next().unwrap().len() >= 4, "{w}");
        }
        assert!(ends_with_result("12. Kt-B3 Resigns."));
        assert!(!ends_with_result("4. B. to Q. B's 4th."));
    }

    fn kinds(d: Dialect, text: &str) -> Vec<String> {
        tokenize(d, text)
            .iter()
            .map(|t| match t.kind {
                TokenKind::Move(m) => format!("move({m})"),
                TokenKind::MoveNumber { number, black } => {
                    format!("{number}{}", if black { "..." } else { "." })
                }
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn zero_is_never_a_move_number() {
        let es = Dialect::Descriptive(DescLang::Es);
        assert_eq!(
            kinds(es, "10. 00 000"),
            ["10.", "move(castles K)", "move(castles Q)"]
        );
        assert_eq!(kinds(es, "0 — 0"), ["move(castles K)"]);
    }

    #[test]
    fn a_move_number_followed_by_blanks_introduces_black_only_before_an_ellipsis() {
        let en = Dialect::Descriptive(DescLang::En);
        for (text, number, len) in [
            ("12. P-K4", "12.", 3),
            ("12.  \tP-K4", "12.", 3),
            ("12. ... P-K4", "12...", 7),
            ("12.  … P-K4", "12...", 8),
            ("12. .P-K4", "12.", 3),
            ("12.\tP-K4", "12.", 3),
        ] {
            let toks = tokenize(en, text);
            assert_eq!(kinds(en, text)[0], number, "{text:?}");
            assert_eq!(toks[0].span, Span::new(0, len), "{text:?}");
        }
    }

    #[test]
    fn a_move_number_is_read_up_to_the_largest_u32_and_no_further() {
        let en = Dialect::Algebraic(AlgLang::En);
        assert_eq!(kinds(en, "4294967295. e4")[0], "4294967295.");
        assert_eq!(kinds(en, "007... e5")[0], "7...");
        assert_eq!(kinds(en, "4294967296. e4")[0], "Unknown");
        assert_eq!(kinds(en, "99999999999999999999 e4")[0], "Unknown");
    }

    #[test]
    fn structure_around_moves() {
        let en = Dialect::Algebraic(AlgLang::En);
        let got = kinds(
            en,
            "1. e4 {best} e5 (1... c5 $1) 2. Nf3! ; line comment\n 2... Nc6 1-0",
        );
        assert_eq!(
            got,
            [
                "1.",
                "move(P to abs e4)",
                "Comment { text: Span { start: 7, end: 11 } }",
                "move(P to abs e5)",
                "VariationStart",
                "1...",
                "move(P to abs c5)",
                "Nag(1)",
                "VariationEnd",
                "2.",
                "move(N to abs f3 $1)",
                "Comment { text: Span { start: 38, end: 51 } }",
                "2...",
                "move(N to abs c6)",
                "Result(WhiteWins)",
            ]
        );
    }

    #[test]
    fn separators_page_marks_footnotes_and_draw_offers() {
        let es = Dialect::Algebraic(AlgLang::Es);
        let got = kinds(
            es,
            "1. e4, e5; 2. Cf3* {160} [A] Cc6 (=) [Illustration] ½-½",
        );
        assert_eq!(
            got,
            [
                "1.",
                "move(P to abs e4)",
                "move(P to abs e5)",
                "2.",
                "move(N to abs f3)",
                "Footnote",
                "PageMark",
                "Footnote",
                "move(N to abs c6)",
                "DrawOffer",
                "PageMark",
                "Result(Draw)",
            ]
        );
    }

    #[test]
    fn a_parenthesised_check_mark_joins_the_move_before_it_and_is_no_variation() {
        let en = Dialect::Descriptive(DescLang::En);
        let text = "5. K. R. to K's square. (ch.)  5. K. Kt. to B's 3d.";
        let toks = tokenize(en, text);
        let TokenKind::Move(mv) = toks[1].kind else {
            panic!("{toks:?}")
        };
        assert_eq!(mv.check, Some(crate::CheckMark::Check));
        assert_eq!(&text[toks[1].span.range()], "K. R. to K's square. (ch.)");
        assert!(
            !toks.iter().any(|t| t.kind == TokenKind::VariationStart),
            "{toks:?}"
        );
        assert_eq!(
            kinds(en, "(dis. ch.) P-K4"),
            ["Unknown", "move(P to desc K4)"]
        );
        // A real variation, and parentheses holding no mark, stay what they are.
        assert_eq!(kinds(en, "(P-K4)")[0], "VariationStart");
        assert_eq!(kinds(en, "(Q. R.)")[0], "VariationStart");
    }

    #[test]
    fn a_judgement_in_parentheses_is_a_comment_not_a_variation() {
        let src = "4. Kt. to K's 5th. (best) 5. Kt. takes P. (Best.)";
        let en = Dialect::Descriptive(DescLang::En);
        let kinds: Vec<String> = tokenize(en, src)
            .iter()
            .map(|t| match t.kind {
                TokenKind::Comment { text } => format!("comment {}", &src[text.range()]),
                TokenKind::Move(_) => "move".into(),
                TokenKind::MoveNumber { .. } => "number".into(),
                k => format!("{k:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "number",
                "move",
                "comment best",
                "number",
                "move",
                "comment Best."
            ]
        );
    }

    #[test]
    fn an_unread_word_ends_at_a_parenthesis_that_closes_nothing_in_it() {
        let en = Dialect::Algebraic(AlgLang::En);
        assert_eq!(
            kinds(en, "(sic) a6"),
            [
                "VariationStart",
                "Unknown",
                "VariationEnd",
                "move(P to abs a6)"
            ]
        );
        let toks = tokenize(en, "zz(3)y) e4");
        assert_eq!(toks[0].span, Span::new(0, 6));
        assert_eq!(toks[1].kind, TokenKind::VariationEnd);
    }

    #[test]
    fn a_line_ending_in_a_result_is_told_apart() {
        for yes in [
            "1. e4 e5 1-0",
            "27. Resigns.",
            "  And White resigns.",
            "1. d4 *",
            "*",
            "12. Kt-B3 1 – 0",
            "1/2-1/2",
        ] {
            assert!(ends_with_result(yes), "{yes}");
        }
        for no in [
            "1. e4 e5",
            "10. O-O-O 0-0",
            "12. Q-R5*",
            "{a comment 1-0",
            "1-0 {and a note}",
            "",
        ] {
            assert!(!ends_with_result(no), "{no}");
        }
    }

    #[test]
    fn an_announced_mate_is_one_result_with_its_count() {
        let en = Dialect::Descriptive(DescLang::En);
        for (text, end) in [
            ("And Black mates in two moves.", 29),
            ("And White mates in 3 moves", 26),
            ("And White mates.", 16),
        ] {
            let toks = tokenize(en, text);
            assert_eq!(toks.len(), 1, "{text}: {toks:?}");
            assert!(matches!(toks[0].kind, TokenKind::Result(_)), "{text}");
            assert_eq!(toks[0].span, Span::new(0, end), "{text}");
        }
        // Without the count's unit, the words after the result stay what they are.
        let toks = tokenize(en, "And White mates in two");
        assert_eq!(toks[0].span, Span::new(0, 15));
    }

    #[test]
    fn tokens_read_one_at_a_time_are_the_tokens_of_the_whole_text() {
        let mut texts: Vec<String> = vec![
            "1. P-K4 P-K4 2. Kt-KB3 (ch) Kt-QB3 (best) 3. B-Kt5 {a note} P-QR3 1-0".into(),
            "12. P. to K's 4th. (ch.) P. takes P. Resigns.".into(),
            "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 $1 *".into(),
            // Marks in parentheses that a later step adds to the move before them.
            "5. PxP (in passing) PxP 6. Kt-B3. (ch.) K-K2 7. Q-R5\n(+) K-K1".into(),
        ];
        let books =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/books");
        for n in ["chess-fundamentals.txt", "blue-book-part1.txt"] {
            if let Some(t) = crate::testing::book_text(&books.join(n)) {
                texts.extend(t.split("\n\n").map(str::to_owned));
            }
        }
        for d in Dialect::ALL.iter().copied() {
            for t in &texts {
                assert_eq!(
                    tokens(d, t).collect::<Vec<_>>(),
                    tokenize(d, t),
                    "{d:?} {t:?}"
                );
            }
        }
    }

    #[test]
    fn the_cheap_result_test_passes_every_line_that_ends_with_a_result() {
        let mut lines: Vec<String> = Vec::new();
        for (w, _) in RESULT_WORDS {
            for form in [
                w.to_owned(),
                w.to_uppercase(),
                format!("{w}."),
                format!("{w} in two moves."),
            ] {
                lines.push(format!("23. Q-R5 {form}"));
            }
        }
        // Every dash, with and without blanks around it.
        for r in [
            "1-0",
            "0-1",
            "½-½",
            "1/2-1/2",
            "1 – 0",
            "*",
            "0:1",
            "1 - 0",
            "0 —1",
            "1\t−\t0",
            "½ – ½",
            "1/2 - 1/2",
            "0 : 1",
            "1-0-0",
            "0-0",
            "0-0-0",
        ] {
            lines.push(format!("41. Kg2 {r}"));
            // After a descriptive move, or glued to it.
            lines.push(format!("41. K-Kt2 {r}"));
            lines.push(format!("41. K-Kt2 {r}."));
            lines.push(format!("41. P-K4{r}"));
        }
        // Lines that end in a move, or in a digit after other signs: no result.
        for m in [
            "P-K4", "Kt-QB3", "e4", "Kg2", "P-K 4", "P-R8=Q", "exd8=Q", "B-B4 1", "½", "P-Q2",
            "Kt-B1", "R-K1", "Kt/2", "B-Q 2", "1/2",
        ] {
            lines.push(format!("17. {m}"));
        }
        // Text the books print: moves, notes, prose.
        let books =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/books");
        for n in ["chess-fundamentals.txt", "blue-book-part1.txt"] {
            if let Some(t) = crate::testing::book_text(&books.join(n)) {
                lines.extend(t.lines().map(str::to_owned));
            }
        }
        let mut results = 0;
        for l in &lines {
            let full = ends_with_result_token(l.trim_end());
            results += usize::from(full);
            assert_eq!(ends_with_result(l), full, "{l:?}");
        }
        assert!(results >= 28 * 3, "{results}");
        for w in ["tablas", "empat", "drawn game", "remis."] {
            assert!(ends_with_result(&format!("12. Kg2 {w}")), "{w}");
        }
    }

    #[test]
    fn a_move_broken_after_its_hyphen_or_dash_at_a_line_end_is_one_token() {
        let en = Dialect::Descriptive(DescLang::En);
        for dash in ["-", "–", "—"] {
            for blanks in ["", " ", " \t"] {
                let text = format!("1. P-K4 P-K4 2. Kt{dash}{blanks}\nKB3 Kt-QB3");
                assert_eq!(
                    kinds(en, &text),
                    [
                        "1.",
                        "move(P to desc K4)",
                        "move(P to desc K4)",
                        "2.",
                        "move(N to desc KB3)",
                        "move(N to desc QB3)"
                    ],
                    "{text:?}"
                );
            }
        }
        // A dash inside a word, or a word that reads whole, is no break.
        assert_eq!(kinds(en, "P-K4\nKB3").len(), 2);
        // A dash alone after a move read whole sets it apart from the next word, as
        // between a pair's moves: the move is not broken there, and the next word is no
        // part of it.
        let after_whole = kinds(en, "Kt-B3 -\nKB3");
        assert_eq!(after_whole.len(), 2, "{after_whole:?}");
        assert_eq!(after_whole[0], "move(N to desc B3)");
    }

    #[test]
    fn a_resignation_in_the_languages_of_the_books_ends_the_game() {
        let es = Dialect::Algebraic(AlgLang::Es);
        for word in [
            "Abandonan.",
            "abandona",
            "Abandonam.",
            "Abandonou.",
            "Abandonne.",
            "Abbandona.",
            "Aufgegeben.",
        ] {
            let text = format!("29. Te1+ {word}");
            let toks = tokenize(es, &text);
            assert!(
                matches!(
                    toks.last().map(|t| t.kind),
                    Some(TokenKind::Result(Termination::Resigns))
                ),
                "{text}: {toks:?}"
            );
        }
    }

    #[test]
    fn result_words_and_unknown_text_keep_their_spans() {
        let en = Dialect::Descriptive(DescLang::En);
        let toks = tokenize(en, "zzz Resigns.");
        assert_eq!(toks[0].kind, TokenKind::Unknown);
        assert_eq!(toks[0].span, Span::new(0, 3));
        assert_eq!(toks[1].kind, TokenKind::Result(Termination::Resigns));
        assert_eq!(toks[1].span, Span::new(4, 12));
    }

    proptest::proptest! {
        /// The byte-level reading of a word broken after its hyphen finds what reading it
        /// by characters finds: the word to its first blank (Unicode blanks too), when it
        /// is 12 bytes or fewer and ends in a hyphen or a dash.
        #[test]
        fn a_hyphenated_word_is_found_as_by_characters(
            s in "[PKtBQR4x.\\-–— \t\n\x0B\u{A0}\u{2003}é]{0,16}"
        ) {
            let end = s.find(char::is_whitespace).unwrap_or(s.len());
            let word = &s[..end];
            let by_chars = (word.len() <= 12 && word.ends_with(['-', '–', '—'])).then_some(end);
            proptest::prop_assert_eq!(hyphenated_word_end(&s), by_chars, "{:?}", s);
        }
    }
}
