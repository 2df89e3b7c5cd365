//! Reading sources: encodings, line endings, and streaming by lines in bounded chunks.
//!
//! Bytes are decoded per chunk of whole lines: UTF-8 when the chunk is valid UTF-8, else
//! Windows-1252 when any byte 0x80–0x9F occurs, else Latin-1. A leading BOM is stripped;
//! CRLF and lone CR end lines like LF. Every line keeps its 1-based number and the byte
//! offset of its start in the raw source.

use std::io::{self, BufRead};

/// The encoding a chunk was decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// UTF-8 (the default, and every pure-ASCII chunk).
    Utf8,
    /// Windows-1252: not UTF-8 and some byte in 0x80–0x9F.
    Windows1252,
    /// ISO-8859-1: not UTF-8 and no byte in 0x80–0x9F.
    Latin1,
}

/// Windows-1252 characters for bytes 0x80–0x9F (undefined bytes map to the C1 control).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
];

/// Picks the encoding of a chunk of bytes by the rules above.
pub fn detect_encoding(bytes: &[u8]) -> Encoding {
    if std::str::from_utf8(bytes).is_ok() {
        Encoding::Utf8
    } else if bytes.iter().any(|b| (0x80..=0x9F).contains(b)) {
        Encoding::Windows1252
    } else {
        Encoding::Latin1
    }
}

/// Decodes bytes in `encoding`; invalid UTF-8 (only possible when forced) becomes U+FFFD.
pub fn decode_with(bytes: &[u8], encoding: Encoding) -> String {
    match encoding {
        Encoding::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        Encoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        Encoding::Windows1252 => bytes
            .iter()
            .map(|&b| match b {
                0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
                _ => char::from(b),
            })
            .collect(),
    }
}

/// Decodes a whole text: BOM stripped, encoding detected, every line ending made `\n`.
pub fn decode_text(bytes: &[u8]) -> (String, Encoding) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let enc = detect_encoding(bytes);
    (normalize_newlines(&decode_with(bytes, enc)), enc)
}

/// Turns CRLF and lone CR into LF.
pub fn normalize_newlines(s: &str) -> String {
    if !s.contains('\r') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// One decoded line of a source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The text, without its line ending.
    pub text: String,
    /// 1-based line number.
    pub number: usize,
    /// Byte offset of the line's start in the raw source.
    pub offset: u64,
    /// The encoding of the chunk the line was decoded in.
    pub encoding: Encoding,
}

/// Reads a source by lines, decoding chunks of about `chunk_bytes` bytes cut at line ends.
///
/// Memory stays bounded by the chunk size (plus the longest line), whatever the input size.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    chunk_bytes: usize,
    number: usize,
    /// The last raw line ended with CR: a LF right after it belongs to the same ending.
    pending_cr: bool,
    at_start: bool,
    done: bool,
    /// Bytes consumed so far (for progress).
    consumed: u64,
}

impl<R: BufRead> LineReader<R> {
    /// A reader decoding chunks of about `chunk_bytes` bytes.
    pub fn new(inner: R, chunk_bytes: usize) -> LineReader<R> {
        LineReader {
            inner,
            chunk_bytes: chunk_bytes.max(1),
            number: 0,
            pending_cr: false,
            at_start: true,
            done: false,
            consumed: 0,
        }
    }

    /// Bytes read from the source so far.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Reads one raw line (without its ending) into `buf`; false at end of input.
    fn raw_line(&mut self, buf: &mut Vec<u8>) -> io::Result<bool> {
        buf.clear();
        let mut any = false;
        loop {
            let avail = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                return Ok(any);
            }
            let mut start = 0;
            if self.pending_cr {
                self.pending_cr = false;
                if avail[0] == b'\n' {
                    start = 1;
                }
            }
            let rest = &avail[start..];
            match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    buf.extend_from_slice(&rest[..i]);
                    self.pending_cr = rest[i] == b'\r';
                    let used = start + i + 1;
                    self.inner.consume(used);
                    self.consumed += used as u64;
                    return Ok(true);
                }
                None => {
                    buf.extend_from_slice(rest);
                    any |= !rest.is_empty();
                    let used = avail.len();
                    self.inner.consume(used);
                    self.consumed += used as u64;
                }
            }
        }
    }

    /// The next chunk of decoded lines, or an empty vector at end of input.
    pub fn next_chunk(&mut self) -> io::Result<Vec<Line>> {
        if self.done {
            return Ok(Vec::new());
        }
        let mut raws: Vec<(Vec<u8>, u64)> = Vec::new();
        let mut size = 0usize;
        let mut buf = Vec::new();
        while size < self.chunk_bytes {
            let before = self.consumed;
            let start = self.offset_of_next(before);
            if !self.raw_line(&mut buf)? {
                self.done = true;
                break;
            }
            let mut line = std::mem::take(&mut buf);
            if self.at_start {
                self.at_start = false;
                if line.starts_with(b"\xEF\xBB\xBF") {
                    line.drain(..3);
                }
            }
            size += line.len() + 1;
            raws.push((line, start));
        }
        let mut all = Vec::with_capacity(size);
        for (r, _) in &raws {
            all.extend_from_slice(r);
            all.push(b'\n');
        }
        let encoding = detect_encoding(&all);
        drop(all);
        Ok(raws
            .into_iter()
            .map(|(raw, offset)| {
                self.number += 1;
                Line {
                    text: decode_with(&raw, encoding),
                    number: self.number,
                    offset,
                    encoding,
                }
            })
            .collect())
    }

    /// The offset where the next line starts: after a pending CR's LF, if one follows.
    fn offset_of_next(&mut self, consumed: u64) -> u64 {
        if self.pending_cr
            && let Ok(b) = self.inner.fill_buf()
            && b.first() == Some(&b'\n')
        {
            return consumed + 1;
        }
        consumed
    }
}

/// Maps byte offsets of a text to 1-based line and column (columns count characters).
#[derive(Debug, Clone)]
pub struct LineMap {
    starts: Vec<usize>,
    first_line: usize,
    /// The source line of each text line, when they do not run on from `first_line`.
    numbers: Vec<usize>,
    /// All ASCII: a column is a byte count, found without counting characters.
    ascii: bool,
}

impl LineMap {
    /// A map for `text` whose first line is line `first_line` of its source.
    pub fn new(text: &str, first_line: usize) -> LineMap {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineMap {
            starts,
            first_line,
            numbers: Vec::new(),
            ascii: text.is_ascii(),
        }
    }

    /// A map for `text` whose k-th line is line `numbers[k]` of its source (a book's
    /// table read in another order than printed). Lines past the end of `numbers` run on
    /// from its last entry.
    pub fn with_numbers(text: &str, numbers: Vec<usize>) -> LineMap {
        let first = numbers.first().copied().unwrap_or(1);
        LineMap {
            numbers,
            ..LineMap::new(text, first)
        }
    }

    /// The 1-based line and column of byte `offset` in `text` (the text of [`LineMap::new`]).
    pub fn locate(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let idx = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[idx];
        let col = if self.ascii {
            offset - start
        } else {
            text.get(start..offset)
                .map_or(offset - start, |s| s.chars().count())
        } + 1;
        let line = match self.numbers.get(idx) {
            Some(&n) => n,
            None => match self.numbers.last() {
                Some(&last) => last + idx + 1 - self.numbers.len(),
                None => self.first_line + idx,
            },
        };
        (line, col)
    }

    /// The text of the line containing byte `offset`, without its newline.
    pub fn line_text<'t>(&self, text: &'t str, offset: usize) -> &'t str {
        let offset = offset.min(text.len());
        let idx = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[idx];
        let end = text[start..].find('\n').map_or(text.len(), |e| start + e);
        &text[start..end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], chunk: usize) -> Vec<Line> {
        let mut r = LineReader::new(bytes, chunk);
        let mut out = Vec::new();
        loop {
            let c = r.next_chunk().unwrap();
            if c.is_empty() {
                break;
            }
            out.extend(c);
        }
        out
    }

    #[test]
    fn utf8_with_bom_is_stripped() {
        let (t, e) = decode_text(b"\xEF\xBB\xBF1. e4 \xC2\xB1");
        assert_eq!((t.as_str(), e), ("1. e4 ±", Encoding::Utf8));
        let l = lines(b"\xEF\xBB\xBFWhite: T\n", 64);
        assert_eq!(l[0].text, "White: T");
    }

    #[test]
    fn crlf_and_lone_cr_become_lf() {
        let (t, _) = decode_text(b"a\r\nb\rc\nd");
        assert_eq!(t, "a\nb\nc\nd");
        let l = lines(b"a\r\nb\rc\nd", 64);
        let texts: Vec<_> = l.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["a", "b", "c", "d"]);
        let nums: Vec<_> = l.iter().map(|l| l.number).collect();
        assert_eq!(nums, [1, 2, 3, 4]);
        let offs: Vec<_> = l.iter().map(|l| l.offset).collect();
        assert_eq!(offs, [0, 3, 5, 7]);
    }

    #[test]
    fn crlf_split_across_buffer_reads_is_one_ending() {
        let data = b"ab\r\ncd\r\n".to_vec();
        let reader = io::BufReader::with_capacity(3, &data[..]);
        let mut r = LineReader::new(reader, 1);
        let mut got = Vec::new();
        loop {
            let c = r.next_chunk().unwrap();
            if c.is_empty() {
                break;
            }
            got.extend(c.into_iter().map(|l| (l.text, l.offset)));
        }
        assert_eq!(got, [("ab".to_owned(), 0), ("cd".to_owned(), 4)]);
    }

    #[test]
    fn latin1_without_c1_bytes() {
        let (t, e) = decode_text(b"Pe\xF3n \xB1");
        assert_eq!((t.as_str(), e), ("Peón ±", Encoding::Latin1));
    }

    #[test]
    fn windows_1252_when_c1_bytes_occur() {
        let (t, e) = decode_text(b"\x93Tablas\x94 \x96 \xE9");
        assert_eq!((t.as_str(), e), ("“Tablas” – é", Encoding::Windows1252));
    }

    #[test]
    fn encoding_is_decided_per_chunk() {
        // First chunk UTF-8, second Latin-1: each decodes correctly.
        let l = lines(
            "é\n"
                .as_bytes()
                .iter()
                .chain(b"\xE9\n")
                .copied()
                .collect::<Vec<_>>()
                .as_slice(),
            1,
        );
        assert_eq!(l[0].text, "é");
        assert_eq!(l[0].encoding, Encoding::Utf8);
        assert_eq!(l[1].text, "é");
        assert_eq!(l[1].encoding, Encoding::Latin1);
    }

    #[test]
    fn line_map_counts_characters() {
        let t = "1. P–K4\nañb xy";
        let m = LineMap::new(t, 10);
        assert_eq!(m.locate(t, 0), (10, 1));
        let x = t.find('x').unwrap();
        assert_eq!(m.locate(t, x), (11, 5));
        assert_eq!(m.line_text(t, x), "añb xy");
    }
}
