//! Localized SAN: the PGN's piece letters replaced by another language's or by figurines.

use std::str::FromStr;

/// A set of piece letters that cannot stand in SAN: the set as given, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{given}`: {message}")]
pub struct LettersError {
    /// The set as given.
    pub given: String,
    /// What is wrong, in one sentence.
    pub message: String,
}

/// Piece names for K, Q, R, B, N in SAN output. The default is English (no change).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceLetters(Option<[String; 5]>);

impl Default for PieceLetters {
    fn default() -> PieceLetters {
        PieceLetters::ENGLISH
    }
}

impl PieceLetters {
    /// English letters: SAN unchanged.
    pub const ENGLISH: PieceLetters = PieceLetters(None);

    /// Figurines ♔♕♖♗♘ (the same glyphs for both sides, as printed in books).
    pub fn figurine() -> PieceLetters {
        PieceLetters(Some(["♔", "♕", "♖", "♗", "♘"].map(String::from)))
    }

    /// True for English letters, which leave SAN as it is.
    pub fn is_english(&self) -> bool {
        self.0.is_none()
    }

    /// Applies the letters to an English SAN: `Nxe5+` → `Cxe5+`, `e8=Q` → `e8=D`.
    pub fn apply(&self, san: &str) -> String {
        self.applied(san).into_owned()
    }

    /// [`PieceLetters::apply`] without a copy for English letters: the SAN itself.
    pub fn applied<'s>(&self, san: &'s str) -> std::borrow::Cow<'s, str> {
        let Some(names) = &self.0 else {
            return std::borrow::Cow::Borrowed(san);
        };
        let mut out = String::with_capacity(san.len() + 4);
        for c in san.chars() {
            match "KQRBN".find(c) {
                Some(i) => out.push_str(&names[i]),
                None => out.push(c),
            }
        }
        std::borrow::Cow::Owned(out)
    }
}

impl FromStr for PieceLetters {
    type Err = LettersError;

    /// Five characters in the order K Q R B N (`RDTAC`), or five comma-separated names
    /// for multi-letter pieces (`Кр,Ф,Л,С,К`).
    fn from_str(s: &str) -> Result<PieceLetters, LettersError> {
        let parts: Vec<String> = if s.contains(',') {
            s.split(',').map(|p| p.trim().to_owned()).collect()
        } else {
            s.chars().map(String::from).collect()
        };
        let bad = |m: &str| LettersError {
            given: s.to_owned(),
            message: m.to_owned(),
        };
        let names: [String; 5] = parts
            .try_into()
            .map_err(|_| bad("expected five letters for K Q R B N, e.g. RDTAC"))?;
        if names.iter().any(|n| {
            n.is_empty()
                || n.chars()
                    .any(|c| c.is_whitespace() || "abcdefgh12345678x=+#-O".contains(c))
        }) {
            return Err(bad(
                "a piece letter may not be empty, a file, a rank or a SAN mark",
            ));
        }
        // PGN's own characters (`{`, `"`, `[`, `(`, `;`, `%`, `$`, `*`, `.`, digits, …)
        // would break the movetext or the tags: a piece is written with letters (of any
        // script) or symbols outside ASCII, such as figurines.
        if let Some(c) = names
            .iter()
            .flat_map(|n| n.chars())
            .find(|&c| c.is_control() || (c.is_ascii() && !c.is_ascii_alphabetic()))
        {
            return Err(bad(&format!(
                "`{}` cannot stand for a piece in PGN: use letters",
                c.escape_default()
            )));
        }
        if let Some((i, n)) = names
            .iter()
            .enumerate()
            .find(|(i, n)| names[..*i].contains(n))
        {
            let pieces = ["K", "Q", "R", "B", "N"];
            let j = names[..i].iter().position(|m| m == n).unwrap_or(0);
            return Err(bad(&format!(
                "`{n}` is given for both {} and {}: each piece needs its own letter",
                pieces[j], pieces[i]
            )));
        }
        if names == ["K", "Q", "R", "B", "N"] {
            return Ok(PieceLetters::ENGLISH);
        }
        Ok(PieceLetters(Some(names)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn localized_letters_replace_only_piece_letters() {
        let es: PieceLetters = "RDTAC".parse().unwrap();
        assert_eq!(es.apply("Nxe5+"), "Cxe5+");
        assert_eq!(es.apply("e8=Q#"), "e8=D#");
        assert_eq!(es.apply("Bb5"), "Ab5");
        assert_eq!(es.apply("O-O-O"), "O-O-O");
        assert_eq!(PieceLetters::figurine().apply("Kxf2"), "♔xf2");
        let ru: PieceLetters = "Кр,Ф,Л,С,К".parse().unwrap();
        assert_eq!(ru.apply("Kg1"), "Крg1");
    }

    #[test]
    fn bad_letter_sets_are_rejected() {
        assert!("KQR".parse::<PieceLetters>().is_err());
        assert!("KQRBb".parse::<PieceLetters>().is_err());
        for bad in [
            "KQR{N",
            "KQR\"N",
            "KQRRN",
            "K,Q,R,B,B",
            "KQR%N",
            "KQR9N",
            "KQR\u{7}N",
        ] {
            assert!(bad.parse::<PieceLetters>().is_err(), "{bad}");
        }
        assert!("♔♕♖♗♘".parse::<PieceLetters>().is_ok());
    }
}
