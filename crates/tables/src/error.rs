//! The errors of building and writing the tables.

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
