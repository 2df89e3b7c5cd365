//! JSON Lines output: one object per game with its tags, moves and diagnostics.
//!
//! The object is serialized straight from the game's record (no intermediate JSON tree),
//! so a game costs its own text in memory, not a map per ply.
//!
//! Each object also records the size and SHA-256 of the source the game came from
//! ([`SourceDigest`]), so that a reader of the JSONL (`escriba review`) can tell that a
//! file it opens is the one the run read.

use std::io::{self, Read};

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};

use crate::game::record::{Failure, GameResult, GameStatus, Issue, PlyRecord, TokenCounts};
use crate::review_data::{GameReview, game_review};
use escriba_ocr::{PageImage, WordPlace};
use escriba_resolve::review::{LegalMove, PlyReview, Reading};
use escriba_source::Encoding;

/// The tags as one JSON object, in their order.
struct TagMap<'a>(&'a GameResult);

impl Serialize for TagMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.tags.0.len()))?;
        for (k, v) in &self.0.tags.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// One ply: the `plies.csv` fields plus `alternatives` and `nag`, and for a ply that is
/// not `exact` the review data (`fen` before it, `readings`, `legal`).
#[derive(Serialize)]
struct MoveJson<'a> {
    ply: usize,
    move_number: u32,
    side: &'static str,
    input: &'a str,
    san: &'a str,
    uci: &'a str,
    status: &'static str,
    cost: u32,
    line: usize,
    column: usize,
    note: Option<&'a str>,
    alternatives: &'a [String],
    nag: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    readings: Option<&'a [Reading]>,
    #[serde(skip_serializing_if = "<[LegalMove]>::is_empty")]
    legal: &'a [LegalMove],
    /// The page of the ply's word, for an OCR source.
    #[serde(skip_serializing_if = "Option::is_none")]
    page: Option<u32>,
    /// The word's box, `[x0, y0, x1, y1]`, for an OCR source.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    bbox: Option<[f64; 4]>,
    /// The OCR engine's confidence in the word (0 to 1), when it gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    confidence: Option<f32>,
    /// The scan of the word's page, for a ply with review data whose OCR file names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<ImageJson<'a>>,
}

/// The scan of a page: `{path, frame, size}`, the path as the run could open it, the
/// page's 0-based index in that file, and the page's size in the box's units (`null`
/// when the OCR file does not give it).
#[derive(Serialize)]
struct ImageJson<'a> {
    path: &'a str,
    frame: u32,
    size: Option<[f64; 2]>,
}

impl<'a> ImageJson<'a> {
    fn of(image: &'a PageImage) -> ImageJson<'a> {
        ImageJson {
            path: &image.path,
            frame: image.frame,
            size: image.size,
        }
    }
}

/// The plies, rendered one at a time, with their page and box for an OCR source.
struct Moves<'a>(&'a GameResult, &'a GameReview);

impl Serialize for Moves<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut seq = s.serialize_seq(Some(r.plies.len()))?;
        for (i, p) in r.plies.iter().enumerate() {
            let mut m = move_json(r, i, p, self.1.plies.get(i).and_then(Option::as_ref));
            if let Some(place) = r.place(p.line, p.column) {
                m.page = Some(place.page);
                m.bbox = Some(place.bbox);
                m.confidence = place.conf;
                if m.fen.is_some() {
                    m.image = r.page_image(place.page).map(ImageJson::of);
                }
            }
            seq.serialize_element(&m)?;
        }
        seq.end()
    }
}

fn move_json<'a>(
    r: &'a GameResult,
    i: usize,
    p: &'a PlyRecord,
    review: Option<&'a PlyReview>,
) -> MoveJson<'a> {
    MoveJson {
        ply: i + 1,
        move_number: p.ply.move_number,
        side: match p.ply.color {
            escriba_resolve::shakmaty::Color::White => "white",
            escriba_resolve::shakmaty::Color::Black => "black",
        },
        input: r.input(p),
        san: &p.ply.san,
        uci: &p.ply.uci,
        status: p.ply.status.as_str(),
        cost: p.ply.cost,
        line: p.line,
        column: p.column,
        note: p.ply.note.as_deref(),
        alternatives: &p.ply.alternatives,
        nag: p.ply.nag,
        fen: review.map(|v| v.fen.as_str()),
        readings: review.map(|v| v.readings.as_slice()),
        legal: review.map_or(&[], |v| v.legal.as_slice()),
        page: None,
        bbox: None,
        confidence: None,
        image: None,
    }
}

/// The size and SHA-256 of a source as a run read it, which each JSONL object records
/// (`source_bytes`, `source_sha256`): what lets a reader of the JSONL check that a file
/// of that name is the one the run read, and nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceDigest {
    /// The size in bytes.
    pub bytes: u64,
    /// The SHA-256 of the bytes, in lowercase hexadecimal.
    pub sha256: String,
}

impl SourceDigest {
    /// The digest of `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> SourceDigest {
        use sha2::Digest as _;
        SourceDigest {
            bytes: bytes.len() as u64,
            sha256: hex(&sha2::Sha256::digest(bytes)),
        }
    }

    /// The digest of everything `reader` yields.
    pub fn of_reader(mut reader: impl Read) -> io::Result<SourceDigest> {
        use sha2::Digest as _;
        let mut hasher = sha2::Sha256::new();
        let mut buf = vec![0u8; 1 << 16];
        let mut bytes = 0u64;
        loop {
            let n = match reader.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            hasher.update(&buf[..n]);
            bytes += n as u64;
        }
        Ok(SourceDigest {
            bytes,
            sha256: hex(&hasher.finalize()),
        })
    }
}

/// Lowercase hexadecimal.
fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[derive(Serialize)]
struct GameJson<'a> {
    source: &'a str,
    source_bytes: Option<u64>,
    source_sha256: Option<&'a str>,
    game: u64,
    line: usize,
    status: GameStatus,
    notation: Option<&'static str>,
    result: &'a str,
    encoding: Encoding,
    tags: TagMap<'a>,
    moves: Moves<'a>,
    flagged: usize,
    issues: &'a [Issue],
    tokens: TokenCounts,
    beam_capped: bool,
    search_capped: bool,
    failure: &'a Option<Failure>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure_review: Option<&'a PlyReview>,
    end_line: usize,
    kind: &'static str,
    /// For an OCR source: the page of the game's first line.
    #[serde(skip_serializing_if = "Option::is_none")]
    page: Option<u32>,
    /// For an OCR source: where the failing token's word stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    failure_place: Option<PlaceJson<'a>>,
}

/// Where a word of an OCR source stands: its page, box and confidence, and its page's
/// scan when the OCR file names it.
#[derive(Serialize)]
struct PlaceJson<'a> {
    page: u32,
    #[serde(rename = "box")]
    bbox: [f64; 4],
    confidence: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<ImageJson<'a>>,
}

impl<'a> PlaceJson<'a> {
    fn of(r: &'a GameResult, place: &WordPlace) -> PlaceJson<'a> {
        PlaceJson {
            page: place.page,
            bbox: place.bbox,
            confidence: place.conf,
            image: r.page_image(place.page).map(ImageJson::of),
        }
    }
}

/// The JSON object of one game:
/// `{source, source_bytes, source_sha256, game, line, status, notation, result, encoding, tags, moves, flagged, issues,
/// tokens, beam_capped, search_capped, failure, failure_review, end_line, kind}`. `moves`
/// holds the `plies.csv` fields per ply plus `alternatives` and `nag`, and for a ply that is
/// not `exact` the review data: `fen` (the position before it), `readings` (the chosen move
/// first, then tied and nearest readings, each as `{san, uci, book, cost, note, kind}`) and
/// `legal` (every legal move as `{book, san, uci}`);
/// `issues` the warnings that did not stop the game; `tokens` where its move tokens went
/// (`moves`, `comments`, `skipped`); `failure` the location, the message and the
/// resolver's diagnostic (FEN, legal moves, nearest readings), or `null`, and
/// `failure_review` the same review data for the token it stopped at; `end_line` and `kind`
/// as in `games.csv`; `source_bytes` and `source_sha256` are `null` (see
/// [`game_line_of_source`]).
pub fn game_line(r: &GameResult) -> String {
    game_line_of_source(r, None)
}

/// [`game_line`], with the size and SHA-256 of the game's source as the run read it
/// (`digest`; `null` when not known, as for stdin). For a game read from an OCR file
/// (ALTO, hOCR, PAGE XML) or a page image ([`GameResult::place`]), each ply whose word is
/// placed also holds `page` (1-based), `box` (`[x0, y0, x1, y1]` in the file's units)
/// and, when the engine gives one, `confidence` (0 to 1), and a ply with review data also
/// `image` (`{path, frame, size}`: its page's scan, when the OCR file names one); the game
/// holds `page` (its first line's) and, when it stopped, `failure_place` (`{page, box,
/// confidence, image}` of the failing token's word).
pub fn game_line_of_source(r: &GameResult, digest: Option<&SourceDigest>) -> String {
    let review = game_review(r);
    let g = GameJson {
        source: &r.source,
        source_bytes: digest.map(|d| d.bytes),
        source_sha256: digest.map(|d| d.sha256.as_str()),
        game: r.index,
        line: r.line,
        status: r.status,
        notation: r.dialect.map(|d| d.id()),
        result: r.result,
        encoding: r.encoding,
        tags: TagMap(r),
        moves: Moves(r, &review),
        flagged: r.flagged,
        issues: &r.issues,
        tokens: r.tokens,
        beam_capped: r.beam_capped,
        search_capped: r.search_capped,
        failure: &r.failure,
        failure_review: review.failure.as_ref(),
        end_line: r.end_line(),
        kind: r
            .book
            .as_ref()
            .map_or(escriba_book::UnitKind::Game, |b| b.kind)
            .as_str(),
        page: r.place(r.line, 1).map(|p| p.page),
        failure_place: r
            .failure
            .as_ref()
            .and_then(|f| r.place(f.line, f.column))
            .map(|place| PlaceJson::of(r, place)),
    };
    let mut s = serde_json::to_string(&g).expect("a game serializes to JSON");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::SourceDigest;

    #[test]
    fn the_digest_is_sha256_of_the_bytes_however_they_are_read() {
        let d = SourceDigest::of_bytes(b"abc");
        assert_eq!(d.bytes, 3);
        assert_eq!(
            d.sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let text = vec![b'x'; 200_000];
        assert_eq!(
            SourceDigest::of_reader(&text[..]).unwrap(),
            SourceDigest::of_bytes(&text)
        );
    }
}
