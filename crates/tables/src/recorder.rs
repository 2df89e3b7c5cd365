//! An observer that feeds the typed outputs during a run.

use escriba_pipeline::{GameResult, Observer};

use crate::arrow::Tables;
use crate::error::{Error, Result};
use crate::parquet_out::ParquetOut;
use crate::sqlite::SqliteOut;

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
