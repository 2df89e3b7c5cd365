//! `games.parquet` and `plies.parquet`, written as the games of a run come.

use std::io::Write;

use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

use escriba_pipeline::GameResult;

use crate::arrow::{Tables, games_schema, plies_schema};
use crate::error::Result;

/// Ply rows gathered before a row group is written.
const ROWS_PER_BATCH: usize = 64 * 1024;

/// The two Parquet files of a run, Snappy-compressed, with the Arrow schema stored in
/// the files' metadata (so that Arrow readers get the dictionary-encoded columns back as
/// categories; others read them as strings).
pub struct ParquetOut<W: Write + Send> {
    games: ArrowWriter<W>,
    plies: ArrowWriter<W>,
    tables: Tables,
}

impl<W: Write + Send> ParquetOut<W> {
    /// Starts the files on the two writers.
    pub fn new(games: W, plies: W) -> Result<ParquetOut<W>> {
        let props = || {
            WriterProperties::builder()
                .set_compression(Compression::SNAPPY)
                .set_created_by(format!("escriba {}", env!("CARGO_PKG_VERSION")))
                .build()
        };
        Ok(ParquetOut {
            games: ArrowWriter::try_new(games, games_schema(), Some(props()))?,
            plies: ArrowWriter::try_new(plies, plies_schema(), Some(props()))?,
            tables: Tables::new(),
        })
    }

    /// Adds a game; writes a row group when enough rows are gathered.
    pub fn push(&mut self, r: &GameResult) -> Result<()> {
        self.tables.push(r)?;
        if self.tables.plies_len() >= ROWS_PER_BATCH {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        let (games, plies) = self.tables.finish()?;
        if games.num_rows() > 0 {
            self.games.write(&games)?;
        }
        if plies.num_rows() > 0 {
            self.plies.write(&plies)?;
        }
        Ok(())
    }

    /// Writes the rest and the files' footers; returns the writers `(games, plies)`.
    pub fn finish(mut self) -> Result<(W, W)> {
        self.flush()?;
        Ok((self.games.into_inner()?, self.plies.into_inner()?))
    }
}
