//! # escriba-ocr
//!
//! OCR files in: ALTO XML (v2–v4), hOCR and PAGE XML, told by their content.
//!
//! An OCR file is parsed into [`OcrPage`]s of [`OcrWord`]s (text, box, confidence, line),
//! then laid out as text ([`lay_out`]): one text line per row of the page (OCR lines whose
//! vertical spans overlap, such as the two cells of a table row, share a row), words in x
//! order, a line's indent and a far column's start in spaces proportional to their x
//! offset from the page's left margin, a blank line where the page leaves a gap of a line
//! or more, and one between pages. The rest of escriba (`escriba-pipeline`) reads that
//! text as any text; the [`OcrLayout`] maps each of its places (line, column) back to the
//! page, the word's box and its confidence.
//!
//! It knows nothing of chess, and no other escriba crate: it sits at the start of the
//! flow, beside `escriba-notation`.
//!
//! ## Modules
//!
//! - the formats: `alto`, `hocr`, `page`, each turning its XML tree into pages of words;
//! - `words`: the page and word types they share ([`OcrPage`], [`OcrWord`]);
//! - `layout`: the words laid out as text, and the map back ([`lay_out`], [`OcrLayout`]);
//! - [`scan`]: page images (PNG, TIFF, JPEG, PDF) read by Tesseract, run as a subprocess
//!   that writes hOCR.
#![deny(missing_docs)]

mod alto;
mod hocr;
mod layout;
mod page;
pub mod scan;
mod words;

use std::io::{self, BufRead, Read};

pub use layout::{OcrLayout, WordPlace, lay_out};
pub use words::{OcrPage, OcrWord};

/// The OCR formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OcrFormat {
    /// ALTO XML, v2 to v4 (library newspaper archives).
    Alto,
    /// hOCR (Tesseract, archive.org).
    Hocr,
    /// PAGE XML (Transkribus, eScriptorium).
    Page,
}

impl OcrFormat {
    /// The format's name.
    pub fn as_str(self) -> &'static str {
        match self {
            OcrFormat::Alto => "ALTO",
            OcrFormat::Hocr => "hOCR",
            OcrFormat::Page => "PAGE",
        }
    }
}

/// Why an OCR file could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OcrError {
    /// The file is not well-formed XML.
    #[error("malformed {format} XML: {source}")]
    Xml {
        /// The format the file's start announced.
        format: &'static str,
        /// The parser's error, with its position.
        #[source]
        source: roxmltree::Error,
    },
    /// The file's root is not the format's.
    #[error("not a {format} file: its root element is <{root}>")]
    Root {
        /// The format the file's start announced.
        format: &'static str,
        /// The root element found.
        root: String,
    },
    /// The file is larger than an OCR file is read whole.
    #[error("an OCR file over {limit} bytes is not read")]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// The file is not UTF-8.
    #[error("an OCR file must be UTF-8 (or UTF-16): {0}")]
    Utf8(#[from] std::string::FromUtf8Error),
    /// Reading the file failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A program that reads page images is not installed.
    #[error(
        "`{tool}` is not installed: page images need it (on Debian or Ubuntu: `apt-get install {package}`)"
    )]
    Missing {
        /// The program.
        tool: &'static str,
        /// The Debian package that holds it.
        package: &'static str,
    },
    /// Tesseract has no model for the language asked for.
    #[error(
        "Tesseract has no model for the language `{lang}`: install it (on Debian or Ubuntu: `apt-get install tesseract-ocr-{lang}`), or choose another with --ocr-lang"
    )]
    Language {
        /// The language, as Tesseract names it (`spa`, `fra`, …).
        lang: String,
    },
    /// A program that reads page images failed.
    #[error("`{tool}` failed ({status}): {stderr}")]
    Tool {
        /// The program.
        tool: &'static str,
        /// Its exit status.
        status: String,
        /// What it wrote on stderr.
        stderr: String,
    },
}

/// The largest OCR file read (it is read whole).
pub const MAX_OCR_BYTES: u64 = 1 << 30;

/// The OCR format of a file whose first bytes are `head`, if it is one: XML (its first
/// non-blank character `<`) holding `<alto` (ALTO), `<PcGts` (PAGE) or the hOCR classes
/// `ocr_page` / `ocrx_word`.
pub fn sniff(head: &[u8]) -> Option<OcrFormat> {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = head.iter().position(|b| !b.is_ascii_whitespace())?;
    if head[start] != b'<' {
        return None;
    }
    let has = |needle: &[u8]| memchr::memmem::find(head, needle).is_some();
    if has(b"<alto") || has(b":alto ") || has(b":alto>") {
        Some(OcrFormat::Alto)
    } else if has(b"<PcGts") || has(b":PcGts") {
        Some(OcrFormat::Page)
    } else if has(b"ocr_page") || has(b"ocrx_word") {
        Some(OcrFormat::Hocr)
    } else {
        None
    }
}

/// The pages of an OCR file of `format`, its text being `xml`.
pub fn parse(format: OcrFormat, xml: &str) -> Result<Vec<OcrPage>, OcrError> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc =
        roxmltree::Document::parse_with_options(xml, options).map_err(|source| OcrError::Xml {
            format: format.as_str(),
            source,
        })?;
    let root = doc.root_element();
    let expected = match format {
        OcrFormat::Alto => "alto",
        OcrFormat::Hocr => "html",
        OcrFormat::Page => "PcGts",
    };
    if !root.tag_name().name().eq_ignore_ascii_case(expected) {
        return Err(OcrError::Root {
            format: format.as_str(),
            root: root.tag_name().name().to_owned(),
        });
    }
    Ok(match format {
        OcrFormat::Alto => alto::pages(root),
        OcrFormat::Hocr => hocr::pages(root),
        OcrFormat::Page => page::pages(root),
    })
}

/// The text laid out from the pages of a page image (PNG, TIFF, JPEG, or PDF pages) that
/// Tesseract reads with the language model `lang` ([`scan::read_image`]).
pub fn read_image(path: &std::path::Path, lang: &str) -> Result<OcrText, OcrError> {
    let pages = scan::read_image(path, lang)?;
    let (text, layout) = lay_out(&pages);
    Ok(OcrText { text, layout })
}

/// An OCR source read: the text laid out from its words, and the map back to them.
#[derive(Debug)]
pub struct OcrText {
    /// The derived text, in UTF-8.
    pub text: String,
    /// Where each word of the text stands on its page.
    pub layout: OcrLayout,
}

/// Reads `reader` as an OCR file when its start says it is one: `Ok(None)` (and the
/// reader as it was) for any other file.
pub fn sniff_ocr(
    mut reader: Box<dyn BufRead + Send>,
) -> Result<(Box<dyn BufRead + Send>, Option<OcrText>), OcrError> {
    let Some(format) = sniff(reader.fill_buf()?) else {
        return Ok((reader, None));
    };
    let mut bytes = Vec::new();
    reader
        .by_ref()
        .take(MAX_OCR_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_OCR_BYTES {
        return Err(OcrError::TooLarge {
            limit: MAX_OCR_BYTES,
        });
    }
    let xml = String::from_utf8(bytes)?;
    let pages = parse(format, xml.strip_prefix('\u{feff}').unwrap_or(&xml))?;
    let (text, layout) = lay_out(&pages);
    Ok((reader, Some(OcrText { text, layout })))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const ALTO: &str = "<?xml version=\"1.0\"?>\n<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v3#\"><Layout>\
        <Page ID=\"p1\"><PrintSpace><TextBlock>\
        <TextLine><String CONTENT=\"1.\" HPOS=\"100\" VPOS=\"100\" WIDTH=\"20\" HEIGHT=\"20\" WC=\"0.9\"/>\
        <SP/><String CONTENT=\"P-K4\" HPOS=\"130\" VPOS=\"100\" WIDTH=\"40\" HEIGHT=\"20\" WC=\"0.4\"/></TextLine>\
        <TextLine><String CONTENT=\"P-K4\" HPOS=\"140\" VPOS=\"130\" WIDTH=\"40\" HEIGHT=\"20\"/></TextLine>\
        </TextBlock></PrintSpace></Page></Layout></alto>";

    #[test]
    fn the_format_is_told_by_content() {
        assert_eq!(sniff(ALTO.as_bytes()), Some(OcrFormat::Alto));
        assert_eq!(
            sniff(b"\n<html><div class='ocr_page'>"),
            Some(OcrFormat::Hocr)
        );
        assert_eq!(sniff(b"<PcGts xmlns='x'>"), Some(OcrFormat::Page));
        assert_eq!(sniff(b"<svg><text>alto</text></svg>"), None);
        assert_eq!(sniff(b"1. P-K4 <alto"), None);
        assert_eq!(sniff(b""), None);
    }

    #[test]
    fn words_keep_their_boxes_and_lines_their_indent() {
        let pages = parse(OcrFormat::Alto, ALTO).unwrap();
        assert_eq!(pages.len(), 1);
        assert_eq!(pages[0].words.len(), 3);
        assert_eq!(pages[0].words[1].conf, Some(0.4));
        let (text, layout) = lay_out(&pages);
        // 10 px a character: the second line starts 40 px right of the margin.
        assert_eq!(text, "1. P-K4\n    P-K4\n");
        let place = layout.place(1, 4).unwrap();
        assert_eq!(place.bbox, [130.0, 100.0, 170.0, 120.0]);
        assert_eq!(place.conf, Some(0.4));
        assert_eq!(layout.place(2, 5).unwrap().bbox[0], 140.0);
        assert_eq!(layout.place(3, 1), None);
    }

    #[test]
    fn a_root_of_another_kind_is_refused() {
        let e = parse(OcrFormat::Page, "<alto/>").unwrap_err();
        assert!(e.to_string().contains("root element is <alto>"), "{e}");
    }

    proptest! {
        #[test]
        fn any_cut_or_change_of_a_file_is_an_error_or_a_text_never_a_panic(
            cut in 0usize..ALTO.len(),
            at in 0usize..ALTO.len(),
            byte in any::<u8>(),
        ) {
            let mut bytes = ALTO.as_bytes()[..cut.max(1)].to_vec();
            if at < bytes.len() {
                bytes[at] = byte;
            }
            let reader: Box<dyn BufRead + Send> = Box::new(io::Cursor::new(bytes));
            let _ = sniff_ocr(reader);
        }
    }
}
