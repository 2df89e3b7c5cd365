//! The notation of a source, chosen once and confirmed per game.
//!
//! A file, a book or a section is nearly always in one notation. Under `--notation auto`
//! the dialect of a source is chosen once, by ranking the dialects on its first game that
//! `auto` ranks ([`SourceNotation::hint`]); each later game of the source is then read in
//! that dialect when its first tokens read as moves in it ([`confirms`]), or all but a few
//! ([`mostly_reads`]: damage leaves a word unread), and it replays to its end in it (its
//! flagged plies, repairs of the text's damage, are no cue to another notation). Any
//! other game ranks the dialects itself, as every game did before: a Spanish game inside an English file is read in Spanish, and the English
//! games after it in English again. In that ranking the source's dialect is kept unless
//! another reads the game further (a damaged Spanish game that Italian reads as far, with
//! fewer plies flagged, may have a damaged word read as another move there). The choice depends only on the source's text, never on
//! which thread read which game, so every `--jobs` gives the same output.

use escriba_notation::{Dialect, Token, TokenKind, detect};

use crate::choice::Notation;
use crate::config::Config;
use crate::game::record::GameText;
use crate::segment::Segment;

/// The dialect a source's games are confirmed against, once chosen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SourceNotation {
    chosen: Option<Dialect>,
}

impl SourceNotation {
    /// A source whose dialect is not chosen yet.
    pub fn new() -> SourceNotation {
        SourceNotation::default()
    }

    /// The dialect to confirm the games of `games` against: the one chosen already, else
    /// the one [`SourceNotation::observe`] chooses on the first of them that it can; `None`
    /// while no game has been ranked, or when the notation is fixed. `games` are the
    /// source's next games, in order.
    pub fn hint(&mut self, games: &[GameText], cfg: &Config) -> Option<Dialect> {
        for g in games {
            if self.chosen.is_some() {
                break;
            }
            self.observe(&g.segment, cfg);
        }
        self.chosen()
    }

    /// Sees the source's next game (every game, in order, before any sharding): the first
    /// that ranks its own dialects ([`ranks_itself`]) and that the detector ranks any
    /// dialect for chooses the source's, the top of that ranking. Fixed notations choose
    /// nothing.
    pub fn observe(&mut self, seg: &Segment, cfg: &Config) {
        if self.chosen.is_some() || cfg.notation != Notation::Auto || !ranks_itself(seg) {
            return;
        }
        self.chosen = detect::rank_dialects(&seg.movetext)
            .first()
            .map(|&(d, _)| d);
    }

    /// The dialect chosen, if any.
    pub fn chosen(&self) -> Option<Dialect> {
        self.chosen
    }
}

/// True for a game whose dialect `auto` ranks from its own text: no `[Notation]` tag naming
/// a dialect, not a book's unit (book mode chooses per book), not cut at the size limit.
pub fn ranks_itself(seg: &Segment) -> bool {
    seg.book.is_none()
        && !seg.notes.iter().any(|n| n.fatal)
        && seg
            .tags
            .get("Notation")
            .is_none_or(|n| n.parse::<Dialect>().is_err())
}

/// The words of the detector's sample of `movetext` that `tokens` (the movetext read in
/// one dialect) read as moves, and those they do not read; `None` when the sample holds
/// Cyrillic: such a text is ranked among the Cyrillic dialects only
/// ([`detect::rank_dialects`]).
fn sample_reading(movetext: &str, tokens: &[Token]) -> Option<(usize, usize)> {
    let sample = detect::prefix(movetext, detect::SAMPLE);
    if has_cyrillic(sample) {
        return None;
    }
    let (mut moves, mut unread) = (0usize, 0usize);
    for t in tokens
        .iter()
        .take_while(|t| t.span.end as usize <= sample.len())
    {
        match t.kind {
            TokenKind::Move(_) => moves += 1,
            TokenKind::Unknown => unread += 1,
            _ => {}
        }
    }
    Some((moves, unread))
}

/// The cheap confirmation of a source's dialect on one game: `tokens` (the game's
/// `movetext` read in that dialect) read every word of the detector's sample as a move,
/// and at least one, and the sample holds no Cyrillic.
pub fn confirms(movetext: &str, tokens: &[Token]) -> bool {
    sample_reading(movetext, tokens).is_some_and(|(moves, unread)| moves > 0 && unread == 0)
}

/// A weaker confirmation that every game [`confirms`] passes: `tokens` read at least three
/// words of the detector's sample as moves for each word they do not read (print or OCR
/// damage leaves a word or two unread; a game in another notation leaves most of them),
/// and the sample holds no Cyrillic. Such a game is read in the source's dialect first,
/// and the dialects are ranked only when that reading does not reach the game's end.
pub fn mostly_reads(movetext: &str, tokens: &[Token]) -> bool {
    sample_reading(movetext, tokens).is_some_and(|(moves, unread)| moves > 0 && moves >= 3 * unread)
}

/// True when `s` holds a character of the Cyrillic block (U+0400 to U+04FF): those are
/// the characters whose UTF-8 starts with a byte from 0xD0 to 0xD3, so the bytes are read
/// and no character is decoded.
fn has_cyrillic(s: &str) -> bool {
    // An ASCII text (most are) is told at once, a word at a time.
    !s.is_ascii() && s.bytes().any(|b| (0xD0..=0xD3).contains(&b))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use escriba_notation::{DescLang, movetext};

    use super::*;
    use crate::segment::{BlockSegmenter, segment_text};

    fn games(text: &str) -> Vec<GameText> {
        segment_text(&mut BlockSegmenter::new(), text)
            .into_iter()
            .enumerate()
            .map(|(i, segment)| GameText {
                source: Arc::from("t.txt"),
                index: i as u64 + 1,
                segment,
            })
            .collect()
    }

    #[test]
    fn the_source_takes_the_dialect_of_its_first_ranked_game_and_keeps_it() {
        let g = games(
            "[Notation \"es-descriptive\"]\n\n1. P4R P4R *\n\n1. P-K4 P-K4 *\n\n1. P4R P4R *\n",
        );
        let cfg = Config::default();
        let mut s = SourceNotation::new();
        // The tagged first game is not ranked: the second is.
        let en = Dialect::Descriptive(DescLang::En);
        assert_eq!(s.hint(&g, &cfg), Some(en));
        assert_eq!(s.hint(&g[2..], &cfg), Some(en), "chosen once");
        let fixed = Config {
            notation: Notation::Fixed(en),
            ..Config::default()
        };
        assert_eq!(SourceNotation::new().hint(&g, &fixed), None);
        assert_eq!(SourceNotation::new().hint(&g[..1], &cfg), None);
    }

    #[test]
    fn the_cyrillic_block_is_found_by_its_lead_bytes_for_every_character() {
        let mut buf = [0u8; 4];
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let s: &str = c.encode_utf8(&mut buf);
            let cyrillic = ('\u{400}'..='\u{4ff}').contains(&c);
            assert_eq!(has_cyrillic(s), cyrillic, "{c:?}");
            assert_eq!(
                has_cyrillic(&format!("P-K4 {s} x")),
                cyrillic,
                "{c:?} in a text"
            );
        }
    }

    #[test]
    fn a_game_confirms_a_dialect_only_when_its_first_words_all_read_as_moves() {
        let en = Dialect::Descriptive(DescLang::En);
        let ok = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 *";
        assert!(confirms(ok, &movetext::tokenize(en, ok)));
        let es = "1. P4R P4R 2. C3AR C3AD *";
        assert!(!confirms(es, &movetext::tokenize(en, es)));
        assert!(!confirms(
            "{a note} *",
            &movetext::tokenize(en, "{a note} *")
        ));
        // A word past the sample is the decoder's business, not the confirmation's.
        let long = format!("{} zzz", "1. P-QR3 P-QR3 ".repeat(60));
        assert!(confirms(&long, &movetext::tokenize(en, &long)));
    }

    #[test]
    fn a_game_with_a_damaged_word_mostly_reads_in_its_dialect_and_a_foreign_one_does_not() {
        let en = Dialect::Descriptive(DescLang::En);
        let read = |text: &str| mostly_reads(text, &movetext::tokenize(en, text));
        // One word in four unread: damage.
        let damaged = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 Kt-B3 4. Castles K%-Q3 *";
        assert!(!confirms(damaged, &movetext::tokenize(en, damaged)));
        assert!(read(damaged));
        assert!(
            read("1. P-K4 P-K4 2. Kt-KB3 K%-QB3 *"),
            "three read, one not"
        );
        assert!(
            !read("1. P-K4 P=K4 2. Kt-KB3 K%-QB3 *"),
            "two read, two not"
        );
        // Spanish print read as English: most of its words are unread.
        assert!(!read("1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. A4T C3A *"));
        assert!(!read("{a note} *"));
    }
}
