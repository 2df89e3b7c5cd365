//! Arrow record batches of the games and plies, and Arrow IPC streams of them.

use std::sync::Arc;

use arrow_array::builder::{Int32Builder, Int64Builder, StringBuilder, StringDictionaryBuilder};
use arrow_array::types::Int32Type;
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use escriba_pipeline::GameResult;

use escriba_pipeline::csv_out::{GAME_COLUMNS, PLY_COLUMNS};

use crate::columns::{GAME_KINDS, Kind, PLY_KINDS, Value, game_values, ply_values};
use crate::error::{Error, Result};

fn data_type(kind: Kind) -> DataType {
    match kind {
        Kind::Text => DataType::Utf8,
        Kind::Category => DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8)),
        Kind::Int32 => DataType::Int32,
        Kind::Int64 | Kind::OptInt64 => DataType::Int64,
    }
}

fn schema(columns: &[&str], kinds: &[Kind]) -> SchemaRef {
    Arc::new(Schema::new(
        columns
            .iter()
            .zip(kinds)
            .map(|(name, &kind)| Field::new(*name, data_type(kind), kind == Kind::OptInt64))
            .collect::<Vec<_>>(),
    ))
}

/// The schema of the games table: [`GAME_COLUMNS`] typed by [`GAME_KINDS`].
pub fn games_schema() -> SchemaRef {
    schema(&GAME_COLUMNS, &GAME_KINDS)
}

/// The schema of the plies table: [`PLY_COLUMNS`] typed by [`PLY_KINDS`].
pub fn plies_schema() -> SchemaRef {
    schema(&PLY_COLUMNS, &PLY_KINDS)
}

/// One column being built.
enum Column {
    Text(StringBuilder),
    Category(StringDictionaryBuilder<Int32Type>),
    Int32(Int32Builder),
    Int64(Int64Builder),
}

impl Column {
    fn new(kind: Kind) -> Column {
        match kind {
            Kind::Text => Column::Text(StringBuilder::new()),
            Kind::Category => Column::Category(StringDictionaryBuilder::new()),
            Kind::Int32 => Column::Int32(Int32Builder::new()),
            Kind::Int64 | Kind::OptInt64 => Column::Int64(Int64Builder::new()),
        }
    }

    fn append(&mut self, name: &str, v: &Value) -> Result<()> {
        match (self, v) {
            (Column::Text(b), Value::Text(s)) => b.append_value(s),
            (Column::Category(b), Value::Text(s)) => {
                b.append(s)?;
            }
            (Column::Int32(b), Value::Int(n)) => b.append_value(
                i32::try_from(*n)
                    .map_err(|_| Error::Row(format!("`{name}` = {n}: out of 32-bit range")))?,
            ),
            (Column::Int64(b), Value::Int(n)) => b.append_value(*n),
            (Column::Int64(b), Value::Null) => b.append_null(),
            (_, v) => return Err(Error::Row(format!("`{name}` = {v:?}: wrong type"))),
        }
        Ok(())
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Column::Text(b) => Arc::new(b.finish()),
            Column::Category(b) => Arc::new(b.finish()),
            Column::Int32(b) => Arc::new(b.finish()),
            Column::Int64(b) => Arc::new(b.finish()),
        }
    }
}

/// Rows being gathered into one table.
struct Builder {
    schema: SchemaRef,
    names: &'static [&'static str],
    columns: Vec<Column>,
    rows: usize,
}

impl Builder {
    fn new(schema: SchemaRef, names: &'static [&'static str], kinds: &[Kind]) -> Builder {
        Builder {
            schema,
            names,
            columns: kinds.iter().map(|&k| Column::new(k)).collect(),
            rows: 0,
        }
    }

    fn push(&mut self, row: &[Value]) -> Result<()> {
        for ((c, name), v) in self.columns.iter_mut().zip(self.names).zip(row) {
            c.append(name, v)?;
        }
        self.rows += 1;
        Ok(())
    }

    fn finish(&mut self) -> Result<RecordBatch> {
        self.rows = 0;
        let columns = self.columns.iter_mut().map(Column::finish).collect();
        Ok(RecordBatch::try_new(self.schema.clone(), columns)?)
    }
}

/// The games and plies of a run (or of a part of one) as Arrow arrays being built; take
/// them out as record batches with [`Tables::finish`].
pub struct Tables {
    games: Builder,
    plies: Builder,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables::new()
    }
}

impl Tables {
    /// Empty tables.
    pub fn new() -> Tables {
        Tables {
            games: Builder::new(games_schema(), &GAME_COLUMNS, &GAME_KINDS),
            plies: Builder::new(plies_schema(), &PLY_COLUMNS, &PLY_KINDS),
        }
    }

    /// Adds a game's row and its plies' rows.
    pub fn push(&mut self, r: &GameResult) -> Result<()> {
        self.games.push(&game_values(r)?)?;
        for row in ply_values(r)? {
            self.plies.push(&row)?;
        }
        Ok(())
    }

    /// Game rows gathered since the last [`Tables::finish`].
    #[cfg(test)]
    pub fn games_len(&self) -> usize {
        self.games.rows
    }

    /// Ply rows gathered since the last [`Tables::finish`].
    pub fn plies_len(&self) -> usize {
        self.plies.rows
    }

    /// The rows gathered so far as record batches `(games, plies)`; the tables start
    /// again empty.
    pub fn finish(&mut self) -> Result<(RecordBatch, RecordBatch)> {
        Ok((self.games.finish()?, self.plies.finish()?))
    }
}

/// Record batches (of one schema) as an Arrow IPC stream, as `pyarrow.ipc.open_stream`
/// and every other Arrow implementation read it.
pub fn ipc_stream(schema: &Schema, batches: &[RecordBatch]) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut w = arrow_ipc::writer::StreamWriter::try_new(&mut out, schema)?;
    for b in batches {
        w.write(b)?;
    }
    w.finish()?;
    drop(w);
    Ok(out)
}
