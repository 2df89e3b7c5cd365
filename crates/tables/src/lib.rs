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
//! - [`Recorder`]: an [`Observer`](escriba_pipeline::batch::Observer) feeding any of them during a run.
#![deny(missing_docs)]

mod arrow;
mod columns;
mod error;
mod parquet_out;
mod recorder;
mod sqlite;

pub use crate::arrow::{Tables, games_schema, ipc_stream, plies_schema};
pub use crate::columns::{GAME_KINDS, Kind, PLY_KINDS, Value, fens_after, game_values, ply_values};
pub use crate::error::{Error, Result};
pub use crate::parquet_out::ParquetOut;
pub use crate::recorder::Recorder;
pub use crate::sqlite::SqliteOut;
pub use arrow_array::RecordBatch;
pub use escriba_pipeline::csv_out::{GAME_COLUMNS, PLY_COLUMNS};

#[cfg(test)]
mod tests {
    use super::*;
    use Kind::{Int32, Int64, OptInt64};

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
            [
                "game",
                "ply",
                "move_number",
                "cost",
                "line",
                "column",
                "page",
                "box_x0",
                "box_y0",
                "box_x1",
                "box_y1"
            ]
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

    use escriba_pipeline::{
        Config, GameResult, Input, Notation, Observer, Sink, Sinks, transcribe,
    };

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
