//! The pipeline's typed errors.

use std::io;
use std::path::PathBuf;

/// Everything that can stop a batch: I/O on a named file, malformed options, output
/// encoding. Per-game problems are never errors; they are reported in the game's result.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading an input or writing an output failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file concerned (`-` for stdin or stdout).
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// Writing CSV failed.
    #[error("{}: {source}", path.display())]
    Csv {
        /// The CSV file.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: csv::Error,
    },
    /// A malformed option value, such as a shard `3/2` or a piece-letter set of four.
    #[error("invalid {option}: {message}")]
    Usage {
        /// The option concerned.
        option: &'static str,
        /// What is wrong.
        message: String,
    },
    /// An OCR file (ALTO, hOCR, PAGE XML) that cannot be read (malformed XML, a root of
    /// another kind), or a page image that cannot be (Tesseract or a language model
    /// missing, or failing).
    #[error("{}: {source}", path.display())]
    Ocr {
        /// The OCR file.
        path: PathBuf,
        /// What is wrong.
        #[source]
        source: escriba_ocr::OcrError,
    },
    /// A corrections file that cannot be read (bad TOML, a field missing or empty).
    #[error("{}:{line}: {message}", path.display())]
    Corrections {
        /// The corrections file.
        path: PathBuf,
        /// 1-based line of the problem.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl Error {
    /// Wraps an I/O error with the file it concerns.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    /// True when the error is a closed pipe on an output (e.g. `escriba … | head`): the
    /// reader went away, which is not a failure of the run.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Error::Io { source, .. } => source.kind() == io::ErrorKind::BrokenPipe,
            Error::Csv { source, .. } => matches!(
                source.kind(),
                csv::ErrorKind::Io(e) if e.kind() == io::ErrorKind::BrokenPipe
            ),
            _ => false,
        }
    }
}

impl From<escriba_notation::letters::LettersError> for Error {
    /// A piece-letter set that cannot be used is a malformed `--piece-letters`.
    fn from(e: escriba_notation::letters::LettersError) -> Error {
        Error::Usage {
            option: "--piece-letters",
            message: e.to_string(),
        }
    }
}

/// A shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
