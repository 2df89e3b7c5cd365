//! PAGE XML (2010 to 2019 schemas): `Page` › … › `TextLine` › `Word`, each with its
//! `Coords` (`points="x,y x,y …"`, or `Point` children) and `TextEquiv` › `Unicode`
//! (`conf` on `TextEquiv`). A line without words is cut into words at its spaces, each
//! given its share of the line's box.

use roxmltree::Node;

use crate::words::{OcrPage, OcrWord, PageImage, children, descendants, num};

/// The pages of a PAGE document (its root, `PcGts`).
pub(super) fn pages(root: Node<'_, '_>) -> Vec<OcrPage> {
    descendants(root, "Page")
        .zip(1..)
        .map(|(p, number)| page(p, number))
        .collect()
}

fn page(node: Node<'_, '_>, number: u32) -> OcrPage {
    let mut words = Vec::new();
    for (line, text_line) in descendants(node, "TextLine").enumerate() {
        let before = words.len();
        for w in children(text_line, "Word") {
            let (Some((text, conf)), Some([x0, y0, x1, y1])) = (text_equiv(w), coords(w)) else {
                continue;
            };
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            if !text.is_empty() {
                words.push(OcrWord {
                    text,
                    x0,
                    y0,
                    x1,
                    y1,
                    conf,
                    line,
                });
            }
        }
        if words.len() == before {
            words.extend(line_words(text_line, line));
        }
    }
    OcrPage {
        number,
        words,
        image: image(node),
    }
}

/// The page's scan: `imageFilename`, with `imageWidth` and `imageHeight` (the words'
/// coordinates are the image's pixels).
fn image(page: Node<'_, '_>) -> Option<PageImage> {
    let path = page.attribute("imageFilename")?.trim();
    let size = match (num(page, "imageWidth"), num(page, "imageHeight")) {
        (Some(w), Some(h)) if w > 0.0 && h > 0.0 => Some([w, h]),
        _ => None,
    };
    (!path.is_empty()).then(|| PageImage {
        path: path.to_owned(),
        frame: 0,
        size,
    })
}

/// The words of a line given as one text: cut at its spaces, each placed by its share of
/// the line's characters.
fn line_words(text_line: Node<'_, '_>, line: usize) -> Vec<OcrWord> {
    let (Some((text, conf)), Some([x0, y0, x1, y1])) = (text_equiv(text_line), coords(text_line))
    else {
        return Vec::new();
    };
    let total = text.chars().count().max(1) as f64;
    let per_char = (x1 - x0) / total;
    let mut out = Vec::new();
    let mut chars = 0usize;
    for piece in text.split(' ') {
        let n = piece.chars().count();
        if !piece.trim().is_empty() {
            out.push(OcrWord {
                text: piece.trim().to_owned(),
                x0: x0 + per_char * chars as f64,
                y0,
                x1: x0 + per_char * (chars + n) as f64,
                y1,
                conf,
                line,
            });
        }
        chars += n + 1;
    }
    out
}

/// The text of an element's first `TextEquiv` (its `Unicode`), and its confidence.
fn text_equiv(node: Node<'_, '_>) -> Option<(String, Option<f32>)> {
    let equiv = children(node, "TextEquiv").next()?;
    let unicode = children(equiv, "Unicode").next()?;
    let text: String = unicode
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let conf = num(equiv, "conf").map(|c| c.clamp(0.0, 1.0) as f32);
    Some((text.trim().to_owned(), conf))
}

/// The bounding box `[x0, y0, x1, y1]` of an element's `Coords`.
fn coords(node: Node<'_, '_>) -> Option<[f64; 4]> {
    let c = children(node, "Coords").next()?;
    let points: Vec<(f64, f64)> = match c.attribute("points") {
        Some(p) => p
            .split_ascii_whitespace()
            .filter_map(|xy| {
                let (x, y) = xy.split_once(',')?;
                Some((x.parse().ok()?, y.parse().ok()?))
            })
            .collect(),
        None => children(c, "Point")
            .filter_map(|p| Some((num(p, "x")?, num(p, "y")?)))
            .collect(),
    };
    let finite = points
        .iter()
        .filter(|(x, y)| x.is_finite() && y.is_finite());
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let mut any = false;
    for &(x, y) in finite {
        any = true;
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    any.then_some([x0, y0, x1, y1])
}
