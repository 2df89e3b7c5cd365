//! The checks' typed errors.

use std::io;
use std::path::PathBuf;

/// What stops `escriba qa` or `escriba compare`: a corpus that cannot be checked, or one
/// of the pipeline's errors (I/O on a named file, a CSV, the transcription it runs).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
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
    /// A snapshot `--accept` will not write: a symlink (or anything but a regular file),
    /// or a path outside the corpus folder.
    #[error("{}: {message}", path.display())]
    UnsafeSnapshot {
        /// The snapshot.
        path: PathBuf,
        /// Why it is not written, and what to do.
        message: String,
    },
    /// I/O on a named file, a plies CSV that cannot be read, or the transcription the
    /// check runs (a corrections file that cannot be read): the pipeline's errors.
    #[error(transparent)]
    Pipeline(#[from] escriba_pipeline::Error),
}

impl Error {
    /// Wraps an I/O error with the file it concerns.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Pipeline(escriba_pipeline::Error::io(path, source))
    }
}

/// A shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
