//! Which dialect a book is printed in, and whether an input is a book at all.

use escriba_notation::{Dialect, TokenKind, movetext};

use super::classify::{self, LineKind};
use crate::source::Line;
use crate::tags::parse_tag_line;

/// How much numbered text the dialect vote reads.
const VOTE_BYTES: usize = 24 << 10;
/// How much of an input the book detector reads before it decides.
pub const DETECT_BYTES: usize = 96 << 10;

/// The dialect that reads the most of a book's numbered lines (`1. P - Q 4`, `12.P4R`).
pub fn book_dialect<'a>(lines: impl Iterator<Item = &'a str>) -> Dialect {
    let mut sample = String::new();
    for l in lines {
        let t = l.trim_start();
        if t.as_bytes().first().is_some_and(u8::is_ascii_digit)
            && t.chars().any(char::is_alphabetic)
        {
            sample.push_str(t);
            sample.push('\n');
            if sample.len() >= VOTE_BYTES {
                break;
            }
        }
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
    best.map_or(Dialect::ALL[0], |(d, _, _)| d)
}

/// True when the lines read like a book rather than a game file: no PGN tag pairs, and
/// either paragraphs of prose (at least 20 lines of eight words or more, a fifth of the
/// text) around numbered move tables or game headings, or a text that is mostly prose (a
/// short article or a rule book with examples: two thirds of its words, at least 120, in
/// lines of prose). A game file read as a book loses nothing; prose read as games is
/// dozens of failed games.
pub fn looks_like_book(lines: &[Line]) -> bool {
    // A tag line makes it a game file: known before the costlier dialect vote.
    if lines.iter().any(|l| {
        let t = l.text.trim();
        t.starts_with('[') && parse_tag_line(t).is_some()
    }) {
        return false;
    }
    let dialect = book_dialect(lines.iter().map(|l| l.text.as_str()));
    let (mut prose, mut filled, mut rows, mut headings) = (0usize, 0usize, 0usize, 0usize);
    let (mut prose_words, mut words) = (0usize, 0usize);
    for l in lines {
        let t = l.text.trim();
        if t.is_empty() {
            continue;
        }
        filled += 1;
        let n = t.split_whitespace().count();
        words += n;
        match classify::classify(&l.text, dialect) {
            LineKind::Prose => {
                if n >= 8 {
                    prose += 1;
                }
                if n >= 3 {
                    prose_words += n;
                }
            }
            LineKind::MoveRow(_) => rows += 1,
            LineKind::Heading(_) | LineKind::Players(_) => headings += 1,
            _ => {}
        }
    }
    let book = prose >= 20 && prose * 5 >= filled && (rows >= 4 || headings >= 2);
    book || (prose_words >= 120 && prose_words * 3 >= words * 2)
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
    }

    fn lines(text: &str) -> Vec<Line> {
        text.lines()
            .enumerate()
            .map(|(i, t)| Line {
                text: t.to_owned(),
                number: i + 1,
                offset: 0,
                encoding: crate::source::Encoding::Utf8,
                truncated: false,
            })
            .collect()
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
