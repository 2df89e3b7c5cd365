//! ALTO XML (v2–v4): `Page` › … › `TextLine` › `String` (`CONTENT`, `HPOS`, `VPOS`,
//! `WIDTH`, `HEIGHT`, `WC`), whatever the namespace.

use roxmltree::Node;

use crate::words::{OcrPage, OcrWord, children, descendants, num, numbered_pages};

/// The pages of an ALTO document (its root, `alto`): each `Page` element, or the whole
/// document as one page when it has none.
pub(super) fn pages(root: Node<'_, '_>) -> Vec<OcrPage> {
    numbered_pages(root, descendants(root, "Page"), page)
}

fn page(node: Node<'_, '_>, number: u32) -> OcrPage {
    let mut words = Vec::new();
    for (line, text_line) in descendants(node, "TextLine").enumerate() {
        words.extend(children(text_line, "String").filter_map(|s| word(s, line)));
    }
    OcrPage { number, words }
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
