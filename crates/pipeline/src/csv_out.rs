//! CSV outputs (RFC 4180, UTF-8, header row, stable columns): one row per ply, one row
//! per game.

use escriba_resolve::shakmaty::Color;
use serde::Serialize;

use crate::game::record::GameResult;
use escriba_book::UnitKind;

/// The columns of `plies.csv`, in order.
pub const PLY_COLUMNS: [&str; 13] = [
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

/// One row of `plies.csv`; field order is [`PLY_COLUMNS`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct PlyRow {
    /// Source path.
    pub source: String,
    /// 1-based game index.
    pub game: u64,
    /// 1-based ply within the game.
    pub ply: usize,
    /// Move number.
    pub move_number: u32,
    /// `white` or `black`.
    pub side: String,
    /// The book's token.
    pub input: String,
    /// SAN (English letters); empty on a `failed` row.
    pub san: String,
    /// UCI; empty on a `failed` row.
    pub uci: String,
    /// `exact`, `inferred`, `repaired`, `ambiguous` or `failed`.
    pub status: String,
    /// Reading cost; empty on a `failed` row.
    pub cost: Option<u32>,
    /// 1-based source line.
    pub line: usize,
    /// 1-based source column, in characters.
    pub column: usize,
    /// Why the status is what it is; alternatives of ambiguous plies.
    pub note: String,
}

/// A cell a spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab
/// or a carriage return) gets a `'` before it, which spreadsheets show as text
/// (`--csv-safe`). Other cells are left as they are.
pub fn csv_safe(cell: &mut String) {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        cell.insert(0, '\'');
    }
}

impl PlyRow {
    /// The row with every text cell made safe for spreadsheets ([`csv_safe`]).
    pub fn csv_safe(mut self) -> PlyRow {
        for cell in [
            &mut self.source,
            &mut self.side,
            &mut self.input,
            &mut self.san,
            &mut self.uci,
            &mut self.status,
            &mut self.note,
        ] {
            csv_safe(cell);
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

fn side(c: Color) -> String {
    side_str(c).to_owned()
}

/// The `plies.csv` rows of a game: one per ply, plus a `failed` row for a stopped game.
pub fn ply_rows(r: &GameResult) -> Vec<PlyRow> {
    let mut rows: Vec<PlyRow> = r
        .plies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut note = p.ply.note.as_deref().unwrap_or_default().to_owned();
            if !p.ply.alternatives.is_empty() {
                if !note.is_empty() {
                    note.push_str("; ");
                }
                note.push_str("alternatives: ");
                note.push_str(&p.ply.alternatives.join(" "));
            }
            for issue in r.issues_at(i) {
                if !note.is_empty() {
                    note.push_str("; ");
                }
                note.push_str(&format!(
                    "{}:{}: {}",
                    issue.line, issue.column, issue.message
                ));
            }
            PlyRow {
                source: r.source.to_string(),
                game: r.index,
                ply: i + 1,
                move_number: p.ply.move_number,
                side: side(p.ply.color),
                input: r.input(p).to_owned(),
                san: p.ply.san.to_string(),
                uci: p.ply.uci.to_string(),
                status: p.ply.status.as_str().to_owned(),
                cost: Some(p.ply.cost),
                line: p.line,
                column: p.column,
                note,
            }
        })
        .collect();
    if let Some(f) = &r.failure {
        let (move_number, color) = f
            .diagnostic
            .as_ref()
            .map_or((1, Color::White), |d| (d.move_number, d.color));
        rows.push(PlyRow {
            source: r.source.to_string(),
            game: r.index,
            ply: f.ply + 1,
            move_number,
            side: side(color),
            input: f.token.clone(),
            san: String::new(),
            uci: String::new(),
            status: "failed".to_owned(),
            cost: None,
            line: f.line,
            column: f.column,
            note: f.message.clone(),
        });
    }
    rows
}

/// Appends the `plies.csv` rows of a game to `out`, the same bytes as
/// [`rows_bytes`]`(`[`ply_rows`]`(r))`, written straight from the game: no row is built,
/// and a ply allocates nothing unless it has a note.
pub fn write_ply_rows(r: &GameResult, out: &mut Vec<u8>) -> csv::Result<()> {
    let mut w = csv::WriterBuilder::new()
        .has_headers(false)
        .buffer_capacity(4096)
        .from_writer(out);
    let mut buf = itoa::Buffer::new();
    let mut note = String::new();
    for (i, p) in r.plies.iter().enumerate() {
        note.clear();
        if let Some(n) = &p.ply.note {
            note.push_str(n);
        }
        if !p.ply.alternatives.is_empty() {
            if !note.is_empty() {
                note.push_str("; ");
            }
            note.push_str("alternatives: ");
            for (k, a) in p.ply.alternatives.iter().enumerate() {
                if k > 0 {
                    note.push(' ');
                }
                note.push_str(a);
            }
        }
        for issue in r.issues_at(i) {
            use std::fmt::Write as _;
            if !note.is_empty() {
                note.push_str("; ");
            }
            let _ = write!(note, "{}:{}: {}", issue.line, issue.column, issue.message);
        }
        w.write_field(&*r.source)?;
        w.write_field(buf.format(r.index))?;
        w.write_field(buf.format(i as u64 + 1))?;
        w.write_field(buf.format(p.ply.move_number))?;
        w.write_field(side_str(p.ply.color))?;
        w.write_field(r.input(p))?;
        w.write_field(p.ply.san.as_bytes())?;
        w.write_field(p.ply.uci.as_bytes())?;
        w.write_field(p.ply.status.as_str())?;
        w.write_field(buf.format(p.ply.cost))?;
        w.write_field(buf.format(p.line as u64))?;
        w.write_field(buf.format(p.column as u64))?;
        w.write_field(&note)?;
        w.write_record(None::<&[u8]>)?;
    }
    if let Some(f) = &r.failure {
        let (move_number, color) = f
            .diagnostic
            .as_ref()
            .map_or((1, Color::White), |d| (d.move_number, d.color));
        w.write_field(&*r.source)?;
        w.write_field(buf.format(r.index))?;
        w.write_field(buf.format(f.ply as u64 + 1))?;
        w.write_field(buf.format(move_number))?;
        w.write_field(side_str(color))?;
        w.write_field(&f.token)?;
        w.write_field("")?;
        w.write_field("")?;
        w.write_field("failed")?;
        w.write_field("")?;
        w.write_field(buf.format(f.line as u64))?;
        w.write_field(buf.format(f.column as u64))?;
        w.write_field(&f.message)?;
        w.write_record(None::<&[u8]>)?;
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
    fn ply_rows_written_straight_are_the_bytes_of_the_serialized_rows() {
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
            let mut straight = Vec::new();
            write_ply_rows(r, &mut straight).unwrap();
            let serialized = rows_bytes(ply_rows(r)).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&straight),
                String::from_utf8_lossy(&serialized),
                "game {}",
                r.index
            );
        }
    }
}
