//! The columns' types, and the cells of a game's rows, from the CSV writers' rows.

use escriba_pipeline::GameResult;
use escriba_pipeline::csv_out::{GAME_COLUMNS, PLY_COLUMNS};

use crate::error::{Error, Result};

/// A column's type in the typed outputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// UTF-8 text, never null (an empty CSV field is an empty string).
    Text,
    /// Text from a small set (a status, a side, a dialect id): Arrow dictionary-encoded,
    /// so pandas and polars read it as categorical; plain text in SQLite.
    Category,
    /// A 32-bit integer, never null.
    Int32,
    /// A 64-bit integer, never null.
    Int64,
    /// A 64-bit integer or null (`plies.cost`, empty on a `failed` row; `plies.page` and
    /// the box, empty for a source that was not an OCR file or a page image).
    OptInt64,
}

use Kind::{Category, Int32, Int64, OptInt64, Text};

/// The types of [`PLY_COLUMNS`], in order.
pub const PLY_KINDS: [Kind; PLY_COLUMNS.len()] = [
    Text,     // source
    Int64,    // game
    Int32,    // ply
    Int32,    // move_number
    Category, // side
    Text,     // input
    Text,     // san
    Text,     // uci
    Category, // status
    OptInt64, // cost
    Int32,    // line
    Int32,    // column
    Text,     // note
    OptInt64, // page
    OptInt64, // box_x0
    OptInt64, // box_y0
    OptInt64, // box_x1
    OptInt64, // box_y1
];

/// The types of [`GAME_COLUMNS`], in order.
pub const GAME_KINDS: [Kind; GAME_COLUMNS.len()] = [
    Text,     // source
    Int64,    // game
    Int32,    // line
    Text,     // event
    Text,     // site
    Text,     // date
    Text,     // round
    Text,     // white
    Text,     // black
    Category, // result
    Category, // notation
    Int32,    // plies
    Int32,    // flagged
    Category, // status
    Text,     // first_issue
    Int32,    // end_line
    Category, // kind
];

/// One cell: what a CSV field holds, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Text (also for [`Kind::Category`]).
    Text(String),
    /// An integer.
    Int(i64),
    /// No value (an empty CSV field of an integer column).
    Null,
}

impl Value {
    /// The cell as the CSV file writes it.
    #[cfg(test)]
    pub fn to_csv_field(&self) -> String {
        match self {
            Value::Text(s) => s.clone(),
            Value::Int(n) => n.to_string(),
            Value::Null => String::new(),
        }
    }
}

/// The cells of a row, in the order of `columns`, from its serialized fields.
fn values<T: serde::Serialize>(row: &T, columns: &[&str], kinds: &[Kind]) -> Result<Vec<Value>> {
    let serde_json::Value::Object(mut map) =
        serde_json::to_value(row).map_err(|e| Error::Row(e.to_string()))?
    else {
        return Err(Error::Row("a row is not a struct".into()));
    };
    columns
        .iter()
        .zip(kinds)
        .map(|(name, kind)| {
            let v = map
                .remove(*name)
                .ok_or_else(|| Error::Row(format!("no field `{name}`")))?;
            match (v, kind) {
                (serde_json::Value::String(s), Text | Category) => Ok(Value::Text(s)),
                (serde_json::Value::Number(n), Int32 | Int64 | OptInt64) => n
                    .as_i64()
                    .map(Value::Int)
                    .ok_or_else(|| Error::Row(format!("`{name}` = {n}: not an integer"))),
                (serde_json::Value::Null, OptInt64) => Ok(Value::Null),
                (v, k) => Err(Error::Row(format!("`{name}` = {v}: not a {k:?}"))),
            }
        })
        .collect()
}

/// The cells of a game's `games.csv` row, in [`GAME_COLUMNS`] order.
pub fn game_values(r: &GameResult) -> Result<Vec<Value>> {
    values(
        &escriba_pipeline::csv_out::game_row(r),
        &GAME_COLUMNS,
        &GAME_KINDS,
    )
}

/// The cells of a game's `plies.csv` rows, each in [`PLY_COLUMNS`] order.
pub fn ply_values(r: &GameResult) -> Result<Vec<Vec<Value>>> {
    escriba_pipeline::csv_out::ply_rows(r)
        .map(|row| values(&row, &PLY_COLUMNS, &PLY_KINDS))
        .collect()
}

/// The FEN after each ply of a game's main line (replayed from its `FEN` tag or the
/// standard start), one per transcribed ply; `None` where the start does not parse.
pub fn fens_after(r: &GameResult) -> Vec<Option<String>> {
    use escriba_resolve::shakmaty::fen::Fen;
    use escriba_resolve::shakmaty::{EnPassantMode, Position};
    let Ok(mut pos) = escriba_resolve::start_position(r.tags.get("FEN"), false) else {
        return vec![None; r.plies.len()];
    };
    let mut out = Vec::with_capacity(r.plies.len());
    for p in &r.plies {
        if pos.is_legal(p.ply.mv) {
            pos.play_unchecked(p.ply.mv);
            out.push(Some(
                Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
            ));
        } else {
            // The replay left the decoder's line: no position can be vouched for.
            out.extend(std::iter::repeat_n(None, r.plies.len() - out.len()));
            break;
        }
    }
    out
}
