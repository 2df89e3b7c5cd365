//! # escriba-source
//!
//! Reading text sources: encodings, line endings, and streaming by lines in bounded
//! chunks. It knows no chess and no other escriba crate: `escriba-pipeline` reads every
//! input through it (and re-exports it as `escriba_pipeline::source`).
//!
//! Decoding goes through `encoding_rs`. A byte-order mark decides first: UTF-8 (stripped),
//! UTF-16LE or UTF-16BE (the whole source is transcoded). Without one, each chunk of whole
//! lines is read as UTF-8 while the source is mostly valid UTF-8 (at least as many valid
//! multi-byte sequences as invalid ones, counted over the source so far): invalid bytes
//! become U+FFFD and are counted, with the place of the first. Otherwise the chunk is
//! Windows-1252 when some byte is in 0x80–0x9F, else ISO-8859-1. CRLF and lone CR end lines
//! like LF. Every line keeps its 1-based number and the byte offset of its start in the
//! raw source (for UTF-16 sources, in the source transcoded to UTF-8). A line longer than
//! the reader's limit is cut there and marked [`Line::truncated`].

#![deny(missing_docs)]

use std::io::{self, BufRead, Read};

use serde::Serialize;

/// The encoding a chunk was decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// UTF-8 (the default, and every pure-ASCII chunk).
    Utf8,
    /// Windows-1252: not UTF-8 and some byte in 0x80–0x9F.
    Windows1252,
    /// ISO-8859-1: not UTF-8 and no byte in 0x80–0x9F.
    Latin1,
    /// UTF-16, little-endian (from its byte-order mark).
    Utf16Le,
    /// UTF-16, big-endian (from its byte-order mark).
    Utf16Be,
}

impl Encoding {
    /// The encoding's usual name: `UTF-8`, `windows-1252`, `ISO-8859-1`, `UTF-16LE`, `UTF-16BE`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Latin1 => "ISO-8859-1",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
        }
    }
}

/// Valid multi-byte UTF-8 sequences and invalid sequences in `bytes`.
fn utf8_counts(bytes: &[u8]) -> (u64, u64) {
    let mut valid = 0u64;
    let mut invalid = 0u64;
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().bytes().filter(|&b| b >= 0xC0).count() as u64;
        invalid += u64::from(!chunk.invalid().is_empty());
    }
    (valid, invalid)
}

/// The legacy single-byte encoding of bytes that are not UTF-8.
fn legacy(bytes: &[u8]) -> Encoding {
    if bytes.iter().any(|b| (0x80..=0x9F).contains(b)) {
        Encoding::Windows1252
    } else {
        Encoding::Latin1
    }
}

/// Picks the encoding of a text without a byte-order mark by the rules of the module docs.
pub(crate) fn detect_encoding(bytes: &[u8]) -> Encoding {
    let (valid, invalid) = utf8_counts(bytes);
    if invalid == 0 || (valid > 0 && valid >= invalid) {
        Encoding::Utf8
    } else {
        legacy(bytes)
    }
}

/// The text of bytes in `encoding`; invalid sequences become U+FFFD.
pub(crate) fn text_from_bytes_in(bytes: &[u8], encoding: Encoding) -> String {
    let enc = match encoding {
        Encoding::Utf8 => encoding_rs::UTF_8,
        Encoding::Latin1 => return encoding_rs::mem::decode_latin1(bytes).into_owned(),
        Encoding::Windows1252 => encoding_rs::WINDOWS_1252,
        Encoding::Utf16Le => encoding_rs::UTF_16LE,
        Encoding::Utf16Be => encoding_rs::UTF_16BE,
    };
    enc.decode_without_bom_handling(bytes).0.into_owned()
}

/// The encoding named by a byte-order mark at the start of `bytes`, and the mark's length.
fn bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
    let (enc, n) = encoding_rs::Encoding::for_bom(bytes)?;
    let e = if enc == encoding_rs::UTF_16LE {
        Encoding::Utf16Le
    } else if enc == encoding_rs::UTF_16BE {
        Encoding::Utf16Be
    } else {
        Encoding::Utf8
    };
    Some((e, n))
}

/// The text of a whole file's bytes: byte-order mark honoured, encoding detected, every
/// line ending made `\n`.
pub fn text_from_bytes(bytes: &[u8]) -> (String, Encoding) {
    let (enc, body) = match bom(bytes) {
        Some((e, n)) => (e, &bytes[n..]),
        None => (detect_encoding(bytes), bytes),
    };
    (normalize_newlines(&text_from_bytes_in(body, enc)), enc)
}

/// Turns CRLF and lone CR into LF.
pub(crate) fn normalize_newlines(s: &str) -> String {
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

/// A reader of UTF-16 bytes that yields UTF-8, for sources with a UTF-16 byte-order mark.
struct Utf16ToUtf8<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    buf: Vec<u8>,
    pos: usize,
    done: bool,
}

impl<R: BufRead> Read for Utf16ToUtf8<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Utf16ToUtf8<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos == self.buf.len() && !self.done {
            let src = self.inner.fill_buf()?;
            let last = src.is_empty();
            self.buf.clear();
            self.buf.resize(src.len() * 3 / 2 + 16, 0);
            let (_, read, written, _) = self.decoder.decode_to_utf8(src, &mut self.buf, last);
            self.buf.truncate(written);
            self.pos = 0;
            self.inner.consume(read);
            self.done = last;
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }
}

/// UTF-16 without a byte-order mark, told by its NUL bytes: text in a Latin script has a
/// NUL in most of its code units, on the high byte's side (even offsets for big-endian,
/// odd ones for little-endian), which no UTF-8 nor single-byte text has. `head` is the
/// start of the source; at least 8 code units are needed.
fn utf16_by_nuls(head: &[u8]) -> Option<Encoding> {
    let units: Vec<&[u8]> = head[..head.len().min(4096)].chunks_exact(2).collect();
    if units.len() < 8 {
        return None;
    }
    let le = units.iter().filter(|u| u[0] != 0 && u[1] == 0).count();
    let be = units.iter().filter(|u| u[0] == 0 && u[1] != 0).count();
    let most = |n: usize| n * 4 >= units.len() * 3;
    let few = |n: usize| n * 20 < units.len();
    if most(le) && few(be) {
        Some(Encoding::Utf16Le)
    } else if most(be) && few(le) {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// The first bytes of a gzip file.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Wraps a source so that a gzip file is read as the text it holds (archives ship text
/// so); returns the reader and whether it was gzip.
pub fn sniff_gzip(
    mut inner: Box<dyn BufRead + Send>,
) -> io::Result<(Box<dyn BufRead + Send>, bool)> {
    if !inner.fill_buf()?.starts_with(&GZIP_MAGIC) {
        return Ok((inner, false));
    }
    let reader = flate2::bufread::MultiGzDecoder::new(inner);
    Ok((
        Box::new(io::BufReader::with_capacity(1 << 16, reader)),
        true,
    ))
}

/// The text a gzip file's `bytes` hold, at most `limit` bytes of it (`Ok(None)` past
/// that: a small file may hold a great deal).
pub fn gunzip(bytes: &[u8], limit: u64) -> io::Result<Option<Vec<u8>>> {
    use std::io::Read as _;
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .take(limit + 1)
        .read_to_end(&mut out)?;
    Ok((out.len() as u64 <= limit).then_some(out))
}

/// Wraps a source so that UTF-16 is read as such: with a byte-order mark, or without one
/// when its NUL bytes tell it. Returns the reader to read lines from
/// (UTF-16 transcoded to UTF-8) and the encoding, if UTF-16.
pub fn sniff_utf16(
    mut inner: Box<dyn BufRead + Send>,
) -> io::Result<(Box<dyn BufRead + Send>, Option<Encoding>)> {
    let head = inner.fill_buf()?;
    let (enc, n) = match bom(head) {
        Some((enc @ (Encoding::Utf16Le | Encoding::Utf16Be), n)) => (enc, n),
        Some(_) => return Ok((inner, None)),
        None => match utf16_by_nuls(head) {
            Some(enc) => (enc, 0),
            None => return Ok((inner, None)),
        },
    };
    inner.consume(n);
    let decoder = if enc == Encoding::Utf16Le {
        encoding_rs::UTF_16LE.new_decoder_without_bom_handling()
    } else {
        encoding_rs::UTF_16BE.new_decoder_without_bom_handling()
    };
    let reader = Utf16ToUtf8 {
        inner,
        decoder,
        buf: Vec::new(),
        pos: 0,
        done: false,
    };
    Ok((Box::new(reader), Some(enc)))
}

/// One decoded line of a source, owned (what book mode buffers).
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
    /// The line was longer than the reader's limit and is cut there.
    pub truncated: bool,
}

impl Line {
    /// The line as a [`LineRef`] borrowing its text.
    pub fn borrowed(&self) -> LineRef<'_> {
        LineRef {
            text: &self.text,
            number: self.number,
            offset: self.offset,
            encoding: self.encoding,
            truncated: self.truncated,
        }
    }
}

/// One decoded line of a source, its text a slice of the [`Chunk`] it was read in (or of
/// an owned [`Line`]): what the segmenters read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRef<'a> {
    /// The text, without its line ending.
    pub text: &'a str,
    /// 1-based line number.
    pub number: usize,
    /// Byte offset of the line's start in the raw source.
    pub offset: u64,
    /// The encoding of the chunk the line was decoded in.
    pub encoding: Encoding,
    /// The line was longer than the reader's limit and is cut there.
    pub truncated: bool,
}

impl LineRef<'_> {
    /// The line with its text copied out of the chunk.
    pub fn to_line(&self) -> Line {
        Line {
            text: self.text.to_owned(),
            number: self.number,
            offset: self.offset,
            encoding: self.encoding,
            truncated: self.truncated,
        }
    }
}

/// Where one line of a [`Chunk`] is: its bytes in the chunk's text, and what a
/// [`LineRef`] tells of it besides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LineSpan {
    start: usize,
    end: usize,
    number: usize,
    offset: u64,
    truncated: bool,
}

/// Whether a line is a row of a table of moves as web copies print one, `| 1. P-K4 | P-K4 |`
/// or `| 2. P-Q4 |`: it begins and ends with a cell wall, has four cells at most and a
/// digit in them. A boxed diagram's rank (`| *R | *Kt |  | … |`) has eight cells and no
/// digit, and keeps its walls.
fn table_row(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line.len() > 2
        && line.starts_with(b"|")
        && line.ends_with(b"|")
        && memchr::memchr_iter(b'|', line).count() <= 5
        && line.iter().any(u8::is_ascii_digit)
}

/// `text` with the cell walls of its table rows made blanks, byte for byte (so every place
/// in the line stays where it was): the cells of a row are columns, as a printed table's.
fn blank_table_walls(text: String, spans: &[LineSpan]) -> String {
    let rows: Vec<&LineSpan> = spans
        .iter()
        .filter(|s| table_row(&text.as_bytes()[s.start..s.end]))
        .collect();
    if rows.is_empty() {
        return text;
    }
    let mut bytes = text.into_bytes();
    for s in rows {
        for b in &mut bytes[s.start..s.end] {
            if *b == b'|' {
                *b = b' ';
            }
        }
    }
    String::from_utf8(bytes).expect("ASCII bytes replaced by ASCII")
}

/// A chunk of whole decoded lines, held as one text ([`LineReader::next_chunk`]); its
/// lines are handed out as slices of it ([`Chunk::lines`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// The lines, each followed by `\n`.
    text: String,
    lines: Vec<LineSpan>,
    encoding: Encoding,
}

impl Chunk {
    /// True at the end of the input: the chunk holds no line.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The number of lines in the chunk.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// The chunk's lines, in order.
    pub fn lines(&self) -> impl ExactSizeIterator<Item = LineRef<'_>> + '_ {
        self.lines.iter().map(|s| LineRef {
            text: &self.text[s.start..s.end],
            number: s.number,
            offset: s.offset,
            encoding: self.encoding,
            truncated: s.truncated,
        })
    }
}

/// What a reader met in its source's encoding: what [`LineReader::encoding_report`] returns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EncodingReport {
    /// Every encoding a chunk with non-ASCII text was decoded from, in order of first use
    /// (empty for a pure-ASCII source).
    pub encodings: Vec<Encoding>,
    /// Invalid UTF-8 sequences replaced by U+FFFD.
    pub replaced: u64,
    /// Line and column (in characters) of the first replaced sequence.
    pub first_replaced: Option<(usize, usize)>,
}

/// The most bytes a chunk's buffer reserves before it is read (it grows past this when
/// the chunk does).
const CHUNK_ROOM_CAP: usize = 1 << 22;

/// Reads a source by lines, decoding chunks of about `chunk_bytes` bytes cut at line ends.
///
/// Memory stays bounded by the chunk size plus the longest line, and no line is held
/// beyond the line limit ([`LineReader::with_max_line`]).
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    chunk_bytes: usize,
    max_line: usize,
    number: usize,
    /// The last raw line ended with CR: a LF right after it belongs to the same ending.
    pending_cr: bool,
    at_start: bool,
    done: bool,
    /// Bytes consumed so far (for progress).
    consumed: u64,
    /// The encoding named by a byte-order mark (UTF-16 sources arrive transcoded).
    forced: Option<Encoding>,
    /// Valid multi-byte and invalid UTF-8 sequences seen so far.
    valid: u64,
    invalid: u64,
    report: EncodingReport,
}

impl<R: BufRead> LineReader<R> {
    /// A reader decoding chunks of about `chunk_bytes` bytes.
    pub fn new(inner: R, chunk_bytes: usize) -> LineReader<R> {
        LineReader {
            inner,
            chunk_bytes: chunk_bytes.max(1),
            max_line: usize::MAX,
            number: 0,
            pending_cr: false,
            at_start: true,
            done: false,
            consumed: 0,
            forced: None,
            valid: 0,
            invalid: 0,
            report: EncodingReport::default(),
        }
    }

    /// Cuts lines longer than `max` bytes (the rest of the line is read and dropped).
    pub fn with_max_line(mut self, max: usize) -> LineReader<R> {
        self.max_line = max.max(1);
        self
    }

    /// Reports every line as `encoding` (for sources transcoded from UTF-16).
    pub fn with_encoding(mut self, encoding: Option<Encoding>) -> LineReader<R> {
        self.forced = encoding;
        self
    }

    /// Bytes read from the source so far.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// The encodings met so far and the invalid bytes replaced.
    pub fn encoding_report(&self) -> &EncodingReport {
        &self.report
    }

    /// Reads one raw line (without its ending) onto the end of `buf`, keeping at most
    /// `max_line` bytes of it; returns (a line was read, it was cut).
    fn raw_line(&mut self, buf: &mut Vec<u8>) -> io::Result<(bool, bool)> {
        let line_start = buf.len();
        let mut any = false;
        let mut cut = false;
        loop {
            let avail = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                return Ok((any, cut));
            }
            let mut start = 0;
            if self.pending_cr {
                self.pending_cr = false;
                if avail[0] == b'\n' {
                    start = 1;
                }
            }
            let rest = &avail[start..];
            let (take, end) = match memchr::memchr2(b'\n', b'\r', rest) {
                Some(i) => (i, Some(i)),
                None => (rest.len(), None),
            };
            let room = self.max_line.saturating_sub(buf.len() - line_start);
            cut |= take > room;
            buf.extend_from_slice(&rest[..take.min(room)]);
            any |= take > 0;
            let used = start + end.map_or(take, |i| i + 1);
            if let Some(i) = end {
                self.pending_cr = rest[i] == b'\r';
            }
            self.inner.consume(used);
            self.consumed += used as u64;
            if end.is_some() {
                return Ok((true, cut));
            }
        }
    }

    /// The next chunk of decoded lines, empty at end of input. A valid UTF-8 chunk is its
    /// own text: its bytes are read once into one buffer and not copied again.
    pub fn next_chunk(&mut self) -> io::Result<Chunk> {
        if self.done {
            return Ok(Chunk {
                text: String::new(),
                lines: Vec::new(),
                encoding: Encoding::Utf8,
            });
        }
        // Room for a chunk's bytes and lines from the start: grown from empty, the buffers
        // were copied over and over on the way (the cap keeps a huge `chunk_bytes` from
        // reserving what a short input never fills).
        let room = self.chunk_bytes.min(CHUNK_ROOM_CAP);
        let mut raw: Vec<u8> = Vec::with_capacity(room + room / 16);
        let mut spans: Vec<LineSpan> = Vec::with_capacity(room / 32);
        self.read_lines(&mut raw, &mut spans)?;
        let encoding = match self.forced {
            Some(e) => e,
            None => self.chunk_encoding(&raw, &spans),
        };
        // A pure-ASCII chunk reads the same in every encoding: it names none.
        let ascii = self.forced.is_none() && raw.is_ascii();
        if !ascii && !self.report.encodings.contains(&encoding) {
            self.report.encodings.push(encoding);
        }
        for s in &mut spans {
            self.number += 1;
            s.number = self.number;
        }
        let text = match encoding {
            // UTF-16 arrives transcoded to UTF-8.
            Encoding::Utf8 | Encoding::Utf16Le | Encoding::Utf16Be => {
                match String::from_utf8(raw) {
                    Ok(text) => text,
                    Err(e) => self.decode_lines(&e.into_bytes(), &mut spans, Encoding::Utf8),
                }
            }
            e => self.decode_lines(&raw, &mut spans, e),
        };
        Ok(Chunk {
            text: blank_table_walls(text, &spans),
            lines: spans,
            encoding,
        })
    }

    /// Reads whole raw lines onto `raw`, each followed by `\n`, until they pass the chunk
    /// size or the input ends; each line's place goes to `spans` (numbered later).
    fn read_lines(&mut self, raw: &mut Vec<u8>, spans: &mut Vec<LineSpan>) -> io::Result<()> {
        let mut size = 0usize;
        while size < self.chunk_bytes {
            let start = self.offset_of_next(self.consumed);
            let from = raw.len();
            let (read, cut) = self.raw_line(raw)?;
            if !read {
                self.done = true;
                break;
            }
            if self.at_start {
                self.at_start = false;
                if raw[from..].starts_with(b"\xEF\xBB\xBF") {
                    raw.drain(from..from + 3);
                }
            }
            size += raw.len() - from + 1;
            spans.push(LineSpan {
                start: from,
                end: raw.len(),
                number: 0,
                offset: start,
                truncated: cut,
            });
            raw.push(b'\n');
        }
        Ok(())
    }

    /// The text of a chunk's raw lines decoded one by one in `encoding` (for UTF-8, with
    /// invalid sequences replaced and counted), `spans` moved to the decoded text.
    fn decode_lines(&mut self, raw: &[u8], spans: &mut [LineSpan], encoding: Encoding) -> String {
        let mut text = String::with_capacity(raw.len() + raw.len() / 4);
        for s in spans {
            let bytes = &raw[s.start..s.end];
            let line = text_from_bytes_in(bytes, encoding);
            if encoding == Encoding::Utf8 {
                self.count_replacements(bytes, &line, s.number);
            }
            s.start = text.len();
            text.push_str(&line);
            s.end = text.len();
            text.push('\n');
        }
        text
    }

    /// The encoding of a chunk without a byte-order mark, by the running counts: `raw`
    /// holds its lines at `spans`.
    fn chunk_encoding(&mut self, raw: &[u8], spans: &[LineSpan]) -> Encoding {
        let (mut valid, mut invalid) = (0, 0);
        let mut c1 = false;
        if !raw.is_ascii() {
            for s in spans {
                let r = &raw[s.start..s.end];
                if r.is_ascii() {
                    continue;
                }
                let (v, i) = utf8_counts(r);
                valid += v;
                invalid += i;
                c1 |= r.iter().any(|b| (0x80..=0x9F).contains(b));
            }
        }
        self.valid += valid;
        self.invalid += invalid;
        if invalid == 0 || (self.valid > 0 && self.valid >= self.invalid) {
            Encoding::Utf8
        } else if c1 {
            Encoding::Windows1252
        } else {
            Encoding::Latin1
        }
    }

    /// Counts the invalid sequences of line `number` decoded as UTF-8, locating the first.
    fn count_replacements(&mut self, raw: &[u8], text: &str, number: usize) {
        let n = raw
            .utf8_chunks()
            .filter(|c| !c.invalid().is_empty())
            .count() as u64;
        if n == 0 {
            return;
        }
        if self.report.first_replaced.is_none() {
            let col = text.chars().position(|c| c == '\u{FFFD}').unwrap_or(0) + 1;
            self.report.first_replaced = Some((number, col));
        }
        self.report.replaced += n;
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
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
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
    #[cfg(test)]
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

    /// Every line a reader gives, chunk after chunk.
    fn drain<R: BufRead>(r: &mut LineReader<R>) -> Vec<Line> {
        let mut out = Vec::new();
        loop {
            let c = r.next_chunk().unwrap();
            if c.is_empty() {
                break;
            }
            out.extend(c.lines().map(|l| l.to_line()));
        }
        out
    }

    fn lines(bytes: &[u8], chunk: usize) -> Vec<Line> {
        drain(&mut LineReader::new(bytes, chunk))
    }

    #[test]
    fn a_tables_cell_walls_are_blanks_in_place_and_other_bars_stay() {
        let text = b"| 1. P-K4 | 1. P-K4 |\n  | 2. P-Q4 |\nK|-B3 and R | Q\n|\n\
            | *R | *Kt |  | *Q | *K |  | *Kt | *R |\n";
        let l = lines(text, 128);
        let got: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            got,
            [
                "  1. P-K4   1. P-K4  ",
                "    2. P-Q4  ",
                "K|-B3 and R | Q",
                "|",
                "| *R | *Kt |  | *Q | *K |  | *Kt | *R |"
            ]
        );
    }

    #[test]
    fn utf8_with_bom_is_stripped() {
        let (t, e) = text_from_bytes(b"\xEF\xBB\xBF1. e4 \xC2\xB1");
        assert_eq!((t.as_str(), e), ("1. e4 ±", Encoding::Utf8));
        let l = lines(b"\xEF\xBB\xBFWhite: T\n", 64);
        assert_eq!(l[0].text, "White: T");
    }

    #[test]
    fn crlf_and_lone_cr_become_lf() {
        let (t, _) = text_from_bytes(b"a\r\nb\rc\nd");
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
            got.extend(c.lines().map(|l| (l.text.to_owned(), l.offset)));
        }
        assert_eq!(got, [("ab".to_owned(), 0), ("cd".to_owned(), 4)]);
    }

    #[test]
    fn latin1_without_c1_bytes() {
        let (t, e) = text_from_bytes(b"Pe\xF3n \xB1");
        assert_eq!((t.as_str(), e), ("Peón ±", Encoding::Latin1));
    }

    #[test]
    fn windows_1252_when_c1_bytes_occur() {
        let (t, e) = text_from_bytes(b"\x93Tablas\x94 \x96 \xE9");
        assert_eq!((t.as_str(), e), ("“Tablas” – é", Encoding::Windows1252));
    }

    #[test]
    fn a_mostly_utf8_source_stays_utf8_and_its_bad_bytes_are_counted() {
        // The first chunk is UTF-8; the second has one bad byte: still UTF-8, replaced.
        let data = [&b"Jos\xC3\xA9\n"[..], b"ab\xE9 c\n", b"\xC3\xB1\n"].concat();
        let mut r = LineReader::new(&data[..], 1);
        let got = drain(&mut r);
        assert_eq!(got[0].text, "José");
        assert_eq!(got[1].text, "ab\u{FFFD} c");
        assert_eq!(got[1].encoding, Encoding::Utf8);
        assert_eq!(got[2].text, "ñ");
        let rep = r.encoding_report();
        assert_eq!((rep.replaced, rep.first_replaced), (1, Some((2, 3))));
        assert_eq!(rep.encodings, [Encoding::Utf8]);
        // A source whose non-ASCII bytes are all invalid UTF-8 is a legacy encoding.
        let l = lines(b"Jos\xE9\nPe\xF3n\n", 1);
        assert_eq!(
            (l[0].text.as_str(), l[0].encoding),
            ("José", Encoding::Latin1)
        );
        assert_eq!(detect_encoding(b"Jos\xC3\xA9 \xFF"), Encoding::Utf8);
        assert_eq!(detect_encoding(b"a\xFF b\xFE"), Encoding::Latin1);
    }

    #[test]
    fn a_utf16_byte_order_mark_transcodes_the_source() {
        let text = "Núñez\r\n1. e4\n";
        for (mark, le) in [([0xFF, 0xFE], true), ([0xFE, 0xFF], false)] {
            let mut bytes = mark.to_vec();
            for u in text.encode_utf16() {
                bytes.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
            }
            let boxed: Box<dyn BufRead + Send> = Box::new(io::Cursor::new(bytes.clone()));
            let (reader, enc) = sniff_utf16(boxed).unwrap();
            let mut r = LineReader::new(reader, 64).with_encoding(enc);
            let c = r.next_chunk().unwrap();
            let l: Vec<LineRef> = c.lines().collect();
            assert_eq!(l[0].text, "Núñez");
            assert_eq!(l[1].text, "1. e4");
            assert_eq!(
                l[0].encoding,
                if le {
                    Encoding::Utf16Le
                } else {
                    Encoding::Utf16Be
                }
            );
            assert_eq!(text_from_bytes(&bytes).0, "Núñez\n1. e4\n");
        }
    }

    #[test]
    fn a_line_past_the_limit_is_cut_and_marked() {
        let mut r = LineReader::new(&b"abcdefgh\nij\n"[..], 64).with_max_line(3);
        let c = r.next_chunk().unwrap();
        let l: Vec<LineRef> = c.lines().collect();
        assert_eq!((l[0].text, l[0].truncated), ("abc", true));
        assert_eq!((l[1].text, l[1].truncated), ("ij", false));
        assert_eq!(l[1].offset, 9);
    }

    /// What a reader must give for `bytes` (no byte-order mark, valid UTF-8 or not): the
    /// lines of the whole text split at LF, CRLF and lone CR, each cut at `max` bytes,
    /// with their number and raw offset, decoded one by one.
    fn expected_lines(bytes: &[u8], max: usize) -> Vec<(String, usize, u64, bool)> {
        let mut out = Vec::new();
        let (mut at, mut number) = (0usize, 0usize);
        while at < bytes.len() {
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .map_or(bytes.len(), |i| at + i);
            let raw = &bytes[at..end.min(at + max)];
            number += 1;
            let text = String::from_utf8_lossy(raw).into_owned();
            out.push((text, number, at as u64, end - at > max));
            at = match bytes.get(end..end + 2) {
                Some(b"\r\n") => end + 2,
                _ => end + 1,
            };
        }
        out
    }

    proptest::proptest! {
        /// The lines a chunk hands out as slices of its text are the source's lines, in
        /// order, whatever the chunk size and the line limit: line endings of every kind,
        /// a CRLF split between chunks, multi-byte characters and bytes that are not
        /// UTF-8 (here always a minority: the source stays UTF-8).
        #[test]
        fn chunks_hand_out_the_sources_lines_whatever_their_size(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec![
                    &b"a"[..], b"P-K4 ", b"\n", b"\r\n", b"\r", b"\xC3\xB1", b"\xE2\x80\x93",
                    b"\xC3\xB1\xC3\xB1\xC3\xB1", b"\xC3\xB1", b"\xC3\xB1", b"\xFF", b"\xC3",
                ]),
                0..60,
            ),
            chunk in 1usize..40,
            max in 1usize..30,
        ) {
            let bytes: Vec<u8> = pieces.concat();
            let mut r = LineReader::new(&bytes[..], chunk).with_max_line(max);
            let mut got = Vec::new();
            loop {
                let c = r.next_chunk().unwrap();
                if c.is_empty() {
                    break;
                }
                proptest::prop_assert_eq!(c.lines().len(), c.len());
                got.extend(c.lines().map(|l| (l.text.to_owned(), l.number, l.offset, l.truncated)));
            }
            // A chunk whose non-ASCII bytes are mostly not UTF-8 is another encoding: not
            // this property's business.
            let report = r.encoding_report();
            proptest::prop_assume!(report.encodings.iter().all(|&e| e == Encoding::Utf8));
            proptest::prop_assert_eq!(got, expected_lines(&bytes, max));
        }
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
