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
//! - `format`: the formats told by their first bytes ([`sniff`]) and parsed ([`parse`]);
//! - `words`: the page and word types they share ([`OcrPage`], [`OcrWord`]);
//! - `layout`: the words laid out as text, and the map back ([`lay_out`], [`OcrLayout`]);
//! - [`scan`]: page images (PNG, TIFF, JPEG, PDF) read by Tesseract, run as a subprocess
//!   that writes hOCR.
#![deny(missing_docs)]

mod alto;
mod format;
mod hocr;
mod layout;
mod page;
pub mod scan;
mod words;

use std::io::{BufRead, Read};

pub use format::{MAX_OCR_BYTES, OcrError, OcrFormat, parse, sniff};
pub use layout::{OcrLayout, WordPlace, lay_out};
pub use words::{OcrPage, OcrWord, PageImage};

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
    fn each_format_names_the_scan_of_its_pages_with_the_page_size() {
        let image = |format, xml: &str| {
            let pages = parse(format, xml).unwrap();
            let (_, layout) = lay_out(&pages);
            (1..=pages.len() as u32)
                .map(|p| layout.image(p).cloned())
                .collect::<Vec<_>>()
        };
        let scan = |path: &str, frame, size| {
            Some(PageImage {
                path: path.to_owned(),
                frame,
                size,
            })
        };
        let hocr = "<html><body>\
            <div class='ocr_page' title='image \"scans/p 7.tif\"; bbox 0 0 2480 3508; ppageno 1'>\
            <span class='ocrx_word' title='bbox 1 2 3 4'>P-K4</span></div>\
            <div class='ocr_page' title='bbox 0 0 10 10'>\
            <span class='ocrx_word' title='bbox 1 2 3 4'>P-K4</span></div></body></html>";
        assert_eq!(
            image(OcrFormat::Hocr, hocr),
            [scan("scans/p 7.tif", 1, Some([2480.0, 3508.0])), None]
        );
        let alto = ALTO.replace(
            "<Layout>",
            "<Description><sourceImageInformation><fileName> p1.png </fileName>\
             </sourceImageInformation></Description><Layout>",
        );
        let alto = alto.replace(
            "<Page ID=\"p1\">",
            "<Page ID=\"p1\" WIDTH=\"900\" HEIGHT=\"1200\">",
        );
        assert_eq!(
            image(OcrFormat::Alto, &alto),
            [scan("p1.png", 0, Some([900.0, 1200.0]))]
        );
        assert_eq!(image(OcrFormat::Alto, ALTO), [None]);
        let page = "<PcGts><Page imageFilename='b/p2.jpg' imageWidth='800' imageHeight='600'>\
            <TextLine><Coords points='1,2 30,2 30,20 1,20'/><TextEquiv><Unicode>P-K4</Unicode>\
            </TextEquiv></TextLine></Page></PcGts>";
        assert_eq!(
            image(OcrFormat::Page, page),
            [scan("b/p2.jpg", 0, Some([800.0, 600.0]))]
        );
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
            let reader: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(bytes));
            let _ = sniff_ocr(reader);
        }
    }
}
