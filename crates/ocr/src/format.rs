//! The OCR formats, told by their first bytes and parsed into pages of words.

use std::io;

use crate::words::OcrPage;
use crate::{alto, hocr, page};

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
