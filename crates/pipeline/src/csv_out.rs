//! CSV outputs (RFC 4180, UTF-8, header row, stable columns): one row per ply, one row
//! per game.

use std::borrow::Cow;
use std::fmt::Write as _;

use escriba_resolve::shakmaty::Color;
use serde::Serialize;

use crate::game::record::{GameResult, PlyRecord};
use escriba_book::UnitKind;

/// The columns of `plies.csv`, in order.
pub const PLY_COLUMNS: [&str; 18] = [
    "source",
    "game",
    "ply",
    "move_number",
    "side",
    "input",
    "san",
    "uci",
    "status",
    "cost",
    "line",
    "column",
    "note",
    "page",
    "box_x0",
    "box_y0",
    "box_x1",
    "box_y1",
];

/// The columns of `games.csv`, in order.
pub const GAME_COLUMNS: [&str; 17] = [
    "source",
    "game",
    "line",
    "event",
    "site",
    "date",
    "round",
    "white",
    "black",
    "result",
    "notation",
    "plies",
    "flagged",
    "status",
    "first_issue",
    "end_line",
    "kind",
];

/// One row of `plies.csv`; field order is [`PLY_COLUMNS`]. Written, it borrows from its
/// game ([`ply_rows`]); read back (`csv::Reader::deserialize`), it owns its text
/// (`PlyRow<'static>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct PlyRow<'a> {
    /// Source path.
    pub source: Cow<'a, str>,
    /// 1-based game index.
    pub game: u64,
    /// 1-based ply within the game.
    pub ply: usize,
    /// Move number.
    pub move_number: u32,
    /// `white` or `black`.
    pub side: Cow<'a, str>,
    /// The book's token.
    pub input: Cow<'a, str>,
    /// SAN (English letters); empty on a `failed` row.
    pub san: Cow<'a, str>,
    /// UCI; empty on a `failed` row.
    pub uci: Cow<'a, str>,
    /// `exact`, `inferred`, `repaired`, `ambiguous` or `failed`.
    pub status: Cow<'a, str>,
    /// Reading cost; empty on a `failed` row.
    pub cost: Option<u32>,
    /// 1-based source line.
    pub line: usize,
    /// 1-based source column, in characters.
    pub column: usize,
    /// Why the status is what it is; alternatives of ambiguous plies.
    pub note: Cow<'a, str>,
    /// The 1-based page of the token's word, for a source read from an OCR file or a
    /// page image; empty for text.
    #[serde(default)]
    pub page: Option<u32>,
    /// The left edge of the word's box, in the OCR file's units (pixels for hOCR, PAGE and
    /// page images) rounded to a whole unit; empty with `page`.
    #[serde(default)]
    pub box_x0: Option<i64>,
    /// The top edge of the word's box.
    #[serde(default)]
    pub box_y0: Option<i64>,
    /// The right edge of the word's box.
    #[serde(default)]
    pub box_x1: Option<i64>,
    /// The bottom edge of the word's box.
    #[serde(default)]
    pub box_y1: Option<i64>,
}

/// A cell a spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab
/// or a carriage return) gets a `'` before it, which spreadsheets show as text
/// (`--csv-safe`). Other cells are left as they are.
pub fn csv_safe(cell: &mut String) {
    if is_formula(cell) {
        cell.insert(0, '\'');
    }
}

/// True for a cell a spreadsheet would read as a formula ([`csv_safe`]).
fn is_formula(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

impl PlyRow<'_> {
    /// The row with every text cell made safe for spreadsheets ([`csv_safe`]).
    pub fn csv_safe(mut self) -> Self {
        for cell in [
            &mut self.source,
            &mut self.side,
            &mut self.input,
            &mut self.san,
            &mut self.uci,
            &mut self.status,
            &mut self.note,
        ] {
            if is_formula(cell) {
                *cell = Cow::Owned(format!("'{cell}"));
            }
        }
        self
    }
}

impl GameRow {
    /// The row with every text cell made safe for spreadsheets ([`csv_safe`]).
    pub fn csv_safe(mut self) -> GameRow {
        for cell in [
            &mut self.source,
            &mut self.event,
            &mut self.site,
            &mut self.date,
            &mut self.round,
            &mut self.white,
            &mut self.black,
            &mut self.result,
            &mut self.notation,
            &mut self.status,
            &mut self.first_issue,
            &mut self.kind,
        ] {
            csv_safe(cell);
        }
        self
    }
}

/// One row of `games.csv`; field order is [`GAME_COLUMNS`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct GameRow {
    /// Source path.
    pub source: String,
    /// 1-based game index.
    pub game: u64,
    /// 1-based line where the game starts.
    pub line: usize,
    /// `Event` tag, empty when unknown.
    pub event: String,
    /// `Site` tag.
    pub site: String,
    /// `Date` tag.
    pub date: String,
    /// `Round` tag.
    pub round: String,
    /// `White` tag.
    pub white: String,
    /// `Black` tag.
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Dialect id, empty for an empty game.
    pub notation: String,
    /// Plies transcribed.
    pub plies: usize,
    /// Flagged plies.
    pub flagged: usize,
    /// `complete`, `partial`, `failed` or `empty`.
    pub status: String,
    /// The failure or first flagged ply, as `line:column: message`.
    pub first_issue: String,
    /// 1-based last line of the game's text (with `line`, the range it came from).
    pub end_line: usize,
    /// `game`, or `fragment` for a book's analysis, opening lines and studies.
    pub kind: String,
}

fn side_str(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A ply's note in `plies.csv`: its own note, its alternatives and the issues at it.
/// Borrowed when there is only its own note, so a clean ply allocates nothing.
fn ply_note<'r>(r: &'r GameResult, i: usize, p: &'r PlyRecord) -> Cow<'r, str> {
    let own = p.ply.note.as_deref().unwrap_or_default();
    let mut issues = r.issues_at(i).peekable();
    if p.ply.alternatives.is_empty() && issues.peek().is_none() {
        return Cow::Borrowed(own);
    }
    let mut note = own.to_owned();
    let part = |note: &mut String| {
        if !note.is_empty() {
            note.push_str("; ");
        }
    };
    if !p.ply.alternatives.is_empty() {
        part(&mut note);
        note.push_str("alternatives: ");
        note.push_str(&p.ply.alternatives.join(" "));
    }
    for issue in issues {
        part(&mut note);
        let _ = write!(note, "{}:{}: {}", issue.line, issue.column, issue.message);
    }
    Cow::Owned(note)
}

/// A row's page and box cells: those of the word at `line`, `column` when the game was
/// read from an OCR file or a page image.
fn with_place<'a>(r: &GameResult, line: usize, column: usize, row: PlyRow<'a>) -> PlyRow<'a> {
    let Some(place) = r.place(line, column) else {
        return row;
    };
    let [x0, y0, x1, y1] = place.bbox.map(|v| v.round() as i64);
    PlyRow {
        page: Some(place.page),
        box_x0: Some(x0),
        box_y0: Some(y0),
        box_x1: Some(x1),
        box_y1: Some(y1),
        ..row
    }
}

/// The `plies.csv` rows of a game, borrowing from it: one per ply, plus a `failed` row
/// for a stopped game.
pub fn ply_rows(r: &GameResult) -> impl Iterator<Item = PlyRow<'_>> {
    let plies = r.plies.iter().enumerate().map(move |(i, p)| {
        let row = PlyRow {
            source: Cow::Borrowed(&r.source),
            game: r.index,
            ply: i + 1,
            move_number: p.ply.move_number,
            side: Cow::Borrowed(side_str(p.ply.color)),
            input: Cow::Borrowed(r.input(p)),
            san: Cow::Borrowed(p.ply.san.as_str()),
            uci: Cow::Borrowed(p.ply.uci.as_str()),
            status: Cow::Borrowed(p.ply.status.as_str()),
            cost: Some(p.ply.cost),
            line: p.line,
            column: p.column,
            note: ply_note(r, i, p),
            page: None,
            box_x0: None,
            box_y0: None,
            box_x1: None,
            box_y1: None,
        };
        with_place(r, p.line, p.column, row)
    });
    let failed = r.failure.as_ref().map(|f| {
        let (move_number, color) = f
            .diagnostic
            .as_ref()
            .map_or((1, Color::White), |d| (d.move_number, d.color));
        let row = PlyRow {
            source: Cow::Borrowed(&r.source),
            game: r.index,
            ply: f.ply + 1,
            move_number,
            side: Cow::Borrowed(side_str(color)),
            input: Cow::Borrowed(&f.token),
            san: Cow::Borrowed(""),
            uci: Cow::Borrowed(""),
            status: Cow::Borrowed("failed"),
            cost: None,
            line: f.line,
            column: f.column,
            note: Cow::Borrowed(&f.message),
            page: None,
            box_x0: None,
            box_y0: None,
            box_x1: None,
            box_y1: None,
        };
        with_place(r, f.line, f.column, row)
    });
    plies.chain(failed)
}

/// Appends the `plies.csv` rows of a game ([`ply_rows`]) to `out`, each made safe for
/// spreadsheets ([`PlyRow::csv_safe`]) when `safe`. This is the one writer of
/// `plies.csv`: a ply allocates nothing unless it has a note or a cell to make safe.
pub fn write_ply_rows(r: &GameResult, safe: bool, out: &mut Vec<u8>) -> csv::Result<()> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .buffer_capacity(4096)
        .from_writer(out);
    for row in ply_rows(r) {
        w.serialize(if safe { row.csv_safe() } else { row })?;
    }
    w.flush()?;
    Ok(())
}

/// The `games.csv` row of a game.
pub fn game_row(r: &GameResult) -> GameRow {
    let tag = |n: &str| r.tags.get(n).unwrap_or("").to_owned();
    GameRow {
        source: r.source.to_string(),
        game: r.index,
        line: r.line,
        event: tag("Event"),
        site: tag("Site"),
        date: tag("Date"),
        round: tag("Round"),
        white: tag("White"),
        black: tag("Black"),
        result: r.result.to_owned(),
        notation: r.dialect.map(|d| d.id().to_owned()).unwrap_or_default(),
        plies: r.plies.len(),
        flagged: r.flagged,
        status: r.status.as_str().to_owned(),
        first_issue: r.first_issue(),
        end_line: r.end_line(),
        kind: r
            .book
            .as_ref()
            .map_or(UnitKind::Game, |b| b.kind)
            .as_str()
            .to_owned(),
    }
}

/// A header row as CSV bytes (written even when no row follows).
pub(crate) fn header_bytes(columns: &[&str]) -> csv::Result<Vec<u8>> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    w.write_record(columns)?;
    w.into_inner().map_err(|e| e.into_error().into())
}

/// Rows as CSV bytes, without a header (so that games can be rendered apart and joined).
pub fn rows_bytes<T: Serialize>(rows: impl IntoIterator<Item = T>) -> csv::Result<Vec<u8>> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(Vec::new());
    for row in rows {
        w.serialize(row)?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::choice::Notation;
    use crate::config::Config;
    use crate::game::process_game;
    use crate::game::record::GameText;
    use crate::segment::{BlockSegmenter, segment_text};

    fn games(text: &str, notation: &str) -> Vec<GameResult> {
        let cfg = Config {
            notation: Notation::Fixed(notation.parse().unwrap()),
            ..Config::default()
        };
        segment_text(&mut BlockSegmenter::new(), text)
            .into_iter()
            .enumerate()
            .map(|(i, segment)| {
                let g = GameText {
                    source: Arc::from("a \"quoted\", book.txt"),
                    index: i as u64 + 1,
                    segment,
                };
                process_game(&g, &cfg)
            })
            .collect()
    }

    #[test]
    fn ply_rows_written_are_the_rows_read_back_and_safe_rows_quote_formulas() {
        // Clean plies, an ambiguous ply with alternatives, unread words, a stop, a
        // variation, a comment with a comma and quotes, and a game without moves.
        let text = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 1-0\n\n\
                    [White \"A, \\\"B\\\"\"]\n\n1. P-K4 P-K4 2. P-B4 {a \"note\", here} PxP 3. Kt-B3 *\n\n\
                    1. P-K4 blah P-K4 2. Q-R5 Kt-QB3 3. B-B4 Kt-B3 4. QxBP mate\n\n\
                    1. P-Q4 P-Q4 2. K-K8 P-K3 *\n\n\
                    1. P-K4 (1. P-Q4 P-Q4) P-K4 *\n\n\
                    {only words}\n";
        let results = games(text, "en-descriptive");
        assert!(results.len() >= 5, "{} games", results.len());
        assert!(results.iter().any(|r| r.failure.is_some()), "a game stops");
        assert!(
            results
                .iter()
                .flat_map(|r| &r.plies)
                .any(|p| !p.ply.alternatives.is_empty() || p.ply.note.is_some()),
            "a ply has a note"
        );
        for r in &results {
            for safe in [false, true] {
                let mut bytes = Vec::new();
                write_ply_rows(r, safe, &mut bytes).unwrap();
                let back: Vec<PlyRow<'static>> = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .from_reader(&bytes[..])
                    .deserialize()
                    .map(Result::unwrap)
                    .collect();
                let rows: Vec<PlyRow<'_>> = ply_rows(r)
                    .map(|row| if safe { row.csv_safe() } else { row })
                    .collect();
                assert_eq!(back, rows, "game {}", r.index);
                assert!(rows.iter().all(|row| row.page.is_none()), "no OCR, no page");
            }
        }
        let failed = results
            .iter()
            .find_map(|r| ply_rows(r).find(|row| row.status == "failed"));
        assert!(failed.is_some(), "a stopped game has its failed row");
        let mut row = failed.unwrap();
        row.note = Cow::Borrowed("-1 is a formula");
        assert_eq!(row.csv_safe().note, "'-1 is a formula");
    }
}
