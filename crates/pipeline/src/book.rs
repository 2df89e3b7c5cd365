//! Book mode in the pipeline: the segmenters that hand a source's lines to the book reader
//! (`escriba-book`) and turn the units it reads into [`Segment`]s. [`BookSegmenter`]
//! buffers a source's lines and reads it as a book at its end; [`AutoSegmenter`], the
//! default, reads the start of a source and hands it to a book segmenter or to the block
//! segmenter of game files.

use std::sync::Arc;

use escriba_book::{DETECT_BYTES, Sample, Unit, read_book, read_book_after};

pub use crate::choice::BookMode;
pub use escriba_book::{
    Alternate, AlternateRole, BookReport, BookSegment, Checkpoint, Footnote, LineSpan,
    NoteVariations, SpanKind, UnitKind,
};

use crate::choice::Notation;
use crate::segment::{BlockSegmenter, Segment, SegmentNote, SegmentReport, Segmenter};
use escriba_source::{Encoding, Line, LineRef};

/// Where a buffered line stands in the raw source: what the book reader does not need,
/// and a segment does.
#[derive(Debug, Clone, Copy)]
struct Place {
    offset: u64,
    encoding: Encoding,
    truncated: bool,
}

impl Place {
    fn of(line: &LineRef<'_>) -> Place {
        Place {
            offset: line.offset,
            encoding: line.encoding,
            truncated: line.truncated,
        }
    }
}

/// The segmenter of whole books: buffers the source, then reads it into units at the end.
pub struct BookSegmenter {
    lines: Vec<escriba_book::Line>,
    places: Vec<Place>,
    notation: Notation,
    explicit: bool,
    source: Arc<str>,
    report: Option<SegmentReport>,
    /// What the detector read of the first lines, taken over by the reader.
    sample: Option<Sample>,
}

impl BookSegmenter {
    /// A book segmenter reading in `notation` (`auto`: the book's own dialect).
    /// `explicit`: book mode was asked for, not detected.
    pub fn new(notation: Notation, explicit: bool) -> BookSegmenter {
        BookSegmenter {
            lines: Vec::new(),
            places: Vec::new(),
            notation,
            explicit,
            source: Arc::from(""),
            report: None,
            sample: None,
        }
    }

    /// Starts from lines already read by the detector, with what it read of them.
    fn with_sample(notation: Notation, lines: Vec<Line>, sample: Sample) -> BookSegmenter {
        let mut seg = BookSegmenter::new(notation, false);
        seg.sample = Some(sample);
        for l in lines {
            let place = Place::of(&l.borrowed());
            seg.push(l.text, l.number, place);
        }
        seg
    }

    fn push(&mut self, text: String, number: usize, place: Place) {
        self.lines.push(escriba_book::Line { text, number });
        self.places.push(place);
    }

    /// The segment of a unit the book reader read: its text and extras, and where it stands
    /// in the raw source.
    fn segment(&self, unit: Unit, encoding: Encoding) -> Segment {
        let first = unit.line - 1;
        let last = unit.extras.last_line - 1;
        let mut notes: Vec<SegmentNote> = unit
            .warnings
            .into_iter()
            .map(|w| SegmentNote {
                line: w.line,
                column: w.column,
                message: w.message,
                fatal: false,
                cut: false,
            })
            .collect();
        // A line cut at the reader's limit leaves the unit's text incomplete: it is not read.
        notes.extend(
            (first..=last)
                .filter(|&k| self.places[k].truncated)
                .map(|k| {
                    let number = self.lines[k].number;
                    SegmentNote {
                        line: number,
                        column: 1,
                        message: format!("line {number} is longer than the limit and was cut"),
                        fatal: true,
                        cut: false,
                    }
                }),
        );
        Segment {
            tags: unit.tags,
            movetext: unit.movetext,
            line: unit.line,
            movetext_line: unit.line,
            offset: self.places[first].offset,
            encoding,
            book: Some(Box::new(unit.extras)),
            notes,
        }
    }
}

impl Segmenter for BookSegmenter {
    fn push_line(&mut self, line: &LineRef<'_>, _out: &mut Vec<Segment>) {
        self.push(line.text.to_owned(), line.number, Place::of(line));
    }

    fn finish(&mut self, out: &mut Vec<Segment>) {
        let dialect = match self.notation {
            Notation::Fixed(d) => Some(d),
            Notation::Auto => None,
        };
        let book = match self.sample.take() {
            Some(sample) => read_book_after(&self.lines, dialect, &sample),
            None => read_book(&self.lines, dialect),
        };
        let encoding = self.places.first().map_or(Encoding::Utf8, |p| p.encoding);
        out.extend(book.units.into_iter().map(|u| self.segment(u, encoding)));
        self.lines.clear();
        self.places.clear();
        self.report = Some(SegmentReport {
            source: self.source.to_string(),
            explicit: self.explicit,
            book: book.report,
        });
    }

    fn set_source(&mut self, name: &Arc<str>) {
        self.source = name.clone();
    }

    fn take_report(&mut self) -> Option<SegmentReport> {
        self.report.take()
    }
}

/// A book cut into segments, with its line accounting.
#[derive(Debug)]
pub struct Cut {
    /// One segment per unit worth decoding, in book order.
    pub segments: Vec<Segment>,
    /// The book reader's accounting of the text's lines.
    pub report: BookReport,
}

/// Cuts a whole text held in memory as a book (for tests and small inputs).
pub fn cut_text(text: &str, notation: Notation) -> Cut {
    let mut seg = BookSegmenter::new(notation, true);
    let mut offset = 0u64;
    let body = text.strip_suffix('\n').unwrap_or(text);
    for (i, t) in body.split('\n').enumerate() {
        let line = LineRef {
            text: t,
            number: i + 1,
            offset,
            encoding: Encoding::Utf8,
            truncated: false,
        };
        seg.push_line(&line, &mut Vec::new());
        offset += t.len() as u64 + 1;
    }
    let mut segments = Vec::new();
    seg.finish(&mut segments);
    let report = seg
        .take_report()
        .expect("a finished book has its report")
        .book;
    Cut { segments, report }
}

/// The default segmenter: reads the start of an input, then cuts it as a book
/// ([`BookSegmenter`]) or as a game file ([`BlockSegmenter`]).
pub struct AutoSegmenter {
    notation: Notation,
    buffered: Vec<Line>,
    bytes: usize,
    inner: Option<Box<dyn Segmenter>>,
    source: Arc<str>,
}

impl AutoSegmenter {
    /// A detector that reads books in `notation`.
    pub fn new(notation: Notation) -> AutoSegmenter {
        AutoSegmenter {
            notation,
            buffered: Vec::new(),
            bytes: 0,
            inner: None,
            source: Arc::from(""),
        }
    }

    fn decide(&mut self, out: &mut Vec<Segment>) -> &mut Box<dyn Segmenter> {
        let lines = std::mem::take(&mut self.buffered);
        let sample: Vec<escriba_book::Line> = lines
            .iter()
            .map(|l| escriba_book::Line {
                text: l.text.clone(),
                number: l.number,
            })
            .collect();
        let detected = escriba_book::sample(&sample);
        let mut inner: Box<dyn Segmenter> = if detected.is_book() {
            Box::new(BookSegmenter::with_sample(self.notation, lines, detected))
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

    fn set_source(&mut self, name: &Arc<str>) {
        self.source = name.clone();
    }

    fn take_report(&mut self) -> Option<SegmentReport> {
        self.inner.as_mut().and_then(|i| i.take_report())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::segment_text;

    #[test]
    fn a_books_report_names_its_source_first_and_the_accounting_beside_it_in_json() {
        let mut seg = BookSegmenter::new(Notation::Auto, false);
        seg.set_source(&Arc::from("b.txt"));
        segment_text(&mut seg, "GAME 1.\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3");
        let report = seg.take_report().expect("a book was read");
        let json = serde_json::to_string(&report).expect("JSON");
        assert!(
            json.starts_with(r#"{"source":"b.txt","explicit":false,"lines":3,"dialect":"#),
            "{json}"
        );
        assert!(
            !json.contains(r#""book""#),
            "the accounting is not nested: {json}"
        );
    }
}
