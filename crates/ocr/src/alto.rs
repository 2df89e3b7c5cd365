//! ALTO XML (v2–v4): `Page` › … › `TextLine` › `String` (`CONTENT`, `HPOS`, `VPOS`,
//! `WIDTH`, `HEIGHT`, `WC`), whatever the namespace.

use roxmltree::Node;

use crate::words::{OcrPage, OcrWord, PageImage, children, descendants, num, numbered_pages};

/// The pages of an ALTO document (its root, `alto`): each `Page` element, or the whole
/// document as one page when it has none. The document names one scan
/// (`Description/sourceImageInformation/fileName`): each page is that file's page in
/// order, of the size its `Page` gives (`WIDTH`, `HEIGHT`, in the words' units).
pub(super) fn pages(root: Node<'_, '_>) -> Vec<OcrPage> {
    let mut pages = numbered_pages(root, descendants(root, "Page"), page);
    let file = descendants(root, "sourceImageInformation")
        .flat_map(|i| children(i, "fileName"))
        .find_map(|f| f.text())
        .map(str::trim)
        .filter(|f| !f.is_empty());
    if let Some(file) = file {
        let sizes = descendants(root, "Page").map(|p| match (num(p, "WIDTH"), num(p, "HEIGHT")) {
            (Some(w), Some(h)) if w > 0.0 && h > 0.0 => Some([w, h]),
            _ => None,
        });
        let sizes = sizes.chain(std::iter::repeat(None));
        for ((frame, p), size) in (0..).zip(&mut pages).zip(sizes) {
            p.image = Some(PageImage {
                path: file.to_owned(),
                frame,
                size,
            });
        }
    }
    pages
}

fn page(node: Node<'_, '_>, number: u32) -> OcrPage {
    let mut words = Vec::new();
    for (line, text_line) in descendants(node, "TextLine").enumerate() {
        words.extend(children(text_line, "String").filter_map(|s| word(s, line)));
    }
    OcrPage {
        number,
        words,
        image: None,
    }
}

fn word(s: Node<'_, '_>, line: usize) -> Option<OcrWord> {
    let text = s.attribute("CONTENT")?.trim();
    if text.is_empty() {
        return None;
    }
    let (x, y) = (num(s, "HPOS")?, num(s, "VPOS")?);
    let (w, h) = (
        num(s, "WIDTH").unwrap_or(0.0),
        num(s, "HEIGHT").unwrap_or(0.0),
    );
    Some(OcrWord {
        text: text.to_owned(),
        x0: x,
        y0: y,
        x1: x + w.max(0.0),
        y1: y + h.max(0.0),
        conf: num(s, "WC").map(|c| c.clamp(0.0, 1.0) as f32),
        line,
    })
}
