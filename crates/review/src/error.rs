//! The review page's typed errors.

use std::io;
use std::path::PathBuf;

/// What can stop `escriba review`: the JSONL cannot be read, or is not a run's JSONL, or
/// names a source the page may not read, or the page cannot be rendered.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A JSONL file that is not a run's JSONL.
    #[error("{}:{line}: {message}", path.display())]
    Jsonl {
        /// The JSONL file.
        path: PathBuf,
        /// 1-based line of the problem.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A source named in the JSONL that the page may not quote: outside the sources
    /// folder, not a regular file, or not the file the run read (its size or SHA-256
    /// differs from what the JSONL records).
    #[error("{}: source `{name}`: {reason}", jsonl.display())]
    Source {
        /// The JSONL that names it.
        jsonl: PathBuf,
        /// The source as the JSONL names it.
        name: String,
        /// Why it is refused, and what to do.
        reason: String,
    },
    /// The review page could not be rendered (a template error: a bug).
    #[error("the review page could not be rendered: {message}")]
    Render {
        /// What went wrong.
        message: String,
    },
    /// Reading the JSONL failed: the pipeline's I/O error, naming the file.
    #[error(transparent)]
    Io(#[from] escriba_pipeline::Error),
}

impl Error {
    /// Wraps an I/O error with the file it concerns.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io(escriba_pipeline::Error::io(path, source))
    }
}

/// A shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
