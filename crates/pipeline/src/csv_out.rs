//! CSV outputs (RFC 4180, UTF-8, header row, stable columns): one row per ply, one row
//! per game.

use escriba_resolve::shakmaty::Color;
use serde::Serialize;

use crate::book::UnitKind;
use crate::game::GameResult;

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

fn side(c: Color) -> String {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
    .to_owned()
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
pub fn header_bytes(columns: &[&str]) -> csv::Result<Vec<u8>> {
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
