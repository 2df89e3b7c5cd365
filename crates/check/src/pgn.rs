//! Reading PGN back with the `pgn-reader` crate: each game's tags and its main line's
//! moves, comments and result (variations, NAGs, move numbers and `;` comments are passed
//! over by the reader).
//!
//! `pgn-reader` passes over a word it cannot read as SAN without a word; a replay of the
//! main line then stops at the first move that is not legal, and says so.

use std::io::Cursor;
use std::ops::ControlFlow;

use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};

/// One item of a main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lexeme {
    /// A move, as SAN.
    Move(SanPlus),
    /// A `{...}` comment's text, with its spaces folded.
    Comment(String),
    /// A termination marker: `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(Outcome),
}

/// One game as read: its tag pairs in file order and its main line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub main_line: Vec<Lexeme>,
}

impl PgnGame {
    /// The value of tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The main line's moves.
    pub fn moves(&self) -> impl Iterator<Item = &SanPlus> {
        self.main_line.iter().filter_map(|l| match l {
            Lexeme::Move(m) => Some(m),
            _ => None,
        })
    }

    /// The main line's comments.
    pub fn comments(&self) -> impl Iterator<Item = &str> {
        self.main_line.iter().filter_map(|l| match l {
            Lexeme::Comment(c) => Some(c.as_str()),
            _ => None,
        })
    }

    /// The game's first termination marker, if it has one.
    pub fn outcome(&self) -> Option<Outcome> {
        self.main_line.iter().find_map(|l| match l {
            Lexeme::Result(o) => Some(*o),
            _ => None,
        })
    }
}

/// What a text reads as: its games, and why reading stopped early, if it did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PgnText {
    /// The games read.
    pub games: Vec<PgnGame>,
    /// The reader's error, if it stopped before the end (an unterminated comment or tag).
    pub error: Option<String>,
}

/// The visitor that collects games. The game being read is kept here (not in the
/// reader's hands), so that what was read of it survives an error; a comment longer than
/// the reader's buffer comes in parts and is joined here.
#[derive(Default)]
struct Collect {
    game: PgnGame,
    comment: Vec<u8>,
}

impl Collect {
    /// The comment collected so far, as a lexeme.
    fn end_comment(&mut self) {
        let text = String::from_utf8_lossy(&self.comment);
        let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
        self.comment.clear();
        self.game.main_line.push(Lexeme::Comment(folded));
    }
}

impl Visitor for Collect {
    type Tags = ();
    type Movetext = ();
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<PgnGame> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<PgnGame> {
        self.game.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            String::from_utf8_lossy(&value.decode()).into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<PgnGame> {
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<PgnGame> {
        self.game.main_line.push(Lexeme::Move(san));
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, _: &mut (), part: RawComment<'_>) -> ControlFlow<PgnGame> {
        self.comment.extend_from_slice(part.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), last: RawComment<'_>) -> ControlFlow<PgnGame> {
        self.comment.extend_from_slice(last.as_bytes());
        self.end_comment();
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<PgnGame, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> ControlFlow<PgnGame> {
        self.game.main_line.push(Lexeme::Result(outcome));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) -> PgnGame {
        std::mem::take(&mut self.game)
    }
}

/// Reads every game of a PGN text. When the reader stops on an error, the game it was
/// reading is kept as far as it went (an unterminated comment runs to the end).
pub fn read(text: &str) -> PgnText {
    let mut reader = Reader::new(Cursor::new(text.as_bytes()));
    let mut visitor = Collect::default();
    let mut out = PgnText::default();
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(game)) => out.games.push(game),
            Ok(None) => break,
            Err(e) => {
                if !visitor.comment.is_empty() {
                    visitor.end_comment();
                }
                if visitor.game != PgnGame::default() {
                    out.games.push(std::mem::take(&mut visitor.game));
                }
                out.error = Some(e.to_string());
                break;
            }
        }
    }
    out
}

/// The main line of one game's movetext (which the reader may see as several games, when
/// it holds a blank line), and the reader's error, if it stopped early.
pub fn main_line(movetext: &str) -> (Vec<Lexeme>, Option<String>) {
    let read = read(movetext);
    let line = read.games.into_iter().flat_map(|g| g.main_line).collect();
    (line, read.error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(movetext: &str) -> Vec<String> {
        main_line(movetext)
            .0
            .iter()
            .map(|l| match l {
                Lexeme::Move(m) => m.to_string(),
                Lexeme::Comment(c) => format!("{{{c}}}"),
                Lexeme::Result(o) => o.to_string(),
            })
            .collect()
    }

    #[test]
    fn the_main_line_passes_over_variations_numbers_and_nags() {
        assert_eq!(
            words("1. e4 {a (b)\n c} e5 (1... c5 {x)} 2. Nf3) 2. Nf3 $1 ; rest\n3.Bb5 1-0"),
            ["e4", "{a (b) c}", "e5", "Nf3", "Bb5", "1-0"]
        );
        assert_eq!(words("1. d4 -- 2. O-O+ *"), ["d4", "--", "O-O+", "*"]);
    }

    #[test]
    fn a_comment_longer_than_the_readers_buffer_is_one_comment() {
        let long = "word ".repeat(400);
        let got = words(&format!("1. e4 {{{long}}} e5 *"));
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got[1].len(), long.trim_end().len() + 2);
    }

    #[test]
    fn tags_are_read_unescaped_and_an_unterminated_comment_is_an_error() {
        let r = read(
            "[White \"A \\\"B\\\"\"]\n[Black \"C\"]\n\n1. e4 *\n\n[White \"D\"]\n\n1. d4 {open",
        );
        assert_eq!(r.games.len(), 2, "{r:?}");
        assert_eq!(r.games[0].tag("White"), Some("A \"B\""));
        assert_eq!(r.games[0].outcome(), Some(Outcome::Unknown));
        assert_eq!(r.games[1].moves().count(), 1);
        assert_eq!(r.games[1].comments().collect::<Vec<_>>(), ["open"]);
        assert_eq!(r.error.as_deref(), Some("unterminated comment"));
    }
}
