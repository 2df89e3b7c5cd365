//! hOCR: XHTML whose elements carry their geometry in `title` (`bbox x0 y0 x1 y1;
//! x_wconf 93`): `ocr_page` › … › `ocr_line` (or another line class) › `ocrx_word`.

use roxmltree::Node;

use crate::words::{OcrPage, OcrWord, PageImage, numbered_pages};

/// The classes of an element.
fn has_class(node: Node<'_, '_>, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_ascii_whitespace().any(|c| c == class))
}

/// The line classes of hOCR.
const LINE_CLASSES: [&str; 5] = [
    "ocr_line",
    "ocrx_line",
    "ocr_caption",
    "ocr_header",
    "ocr_textfloat",
];

/// The pages of an hOCR document (its root, `html`): each `ocr_page`, or the whole
/// document as one page when it has none.
pub(super) fn pages(root: Node<'_, '_>) -> Vec<OcrPage> {
    let pages = root.descendants().filter(|n| has_class(*n, "ocr_page"));
    numbered_pages(root, pages, page)
}

fn page(node: Node<'_, '_>, number: u32) -> OcrPage {
    let mut words = Vec::new();
    let mut lines: Vec<roxmltree::NodeId> = Vec::new();
    for w in node.descendants().filter(|n| has_class(*n, "ocrx_word")) {
        // The word's line: its nearest line ancestor, else its parent.
        let line_node = w
            .ancestors()
            .skip(1)
            .find(|a| LINE_CLASSES.iter().any(|c| has_class(*a, c)))
            .or_else(|| w.parent())
            .map_or(w.id(), |n| n.id());
        let line = match lines.iter().position(|l| *l == line_node) {
            Some(i) => i,
            None => {
                lines.push(line_node);
                lines.len() - 1
            }
        };
        words.extend(word(w, line));
    }
    OcrPage {
        number,
        words,
        image: image(node),
    }
}

/// The page's scan, from its `title`: `image "name"` (quoted, or a bare word),
/// `ppageno` (its index in a multi-page file) and the page's `bbox`.
fn image(page: Node<'_, '_>) -> Option<PageImage> {
    let title = page.attribute("title")?;
    let value = title
        .split(';')
        .find_map(|p| p.trim().strip_prefix("image "))?;
    let value = value.trim();
    let path = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value);
    if path.is_empty() {
        return None;
    }
    let frame = property(page, "ppageno")
        .and_then(|v| v.first().copied())
        .filter(|v| *v >= 0.0 && *v < f64::from(u32::MAX))
        .map_or(0, |v| v as u32);
    let size = match property(page, "bbox").as_deref() {
        Some(&[x0, y0, x1, y1]) if x1 > x0 && y1 > y0 => Some([x1 - x0, y1 - y0]),
        _ => None,
    };
    Some(PageImage {
        path: path.to_owned(),
        frame,
        size,
    })
}

/// The `title` property `name` of an element, as numbers (`bbox 1 2 3 4` → `[1, 2, 3, 4]`).
fn property(node: Node<'_, '_>, name: &str) -> Option<Vec<f64>> {
    node.attribute("title")?.split(';').find_map(|p| {
        let mut parts = p.split_ascii_whitespace();
        (parts.next()? == name).then(|| parts.filter_map(|v| v.parse().ok()).collect())
    })
}

fn word(w: Node<'_, '_>, line: usize) -> Option<OcrWord> {
    let text: String = w
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let text = text.trim();
    let bbox = property(w, "bbox")?;
    let [x0, y0, x1, y1] = bbox[..] else {
        return None;
    };
    if text.is_empty() || ![x0, y0, x1, y1].iter().all(|v: &f64| v.is_finite()) {
        return None;
    }
    let conf = property(w, "x_wconf")
        .and_then(|v| v.first().copied())
        .map(|c| (c / 100.0).clamp(0.0, 1.0) as f32);
    Some(OcrWord {
        text: text.to_owned(),
        x0,
        y0,
        x1,
        y1,
        conf,
        line,
    })
}
