//! Moves wherever they stand: a numbered run of moves in lines that no unit took (a line
//! classed prose, a paragraph with a headline and notes around it, a whole page run into
//! one line) is cut out at its edges and read as a unit of its own.
//!
//! A run starts at move 1 and goes on through moves and move numbers. Words that are not
//! moves between two of its moves are a note when the numbers go on after them (`12. K. to
//! Q's 2nd. The best mode of bringing the pieces into play. 13. Kt. to Q's 2nd.`); a long
//! stretch of words, a result, `&c.`, or a number that goes back ends it. The run's unit
//! keeps the lines it stands on, line for line: everything outside the run is blanked, and
//! each note inside it is wrapped in braces, so that every token keeps its line and column.

use std::borrow::Cow;

use escriba_notation::{Dialect, Token, TokenKind, movetext};

use crate::line::Line;
use crate::unit::Unread;

/// The most words of a note between two moves of one run.
const MAX_NOTE_WORDS: usize = 80;
/// The fewest moves a run holds: fewer is a move quoted in prose, not a game.
const MIN_MOVES: usize = 4;

/// A run of moves found in lines no unit took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Index of the first line the run stands on.
    pub first: usize,
    /// Index of its last line (inclusive).
    pub last: usize,
    /// The movetext: the lines `first..=last`, blanked but for the run, notes in braces.
    pub movetext: String,
    /// Moves read in the run.
    pub moves: usize,
    /// The run ends at a printed result.
    pub ended: bool,
}

/// The runs of moves in the lines where `free` is true, each block of consecutive free
/// lines read as one text.
pub fn find(lines: &[Line], free: &[bool], dialect: Dialect) -> Vec<Found> {
    blocks(free)
        .flat_map(|(start, end)| in_block(lines, start, end, dialect))
        .collect()
}

/// The blocks of consecutive lines where `free` is true: each one's first line and the line
/// after its last.
fn blocks(free: &[bool]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < free.len() && !free[i] {
            i += 1;
        }
        let start = i;
        while i < free.len() && free[i] {
            i += 1;
        }
        (start < i).then_some((start, i))
    })
}

/// The numbered moves in the lines where `free` is true, by block of consecutive free
/// lines: each block that holds any, with the place of the first one's number. A move
/// counts when a move number stands before it, with only moves between (`19. K. to R's
/// sq.`, `4 P-Q 4 P x P`): a move word quoted in prose does not.
pub fn unread(lines: &[Line], free: &[bool], dialect: Dialect) -> Vec<Unread> {
    blocks(free)
        .filter_map(|(start, end)| unread_in(&lines[start..end], dialect))
        .collect()
}

/// The numbered moves of a block of lines no unit took, read line by line: only a line
/// with a digit, or the line after a number that ended its line, can hold one.
fn unread_in(block: &[Line], dialect: Dialect) -> Option<Unread> {
    let (mut moves, mut first) = (0, None);
    // A number read last on the line before, still waiting for its move.
    let mut pending = false;
    for line in block {
        if !pending && !line.text.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let text = plain(&line.text);
        // The place of the last number with only moves after it on this line.
        let mut number = pending.then_some(0);
        for t in movetext::tokenize(dialect, &text) {
            match t.kind {
                TokenKind::MoveNumber { .. } => number = Some(t.span.start as usize),
                TokenKind::Move(_) if number.is_some() => {
                    moves += 1;
                    if first.is_none() {
                        let at = number.unwrap_or(0);
                        let column = text[..at].chars().count() + 1;
                        first = Some((line.number, column));
                    }
                }
                TokenKind::Ellipsis | TokenKind::Nag(_) | TokenKind::Move(_) => {}
                _ => number = None,
            }
        }
        pending = number.is_some();
    }
    let (line, column) = first?;
    Some(Unread {
        line,
        column,
        moves,
    })
}

/// The runs of lines `from..to`, read as one text.
fn in_block(lines: &[Line], from: usize, to: usize, dialect: Dialect) -> Vec<Found> {
    let texts: Vec<&str> = lines[from..to].iter().map(|l| l.text.as_str()).collect();
    let text = plain(&texts.join("\n"));
    let ones = misread_ones(&text);
    // A block with no move 1 holds no run: most prose is passed over here.
    if ones.is_empty() && !has_move_one(&text) {
        return Vec::new();
    }
    // The text as the runs are read: each letter that may be a `1` read as one.
    let read = with_ones(&text, &ones);
    let tokens = movetext::tokenize(dialect, &read);
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(k, _)| k + 1))
        .collect();
    let line_of = |offset: usize| line_starts.partition_point(|&s| s <= offset) - 1;
    let mut out = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        match run_at(&read, &tokens, k, &ones) {
            Some(run) => {
                let first = line_of(run.tokens[0].span.start as usize);
                let last_token = run.tokens.last().expect("a run has tokens");
                let last = line_of(last_token.span.end as usize - 1);
                // As printed, but for the letters the run read as its numbers.
                let laid = with_ones(&text, &run.ones);
                let movetext = lay_out(&laid, &run, line_starts[first], line_end(&text, last));
                out.push(Found {
                    first: from + first,
                    last: from + last,
                    movetext,
                    moves: run.moves,
                    ended: run.ended,
                });
                k = run.next;
            }
            None => k += 1,
        }
    }
    out
}

/// Whether `text` holds a `1` that can be move 1: no digit before or after it, and a
/// period, an ellipsis or a blank after it.
fn has_move_one(text: &str) -> bool {
    let b = text.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'1'
            && (i == 0 || !b[i - 1].is_ascii_digit())
            && b.get(i + 1)
                .is_none_or(|n| matches!(n, b'.' | b' ' | b'\t' | b'\n' | 0xE2))
    })
}

/// Where the OCR may have printed a move number's `1` as a letter (`IP-K4`, `I. P-K4`,
/// `lP to K 4`): an `I` or an `l` that starts a word, then a period or blanks or neither,
/// then a capital, as a move starts. Read as a `1`, such a letter starts a run like a
/// printed one, and is taken as a number inside a run where its number goes on (Black's
/// `1` of a column that numbers every ply); it never ends a run.
fn misread_ones(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let capital_after = |i: usize| {
        let mut j = i + 1;
        if b.get(j) == Some(&b'.') {
            j += 1;
        }
        while matches!(b.get(j), Some(b' ' | b'\t')) {
            j += 1;
        }
        b.get(j).is_some_and(u8::is_ascii_uppercase)
    };
    (0..b.len())
        .filter(|&i| {
            matches!(b[i], b'I' | b'l')
                && (i == 0 || b[i - 1].is_ascii_whitespace())
                && capital_after(i)
        })
        .collect()
}

/// `text` with a `1` at each byte offset of `ones` (each an ASCII letter).
fn with_ones<'a>(text: &'a str, ones: &[usize]) -> Cow<'a, str> {
    if ones.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut bytes = text.as_bytes().to_vec();
    for &o in ones {
        bytes[o] = b'1';
    }
    Cow::Owned(String::from_utf8(bytes).expect("an ASCII letter replaced by a digit"))
}

/// The byte offset where line `k` of `text` ends (its newline, or the text's end).
fn line_end(text: &str, k: usize) -> usize {
    text.match_indices('\n')
        .nth(k)
        .map_or(text.len(), |(i, _)| i)
}

/// `text` with the marks that movetext reads as structure blanked, one space a byte:
/// braces, brackets, `;` and parentheses around words stand in prose for other things than
/// comments and variations. Parentheses around one short word are kept: they are part of
/// a move (`R(QR1)-QR6`, `P-B8 (Q)`, `(ch.)`) or a note's letter.
fn plain(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'{' | b'}' | b'[' | b']' | b';' => out[i] = b' ',
            b'(' => {
                let inner = b[i + 1..]
                    .iter()
                    .take(8)
                    .position(|&c| c == b')' || c.is_ascii_whitespace() || c == b'(');
                match inner {
                    Some(k) if b[i + 1 + k] == b')' && k > 0 => i += k + 1,
                    _ => out[i] = b' ',
                }
            }
            b')' => out[i] = b' ',
            _ => {}
        }
        i += 1;
    }
    String::from_utf8(out).expect("ASCII bytes replaced by ASCII")
}

/// A run read from the tokens of a block.
struct Run<'t> {
    /// Its tokens, from its first move number to its last move (or result).
    tokens: &'t [Token],
    /// The notes inside it: byte ranges of the text between two of its tokens.
    notes: Vec<(usize, usize)>,
    moves: usize,
    ended: bool,
    /// The index of the first token after the run.
    next: usize,
    /// The byte offsets of the letters it read as a `1` (`IP-K4`): its first number, or
    /// one it took as a number.
    ones: Vec<usize>,
}

/// The run that starts at token `k`, if one does: move 1, then a move.
fn run_at<'t>(text: &str, tokens: &'t [Token], k: usize, ones: &[usize]) -> Option<Run<'t>> {
    let TokenKind::MoveNumber { number: 1, .. } = tokens[k].kind else {
        return None;
    };
    if !matches!(tokens.get(k + 1)?.kind, TokenKind::Move(_)) {
        return None;
    }
    let misread = |t: &Token| ones.binary_search(&(t.span.start as usize)).is_ok();
    let mut c = Cursor::new(k);
    let mut taken: Vec<usize> = std::iter::once(&tokens[k])
        .filter(|t| misread(t))
        .map(|t| t.span.start as usize)
        .collect();
    let mut j = k + 1;
    while j < tokens.len() {
        match tokens[j].kind {
            TokenKind::Move(_) => {
                c.moves += 1;
                c.since_number += 1;
                c.end = j;
                j += 1;
            }
            TokenKind::MoveNumber { number, .. } if c.number(number) => {
                if misread(&tokens[j]) {
                    taken.push(tokens[j].span.start as usize);
                }
                j += 1;
            }
            TokenKind::MoveNumber { number: 1, .. } if !misread(&tokens[j]) => break,
            TokenKind::Ellipsis | TokenKind::Nag(_) | TokenKind::Footnote => j += 1,
            TokenKind::Result(_) => {
                c.end = j;
                c.ended = true;
                break;
            }
            _ => match gap_at(text, tokens, j, &c, ones) {
                Gap::Damage(resume) => j = resume,
                Gap::Note(resume) => {
                    c.notes.push((
                        tokens[c.end].span.end as usize,
                        tokens[resume].span.start as usize,
                    ));
                    j = resume;
                }
                Gap::End => break,
            },
        }
    }
    (c.moves >= MIN_MOVES && c.numbers >= 2).then(|| Run {
        tokens: &tokens[k..=c.end],
        notes: c.notes,
        moves: c.moves,
        ended: c.ended,
        next: c.end + 1,
        ones: taken,
    })
}

/// Where a run stands as its tokens are read.
struct Cursor {
    last_number: u32,
    numbers: usize,
    moves: usize,
    /// Moves read since the last move number.
    since_number: usize,
    /// Every number so far opened one move: the run may be White's column printed whole.
    single_column: bool,
    /// The numbers went back to 1 after such a column: Black's column.
    second_column: bool,
    /// The index of the run's last token.
    end: usize,
    ended: bool,
    notes: Vec<(usize, usize)>,
}

impl Cursor {
    fn new(k: usize) -> Cursor {
        Cursor {
            last_number: 1,
            numbers: 1,
            moves: 0,
            since_number: 0,
            single_column: true,
            second_column: false,
            end: k,
            ended: false,
            notes: Vec::new(),
        }
    }

    /// Move number `number` starts Black's column after White's whole column.
    fn starts_column(&self, number: u32) -> bool {
        let single = self.single_column && self.since_number == 1;
        number == 1 && single && !self.second_column && self.moves >= 2
    }

    /// Move number `number` goes on from the last one, or starts Black's column.
    fn accepts(&self, number: u32) -> bool {
        goes_on(self.last_number, number) || self.starts_column(number)
    }

    /// Takes move number `number` into the run if it [accepts](Cursor::accepts) it; false
    /// if it ends the run.
    fn number(&mut self, number: u32) -> bool {
        if !self.accepts(number) {
            return false;
        }
        self.second_column |= self.starts_column(number);
        self.single_column &= self.since_number == 1;
        self.last_number = number;
        self.numbers += 1;
        self.since_number = 0;
        true
    }
}

/// A move number that goes on from `last`: the same (Black's move numbered too), the next,
/// or one further (a move lost in print).
fn goes_on(last: u32, number: u32) -> bool {
    (last..=last + 2).contains(&number)
}

/// What the words from token `j` to the next move, number or result are to a run.
enum Gap {
    /// A few words among the moves (a damaged move, a mark): read on with them, from
    /// this token.
    Damage(usize),
    /// A note: the numbers go on at this token, a move number followed by a move.
    Note(usize),
    /// The run ends before the words (too many, `&c.`, or no number that goes on).
    End,
}

/// The most unread words among a run's moves that are read with it, as damage rather
/// than a note.
const DAMAGE_WORDS: usize = 6;

/// Reads the words from token `j` of the run at `c`: a few words that are not prose are
/// damage among the moves (a number out of place among them, `4 P-Q 4 80. 2 5 Kt-B 3`);
/// words of prose before a move number the run takes are a note, with the moves the note
/// names. A `1` ends the run, unless it was read from a letter ([`misread_ones`]).
fn gap_at(text: &str, tokens: &[Token], j: usize, c: &Cursor, ones: &[usize]) -> Gap {
    let (mut words, mut prose) = (0, 0);
    for (i, t) in tokens.iter().enumerate().skip(j) {
        let damage = words <= DAMAGE_WORDS && prose < 2;
        match t.kind {
            TokenKind::Move(_) | TokenKind::Result(_) if damage => return Gap::Damage(i),
            TokenKind::Result(_) => return Gap::End,
            // A move a note names (`It is better to play P to Q 4 at once.`): the note
            // goes on, to a number that the run takes.
            TokenKind::Move(_) => words += 1,
            // A number a sentence of the note runs on into (`you can then turn the game
            // into the French Defence by 2. P to K4.`) is a move the note names: the
            // table's number stands after a sentence's end or a move.
            TokenKind::MoveNumber { number, .. }
                if c.accepts(number)
                    && !damage
                    && mid_sentence(
                        &text[tokens[j].span.start as usize..t.span.start as usize],
                    ) =>
            {
                words += 1;
            }
            TokenKind::MoveNumber { number, .. } if c.accepts(number) => {
                let next_is_move =
                    matches!(tokens.get(i + 1).map(|t| t.kind), Some(TokenKind::Move(_)));
                return match (damage && !c.starts_column(number), next_is_move) {
                    (true, _) => Gap::Damage(i),
                    (false, true) => Gap::Note(i),
                    (false, false) => Gap::End,
                };
            }
            // A game starts again (not at a letter read as a `1`); any other number out
            // of place is a damaged word.
            TokenKind::MoveNumber { number: 1, .. }
                if ones.binary_search(&(t.span.start as usize)).is_err() =>
            {
                return Gap::End;
            }
            _ => {
                let text = &text[t.span.range()];
                for word in text.split_whitespace() {
                    if is_etc(word) {
                        return Gap::End;
                    }
                    words += 1;
                    prose += usize::from(is_prose(word));
                }
                if words > MAX_NOTE_WORDS {
                    return Gap::End;
                }
            }
        }
    }
    Gap::End
}

/// The words `gap` (a note's text up to a move number) end on go on as a sentence (`the
/// French Defence by`, `Black may play`): its last two words are words of letters, the
/// last in lower case with no stop or mark after it and no word moves are printed with
/// (`ch`, `to`). A diagram's frame (`xiiiiiiiiy`) or a mark before a number is no sentence.
fn mid_sentence(gap: &str) -> bool {
    let mut words = gap.split_whitespace().rev();
    let (Some(last), Some(before)) = (words.next(), words.next()) else {
        return false;
    };
    let letters = |w: &str| w.chars().all(char::is_alphabetic);
    letters(last)
        && last.chars().all(char::is_lowercase)
        && !is_move_word(last)
        && letters(before)
        && before.chars().skip(1).all(char::is_lowercase)
}

/// A word of prose: letters in lower case past the first, three or more, and none of the
/// words that moves are printed with (`to`, `takes`, `sq`, …).
pub(crate) fn is_prose(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric());
    let mut cs = w.chars();
    cs.next().is_some_and(char::is_alphabetic)
        && w.chars().count() >= 3
        && cs.all(char::is_lowercase)
        && !is_move_word(w)
}

/// The words that moves are printed with: no prose, and no sentence's word.
const MOVE_WORDS: [&str; 12] = [
    "to", "takes", "take", "ch", "check", "sq", "square", "mate", "mates", "castles", "castle",
    "the",
];

/// One of the words that moves are printed with (`to`, `takes`, `sq`, `ch`, …), in any case.
fn is_move_word(word: &str) -> bool {
    MOVE_WORDS.iter().any(|m| m.eq_ignore_ascii_case(word))
}

/// `&c.` and `etc.`: the moves end here.
fn is_etc(word: &str) -> bool {
    let w = word.trim_end_matches('.');
    w.eq_ignore_ascii_case("&c") || w.eq_ignore_ascii_case("etc")
}

/// The lines of `text` from byte `from` to byte `to` with everything blanked but the run
/// (one space a byte, newlines kept), and each of its notes in braces.
fn lay_out(text: &str, run: &Run<'_>, from: usize, to: usize) -> String {
    let start = run.tokens[0].span.start as usize;
    let end = run.tokens.last().expect("a run has tokens").span.end as usize;
    let mut bytes: Vec<u8> = text.as_bytes()[from..to].to_vec();
    let blank = |bytes: &mut Vec<u8>, a: usize, b: usize| {
        for c in &mut bytes[a - from..b - from] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    blank(&mut bytes, from, start);
    blank(&mut bytes, end, to);
    for &(a, b) in &run.notes {
        // The braces go in the blanks around the note's words; a note with no blank
        // before or after it is left out.
        let open = bytes[a - from..b - from]
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .map(|p| a + p);
        let close = bytes[a - from..b - from]
            .iter()
            .rposition(|c| c.is_ascii_whitespace())
            .map(|p| a + p);
        match (open, close) {
            (Some(o), Some(c)) if c > o + 1 => {
                bytes[o - from] = b'{';
                bytes[c - from] = b'}';
            }
            _ => blank(&mut bytes, a, b),
        }
    }
    // Blanking and braces replace whole ASCII bytes, or every byte of a character (a
    // character's bytes are all blanked at once), so the text is still UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::lines_of;
    use escriba_notation::DescLang;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    fn runs(text: &str) -> Vec<Found> {
        let lines = lines_of(text);
        find(&lines, &vec![true; lines.len()], EN)
    }

    #[test]
    fn a_run_in_a_paragraph_is_cut_out_at_its_edges() {
        let text = "TABLE No. 7. Mr. Morphy and M. Lequesne. 1. P. to K's 4th. 1. P. to Q. \
                    Kt's 3rd. 2. P. to Q's 4th. 2. B. to Kt's 2nd. And Black resigns. Next.";
        let found = runs(text);
        assert_eq!(found.len(), 1);
        let m = &found[0].movetext;
        assert_eq!(m.len(), text.len(), "line for line, byte for byte");
        assert!(m.trim_start().starts_with("1. P. to K's 4th."), "{m}");
        assert!(m.contains("2. B. to Kt's 2nd."), "{m}");
        assert!(!m.contains("Lequesne"), "{m}");
        assert_eq!(found[0].moves, 4);
    }

    #[test]
    fn words_between_moves_are_a_note_when_the_numbers_go_on() {
        let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 The best defence here. 3. B-Kt5 P-QR3";
        let found = runs(text);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].movetext.contains("{The best defence here.}"),
            "{}",
            found[0].movetext
        );
        assert_eq!(found[0].moves, 6);
    }

    #[test]
    fn a_number_a_sentence_runs_on_into_is_the_note_s_and_a_diagram_frame_is_no_sentence() {
        let text = "1. P to K 4 ; P to K 4 ; 2. P to Q 4 ; P takes P ; Black may play instead \
                    P to Q 3, and White can then turn it into a gambit by 3. P to Q B 3 here. \
                    3. Kt to K B 3 ; Kt to Q B 3 ;";
        let found = runs(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].moves, 6, "{}", found[0].movetext);
        assert!(
            found[0].movetext.contains("by 3. P to Q B 3 here.}"),
            "{}",
            found[0].movetext
        );
        // A number after a diagram's frame, or after a sentence's end, is the table's.
        for gap in ["xiiiiiiiiy", "as the books say."] {
            let text = format!(
                "1. P to K 4 ; P to K 4 ; 2. P to Q 4 ; P takes P ; It is better to play \
                 quietly now, {gap} 3. Kt to K B 3 ; Kt to Q B 3 ;"
            );
            assert_eq!(runs(&text)[0].moves, 6, "{text}");
        }
    }

    #[test]
    fn a_note_that_names_a_move_goes_on_to_the_next_number() {
        let text = "1. P to K 4 ; P to K 4 ; 2. P to Q 4 ; P takes P ; 3. P to Q B 3 ; \
                    Kt to Q B 3 (a) It is better to play P to Q 4 at once, as the books say. \
                    4. Kt to B 3 ; P to Q 4 ;";
        let found = runs(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].moves, 8, "{}", found[0].movetext);
        assert!(
            found[0].movetext.contains("as the books say.}"),
            "{}",
            found[0].movetext
        );
    }

    #[test]
    fn a_quoted_move_or_a_tail_without_move_one_is_no_run() {
        assert!(runs("After 1. P-K4 the game is open.").is_empty());
        assert!(runs("19. K-R1 B-Kt5 20. R-K7 R-Q2 21. B-K5 K-B1").is_empty());
    }

    #[test]
    fn a_result_or_etc_ends_the_run_and_a_new_move_one_starts_another() {
        let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 &c. Then 1. P-Q4 P-Q4 2. P-QB4 \
                    P-K3 Resigns. 14 P-KKt4 would be better";
        let found = runs(text);
        assert_eq!(found.len(), 2);
        assert!(!found[0].ended && found[1].ended);
        assert!(!found[0].movetext.contains("Then"), "{}", found[0].movetext);
        assert!(
            !found[1].movetext.contains("better"),
            "{}",
            found[1].movetext
        );
    }

    #[test]
    fn a_move_one_the_ocr_printed_as_a_letter_starts_a_run_and_ends_none() {
        // `IP-K4`: the run starts at the letter, and the movetext reads it as the `1`.
        let text = "White. Black. IP-K4 P-K4 2 Kt-KB3 Kt-QB3 3 B-B4 B-B4 The end.";
        let found = runs(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].moves, 6);
        assert!(
            found[0].movetext.contains("1P-K4 P-K4 2"),
            "{}",
            found[0].movetext
        );
        // `l.` and Black's `l` of a column that numbers every ply are numbers too.
        let text = "l. P-K4 l P-K4 2 Kt-KB3 2 Kt-QB3 3 B-B4 3 B-B4";
        let found = runs(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].moves, 6);
        assert!(
            found[0].movetext.starts_with("1. P-K4 1 P-K4"),
            "{}",
            found[0].movetext
        );
        // Inside a run, a letter before a capital is a word of a note, not a new game,
        // and it stays as printed.
        let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 I Think this is best. 3. B-B4 B-B4";
        let found = runs(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].moves, 6);
        assert!(
            found[0].movetext.contains("{I Think this is best.}"),
            "{}",
            found[0].movetext
        );
        // A pronoun before a word that is no move starts nothing.
        assert!(runs("I Played 2 P-K4 P-K4 3 Kt-KB3 Kt-QB3").is_empty());
    }

    #[test]
    fn whites_whole_column_then_blacks_is_one_run() {
        let text = "WHITE. 1. P-K4 2. Kt-KB3 3. B-B4 BLACK. 1. P-K4 2. Kt-QB3 3. B-B4 Then 1. P-Q4";
        let found = runs(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].moves, 6);
        assert!(
            found[0].movetext.contains("{BLACK.}"),
            "{}",
            found[0].movetext
        );
    }

    #[test]
    fn numbered_moves_no_run_took_are_counted_with_their_place() {
        let text = "A game's end.\n19. K. to R's sq. 19. B. to Kt's 5th. And Black resigns.\n\
                    Prose that quotes P-K4 and Castles without a number.";
        let lines = lines_of(text);
        let unread = unread(&lines, &vec![true; lines.len()], EN);
        assert_eq!(
            unread,
            [Unread {
                line: 2,
                column: 1,
                moves: 2
            }]
        );
    }

    #[test]
    fn a_run_over_several_lines_keeps_them_line_for_line() {
        let text = "Some prose first.\n1. P-K4 P-K4 2. Kt-KB3\nKt-QB3 3. B-B4 B-B4\nmore prose";
        let lines = lines_of(text);
        let free = vec![true; lines.len()];
        let found = find(&lines, &free, EN);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].first, found[0].last), (1, 2));
        assert_eq!(found[0].movetext.lines().count(), 2);
        let none = find(&lines, &[true, false, true, true], EN);
        assert!(none.is_empty(), "a line a unit took is not free");
    }
}
