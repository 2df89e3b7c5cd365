//! The segmenters of book mode: [`BookSegmenter`] buffers a source's lines and cuts it as
//! a book at its end; [`AutoSegmenter`], the default, reads the start of a source and
//! hands it to a book segmenter or to the block segmenter of game files.

use std::sync::Arc;

use super::cut::cut;
use super::detect::{DETECT_BYTES, looks_like_book};
use super::unit::BookReport;
use crate::choice::Notation;
use crate::segment::{BlockSegmenter, Segment, Segmenter};
use crate::source::{Line, LineRef};

/// The segmenter of whole books: buffers the source, then cuts it into units at the end.
pub struct BookSegmenter {
    lines: Vec<Line>,
    notation: Notation,
    explicit: bool,
    source: Arc<str>,
    report: Option<BookReport>,
}

impl BookSegmenter {
    /// A book segmenter reading in `notation` (`auto`: the book's own dialect).
    /// `explicit`: book mode was asked for, not detected.
    pub fn new(notation: Notation, explicit: bool) -> BookSegmenter {
        BookSegmenter {
            lines: Vec::new(),
            notation,
            explicit,
            source: Arc::from(""),
            report: None,
        }
    }

    /// Starts from lines already read (by the detector).
    pub fn with_lines(notation: Notation, explicit: bool, lines: Vec<Line>) -> BookSegmenter {
        BookSegmenter {
            lines,
            ..BookSegmenter::new(notation, explicit)
        }
    }
}

impl Segmenter for BookSegmenter {
    fn push_line(&mut self, line: &LineRef<'_>, _out: &mut Vec<Segment>) {
        self.lines.push(line.to_line());
    }

    fn finish(&mut self, out: &mut Vec<Segment>) {
        let lines = std::mem::take(&mut self.lines);
        let cut = cut(&lines, self.notation);
        out.extend(cut.segments);
        self.report = Some(BookReport {
            source: self.source.to_string(),
            explicit: self.explicit,
            ..cut.report
        });
    }

    fn set_source(&mut self, name: &Arc<str>) {
        self.source = name.clone();
    }

    fn take_report(&mut self) -> Option<BookReport> {
        self.report.take()
    }
}

/// The default segmenter: reads the start of an input, then cuts it as a book
/// ([`BookSegmenter`]) or as a game file ([`BlockSegmenter`]).
pub struct AutoSegmenter {
    notation: Notation,
    buffered: Vec<Line>,
    bytes: usize,
    inner: Option<Box<dyn Segmenter>>,
    source: std::sync::Arc<str>,
}

impl AutoSegmenter {
    /// A detector that reads books in `notation`.
    pub fn new(notation: Notation) -> AutoSegmenter {
        AutoSegmenter {
            notation,
            buffered: Vec::new(),
            bytes: 0,
            inner: None,
            source: std::sync::Arc::from(""),
        }
    }

    fn decide(&mut self, out: &mut Vec<Segment>) -> &mut Box<dyn Segmenter> {
        let lines = std::mem::take(&mut self.buffered);
        let mut inner: Box<dyn Segmenter> = if looks_like_book(&lines) {
            Box::new(BookSegmenter::with_lines(self.notation, false, lines))
        } else {
            let mut block = BlockSegmenter::new();
            // Named before its lines come: the name decides PGN's rules for `;` and `%`.
            block.set_source(&self.source);
            for l in &lines {
                block.push_line(&l.borrowed(), out);
            }
            Box::new(block)
        };
        inner.set_source(&self.source);
        self.inner.insert(inner)
    }
}

impl Segmenter for AutoSegmenter {
    fn push_line(&mut self, line: &LineRef<'_>, out: &mut Vec<Segment>) {
        if let Some(inner) = self.inner.as_mut() {
            inner.push_line(line, out);
            return;
        }
        self.bytes += line.text.len() + 1;
        self.buffered.push(line.to_line());
        if self.bytes >= DETECT_BYTES {
            self.decide(out);
        }
    }

    fn finish(&mut self, out: &mut Vec<Segment>) {
        if self.inner.is_none() {
            self.decide(out);
        }
        if let Some(inner) = self.inner.as_mut() {
            inner.finish(out);
        }
    }

    fn set_source(&mut self, name: &std::sync::Arc<str>) {
        self.source = name.clone();
    }

    fn take_report(&mut self) -> Option<BookReport> {
        self.inner.as_mut().and_then(|i| i.take_report())
    }
}
