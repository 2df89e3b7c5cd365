//! The notation of a source, chosen once and confirmed per game.
//!
//! A file, a book or a section is nearly always in one notation. Under `--notation auto`
//! the dialect of a source is chosen once, by ranking the dialects on its first game that
//! `auto` ranks ([`SourceNotation::hint`]); each later game of the source is then read in
//! that dialect when its first tokens read as moves in it ([`detect::confirms`]), or all but a few
//! ([`detect::mostly_reads`]: damage leaves a word unread), and it replays to its end in it (its
//! flagged plies, repairs of the text's damage, are no cue to another notation). Any
//! other game ranks the dialects itself, as every game did before: a Spanish game inside an English file is read in Spanish, and the English
//! games after it in English again. In that ranking the source's dialect is kept unless
//! another reads the game further (a damaged Spanish game that Italian reads as far, with
//! fewer plies flagged, may have a damaged word read as another move there). The choice depends only on the source's text, never on
//! which thread read which game, so every `--jobs` gives the same output.

use escriba_notation::{Dialect, detect};

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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use escriba_notation::DescLang;

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
}
