//! The words of an OCR file's pages, and the helpers that read them from its XML.

/// One word as the OCR engine read it.
#[derive(Debug, Clone, PartialEq)]
pub struct OcrWord {
    /// The word's text.
    pub text: String,
    /// Left edge of the box, in the file's units (pixels for hOCR and PAGE).
    pub x0: f64,
    /// Top edge of the box.
    pub y0: f64,
    /// Right edge of the box.
    pub x1: f64,
    /// Bottom edge of the box.
    pub y1: f64,
    /// The engine's confidence in the word, from 0 to 1, when it gives one.
    pub conf: Option<f32>,
    /// The OCR line the word belongs to (an index unique within its page).
    pub line: usize,
}

/// One page of an OCR file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OcrPage {
    /// 1-based page number, in the file's order.
    pub number: u32,
    /// The page's words, in the file's order.
    pub words: Vec<OcrWord>,
    /// The scan the page was read from, when the file names it.
    pub image: Option<PageImage>,
}

/// The scan of a page, as an OCR file names it (hOCR's `image`, ALTO's
/// `sourceImageInformation/fileName`, PAGE's `imageFilename`) or as escriba gave it to
/// Tesseract.
#[derive(Debug, Clone, PartialEq)]
pub struct PageImage {
    /// The image file's path as named: a relative path is relative to the OCR file's
    /// folder (or, for a page image read by Tesseract, as the run was given it).
    pub path: String,
    /// The page's 0-based index in that file (a multi-page TIFF's frame, a PDF's page).
    pub frame: u32,
    /// The page's width and height in the words' units, when the file gives them: with
    /// the image's size in pixels, the scale from a word's box to the image.
    pub size: Option<[f64; 2]>,
}

/// An attribute parsed as a number.
pub(super) fn num(node: roxmltree::Node<'_, '_>, name: &str) -> Option<f64> {
    node.attribute(name)?
        .trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
}

/// The element children of `node` whose local name is `name`.
pub(super) fn children<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    name: &'static str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

/// The element descendants of `node` whose local name is `name`.
pub(super) fn descendants<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    name: &'static str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.descendants()
        .filter(move |c| c.is_element() && c.tag_name().name() == name)
}

/// The pages of a document: each of `pages` read by `page` with its number from 1, or the
/// whole document (`root`) as one page when there are none.
pub(super) fn numbered_pages<'a, 'i>(
    root: roxmltree::Node<'a, 'i>,
    pages: impl Iterator<Item = roxmltree::Node<'a, 'i>>,
    page: impl Fn(roxmltree::Node<'a, 'i>, u32) -> OcrPage,
) -> Vec<OcrPage> {
    let read: Vec<OcrPage> = pages.zip(1..).map(|(p, number)| page(p, number)).collect();
    if read.is_empty() {
        vec![page(root, 1)]
    } else {
        read
    }
}
