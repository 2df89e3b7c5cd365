//! Stage two of a book, after `blocks` has settled the last kinds: what grouping asks of a
//! line besides its kind (where a sentence stops, whether a short line names the players,
//! the odds or the event, the move number a line opens with), read once from each line's
//! text, so that grouping reads kinds and traits, not the text.

use escriba_notation::Dialect;

use crate::classify::{self, LineKind, RowShape};
use crate::lexicon::{
    BLACK_WORDS, EVENT_LINE_WORDS, GAME_WORDS, HEADER_CUE_WORDS, OPENING_TITLES, PLACE_WORDS,
};
use crate::line::{Line, MoveNo};

/// What grouping asks of one line besides its kind. A question that only some kinds are
/// asked is answered for those kinds (and `false` or `None` for the rest).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traits {
    /// The line's indentation, in characters.
    pub indent: u16,
    /// The move number the line opens with (`5.`, `5...`, `5 `).
    pub opens_with: Option<MoveNo>,
    /// A `)` stands on the line: it closes a gloss a row opened.
    pub closes_paren: bool,
    /// A `(` on the line that no `)` on it closes: a gloss going on over the next lines.
    pub opens_gloss: bool,
    /// A `,` stands on the line.
    pub comma: bool,
    /// The line stops in the middle of a sentence (see `sentence_open`).
    pub sentence_open: bool,
    /// A page-break block `/* … */` opens on the line and does not close on it.
    pub opens_block: bool,
    /// Prose or an event line short enough for a header block: 16 words, or 30 when it
    /// names the players.
    pub header_sized: bool,
    /// Such a short line names the players (`between X and Y`).
    pub between_players: bool,
    /// Such a short line says a game was played, between whom, or at what odds (`played
    /// `, `between `, ` odds `, `jugada `, …).
    pub header_word: bool,
    /// Such a short line says where a game was played or between whom (`played`,
    /// `between`, `jugada`, `entre `): an event line of the unit's header.
    pub event_word: bool,
    /// Such a short line states odds.
    pub odds: bool,
    /// Prose that names the players (`between X and Y`) or the place (`Played at …`).
    pub who_or_where: bool,
    /// Prose of a few words, or ending in a colon, that names a game (`The game went:`).
    pub announces_game: bool,
    /// A section heading that names an opening or a variation.
    pub opening_title: bool,
    /// A column header of Black's word alone (`BLACK.`, `NEGRAS.`).
    pub blacks_word_alone: bool,
    /// A players line whose names run on into the moves: the shape of the row it is, the
    /// names blanked, standing where the line does.
    pub moves_after_names: Option<RowShape>,
}

/// The traits of every line, its kind final (read in `dialect`).
pub fn traits(lines: &[Line], kinds: &[LineKind], dialect: Dialect) -> Vec<Traits> {
    lines
        .iter()
        .zip(kinds)
        .map(|(line, kind)| traits_of(&line.text, kind, dialect))
        .collect()
}

/// The traits of one line of kind `kind`.
fn traits_of(text: &str, kind: &LineKind, dialect: Dialect) -> Traits {
    let mut t = Traits {
        indent: indent_of(text),
        opens_with: opens_with(text),
        closes_paren: text.contains(')'),
        opens_gloss: open_gloss(text).is_some(),
        comma: text.contains(','),
        sentence_open: sentence_open(text),
        opens_block: open_block(text),
        ..Traits::default()
    };
    match kind {
        LineKind::Prose | LineKind::Event => {
            let lower = text.to_lowercase();
            t.header_sized = header_sized(text);
            if t.header_sized {
                t.between_players = crate::header::between_players(text).is_some();
                t.header_word = HEADER_CUE_WORDS.iter().any(|w| lower.contains(w));
                t.event_word = EVENT_LINE_WORDS.iter().any(|w| lower.contains(w));
                // The cheap test first: most lines have no word of odds.
                t.odds = crate::odds::may_state_odds(text)
                    && crate::odds::read(text, None, None) != crate::odds::Odds::None;
            }
            if *kind == LineKind::Prose {
                t.who_or_where = crate::header::between_players(text).is_some()
                    || PLACE_WORDS.iter().any(|w| lower.contains(w));
                t.announces_game = announces_game(text);
            }
        }
        LineKind::Heading(classify::HeadingKind::Section) => {
            let lower = text.to_lowercase();
            t.opening_title = OPENING_TITLES.iter().any(|w| lower.contains(w));
        }
        LineKind::Players(p) => {
            t.blacks_word_alone = blacks_word_alone(text);
            t.moves_after_names = p.moves_at.map(|at| {
                let mut shape = classify::row_shape(&header_blanked(text, at), dialect);
                // The row stands where the line does, not where its moves begin.
                shape.indent =
                    u16::try_from(text.len() - text.trim_start().len()).unwrap_or(u16::MAX);
                shape
            });
        }
        _ => {}
    }
    t
}

/// The byte offset of a `(` on this line that no `)` closes: a gloss going on over the
/// next lines.
pub(crate) fn open_gloss(text: &str) -> Option<usize> {
    let mut open: Vec<usize> = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.first().copied()
}

/// The line's indentation, in characters.
fn indent_of(text: &str) -> u16 {
    u16::try_from(text.chars().take_while(|c| c.is_whitespace()).count()).unwrap_or(u16::MAX)
}

/// The line of prose stops in the middle of a sentence: on a move number (`If 22.`, not a
/// year), an ellipsis, a piece's abbreviation (`If 15. ... K.`), or a word without a full stop.
fn sentence_open(text: &str) -> bool {
    let t = text.trim_end();
    let Some(last) = t.split_whitespace().last() else {
        return false;
    };
    if t.ends_with("...") || t.ends_with('…') || !t.ends_with(['.', '!', '?', ':', ')', '"', '”'])
    {
        return true;
    }
    let word = last.trim_end_matches('.');
    // A move number (`If 22.`), not a year (`1877.`).
    let number = (1..=3).contains(&word.len()) && word.bytes().all(|b| b.is_ascii_digit());
    let abbreviation = (1..=2).contains(&word.chars().count())
        && word.chars().next().is_some_and(char::is_uppercase);
    number || abbreviation
}

/// A page-break block `/* … */` opens on this line and does not close on it.
fn open_block(text: &str) -> bool {
    text.rfind("/*").is_some_and(|o| !text[o..].contains("*/"))
}

/// A line whose player names run on into the moves, with the names blanked (one blank a
/// character, so that columns keep).
pub(crate) fn header_blanked(text: &str, moves_at: usize) -> String {
    let mut out = " ".repeat(text[..moves_at].chars().count());
    out.push_str(&text[moves_at..]);
    out
}

/// The move number the line opens with (`5.`, `5...`, `5 `), and whether it introduces
/// Black's move (`5...`, `5. ...`).
fn opens_with(text: &str) -> Option<MoveNo> {
    let t = text.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let n = t[..digits].parse::<u32>().ok()?;
    let rest = &t[digits..];
    if !rest.starts_with(['.', ' ']) {
        return None;
    }
    let black =
        rest.starts_with("..") || rest.trim_start_matches('.').trim_start().starts_with("..");
    Some(MoveNo::new(n, black))
}

/// A line short enough for a header block: 16 words, or 30 when it names the players
/// (`Partida jugada entre los señores Capt. G. P. Hisson y I. Lasson, 17 de marzo de 1865.`).
pub(crate) fn header_sized(text: &str) -> bool {
    let words = text.split_whitespace().count();
    words <= 16 || words <= 30 && crate::header::between_players(text).is_some()
}

/// Black's column word alone on the line (`BLACK.`, `NEGRAS.`), a digitizer's marks
/// blanked.
fn blacks_word_alone(text: &str) -> bool {
    let lower = classify::blank_ocr_marks(text).to_lowercase();
    let mut words = lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty());
    words.next().is_some_and(|w| BLACK_WORDS.contains(&w)) && words.next().is_none()
}

/// A short line of prose that announces a game: it names one and ends with a colon, or is
/// a few words only.
fn announces_game(text: &str) -> bool {
    let t = text.trim();
    let lower = t.to_lowercase();
    let words = t.split_whitespace().count();
    (t.ends_with(':') || words <= 4)
        && lower
            .split(|c: char| !c.is_alphabetic())
            .any(|w| GAME_WORDS.contains(&w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_opens_with_whites_or_blacks_move_number_or_none() {
        assert_eq!(opens_with("  5. P-K4"), Some(MoveNo::new(5, false)));
        assert_eq!(opens_with("5... P-K4"), Some(MoveNo::new(5, true)));
        assert_eq!(opens_with("5. ... P-K4"), Some(MoveNo::new(5, true)));
        assert_eq!(opens_with("5 P-K4"), Some(MoveNo::new(5, false)));
        assert_eq!(opens_with("5th move"), None);
        assert_eq!(opens_with("If 5. P-K4"), None);
    }

    #[test]
    fn prose_stops_mid_sentence_on_a_move_number_not_a_year() {
        assert!(sentence_open("a well-known trap. If 22."));
        assert!(sentence_open("an ending advantageous to"));
        assert!(!sentence_open("Played in London, 1877."));
    }
}
