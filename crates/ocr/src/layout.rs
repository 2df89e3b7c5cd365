//! OCR words laid out as text lines, and the map from the text's places back to them.

use std::collections::HashMap;

use crate::words::{OcrPage, OcrWord, PageImage};

/// Where one word of the derived text stands on its page.
#[derive(Debug, Clone, PartialEq)]
pub struct WordPlace {
    /// 1-based page number.
    pub page: u32,
    /// The word's box, `[x0, y0, x1, y1]`, in the file's units.
    pub bbox: [f64; 4],
    /// The engine's confidence, from 0 to 1, when it gives one.
    pub conf: Option<f32>,
}

/// One word's span on a derived line: 1-based first column (in characters), length in
/// characters, and its place.
#[derive(Debug, Clone, PartialEq)]
struct Span {
    column: usize,
    chars: usize,
    place: usize,
}

/// The map from the derived text's places (1-based line and column, in characters) to
/// the words they come from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OcrLayout {
    /// Per derived line (index 0 is line 1), its words' spans.
    lines: Vec<Vec<Span>>,
    places: Vec<WordPlace>,
    /// The scans of the pages that name one, by page number.
    images: Vec<(u32, PageImage)>,
}

impl OcrLayout {
    /// The word at `line`, `column` (1-based, the column in characters): the word whose
    /// span holds the column, else the first word that starts after it on that line.
    pub fn place(&self, line: usize, column: usize) -> Option<&WordPlace> {
        let spans = self.lines.get(line.checked_sub(1)?)?;
        let span = spans
            .iter()
            .find(|s| column >= s.column && column < s.column + s.chars)
            .or_else(|| spans.iter().find(|s| s.column >= column))?;
        self.places.get(span.place)
    }

    /// The scan of page `page` (1-based), when its file names one.
    pub fn image(&self, page: u32) -> Option<&PageImage> {
        self.images
            .iter()
            .find(|(number, _)| *number == page)
            .map(|(_, image)| image)
    }

    /// Names each page's scan as seen from where the OCR file was opened: a relative name
    /// (relative to the OCR file's folder, as OCR files name their images) joined to
    /// `folder`, the folder of the OCR file's path.
    pub fn images_relative_to(&mut self, folder: &std::path::Path) {
        for (_, image) in &mut self.images {
            if std::path::Path::new(&image.path).is_relative() {
                image.path = folder.join(&image.path).to_string_lossy().into_owned();
            }
        }
    }

    /// The number of words laid out.
    pub fn words(&self) -> usize {
        self.places.len()
    }
}

/// A row of the page: the words of the OCR lines that share its height, in x order.
struct Row<'w> {
    y0: f64,
    y1: f64,
    words: Vec<&'w OcrWord>,
}

/// The page's rows: OCR lines sorted by their top, a line joining the row above when its
/// vertical middle falls within that row's span.
fn rows(page: &OcrPage) -> Vec<Row<'_>> {
    let mut lines: Vec<Row<'_>> = Vec::new();
    let mut index: HashMap<usize, usize> = HashMap::new();
    for w in &page.words {
        match index.get(&w.line).map(|&i| &mut lines[i]) {
            Some(r) => {
                (r.y0, r.y1) = (r.y0.min(w.y0), r.y1.max(w.y1));
                r.words.push(w);
            }
            None => {
                index.insert(w.line, lines.len());
                lines.push(Row {
                    y0: w.y0,
                    y1: w.y1,
                    words: vec![w],
                });
            }
        }
    }
    lines.sort_by(|a, b| {
        a.y0.total_cmp(&b.y0)
            .then(a.words[0].x0.total_cmp(&b.words[0].x0))
    });
    let mut rows: Vec<Row<'_>> = Vec::new();
    for line in lines {
        let middle = (line.y0 + line.y1) / 2.0;
        match rows.last_mut() {
            Some(r) if middle >= r.y0 && middle <= r.y1 => {
                r.y1 = r.y1.max(line.y1);
                r.words.extend(line.words);
            }
            _ => rows.push(line),
        }
    }
    for r in &mut rows {
        r.words.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    }
    rows
}

/// The median of `values` (0 when empty).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// A page's measures: its left margin, a character's width and a line's height.
struct Measures {
    left: f64,
    char_width: f64,
    line_height: f64,
}

fn measures(page: &OcrPage) -> Measures {
    let words = &page.words;
    let left = words.iter().map(|w| w.x0).fold(f64::INFINITY, f64::min);
    let char_width = median(
        words
            .iter()
            .map(|w| (w.x1 - w.x0) / w.text.chars().count().max(1) as f64)
            .collect(),
    );
    let line_height = median(words.iter().map(|w| w.y1 - w.y0).collect());
    Measures {
        left: if left.is_finite() { left } else { 0.0 },
        char_width: if char_width > 0.0 { char_width } else { 1.0 },
        line_height,
    }
}

/// Lays out one row as a text line, recording its words' spans.
fn row_line(row: &Row<'_>, m: &Measures, page: u32, layout: &mut OcrLayout) -> String {
    let mut line = String::new();
    let mut chars = 0usize;
    let mut spans = Vec::with_capacity(row.words.len());
    let mut previous: Option<&OcrWord> = None;
    for w in &row.words {
        // The column the word's x gives (0-based), capped so that a stray box cannot
        // make a line of millions of spaces.
        let at = (((w.x0 - m.left) / m.char_width).round().max(0.0) as usize).min(4096);
        let target = match previous {
            None => at,
            // The next word of the same OCR line, close to the last: one space.
            Some(p) if p.line == w.line && w.x0 - p.x1 <= 2.0 * m.char_width => chars + 1,
            // Another column: where its x puts it, two spaces at least.
            Some(_) => at.max(chars + 2),
        };
        line.extend(std::iter::repeat_n(' ', target - chars));
        chars = target;
        let n = w.text.chars().count();
        spans.push(Span {
            column: chars + 1,
            chars: n,
            place: layout.places.len(),
        });
        layout.places.push(WordPlace {
            page,
            bbox: [w.x0, w.y0, w.x1, w.y1],
            conf: w.conf,
        });
        line.push_str(&w.text);
        chars += n;
        previous = Some(w);
    }
    layout.lines.push(spans);
    line
}

/// The text of `pages`, and its layout: one line per row, a blank line where a page
/// leaves a gap of more than a line's height and between pages.
pub fn lay_out(pages: &[OcrPage]) -> (String, OcrLayout) {
    let mut text = String::new();
    let mut layout = OcrLayout::default();
    let blank = |text: &mut String, layout: &mut OcrLayout| {
        text.push('\n');
        layout.lines.push(Vec::new());
    };
    for (i, page) in pages.iter().enumerate() {
        if i > 0 {
            blank(&mut text, &mut layout);
        }
        if let Some(image) = &page.image {
            layout.images.push((page.number, image.clone()));
        }
        let m = measures(page);
        let mut bottom: Option<f64> = None;
        for row in rows(page) {
            if bottom.is_some_and(|b| row.y0 - b > m.line_height) {
                blank(&mut text, &mut layout);
            }
            bottom = Some(row.y1);
            text.push_str(&row_line(&row, &m, page.number, &mut layout));
            text.push('\n');
        }
    }
    (text, layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn word(text: &str, x: f64, y: f64, line: usize) -> OcrWord {
        OcrWord {
            text: text.to_owned(),
            x0: x,
            y0: y,
            x1: x + 10.0 * text.chars().count() as f64,
            y1: y + 20.0,
            conf: None,
            line,
        }
    }

    #[test]
    fn cells_of_a_row_in_separate_blocks_share_a_line_and_a_gap_gives_a_blank_one() {
        let page = OcrPage {
            number: 1,
            words: vec![
                word("1.", 100.0, 100.0, 0),
                word("P-K4", 130.0, 100.0, 0),
                word("2.", 100.0, 130.0, 1),
                word("P-Q4", 130.0, 130.0, 1),
                word("P-K4", 300.0, 102.0, 2),
                word("P-Q3", 300.0, 131.0, 3),
                word("Notes", 100.0, 200.0, 4),
            ],
            image: None,
        };
        let (text, _) = lay_out(&[page.clone(), page]);
        // 200 px right of the margin, 10 px a character: the second column at column 21.
        let gap = " ".repeat(13);
        let one = format!("1. P-K4{gap}P-K4\n2. P-Q4{gap}P-Q3\n\nNotes\n");
        assert_eq!(text, format!("{one}\n{one}"));
    }

    proptest! {
        #[test]
        fn every_word_stands_in_the_text_where_its_place_says(
            boxes in proptest::collection::vec((0u32..60, 0u32..40, 1usize..8, 0usize..12), 1..40),
        ) {
            let words: Vec<OcrWord> = boxes
                .iter()
                .map(|&(x, y, n, line)| word(&"x".repeat(n), f64::from(x) * 10.0, f64::from(y) * 25.0, line))
                .collect();
            let page = OcrPage { number: 3, words, image: None };
            let (text, layout) = lay_out(std::slice::from_ref(&page));
            prop_assert_eq!(layout.words(), page.words.len());
            for (i, spans) in layout.lines.iter().enumerate() {
                let line: Vec<char> = text.lines().nth(i).unwrap_or("").chars().collect();
                for s in spans {
                    let at: String = line[s.column - 1..s.column - 1 + s.chars].iter().collect();
                    prop_assert_eq!(at.chars().count(), s.chars);
                    prop_assert!(at.chars().all(|c| c == 'x'));
                    let place = layout.place(i + 1, s.column).unwrap();
                    prop_assert_eq!(place.page, 3);
                }
            }
        }
    }
}
