//! The lines of a book, as the book reader takes them: each line's text and its 1-based
//! number in the source. A leaf: every stage reads lines, none defines them.

/// One line of a book, its line ending removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line's text.
    pub text: String,
    /// 1-based line number in the source.
    pub number: usize,
}

/// The lines of a text held whole in memory (LF line endings), numbered from 1.
pub fn lines_of(text: &str) -> Vec<Line> {
    text.strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .enumerate()
        .map(|(i, t)| Line {
            text: t.to_owned(),
            number: i + 1,
        })
        .collect()
}
