//! Pins: plies a human has chosen (a correction file), which the decoder reads as given.
//!
//! A pinned token yields exactly one candidate, the pinned move, when it is legal in the
//! position the search reaches; otherwise it yields none, and the search repairs around it
//! or stops there with a diagnostic that says the correction does not fit. Everything else
//! about the game is decoded as usual, so a correction can settle or unblock the moves
//! after it.

use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Move};

use crate::{Diagnostic, Status};

/// A ply chosen by a human: the token at index `token` is the move `mv`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pin {
    /// Index of the token in the game's token list.
    pub token: usize,
    /// The move, in SAN (`Nf3`, `exd5`, `O-O`, with or without `+`/`#`) or UCI (`g1f3`,
    /// `e1g1` or `e1h1` for castling, `e7e8q`).
    pub mv: String,
}

impl Pin {
    /// The legal move this pin names in `pos`, if it names one.
    pub fn resolve(&self, pos: &Chess, legal: &[Move]) -> Option<Move> {
        let text = self.mv.trim();
        let by_uci = legal.iter().find(|&&m| {
            crate::san::uci(m).as_str() == text
                || m.to_uci(CastlingMode::Standard).to_string() == text
                || m.to_uci(CastlingMode::Chess960).to_string() == text
        });
        if let Some(&m) = by_uci {
            return Some(m);
        }
        let san = text.trim_end_matches(['!', '?']).replace('0', "O");
        let san = SanPlus::from_ascii(san.as_bytes()).ok()?;
        let m = san.san.to_move(pos).ok()?;
        legal.contains(&m).then_some(m)
    }
}

/// The pin on token `tok`, if any.
pub(super) fn find(pins: &[Pin], tok: usize) -> Option<&Pin> {
    pins.iter().find(|p| p.token == tok)
}

/// The note of a corrected ply.
pub(super) fn note(pin: &Pin) -> String {
    format!("corrected by hand to `{}`", pin.mv.trim())
}

/// The status of a ply read from a pinned token.
pub(super) const STATUS: Status = Status::Corrected;

/// Says in the diagnostic of a game that stopped at a pinned token that the correction
/// does not fit there.
pub(super) fn explain(pin: &Pin, d: &mut Diagnostic) {
    d.message = format!(
        "the correction `{}` for `{}` does not fit here: it is not a legal move for {} in this \
         position",
        pin.mv.trim(),
        d.text,
        match d.color {
            shakmaty::Color::White => "White",
            shakmaty::Color::Black => "Black",
        }
    );
}

#[cfg(test)]
mod tests {
    use escriba_notation::{DescLang, Dialect, TokenKind, movetext};

    use super::Pin;
    use crate::{Decoded, Game, Options, Status, decode_pinned, start_position};

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    /// Decodes `text` with the `n`-th main-line move or unread token pinned to `mv`.
    fn pinned(text: &str, n: usize, mv: &str) -> Decoded {
        let tokens = movetext::tokenize(EN, text);
        let token = tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| matches!(t.kind, TokenKind::Move(_) | TokenKind::Unknown))
            .nth(n)
            .expect("the token exists")
            .0;
        let game = Game {
            text,
            tokens: &tokens,
            dialect: EN,
            start: start_position(None, false).unwrap(),
        };
        decode_pinned(
            &game,
            &Options::default(),
            &[Pin {
                token,
                mv: mv.to_owned(),
            }],
        )
    }

    fn sans(d: &Decoded) -> Vec<&str> {
        d.plies.iter().map(|p| p.san.as_str()).collect()
    }

    #[test]
    fn a_pinned_tie_takes_the_chosen_move_and_is_marked_corrected() {
        // `P-B4` is c4 or f4 and nothing settles it; the human says c4.
        let d = pinned("1. P-K4 P-K4 2. P-B4", 2, "c4");
        assert_eq!(sans(&d), ["e4", "e5", "c4"]);
        assert_eq!(d.plies[2].status, Status::Corrected);
        assert!(d.plies[2].alternatives.is_empty());
        assert_eq!(
            d.plies[2].note.as_deref(),
            Some("corrected by hand to `c4`")
        );
        assert_eq!(d.plies[0].status, Status::Exact);
    }

    #[test]
    fn a_pin_in_uci_names_the_same_move_as_in_san() {
        let d = pinned("1. P-K4 P-K4 2. P-B4", 2, "f2f4");
        assert_eq!(d.plies[2].san, "f4");
        let d = pinned(
            "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles",
            6,
            "e1h1",
        );
        assert_eq!(d.plies[6].san, "O-O");
        assert_eq!(d.plies[6].status, Status::Corrected);
    }

    #[test]
    fn a_pin_on_unreadable_text_unblocks_the_game_after_it() {
        let text = "1. P-K4 P-K4 2. XYZZY Kt-QB3 3. B-B4 B-B4";
        let unpinned = crate::resolve(
            text,
            EN,
            start_position(None, false).unwrap(),
            &Options::default(),
        );
        assert!(
            unpinned.failure.is_some(),
            "the game stops at the unreadable word"
        );
        let d = pinned(text, 2, "Nf3");
        assert!(d.failure.is_none(), "{:?}", d.failure);
        assert_eq!(sans(&d), ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
        assert_eq!(d.plies[2].status, Status::Corrected);
    }

    #[test]
    fn a_pin_that_is_not_legal_stops_the_game_and_says_the_correction_does_not_fit() {
        let d = pinned("1. P-K4 P-K4 2. P-B4", 2, "Nf6");
        let f = d.failure.as_ref().expect("the game stops at the pin");
        assert_eq!(f.ply, 2);
        assert_eq!(f.text, "P-B4");
        assert!(
            f.message
                .starts_with("the correction `Nf6` for `P-B4` does not fit here"),
            "{}",
            f.message
        );
        assert_eq!(sans(&d), ["e4", "e5"]);
    }
}
