//! What a run reads its inputs as: the notation ([`Notation`]) and whether they are books
//! ([`BookMode`]). A leaf: the configuration, book mode and the game path all import it.

use std::str::FromStr;

use escriba_notation::Dialect;
use escriba_notation::UnknownDialect;

/// Which notation to read games in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notation {
    /// Pick per game by replay: a `[Notation]` tag when it names a dialect, else the
    /// dialects ranked by detection (every dialect when detection has no opinion).
    #[default]
    Auto,
    /// Always this dialect.
    Fixed(Dialect),
}

impl FromStr for Notation {
    type Err = UnknownDialect;

    /// `auto` or a dialect id such as `en-descriptive`.
    fn from_str(s: &str) -> Result<Notation, UnknownDialect> {
        if s.eq_ignore_ascii_case("auto") {
            Ok(Notation::Auto)
        } else {
            s.parse().map(Notation::Fixed)
        }
    }
}

/// Whether inputs are read as books.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BookMode {
    /// Detect a book per input (long prose, headings, column tables).
    #[default]
    Auto,
    /// Every input is a book (`--book`).
    On,
    /// Never (`--no-book`): PGN-like files and plain game texts only.
    Off,
}
