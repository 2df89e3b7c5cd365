//! The checks' typed errors.

use std::io;
use std::path::PathBuf;

/// What stops `escriba qa` or `escriba compare`: I/O on a named file, a corpus that cannot
/// be checked, or an error of the transcription it runs.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// Reading a plies CSV failed.
    #[error("{}: {source}", path.display())]
    Csv {
        /// The CSV file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: csv::Error,
    },
    /// `qa` was given something that is not a corpus folder, or an empty one.
    #[error("{}: nothing to check: {message}", path.display())]
    NothingToCheck {
        /// The path given.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// Two corpus files that would write the same snapshot (`x.txt` and `x.pgn` both
    /// snapshot to `x.snap.pgn`): `qa` cannot tell their snapshots apart.
    #[error(
        "{} and {} would both be snapshotted as {}: rename one of them",
        first.display(),
        second.display(),
        snapshot.display()
    )]
    SnapshotClash {
        /// The first corpus file, by path.
        first: PathBuf,
        /// The other one.
        second: PathBuf,
        /// The snapshot both would write.
        snapshot: PathBuf,
    },
    /// The transcription the check runs failed (a corrections file that cannot be read).
    #[error(transparent)]
    Pipeline(#[from] escriba_pipeline::Error),
}

impl Error {
    /// Wraps an I/O error with the file it concerns.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// A shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
