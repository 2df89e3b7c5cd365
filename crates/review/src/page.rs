//! The review page, rendered from a run's JSONL objects.
//!
//! The page is one HTML file: inline CSS, an inline script of our own, and the run's data
//! as JSON in a `<script type="application/json">` block (with `<`, `>` and `&` written as
//! `\u003c`, `\u003e`, `\u0026`, so that no book text can close the block). Everything the
//! page shows from the book is rendered by minijinja with HTML auto-escaping; the script
//! only ever sets text and attributes. A bidi control from a book or a path is shown as its
//! code point (`[U+202E]`) and written as a JSON escape in the data block, so that none can
//! reorder the page's text. Boards are drawn by the script from FEN, lazily, as SVG with
//! Unicode chess glyphs.
//!
//! A JSONL read back from disk may come from anyone: [`SourceLines::load_verified`] quotes
//! only the sources the run read (regular files inside the sources folder, of the size and
//! SHA-256 the JSONL records).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use escriba_resolve::Status;
use escriba_resolve::review::{LegalMove, PlyReview, Reading, ReadingKind};

use escriba_pipeline::source::text_from_bytes;
use escriba_pipeline::{GameResult, GameStatus};

use crate::error::{Error, Result};
use crate::scan::{Crop, PlaceIn, ScanIn, SpotKey, Trust, crops};

const TEMPLATE: &str = include_str!("../templates/review.html");
/// How many source lines the page shows on each side of a token's line.
const CONTEXT: usize = 2;

/// The side that plays a ply, as JSONL writes it (`white`, `black`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

/// The status named `name` among `all`, by its `as_str` name.
fn by_name<'de, D: Deserializer<'de>, T: Copy>(
    d: D,
    all: &[T],
    as_str: fn(T) -> &'static str,
    what: &str,
) -> std::result::Result<T, D::Error> {
    let name = String::deserialize(d)?;
    all.iter()
        .copied()
        .find(|s| as_str(*s) == name)
        .ok_or_else(|| D::Error::custom(format!("unknown {what} status `{name}`")))
}

/// A ply's status, by the name JSONL writes (`exact`, `repaired`, …).
fn ply_status<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<Status, D::Error> {
    by_name(d, &Status::ALL, Status::as_str, "ply")
}

/// A game's status, by the name JSONL writes (`complete`, `partial`, `failed`, `empty`).
fn game_status<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<GameStatus, D::Error> {
    use GameStatus::{Complete, Empty, Failed, Partial};
    by_name(
        d,
        &[Complete, Partial, Failed, Empty],
        GameStatus::as_str,
        "game",
    )
}

/// One ply of a game's JSONL object: the fields the page reads.
#[derive(Debug, Clone, Deserialize)]
pub struct MoveIn {
    /// 1-based ply.
    pub ply: usize,
    /// The move number.
    pub move_number: u32,
    /// The side that plays it.
    pub side: Side,
    /// The token as printed.
    pub input: String,
    /// SAN.
    pub san: String,
    /// UCI.
    pub uci: String,
    /// The status.
    #[serde(deserialize_with = "ply_status")]
    pub status: Status,
    /// The cost.
    pub cost: u32,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The note.
    pub note: Option<String>,
    /// The position before the ply and the readings (plies that are not exact).
    #[serde(default)]
    pub fen: Option<String>,
    /// The readings, the chosen one first.
    #[serde(default)]
    pub readings: Option<Vec<Reading>>,
    /// The legal moves.
    #[serde(default)]
    pub legal: Vec<LegalMove>,
    /// For an OCR source: the word's box, `[x0, y0, x1, y1]`.
    #[serde(rename = "box", default)]
    pub bbox: Option<[f64; 4]>,
    /// For an OCR source: the scan of the word's page (plies with review data).
    #[serde(default)]
    pub image: Option<ScanIn>,
}

/// A game's JSONL object: the fields the page reads.
#[derive(Debug, Clone, Deserialize)]
pub struct GameIn {
    /// The source as the run named it.
    pub source: String,
    /// The source's size in bytes as the run read it (`None` for stdin, or in a JSONL
    /// that does not record it).
    #[serde(default)]
    pub source_bytes: Option<u64>,
    /// The SHA-256 of the source as the run read it, in lowercase hexadecimal.
    #[serde(default)]
    pub source_sha256: Option<String>,
    /// 1-based game index.
    pub game: u64,
    /// 1-based first line.
    pub line: usize,
    /// 1-based last line.
    #[serde(default)]
    pub end_line: usize,
    /// What became of the game.
    #[serde(deserialize_with = "game_status")]
    pub status: GameStatus,
    /// The dialect id.
    pub notation: Option<String>,
    /// The tags.
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    /// The plies.
    #[serde(default)]
    pub moves: Vec<MoveIn>,
    /// Flags.
    #[serde(default)]
    pub flagged: usize,
    /// Where it stopped.
    pub failure: Option<escriba_pipeline::game::Failure>,
    /// The review data of the failing token.
    #[serde(default)]
    pub failure_review: Option<PlyReview>,
    /// `game` or `fragment`.
    #[serde(default)]
    pub kind: Option<String>,
    /// For an OCR source: where the token the game stopped at stands.
    #[serde(default)]
    pub failure_place: Option<PlaceIn>,
}

impl MoveIn {
    /// The ply's review data, when JSONL carries it (plies that are not exact).
    fn review(&self) -> Option<PlyReview> {
        self.fen.as_ref().map(|fen| PlyReview {
            fen: fen.clone(),
            readings: self.readings.clone().unwrap_or_default(),
            legal: self.legal.clone(),
        })
    }

    /// The move label: `12.` for White, `12...` for Black.
    fn label(&self) -> String {
        let dots = if self.side == Side::Black { "..." } else { "." };
        format!("{}{dots}", self.move_number)
    }
}

impl GameIn {
    /// Every line and column the page quotes is 1-based: a 0 (a hand-edited or foreign
    /// file) is an error, not a place.
    fn check_places(&self) -> std::result::Result<(), String> {
        let places = self
            .moves
            .iter()
            .map(|m| (format!("ply {}", m.ply), m.line, m.column))
            .chain(
                self.failure
                    .iter()
                    .map(|f| ("the failure".to_owned(), f.line, f.column)),
            );
        for (what, line, column) in places {
            if line == 0 || column == 0 {
                return Err(format!(
                    "game {}: {what} is at line {line}, column {column}; lines and columns start at 1",
                    self.game
                ));
            }
        }
        Ok(())
    }

    /// The spots of the game that the page lists, with where their words stand on a page
    /// (for an OCR source): each reviewed ply, and the token the game stopped at.
    pub(crate) fn placed_spots(&self) -> impl Iterator<Item = (SpotKey, PlaceIn)> + '_ {
        let key = |ply, failed| (self.source.clone(), self.game, ply, failed);
        let plies = self
            .moves
            .iter()
            .filter(|m| reviewed(m.status))
            .map(move |m| {
                let place = PlaceIn {
                    bbox: m.bbox,
                    image: m.image.clone(),
                };
                (key(m.ply, false), place)
            });
        let failure = self
            .failure
            .as_ref()
            .zip(self.failure_place.clone())
            .map(move |(f, place)| (key(f.ply + 1, true), place));
        plies.chain(failure)
    }

    /// The object of a processed game, as `--jsonl` writes it.
    pub fn of(r: &GameResult) -> GameIn {
        serde_json::from_str(&escriba_pipeline::jsonl::game_line(r))
            .expect("game_line writes a game")
    }
}

/// Reads a run's JSONL file.
pub fn read_jsonl(path: &Path) -> Result<Vec<GameIn>> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |message: String| Error::Jsonl {
            path: path.to_path_buf(),
            line: i + 1,
            message,
        };
        let g: GameIn = serde_json::from_str(line).map_err(|e| {
            bad(format!(
                "not a game object of `escriba transcribe --jsonl`: {e}"
            ))
        })?;
        g.check_places().map_err(bad)?;
        out.push(g);
    }
    Ok(out)
}

/// The text of the sources a page quotes, read from disk.
#[derive(Debug, Default)]
pub struct SourceLines {
    lines: HashMap<String, std::result::Result<Vec<String>, String>>,
    /// The crops of the page scans around the listed spots' words (OCR sources).
    crops: HashMap<SpotKey, Crop>,
}

/// A source's text as lines, or why there is none.
type Lines = std::result::Result<Vec<String>, String>;

impl SourceLines {
    /// Reads each source named by `games`, trusting the names: for the games of a run
    /// that has just read them (`transcribe --html`), whose sources are the run's own
    /// inputs (paths relative to the current directory, else to `alt_base`). A source that
    /// cannot be read is noted. The page scans named for the listed words of OCR sources
    /// are read the same way, and cropped around them. A JSONL read back from disk is [`SourceLines::load_verified`]'s.
    pub fn load(games: &[GameIn], alt_base: Option<&Path>) -> SourceLines {
        let mut lines = HashMap::new();
        for g in games {
            if lines.contains_key(&g.source) {
                continue;
            }
            let read = if g.source == "-" {
                Err("it was read from stdin".to_owned())
            } else {
                let mut read = Err("the file is no longer there".to_owned());
                for p in candidates(&g.source, alt_base) {
                    read = read_source(&p);
                    if read.is_ok() {
                        break;
                    }
                }
                read.and_then(|b| as_lines(&g.source, &b))
            };
            lines.insert(g.source.clone(), read);
        }
        let spots = games.iter().flat_map(GameIn::placed_spots);
        let crops = crops(spots, &Trust::Run(alt_base));
        SourceLines { lines, crops }
    }

    /// Reads each source named by `games`, read from the JSONL file `jsonl`, which may
    /// come from anyone: a source is quoted only when it is a regular file inside the
    /// folder `sources` (after following every symlink and `..`) whose size and SHA-256
    /// are those the JSONL records for it, so that the page can show nothing but what the
    /// run read. Paths are tried as named (relative to the current directory), then
    /// relative to the JSONL's folder.
    ///
    /// A source that is no longer there is noted on the page; any other source that fails
    /// these checks is an [`Error::Source`] naming it (nothing of it is shown). A page
    /// scan is cropped only when it is one of those sources (a page image the run read);
    /// a scan that an OCR file names gets a note instead: the JSONL records no digest of
    /// it, and the run's own page (`transcribe --html`) shows it.
    pub fn load_verified(games: &[GameIn], jsonl: &Path, sources: &Path) -> Result<SourceLines> {
        let root = std::fs::canonicalize(sources).map_err(|e| Error::io(sources, e))?;
        let base = match jsonl.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut lines = HashMap::new();
        let mut vouched = Vec::new();
        for g in games {
            if lines.contains_key(&g.source) {
                continue;
            }
            let read = if g.source == "-" {
                Err("it was read from stdin".to_owned())
            } else {
                verified_source(g, base, &root, &mut vouched).map_err(|reason| Error::Source {
                    jsonl: jsonl.to_path_buf(),
                    name: g.source.clone(),
                    reason,
                })?
            };
            lines.insert(g.source.clone(), read);
        }
        let crops = crops(
            games.iter().flat_map(GameIn::placed_spots),
            &Trust::Verified {
                read: &vouched,
                base,
            },
        );
        Ok(SourceLines { lines, crops })
    }
}

/// The paths a source's name may mean: as named, then (when relative) under `alt_base`.
fn candidates(name: &str, alt_base: Option<&Path>) -> Vec<PathBuf> {
    let mut tries = vec![PathBuf::from(name)];
    if let Some(b) = alt_base
        && Path::new(name).is_relative()
    {
        tries.push(b.join(name));
    }
    tries
}

/// A source's lines: its text decoded as the run decoded it (a gzip file's as the text it
/// holds, at most [`MAX_SOURCE_BYTES`] of it; an OCR file's as the text laid out from its
/// words, whose lines and columns the run's places name). A page image (`name` ends as
/// one) has no lines to quote: the page shows its scan around each word instead.
fn as_lines(name: &str, bytes: &[u8]) -> Lines {
    if escriba_pipeline::ocr::scan::ImageKind::of(Path::new(name)).is_some() {
        return Err(
            "it is a page image: the page shows the scan around each word, not its text".to_owned(),
        );
    }
    if !bytes.starts_with(&escriba_pipeline::source::GZIP_MAGIC) {
        return text_lines(bytes);
    }
    match escriba_pipeline::source::gunzip(bytes, MAX_SOURCE_BYTES) {
        Ok(Some(text)) => text_lines(&text),
        Ok(None) => Err(format!(
            "the text it holds is larger than {} MiB",
            MAX_SOURCE_BYTES >> 20
        )),
        Err(e) => Err(format!("it cannot be read as gzip: {e}")),
    }
}

/// The lines of a text: an OCR file's laid out from its words, any other decoded.
fn text_lines(bytes: &[u8]) -> Lines {
    use escriba_pipeline::ocr;
    let Some(format) = ocr::sniff(bytes) else {
        return Ok(text_from_bytes(bytes)
            .0
            .lines()
            .map(str::to_owned)
            .collect());
    };
    let xml =
        std::str::from_utf8(bytes).map_err(|e| format!("an OCR file that is not UTF-8: {e}"))?;
    let pages = ocr::parse(format, xml.strip_prefix('\u{feff}').unwrap_or(xml))
        .map_err(|e| format!("it cannot be read as {}: {e}", format.as_str()))?;
    Ok(ocr::lay_out(&pages).0.lines().map(str::to_owned).collect())
}

/// The lines of `g`'s source, checked as [`SourceLines::load_verified`] says: `Ok(Err(_))`
/// when it is no longer there (or too large to quote), `Err(_)` (why) when it is refused.
///
/// The real path of a source that passes is added to `read`.
fn verified_source(
    g: &GameIn,
    base: &Path,
    root: &Path,
    read: &mut Vec<PathBuf>,
) -> std::result::Result<Lines, String> {
    let mut outside = None;
    let mut inside = None;
    for p in candidates(&g.source, Some(base)) {
        // Every symlink and `..` resolved: where the name really leads.
        let Ok(real) = std::fs::canonicalize(&p) else {
            continue;
        };
        if real.starts_with(root) {
            inside = Some(real);
            break;
        }
        outside.get_or_insert(real);
    }
    let Some(real) = inside else {
        return match outside {
            Some(real) => Err(format!(
                "it is {}, outside the sources folder {}: the page quotes only the books in \
                 it (name the folder that holds the run's books with --sources DIR)",
                real.display(),
                root.display()
            )),
            None => Ok(Err("the file is no longer there".to_owned())),
        };
    };
    let (Some(bytes), Some(sha256)) = (g.source_bytes, g.source_sha256.as_deref()) else {
        return Err(
            "the JSONL records no size and SHA-256 of it, so nothing says the run read \
                    it (transcribe the book again with this escriba's --jsonl)"
                .to_owned(),
        );
    };
    let meta = std::fs::metadata(&real).map_err(|e| format!("{}: {e}", real.display()))?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", real.display()));
    }
    if bytes > MAX_SOURCE_BYTES {
        return Ok(Err(format!(
            "it is larger than {} MiB",
            MAX_SOURCE_BYTES >> 20
        )));
    }
    let changed = || {
        format!(
            "{} is not the file the run read (its size or SHA-256 differs from the JSONL's): \
             it has changed since, or the JSONL names another file (transcribe it again to \
             review it as it is now)",
            real.display()
        )
    };
    if meta.len() != bytes {
        return Err(changed());
    }
    let data = read_source(&real)?;
    if escriba_pipeline::jsonl::SourceDigest::of_bytes(&data)
        != (escriba_pipeline::jsonl::SourceDigest {
            bytes,
            sha256: sha256.to_owned(),
        })
    {
        return Err(changed());
    }
    read.push(real);
    Ok(as_lines(&g.source, &data))
}

/// The most of a source the review page reads back for its book lines: far more than any
/// book, and a bound on what a JSONL naming a device or a huge file can make it read.
pub const MAX_SOURCE_BYTES: u64 = 256 << 20;

/// The bytes of a source named in a run's JSONL: a regular file of at most
/// [`MAX_SOURCE_BYTES`], else why not.
fn read_source(path: &Path) -> std::result::Result<Vec<u8>, String> {
    use std::io::Read as _;
    let gone = || "the file is no longer there".to_owned();
    let meta = std::fs::metadata(path).map_err(|_| gone())?;
    if !meta.is_file() {
        return Err("it is not a regular file".to_owned());
    }
    let too_big = || format!("it is larger than {} MiB", MAX_SOURCE_BYTES >> 20);
    if meta.len() > MAX_SOURCE_BYTES {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    let file = std::fs::File::open(path).map_err(|_| gone())?;
    // The file opened is checked again: a name swapped for a device between the two
    // looks is not read.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err("it is not a regular file".to_owned());
    }
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|_| gone())?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

#[derive(Serialize)]
struct CtxLine {
    number: usize,
    before: String,
    mark: String,
    after: String,
    current: bool,
}

#[derive(Serialize)]
struct ReadingOut {
    key: usize,
    san: String,
    uci: String,
    book: String,
    cost: u32,
    note: Option<String>,
    kind: ReadingKind,
}

#[derive(Serialize)]
struct Entry {
    id: String,
    game: u64,
    /// 1-based ply.
    ply: usize,
    /// `12.` or `12...`.
    label: String,
    status: String,
    token: String,
    san: String,
    uci: String,
    cost: u32,
    note: Option<String>,
    source: String,
    line: usize,
    column: usize,
    context: Vec<CtxLine>,
    /// Why no source lines are shown, or why they may not be the ones the run read.
    source_note: Option<String>,
    fen: String,
    readings: Vec<ReadingOut>,
    legal: Vec<LegalMove>,
    failed: bool,
    message: Option<String>,
    players: String,
    /// The crop of the page scan around the token's word, as a PNG `data:` address.
    scan: Option<String>,
    /// Why the scan is not shown, when the word has one.
    scan_note: Option<String>,
}

#[derive(Serialize)]
struct GameRow {
    game: u64,
    white: String,
    black: String,
    heading: String,
    source: String,
    lines: String,
    status: String,
    kind: String,
    flagged: usize,
    entries: usize,
    first: Option<String>,
}

/// What the script needs of an entry.
#[derive(Serialize)]
struct EntryData<'a> {
    id: &'a str,
    source: &'a str,
    line: usize,
    column: usize,
    token: &'a str,
    fen: &'a str,
    uci: &'a str,
    readings: Vec<[&'a str; 3]>,
    legal: Vec<[&'a str; 3]>,
}

/// The statuses that get an entry on the page.
fn reviewed(status: Status) -> bool {
    matches!(
        status,
        Status::Repaired | Status::Ambiguous | Status::Inferred | Status::Corrected
    )
}

fn context(lines: &[String], line: usize, column: usize, width: usize) -> Vec<CtxLine> {
    let first = line.saturating_sub(CONTEXT).max(1);
    let last = (line + CONTEXT).min(lines.len());
    (first..=last)
        .map(|n| {
            let text = &lines[n - 1];
            if n != line {
                return CtxLine {
                    number: n,
                    before: text.clone(),
                    mark: String::new(),
                    after: String::new(),
                    current: false,
                };
            }
            let chars: Vec<char> = text.chars().collect();
            let a = (column - 1).min(chars.len());
            let b = (a + width.max(1)).min(chars.len());
            CtxLine {
                number: n,
                before: chars[..a].iter().collect(),
                mark: chars[a..b].iter().collect(),
                after: chars[b..].iter().collect(),
                current: true,
            }
        })
        .collect()
}

fn json_for_script<T: Serialize>(v: &T) -> String {
    let json = serde_json::to_string(v)
        .expect("page data serializes")
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    // The data keeps the book's text exactly, bidi controls written as JSON escapes, so
    // that none is left raw in the page.
    map_bidi_controls(json, |c| format!("\\u{:04x}", c as u32))
}

/// `text` with each bidi control written as `shown` gives it (the rest as it is).
fn map_bidi_controls(text: String, shown: impl Fn(char) -> String) -> String {
    if !text.chars().any(is_bidi_control) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 64);
    for c in text.chars() {
        if is_bidi_control(c) {
            out.push_str(&shown(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// The bidi controls: embeddings and overrides (U+202A–U+202E), isolates
/// (U+2066–U+2069) and marks (U+200E, U+200F, U+061C). A book's text or a file name
/// holding one could reorder the page's text around it.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}')
}

/// `page` with every bidi control (which can only come from a book or a path: the
/// template has none, and the data block writes them as JSON escapes) shown as its code
/// point, `[U+202E]`: text that is safe in an element and in an attribute alike.
fn show_bidi_controls(page: String) -> String {
    map_bidi_controls(page, |c| format!("[U+{:04X}]", c as u32))
}

/// Renders the review page of `games` (a run's JSONL objects, in order), quoting the book
/// lines from `sources`; `title` names the run.
pub fn render_page(games: &[GameIn], sources: &SourceLines, title: &str) -> Result<String> {
    let mut page = Gathered {
        // Plies by status, in the order of `Status::ALL`.
        counts: Status::ALL.iter().map(|s| (s.as_str(), 0)).collect(),
        entries: Vec::new(),
        rows: Vec::new(),
        missing: BTreeMap::new(),
        plies: 0,
    };
    for g in games {
        page.game(g, sources);
    }
    let Gathered {
        counts,
        entries,
        rows,
        missing,
        plies,
    } = page;
    let data = script_data(&entries);
    let flagged_entries = entries
        .iter()
        .filter(|e| matches!(e.status.as_str(), "repaired" | "ambiguous" | "failed"))
        .count();
    use minijinja::Value as V;
    render_template(minijinja::context! {
        title => title,
        games => games.len(),
        plies => plies,
        counts => V::from(minijinja::value::Serde(&counts)),
        flagged_entries => flagged_entries,
        rows => V::from(minijinja::value::Serde(&rows)),
        entries => V::from(minijinja::value::Serde(&entries)),
        missing => V::from(minijinja::value::Serde(&missing)),
        data => minijinja::Value::from_safe_string(json_for_script(&data)),
        version => env!("CARGO_PKG_VERSION"),
    })
}

/// What the page gathers from the games, one game at a time.
struct Gathered {
    /// Plies by status.
    counts: Vec<(&'static str, u64)>,
    /// One per doubtful ply or failure, in game order.
    entries: Vec<Entry>,
    /// One per game.
    rows: Vec<GameRow>,
    /// The sources the page cannot quote, with why.
    missing: BTreeMap<String, String>,
    /// Plies in all.
    plies: u64,
}

/// One place the page lists: a doubtful ply, or the token a game stopped at.
struct Spot<'g> {
    status: &'g str,
    ply: usize,
    label: String,
    token: &'g str,
    /// Line, column and width of the token.
    at: (usize, usize, usize),
    review: Option<&'g PlyReview>,
    chosen: Option<&'g MoveIn>,
    message: Option<&'g str>,
    /// The crop of the page scan around the token's word, or why there is none.
    crop: Option<&'g Crop>,
}

impl Gathered {
    fn count(&mut self, status: &str) {
        if let Some(c) = self.counts.iter_mut().find(|c| c.0 == status) {
            c.1 += 1;
        }
    }

    /// Counts `g`'s plies, lists its doubtful ones and its failure, and adds its row.
    fn game(&mut self, g: &GameIn, sources: &SourceLines) {
        let tag = |k: &str| g.tags.get(k).cloned().unwrap_or_default();
        let players = match (tag("White"), tag("Black")) {
            (w, b) if w.is_empty() && b.is_empty() => tag("BookHeading"),
            (w, b) => format!("{w} – {b}"),
        };
        let lines = sources.lines.get(&g.source);
        if let Some(Err(why)) = lines {
            self.missing.insert(g.source.clone(), why.clone());
        }
        let first_entry = self.entries.len();
        for m in &g.moves {
            self.plies += 1;
            self.count(m.status.as_str());
            if !reviewed(m.status) {
                continue;
            }
            let review = m.review();
            let spot = Spot {
                status: m.status.as_str(),
                ply: m.ply,
                label: m.label(),
                token: &m.input,
                at: (m.line, m.column, m.input.chars().count()),
                review: review.as_ref(),
                chosen: Some(m),
                message: None,
                crop: sources.crops.get(&(g.source.clone(), g.game, m.ply, false)),
            };
            self.entry(g, lines, &players, spot);
        }
        if let Some(f) = &g.failure {
            self.count(Status::Failed.as_str());
            let spot = Spot {
                status: "failed",
                ply: f.ply + 1,
                label: failure_label(g.failure_review.as_ref()),
                token: &f.token,
                at: (f.line, f.column, f.width),
                review: g.failure_review.as_ref(),
                chosen: None,
                message: Some(&f.message),
                crop: sources
                    .crops
                    .get(&(g.source.clone(), g.game, f.ply + 1, true)),
            };
            self.entry(g, lines, &players, spot);
        }
        self.rows.push(game_row(g, &self.entries[first_entry..]));
    }

    /// Lists `spot` of game `g`, quoting it from the source's `lines`.
    fn entry(&mut self, g: &GameIn, lines: Option<&Lines>, players: &str, spot: Spot<'_>) {
        let (line, column, _) = spot.at;
        let (context, source_note) = source_context(lines, &g.source, spot.token, spot.at);
        let (review, chosen) = (spot.review, spot.chosen);
        self.entries.push(Entry {
            id: format!("e{}", self.entries.len() + 1),
            game: g.game,
            ply: spot.ply,
            label: spot.label,
            status: spot.status.to_owned(),
            token: spot.token.to_owned(),
            san: chosen.map(|m| m.san.clone()).unwrap_or_default(),
            uci: chosen.map(|m| m.uci.clone()).unwrap_or_default(),
            cost: chosen.map_or(0, |m| m.cost),
            note: chosen.and_then(|m| m.note.clone()),
            source: g.source.clone(),
            line,
            column,
            context,
            source_note,
            fen: review.map(|r| r.fen.clone()).unwrap_or_default(),
            readings: readings_out(review),
            legal: review.map(|r| r.legal.clone()).unwrap_or_default(),
            failed: spot.message.is_some(),
            message: spot.message.map(str::to_owned),
            players: players.to_owned(),
            scan: spot.crop.and_then(|c| c.as_ref().ok().cloned()),
            scan_note: spot.crop.and_then(|c| c.as_ref().err().cloned()),
        });
    }
}

/// The book's lines around a token at (`line`, `column`, `width`) of `source`, and a note
/// when they cannot be shown or no longer read the token there.
fn source_context(
    lines: Option<&std::result::Result<Vec<String>, String>>,
    source: &str,
    token: &str,
    (line, column, width): (usize, usize, usize),
) -> (Vec<CtxLine>, Option<String>) {
    match lines {
        Some(Ok(l)) => {
            let printed: String = l
                .get(line.wrapping_sub(1))
                .map(|s| s.chars().skip(column - 1).collect())
                .unwrap_or_default();
            let note = (!printed.starts_with(token)).then(|| {
                format!("the source no longer reads `{token}` here: it has changed since the run")
            });
            (context(l, line, column, width), note)
        }
        Some(Err(why)) => (
            Vec::new(),
            Some(format!("no source lines: `{source}`: {why}")),
        ),
        None => (Vec::new(), Some("no source lines".into())),
    }
}

/// A ply's readings as the page lists them, keyed from 1.
fn readings_out(review: Option<&PlyReview>) -> Vec<ReadingOut> {
    review
        .map(|r| r.readings.as_slice())
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, r)| ReadingOut {
            key: i + 1,
            san: r.san.clone(),
            uci: r.uci.clone(),
            book: r.book.clone(),
            cost: r.cost,
            note: r.note.clone(),
            kind: r.kind,
        })
        .collect()
}

/// The move label (`12.`, `12...`) of the point where a game stopped, from the position
/// there; empty when it is not known.
fn failure_label(review: Option<&PlyReview>) -> String {
    let black = review.is_some_and(|r| r.fen.split(' ').nth(1) == Some("b"));
    let number = review
        .and_then(|r| r.fen.split(' ').nth(5)?.parse::<u32>().ok())
        .unwrap_or(0);
    if number == 0 {
        String::new()
    } else {
        format!("{number}{}", if black { "..." } else { "." })
    }
}

/// A game's row in the page's table of games, with its `entries`.
fn game_row(g: &GameIn, entries: &[Entry]) -> GameRow {
    let tag = |k: &str| g.tags.get(k).cloned().unwrap_or_default();
    GameRow {
        game: g.game,
        white: tag("White"),
        black: tag("Black"),
        heading: tag("BookHeading"),
        source: g.source.clone(),
        lines: if g.end_line > g.line {
            format!("{}–{}", g.line, g.end_line)
        } else {
            g.line.to_string()
        },
        status: g.status.as_str().to_owned(),
        kind: g.kind.clone().unwrap_or_else(|| "game".into()),
        flagged: g.flagged,
        entries: entries.len(),
        first: entries.first().map(|e| e.id.clone()),
    }
}

/// What the page's script reads of each entry (the JSON data block).
fn script_data(entries: &[Entry]) -> Vec<EntryData<'_>> {
    entries
        .iter()
        .map(|e| EntryData {
            id: &e.id,
            source: &e.source,
            line: e.line,
            column: e.column,
            token: &e.token,
            fen: &e.fen,
            uci: &e.uci,
            readings: e
                .readings
                .iter()
                .map(|r| [r.san.as_str(), r.uci.as_str(), r.book.as_str()])
                .collect(),
            legal: e
                .legal
                .iter()
                .map(|l| [l.book.as_str(), l.san.as_str(), l.uci.as_str()])
                .collect(),
        })
        .collect()
}

/// The page: the template rendered with `ctx`.
fn render_template(ctx: minijinja::Value) -> Result<String> {
    let mut env = minijinja::Environment::new();
    let syntax = minijinja::syntax::SyntaxConfig::builder()
        .trim_blocks(true)
        .lstrip_blocks(true)
        .build()
        .map_err(|e| Error::Render {
            message: e.to_string(),
        })?;
    env.set_syntax(syntax);
    env.add_template("review.html", TEMPLATE)
        .map_err(|e| Error::Render {
            message: e.to_string(),
        })?;
    let tmpl = env.get_template("review.html").map_err(|e| Error::Render {
        message: e.to_string(),
    })?;
    tmpl.render(ctx)
        // A NUL is no character of an HTML document (a book's text may hold one): it is
        // shown as U+FFFD, as a parser would.
        .map(|page| {
            if page.contains('\0') {
                page.replace('\0', "\u{FFFD}")
            } else {
                page
            }
        })
        .map(show_bidi_controls)
        .map_err(|e| Error::Render {
            message: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose ambiguous token is markup that would close the data block.
    fn hostile() -> GameIn {
        serde_json::from_value(hostile_json()).unwrap()
    }

    /// [`hostile`]'s JSONL object.
    fn hostile_json() -> serde_json::Value {
        let token = "</script><script>alert(1)</script>";
        serde_json::json!({
            "source": "-", "game": 1, "line": 1, "end_line": 1, "status": "complete",
            "notation": "en-descriptive", "tags": {"White": "<i>W</i>", "Black": "B & co"},
            "flagged": 1, "failure": null,
            "moves": [{
                "ply": 1, "move_number": 1, "side": "white", "input": token, "san": "e4",
                "uci": "e2e4", "status": "ambiguous", "cost": 0, "line": 1, "column": 1,
                "note": token, "alternatives": ["d4"],
                "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "readings": [
                    {"san": "e4", "uci": "e2e4", "book": token, "cost": 0, "note": null, "kind": "chosen"},
                    {"san": "d4", "uci": "d2d4", "book": "P-Q4", "cost": 0, "note": token, "kind": "tie"}
                ],
                "legal": [{"book": token, "san": "e4", "uci": "e2e4"}]
            }]
        })
    }

    #[test]
    fn book_text_cannot_close_the_data_block_nor_become_markup() {
        let page = render_page(&[hostile()], &SourceLines::default(), "<title>").unwrap();
        assert_eq!(
            page.matches("</script>").count(),
            2,
            "only the page's own blocks"
        );
        assert!(!page.contains("<script>alert"));
        assert!(page.contains("&lt;&#x2f;script&gt;&lt;script&gt;alert(1)"));
        assert!(page.contains("&lt;i&gt;W&lt;&#x2f;i&gt; – B &amp; co"));
        assert!(page.contains("escriba review: &lt;title&gt;"));
        // The data block is JSON that reads back to the book's text.
        let at = page.find("id=\"escriba-data\">").unwrap() + "id=\"escriba-data\">".len();
        let data = &page[at..at + page[at..].find("</script>").unwrap()];
        let v: serde_json::Value = serde_json::from_str(data).unwrap();
        assert_eq!(v[0]["token"], "</script><script>alert(1)</script>");
        assert_eq!(v[0]["legal"][0][0], "</script><script>alert(1)</script>");
    }

    #[test]
    fn a_status_or_side_that_jsonl_never_writes_is_an_error_with_its_line() {
        let mut game = hostile_json();
        for (field, bad, message) in [
            ("status", "sure", "unknown ply status `sure`"),
            ("side", "red", "unknown variant `red`"),
        ] {
            let mut g = game.clone();
            g["moves"][0][field] = bad.into();
            let path = std::env::temp_dir().join(format!(
                "escriba-review-{}-{field}.jsonl",
                std::process::id()
            ));
            std::fs::write(&path, format!("\n{g}\n")).unwrap();
            let e = read_jsonl(&path).unwrap_err().to_string();
            std::fs::remove_file(&path).unwrap();
            assert!(
                e.contains(":2: not a game object") && e.contains(message),
                "{e}"
            );
        }
        game["status"] = "won".into();
        assert!(serde_json::from_value::<GameIn>(game).is_err());
    }

    #[test]
    fn a_page_counts_plies_by_status_and_says_when_a_source_cannot_be_read() {
        let mut g = hostile();
        g.failure = Some(escriba_pipeline::game::Failure {
            ply: 1,
            token: "XYZ".into(),
            line: 1,
            column: 9,
            width: 3,
            message: "`XYZ` cannot be read as a move".into(),
            diagnostic: None,
        });
        let sources = SourceLines::load(std::slice::from_ref(&g), None);
        let page = render_page(&[g], &sources, "t").unwrap();
        assert!(page.contains("data-count=\"ambiguous\">1<"));
        assert!(page.contains("data-count=\"failed\">1<"));
        assert!(page.contains("data-count=\"exact\">0<"));
        assert_eq!(page.matches("<article class=\"entry\"").count(), 2);
        assert!(page.contains("it was read from stdin"));
    }
}
