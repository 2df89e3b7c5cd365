//! Cross-references between a book's games: "Moves 1 to 8 as in Game 12". The opening
//! moves are taken from the game named, up to where the game's own table begins, and
//! marked as such in a comment.

use escriba_notation::{Dialect, TokenKind, movetext};

use super::build::clean_row;
use super::classify::HeadingKind;
use super::group::{Draft, Grouped, Role, ply_of};
use super::unit::Borrowed;
use crate::lexicon::NUMBER_WORDS;
use crate::line::{Line, MoveNo};

fn number_word(w: &str) -> Option<u32> {
    let w = w.trim_matches(|c: char| !c.is_alphanumeric());
    w.parse().ok().or_else(|| {
        NUMBER_WORDS
            .iter()
            .position(|n| *n == w)
            .map(|i| i as u32 + 1)
    })
}

/// A roman numeral's value (`iv` → 4), for headings such as `GAME IV.`.
fn roman(w: &str) -> Option<u32> {
    let value = |c| match c {
        'i' => Some(1),
        'v' => Some(5),
        'x' => Some(10),
        'l' => Some(50),
        'c' => Some(100),
        _ => None,
    };
    let digits: Vec<u32> = w.chars().map(value).collect::<Option<_>>()?;
    let mut total = 0;
    for (i, &d) in digits.iter().enumerate() {
        if digits.get(i + 1).is_some_and(|&n| n > d) {
            total -= d as i64;
        } else {
            total += d as i64;
        }
    }
    (total > 0).then_some(total as u32)
}

/// The number a game heading gives its game: `GAME 12.` → 12, `GAME IV.--…` → 4.
pub fn heading_number(heading: &str) -> Option<u32> {
    let lower = heading.to_lowercase();
    let mut words = lower.split_whitespace().skip(1);
    let mut w = words.next()?;
    if w == "no." || w == "no" || w == "nº" {
        w = words.next()?;
    }
    let core: String = w.chars().take_while(|c| c.is_alphanumeric()).collect();
    core.parse().ok().or_else(|| roman(&core))
}

/// Reads "moves 1 to 8 as in Game 12", "the first eight moves as in Game 12", "moves 1-8
/// as in game XII": (last move taken, game number).
pub fn reference(text: &str) -> Option<(u32, u32)> {
    let lower = text.to_lowercase();
    let at = lower.find("as in game ")?;
    let game_word = lower[at + "as in game ".len()..]
        .split_whitespace()
        .next()?;
    let core: String = game_word
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    let game = core.parse().ok().or_else(|| roman(&core))?;
    let before: Vec<&str> = lower[..at]
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| "()[],;:".contains(c)))
        .collect();
    // `moves 1 to 8`, `moves 1-8`, `first eight moves`, `first 8 moves`.
    let upto = before.windows(4).rev().find_map(|w| match w {
        [m, "1", "to", n] if m.starts_with("move") => number_word(n),
        _ => None,
    });
    let upto = upto.or_else(|| {
        before.windows(2).rev().find_map(|w| match w {
            [m, range] if m.starts_with("move") => range
                .split_once(['-', '–'])
                .and_then(|(_, b)| number_word(b)),
            ["first", n] => number_word(n),
            _ => None,
        })
    })?;
    Some((upto, game))
}

/// The cross-reference of each unit, resolved against the games before it.
pub fn borrowings(lines: &[Line], g: &Grouped, dialect: Dialect) -> Vec<Option<Borrowed>> {
    g.units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let (upto, game) = intro(lines, g, u).and_then(|t| reference(&t))?;
            let source = g.units[..i].iter().rev().find(|s| {
                s.heading_kind == Some(HeadingKind::Game)
                    && s.heading.as_deref().and_then(heading_number) == Some(game)
            })?;
            borrow(lines, source, u, upto, dialect)
        })
        .collect()
}

/// The unit's heading and the notes before its first row.
fn intro(lines: &[Line], g: &Grouped, u: &Draft) -> Option<String> {
    let first_row = *u.rows.first()?;
    let mut text = u.heading.clone().unwrap_or_default();
    for (line, role) in lines[u.first..first_row]
        .iter()
        .zip(&g.roles[u.first..first_row])
    {
        if *role == Role::Note {
            text.push(' ');
            text.push_str(line.text.trim());
        }
    }
    Some(text)
}

/// The rows of `source` up to where `u`'s table starts (and no further than move `upto`).
fn borrow(
    lines: &[Line],
    source: &Draft,
    u: &Draft,
    upto: u32,
    dialect: Dialect,
) -> Option<Borrowed> {
    let until = match u.start {
        Some(n) => n.ply().min(ply_of(upto + 1, false)),
        None => ply_of(upto + 1, false),
    };
    let mut ply = source.start.map_or(0, MoveNo::ply);
    let mut rows = Vec::new();
    'rows: for &k in &source.rows {
        let mut row = clean_row(&lines[k].text);
        for t in movetext::tokenize(dialect, &row.clone()) {
            match t.kind {
                TokenKind::MoveNumber { number, black } => ply = ply.max(ply_of(number, black)),
                TokenKind::Move(_) if ply >= until => {
                    let cut = t.span.start as usize;
                    let tail = " ".repeat(row.len() - cut);
                    row.replace_range(cut.., &tail);
                    if row.trim().chars().any(char::is_alphabetic) {
                        rows.push((k + 1, row));
                    }
                    break 'rows;
                }
                TokenKind::Move(_) => ply += 1,
                _ => {}
            }
        }
        rows.push((k + 1, row));
    }
    if rows.is_empty() {
        return None;
    }
    let (from, to) = (rows[0].0, rows[rows.len() - 1].0);
    let heading = source.heading.as_deref().unwrap_or("an earlier game");
    Some(Borrowed {
        rows,
        note: format!(
            "escriba: the moves before this game's own start are taken from {heading} (lines {from}-{to}), as its notes say"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_name_the_last_move_and_the_game() {
        assert_eq!(reference("Moves 1 to 8 as in Game 12."), Some((8, 12)));
        assert_eq!(
            reference("The first eight moves as in Game XII"),
            Some((8, 12))
        );
        assert_eq!(reference("(moves 1-10 as in game 3)"), Some((10, 3)));
        assert_eq!(reference("as played in the last game"), None);
    }

    #[test]
    fn headings_give_their_numbers() {
        assert_eq!(heading_number("GAME 12. FRENCH DEFENCE"), Some(12));
        assert_eq!(heading_number("GAME IV.--Between Mr. Morphy"), Some(4));
        assert_eq!(heading_number("GAME No. 7"), Some(7));
        assert_eq!(heading_number("Partida 3"), Some(3));
    }
}
