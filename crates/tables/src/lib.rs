//! # escriba-tables
//!
//! The games and plies of a run as typed tables: Arrow record batches (for Python and
//! Spark), Parquet files, and one SQLite database.
//!
//! Every table is built from the rows the CSV writers define
//! ([`escriba_pipeline::csv_out::game_row`], [`escriba_pipeline::csv_out::ply_rows`]) and
//! from their column lists ([`GAME_COLUMNS`], [`PLY_COLUMNS`]): a column is named once,
//! there, and this crate only says its type ([`GAME_KINDS`], [`PLY_KINDS`]). A value is
//! the row's field as serialized, so every cell holds what the CSV file holds: the same
//! text, or the same number as an integer, or null where the CSV field is empty (`cost`
//! on a `failed` row).
//!
//! - [`Tables`]: Arrow builders for one run (or a part of one), and [`ipc_stream`];
//! - [`ParquetOut`]: `games.parquet` and `plies.parquet`, written as the games come;
//! - [`SqliteOut`]: a SQLite database with `sources`, `games`, `plies` (with the FEN after
//!   each ply), `issues` and `book_spans`, built in memory and serialized at the end;
//! - [`Recorder`]: an [`Observer`] feeding any of them during a run.
#![deny(missing_docs)]

mod arrow;
mod parquet_out;
mod sqlite;

use escriba_pipeline::{GameResult, Observer};

pub use crate::arrow::{Tables, games_schema, ipc_stream, plies_schema};
pub use crate::parquet_out::ParquetOut;
pub use crate::sqlite::SqliteOut;
pub use arrow_array::RecordBatch;
pub use escriba_pipeline::csv_out::{GAME_COLUMNS, PLY_COLUMNS};

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
    /// A 64-bit integer or null (`plies.cost`, empty on a `failed` row).
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

/// What can go wrong building or writing the tables.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An Arrow array or record batch could not be built or encoded.
    #[error("arrow: {0}")]
    Arrow(#[from] arrow_schema::ArrowError),
    /// A Parquet file could not be written.
    #[error("parquet: {0}")]
    Parquet(#[from] parquet::errors::ParquetError),
    /// The SQLite database could not be built.
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A row could not be turned into values.
    #[error("row: {0}")]
    Row(String),
    /// Writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// This crate's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;

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
        .iter()
        .map(|row| values(row, &PLY_COLUMNS, &PLY_KINDS))
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

/// An [`Observer`] that feeds the typed outputs of a run as its games come, in output
/// order. The first error stops the feeding; [`Recorder::finish`] returns it.
pub struct Recorder<W: std::io::Write + Send> {
    /// Arrow tables, kept in memory (for the Python API).
    pub arrow: Option<Tables>,
    /// Parquet files, written as the games come.
    pub parquet: Option<ParquetOut<W>>,
    /// The SQLite database, built in memory.
    pub sqlite: Option<SqliteOut>,
    error: Option<Error>,
}

impl<W: std::io::Write + Send> Recorder<W> {
    /// Records into what is given.
    pub fn new(
        arrow: Option<Tables>,
        parquet: Option<ParquetOut<W>>,
        sqlite: Option<SqliteOut>,
    ) -> Recorder<W> {
        Recorder {
            arrow,
            parquet,
            sqlite,
            error: None,
        }
    }

    /// True when nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.arrow.is_none() && self.parquet.is_none() && self.sqlite.is_none()
    }

    fn push(&mut self, r: &GameResult) -> Result<()> {
        if let Some(t) = &mut self.arrow {
            t.push(r)?;
        }
        if let Some(p) = &mut self.parquet {
            p.push(r)?;
        }
        if let Some(s) = &mut self.sqlite {
            s.push(r)?;
        }
        Ok(())
    }

    /// The first error met while recording, if any; what was recorded otherwise.
    pub fn finish(self) -> Result<Self> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self),
        }
    }
}

impl<W: std::io::Write + Send> Observer for Recorder<W> {
    fn game(&mut self, r: &GameResult) {
        if self.error.is_none()
            && let Err(e) = self.push(r)
        {
            self.error = Some(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_has_a_type_and_the_integers_are_where_the_rows_have_numbers() {
        let ints: Vec<&str> = PLY_COLUMNS
            .iter()
            .zip(PLY_KINDS)
            .filter(|(_, k)| matches!(k, Int32 | Int64 | OptInt64))
            .map(|(n, _)| *n)
            .collect();
        assert_eq!(
            ints,
            ["game", "ply", "move_number", "cost", "line", "column"]
        );
        let ints: Vec<&str> = GAME_COLUMNS
            .iter()
            .zip(GAME_KINDS)
            .filter(|(_, k)| matches!(k, Int32 | Int64 | OptInt64))
            .map(|(n, _)| *n)
            .collect();
        assert_eq!(ints, ["game", "line", "plies", "flagged", "end_line"]);
    }
}

#[cfg(test)]
mod csv_tests {
    use std::sync::Arc;

    use escriba_pipeline::{Config, Input, Notation, Sink, Sinks, transcribe};

    use super::*;

    /// Collects each game's cells.
    #[derive(Default)]
    struct Cells {
        games: Vec<Vec<Value>>,
        plies: Vec<Vec<Value>>,
    }

    impl Observer for Cells {
        fn game(&mut self, r: &GameResult) {
            self.games.push(game_values(r).unwrap());
            self.plies.extend(ply_values(r).unwrap());
        }
    }

    fn csv_of(rows: &[Vec<Value>]) -> Vec<u8> {
        let mut w = csv_writer();
        for r in rows {
            w.write_record(r.iter().map(Value::to_csv_field)).unwrap();
        }
        w.into_inner().unwrap()
    }

    fn csv_writer() -> csv::Writer<Vec<u8>> {
        csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new())
    }

    #[test]
    fn the_cells_are_the_csv_files_fields() {
        // A tag with a comma and quotes, a clean game, one that stops (a null cost), a
        // warning, and a game without moves.
        let text = "[White \"A, \\\"B\\\"\"]\n\n1. P-K4 P-K4 2. P-B4 {a \"note\", here} PxP *\n\n\
                    1. P-K4 blah P-K4 2. Q-R5 Kt-QB3 3. B-B4 Kt-B3 4. QxBP mate\n\n\
                    1. P-Q4 P-Q4 2. K-K8 P-K3 *\n\n{only words}\n";
        let cfg = Config {
            notation: Notation::Fixed("en-descriptive".parse().unwrap()),
            ..Config::default()
        };
        let input = Input::Text {
            name: "a \"quoted\", book.txt".into(),
            bytes: Arc::from(text.as_bytes()),
        };
        let (mut games, mut plies, mut cells) = (Vec::new(), Vec::new(), Cells::default());
        {
            let mut sinks = Sinks {
                games_csv: Some(Sink::new("g", &mut games)),
                plies_csv: Some(Sink::new("p", &mut plies)),
                observer: Some(&mut cells),
                ..Sinks::default()
            };
            transcribe(&[input], &cfg, &mut sinks).unwrap();
        }
        assert!(
            cells.plies.iter().any(|r| r[9] == Value::Null),
            "a failed row"
        );
        let header = |c: &[&str]| {
            let mut w = csv_writer();
            w.write_record(c).unwrap();
            w.into_inner().unwrap()
        };
        let mut want = header(&GAME_COLUMNS);
        want.extend(csv_of(&cells.games));
        assert_eq!(String::from_utf8(games), String::from_utf8(want));
        let mut want = header(&PLY_COLUMNS);
        want.extend(csv_of(&cells.plies));
        assert_eq!(String::from_utf8(plies), String::from_utf8(want));
    }

    #[test]
    fn arrow_tables_and_ipc_streams_hold_every_row() {
        let cfg = Config::default();
        let input = Input::Text {
            name: "t".into(),
            bytes: Arc::from(&b"1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 Zz9 *\n"[..]),
        };
        let mut rec: Recorder<Vec<u8>> = Recorder::new(Some(Tables::new()), None, None);
        {
            let mut sinks = Sinks {
                observer: Some(&mut rec),
                ..Sinks::default()
            };
            transcribe(&[input], &cfg, &mut sinks).unwrap();
        }
        let mut tables = rec.finish().unwrap().arrow.unwrap();
        assert_eq!((tables.games_len(), tables.plies_len()), (2, 6));
        let (games, plies) = tables.finish().unwrap();
        assert_eq!((games.num_rows(), plies.num_rows()), (2, 6));
        assert_eq!(tables.plies_len(), 0, "the tables start again empty");
        let bytes = ipc_stream(&plies_schema(), std::slice::from_ref(&plies)).unwrap();
        let read: Vec<RecordBatch> =
            arrow_ipc::reader::StreamReader::try_new(std::io::Cursor::new(bytes), None)
                .unwrap()
                .map(|b| b.unwrap())
                .collect();
        assert_eq!(read, vec![plies]);
    }
}
