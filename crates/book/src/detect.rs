//! Which dialect a book is printed in, and whether an input is a book at all.

use escriba_notation::{Dialect, TokenKind, movetext};

use super::classify::{self, HeadingKind, LineKind};
use crate::line::{Line, MoveNo};
use escriba_notation::tags::parse_tag_line;

/// How much numbered text the dialect vote reads.
const VOTE_BYTES: usize = 24 << 10;
/// How much of an input the book detector reads before it decides.
pub const DETECT_BYTES: usize = 96 << 10;

/// The dialect that reads the most of a book's numbered lines (`1. P - Q 4`, `12.P4R`).
pub fn book_dialect<'a>(lines: impl Iterator<Item = &'a str>) -> Dialect {
    vote(lines).0
}

/// [`book_dialect`], and whether the vote read all it reads (`VOTE_BYTES` of numbered
/// text) before the lines ran out: then no line after them can change its outcome.
fn vote<'a>(lines: impl Iterator<Item = &'a str>) -> (Dialect, bool) {
    let mut sample = String::new();
    let mut full = false;
    // Unnumbered lines, for a text with no numbered line (plain SAN, one move a line).
    let mut unnumbered = String::new();
    // The last line was a move number alone (`12.`, one token a line): the move under it
    // is a numbered line's.
    let mut under_number = false;
    for l in lines {
        let t = l.trim_start();
        let numbered = t.as_bytes().first().is_some_and(u8::is_ascii_digit);
        if numbered
            && t.trim_end_matches(['.', ' '])
                .bytes()
                .all(|b| b.is_ascii_digit())
        {
            under_number = true;
            continue;
        }
        let moved = std::mem::take(&mut under_number) && !t.trim().is_empty();
        if moved || numbered && t.chars().any(char::is_alphabetic) {
            sample.push_str(t);
            sample.push('\n');
            if sample.len() >= VOTE_BYTES {
                full = true;
                break;
            }
        } else if unnumbered.len() < VOTE_BYTES {
            unnumbered.push_str(t);
            unnumbered.push('\n');
        }
    }
    if sample.is_empty() {
        sample = unnumbered;
    }
    let mut best: Option<(Dialect, f32, usize)> = None;
    for &d in Dialect::ALL.iter() {
        let (mut moves, mut unknown) = (0usize, 0usize);
        for t in movetext::tokenize(d, &sample) {
            match t.kind {
                TokenKind::Move(_) => moves += 1,
                TokenKind::Unknown => unknown += 1,
                _ => {}
            }
        }
        if moves == 0 {
            continue;
        }
        let share = moves as f32 / (moves + unknown) as f32;
        if best.is_none_or(|(_, s, m)| share > s || (share == s && moves > m)) {
            best = Some((d, share, moves));
        }
    }
    (best.map_or(Dialect::ALL[0], |(d, _, _)| d), full)
}

/// True when the lines read like a book rather than a game file: no PGN tag pairs, and
/// any of what only book mode reads:
///
/// - paragraphs of prose (at least 20 lines of eight words or more, a fifth of the text)
///   around numbered move tables or game headings;
/// - a text that is mostly prose (a short article or a rule book with examples: two
///   thirds of its words, at least 120, in lines of prose);
/// - a game or analysis heading (`GAME 12.`, `No. 17.`, `VARIATION I.`) and move rows;
/// - a diagram and move rows;
/// - notes between move rows: two lines of prose or more, each with rows before and after;
/// - a table layout: move numbers that open two lines each (White's column printed whole,
///   then Black's; a two-column page read as one);
/// - a game run into a paragraph with its notes: a line with four numbered moves or more
///   and a dozen words of prose outside braces;
/// - two lines of words or more above the first row of moves (a title, the players, a
///   date).
///
/// A game file read as a book loses nothing; a book read as a game file loses every game
/// at its first note, diagram or page break, and prose read as games is dozens of failed
/// games.
pub fn looks_like_book(lines: &[Line]) -> bool {
    sample(lines).book
}

/// What the detector read of a source's first lines: whether they read like a book
/// ([`looks_like_book`]), and the kind of each of them in the dialect they vote for, which
/// the reader takes over ([`crate::read_book_after`]) rather than classify them again.
#[derive(Debug, Clone)]
pub struct Sample {
    book: bool,
    dialect: Dialect,
    /// The vote read all it reads in the sample's lines: [`book_dialect`] on the whole
    /// book is `dialect`, whatever lines come after them.
    vote_full: bool,
    /// Each line's kind as `classify` gives it, before any pass over its neighbours.
    kinds: Vec<LineKind>,
}

impl Sample {
    /// The lines read like a book.
    pub fn is_book(&self) -> bool {
        self.book
    }

    /// The kinds of the sample's lines, when they were classified in `dialect`.
    pub(crate) fn kinds_in(&self, dialect: Dialect) -> Option<&[LineKind]> {
        (self.dialect == dialect).then_some(&self.kinds[..])
    }

    /// The dialect [`book_dialect`] gives a book that starts with the sample's lines, when
    /// the sample decides it: the vote read all it reads in them, or they are the whole
    /// book (`lines` lines in all).
    pub(crate) fn book_dialect(&self, lines: usize) -> Option<Dialect> {
        (self.vote_full || self.kinds.len() == lines).then_some(self.dialect)
    }
}

/// Reads a source's first lines as [`looks_like_book`] does, and keeps what it classified.
pub fn sample(lines: &[Line]) -> Sample {
    // A tag line makes it a game file: known before the costlier dialect vote.
    if lines.iter().any(|l| {
        let t = l.text.trim();
        t.starts_with('[') && parse_tag_line(t).is_some()
    }) {
        return Sample {
            book: false,
            dialect: Dialect::ALL[0],
            vote_full: false,
            kinds: Vec::new(),
        };
    }
    let (dialect, vote_full) = vote(lines.iter().map(|l| l.text.as_str()));
    let classified: Vec<LineKind> = lines
        .iter()
        .map(|l| classify::classify(&l.text, dialect))
        .collect();
    Sample {
        book: reads_like_book(lines, classified.clone(), dialect),
        dialect,
        vote_full,
        kinds: classified,
    }
}

/// The vote of [`looks_like_book`] on lines classified in `dialect` (`kinds`).
fn reads_like_book(lines: &[Line], mut kinds: Vec<LineKind>, dialect: Dialect) -> bool {
    let (mut prose, mut filled, mut rows, mut headings) = (0usize, 0usize, 0usize, 0usize);
    let (mut prose_words, mut words) = (0usize, 0usize);
    let (mut game_headings, mut diagram_lines) = (0usize, 0usize);
    // Prose lines seen since the last row, and those that stood between two rows.
    let (mut pending_notes, mut notes) = (0usize, 0usize);
    let mut openers: std::collections::HashMap<MoveNo, u8> = Default::default();
    // Lines of words above the first row: a title, the players, a place and a date.
    let mut words_above = 0usize;
    super::token_lines::numbers_over_moves(lines, &mut kinds, dialect);
    for (l, kind) in lines.iter().zip(kinds) {
        let t = l.text.trim();
        if t.is_empty() {
            continue;
        }
        filled += 1;
        let n = t.split_whitespace().count();
        words += n;
        if rows == 0
            && matches!(
                kind,
                LineKind::Prose | LineKind::Heading(_) | LineKind::Players(_) | LineKind::Event
            )
        {
            words_above += 1;
        }
        match kind {
            LineKind::Prose => {
                if n >= 8 {
                    prose += 1;
                }
                if n >= 3 {
                    prose_words += n;
                }
                if n >= 5 && rows > 0 {
                    pending_notes += 1;
                }
            }
            LineKind::MoveRow(shape) => {
                rows += 1;
                notes += std::mem::take(&mut pending_notes);
                if shape.numbered
                    && let Some(number) = shape.number
                {
                    let seen = openers.entry(number).or_default();
                    *seen = seen.saturating_add(1);
                }
            }
            LineKind::Heading(kind) => {
                headings += 1;
                game_headings += usize::from(kind != HeadingKind::Section);
            }
            LineKind::Players(p) => {
                headings += 1;
                // Names that run on into the moves: the line is a row too.
                rows += usize::from(p.moves_at.is_some());
            }
            LineKind::Diagram => diagram_lines += 1,
            _ => {}
        }
    }
    let book = prose >= 20 && prose * 5 >= filled && (rows >= 4 || headings >= 2);
    let twice_opened = openers.values().filter(|&&k| k >= 2).count();
    book || lines.iter().any(|l| moves_in_prose(&l.text, dialect))
        || (prose_words >= 120 && prose_words * 3 >= words * 2)
        || rows >= 2 && (game_headings >= 1 || diagram_lines >= 8)
        || rows >= 4 && (notes >= 2 || twice_opened >= 3)
        || rows >= 1 && words_above >= HEADER_LINES
}

/// Lines of words above a text's first row of moves that make it a book (with no tag
/// pair, which makes it a game file first): a header (a title, the players, a place and a
/// date, a web address) that only book mode reads as the game's header. A game file reads
/// their words as moves (`di` repaired to d3, a year as a move number) or as flagged
/// words passed over.
const HEADER_LINES: usize = 2;

/// A line that holds a game's moves run into prose with its notes: four numbered moves or
/// more, and twelve words of prose or more outside braces (a game file's comments).
fn moves_in_prose(text: &str, dialect: Dialect) -> bool {
    if text.len() < 120 {
        return false;
    }
    // `;` separates moves in prose (PGN would read a comment to the line's end).
    let text = &text.replace(';', " ");
    let (mut numbered, mut prose, mut depth) = (0usize, 0usize, 0u32);
    let mut after_number = false;
    for t in movetext::tokens(dialect, text) {
        match t.kind {
            TokenKind::MoveNumber { .. } => after_number = true,
            TokenKind::Move(_) if after_number => {
                numbered += 1;
                after_number = false;
            }
            TokenKind::Comment { .. } => depth += 1,
            TokenKind::Unknown if depth == 0 => {
                prose += usize::from(crate::runs::is_prose(&text[t.span.range()]));
            }
            _ => after_number = false,
        }
        if numbered >= 4 && prose >= 12 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use escriba_notation::DescLang;

    #[test]
    fn the_dialect_of_numbered_lines_wins_the_vote() {
        let spanish = ["Some prose here.", "1.P4R P4R 2.C3AR C3AD", "3.A4A A4A"];
        assert_eq!(
            book_dialect(spanish.into_iter()),
            Dialect::Descriptive(DescLang::Es)
        );
        let english = ["  1. P - Q 4     P - Q 4", "  2. Kt - K B 3   Kt - K B 3"];
        assert_eq!(
            book_dialect(english.into_iter()),
            Dialect::Descriptive(DescLang::En)
        );
        // One token a line, under a diagram whose numbered ranks read as English.
        let mut one_token = vec!["8  R  N  B  Q  K  B  N  R", "7  P  P  P  P  P  P  P  P"];
        one_token.extend(["1.", "P4R", "P4R", "2.", "C3AR", "C3AD", "3. ...", "A4A"]);
        assert_eq!(
            book_dialect(one_token.into_iter()),
            Dialect::Descriptive(DescLang::Es)
        );
    }

    use crate::line::lines_of as lines;

    #[test]
    fn a_game_run_into_a_paragraph_with_notes_is_a_book() {
        let text = "(Danish Gambit.)\nWhite. (Mr. Blackburne.)\nBlack. (Mr. Russell.)\n\
                    1. P to K 4 ; P to K 4 ; 2. P to Q 4 ; P takes P ; 3. P to Q B 3 ; Kt to \
                    Q B 3 (a) It is better to play P to Q 4 at once. The move made allows \
                    White to unite his centre pawns, which he foolishly neglects to do. \
                    4. Kt to B 3 ; P to Q 4 ; 5. P to K 5 ; P takes P ;\n";
        assert!(looks_like_book(&lines(text)));
        let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {the Morphy defence, which is the most \
                   usual reply and leads to a rich game for both sides} 4. Ba4 Nf6 5. O-O *\n";
        assert!(!looks_like_book(&lines(pgn)));
    }

    #[test]
    fn game_files_are_not_books_and_prose_with_tables_is() {
        assert!(!looks_like_book(&lines(
            "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
        )));
        let prose = "This is a long line of prose about the game and its many ideas.\n";
        let mut book = String::from("GAME 1.\n\nWhite: A. Black: B.\n\n");
        for _ in 0..30 {
            book.push_str(prose);
        }
        book.push_str("\n 1. P - K 4     P - K 4\n 2. Kt - K B 3  Kt - Q B 3\n");
        book.push_str(" 3. B - Kt 5    P - Q R 3\n 4. B - R 4     Kt - B 3\n");
        assert!(looks_like_book(&lines(&book)));
    }
}
