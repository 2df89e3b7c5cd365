//! Run settings shared by every game of a batch.

use std::sync::Arc;

use escriba_resolve::Options;

use crate::book::{AutoSegmenter, BookSegmenter};
pub use crate::choice::{BookMode, Notation};
use crate::corrections::Corrections;
use crate::segment::{BlockSegmenter, Segmenter, SegmenterFactory};
use crate::shard::Shard;
use escriba_notation::letters::PieceLetters;

/// The most worker threads a run may ask for (`--jobs`); a run never uses more threads
/// than games in a chunk.
pub const MAX_JOBS: usize = 1024;

/// Settings of a transcription run.
#[derive(Clone)]
pub struct Config {
    /// Notation choice.
    pub notation: Notation,
    /// How many ranked dialects `auto` tries before falling back to none (0 = all).
    pub auto_candidates: usize,
    /// Decoder settings.
    pub decoder: Options,
    /// Leave games that stop early out of the PGN (still counted and in CSV/JSONL/report).
    pub drop_broken: bool,
    /// Write flagged plies' notes into PGN comments.
    pub annotate_flags: bool,
    /// Piece letters for the PGN's SAN.
    pub letters: PieceLetters,
    /// Worker threads; 0 = rayon's default (every core).
    pub jobs: usize,
    /// Process only this shard of the games.
    pub shard: Shard,
    /// Games per parallel chunk.
    pub chunk_games: usize,
    /// Bytes per decoding chunk.
    pub chunk_bytes: usize,
    /// The longest line kept, in bytes: a longer one is cut, and its game fails (the
    /// default segmenter also cuts a game at [`crate::segment::MAX_GAME_BYTES`]).
    pub max_line_bytes: usize,
    /// Whether inputs are read as whole books.
    pub book: BookMode,
    /// Leave a book's fragments (analysis, openings, studies) out of the outputs.
    pub no_fragments: bool,
    /// Plies chosen by a proofreader, bound to the run's sources
    /// ([`crate::corrections::Corrections::bind`]): each is pinned by the decoder.
    pub corrections: Option<Arc<Corrections>>,
    /// Make CSV cells that a spreadsheet would read as formulas safe
    /// ([`crate::csv_out::csv_safe`]).
    pub csv_safe: bool,
    /// Builds the segmenter for each input; `None` picks one from [`Config::book`].
    pub segmenter: Option<Arc<SegmenterFactory>>,
    /// The language model Tesseract reads page images with (`eng`, `spa`, `eng+fra`, …);
    /// `None`: [`Config::ocr_lang()`] picks the notation's language.
    pub ocr_lang: Option<String>,
}

impl Config {
    /// A fresh segmenter for one input: the configured factory, else the one that
    /// [`Config::book`] asks for.
    pub fn new_segmenter(&self) -> Box<dyn Segmenter> {
        if let Some(f) = &self.segmenter {
            return f();
        }
        match self.book {
            BookMode::Off => Box::new(BlockSegmenter::new()),
            BookMode::On => Box::new(BookSegmenter::new(self.notation, true)),
            BookMode::Auto => Box::new(AutoSegmenter::new(self.notation)),
        }
    }

    /// The language model Tesseract reads page images with: the one asked for, else
    /// that of the notation's language (`es-descriptive`: `spa`), else English.
    pub fn ocr_lang(&self) -> &str {
        if let Some(lang) = &self.ocr_lang {
            return lang;
        }
        match self.notation {
            Notation::Fixed(d) => {
                escriba_ocr::scan::tesseract_lang(d.id().split('-').next().unwrap_or(""))
            }
            Notation::Auto => "eng",
        }
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("notation", &self.notation)
            .field("auto_candidates", &self.auto_candidates)
            .field("decoder", &self.decoder)
            .field("drop_broken", &self.drop_broken)
            .field("annotate_flags", &self.annotate_flags)
            .field("letters", &self.letters)
            .field("jobs", &self.jobs)
            .field("shard", &self.shard)
            .field("chunk_games", &self.chunk_games)
            .field("chunk_bytes", &self.chunk_bytes)
            .field("max_line_bytes", &self.max_line_bytes)
            .field("book", &self.book)
            .field("no_fragments", &self.no_fragments)
            .field("corrections", &self.corrections)
            .field("csv_safe", &self.csv_safe)
            .field("ocr_lang", &self.ocr_lang)
            .finish_non_exhaustive()
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            notation: Notation::Auto,
            auto_candidates: 4,
            decoder: Options::default(),
            drop_broken: false,
            annotate_flags: false,
            letters: PieceLetters::default(),
            jobs: 0,
            shard: Shard::ALL,
            chunk_games: 256,
            chunk_bytes: 256 << 10,
            max_line_bytes: crate::segment::MAX_GAME_BYTES,
            book: BookMode::Auto,
            no_fragments: false,
            corrections: None,
            csv_safe: false,
            segmenter: None,
            ocr_lang: None,
        }
    }
}
