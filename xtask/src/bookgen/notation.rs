//! The notations books print, each a dialect and style of escriba's writers, plus the
//! dash-less 1850s form derived from the spaced one.

use escriba_notation::{DescLang, Dialect, Form, KnightLetter, Style};
use escriba_resolve::describe::write_legal_among;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::{Chess, Move, Position};

/// A printed notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `P-K4`, `Kt-KB3`.
    Compact,
    /// `P-K4`, `N-KB3`.
    CompactN,
    /// Capablanca's `P - K 4`, `Kt - K B 3`.
    Spaced,
    /// The 1850s `P K 4`, `Kt K B 3`: the spaced form without its dashes.
    Dashless,
    /// `P. to K's 4th.`, `K. Kt. to K. B's 3d.`
    LongHand,
    /// Spanish `P4R`, `C3AR`.
    Spanish,
}

impl Notation {
    /// Every notation, in report order.
    pub const ALL: [Notation; 6] = [
        Notation::Compact,
        Notation::CompactN,
        Notation::Spaced,
        Notation::Dashless,
        Notation::LongHand,
        Notation::Spanish,
    ];

    /// The label in the reference PGN and the report.
    pub fn label(self) -> &'static str {
        match self {
            Notation::Compact => "en-compact",
            Notation::CompactN => "en-compact-n",
            Notation::Spaced => "en-spaced",
            Notation::Dashless => "en-dashless",
            Notation::LongHand => "en-long",
            Notation::Spanish => "es",
        }
    }

    /// The dialect escriba should detect.
    pub fn dialect(self) -> Dialect {
        match self {
            Notation::Spanish => Dialect::Descriptive(DescLang::Es),
            _ => Dialect::Descriptive(DescLang::En),
        }
    }

    /// True for Spanish, whose books print Spanish words around the moves.
    pub fn spanish(self) -> bool {
        self == Notation::Spanish
    }

    fn style(self) -> Style {
        let (form, knight) = match self {
            Notation::Compact | Notation::Spanish => (Form::Compact, KnightLetter::Kt),
            Notation::CompactN => (Form::Compact, KnightLetter::N),
            Notation::Spaced | Notation::Dashless => (Form::Spaced, KnightLetter::Kt),
            Notation::LongHand => (Form::LongHand, KnightLetter::Kt),
        };
        Style { form, knight }
    }

    /// The move `m` of `pos` as this notation prints it.
    pub fn write(self, pos: &Chess, origins: &Origins, m: Move) -> String {
        let legal = pos.legal_moves();
        let text = write_legal_among(pos, origins, m, self.dialect(), self.style(), &legal);
        if self == Notation::Dashless && !m.is_castle() {
            text.replace(" - ", " ")
        } else {
            text
        }
    }

    /// The word a note uses for "if" before numbered analysis.
    pub fn if_word(self) -> &'static str {
        if self.spanish() { "Si" } else { "If" }
    }
}

/// One printed ply of a game.
#[derive(Debug, Clone)]
pub struct PlyText {
    /// Its move number.
    pub number: u32,
    /// White's move.
    pub white: bool,
    /// As printed.
    pub text: String,
}

/// A position with the home squares of its men, as the writers need it.
pub type Place = (Chess, Origins);

/// The place of the standard start or of any set-up position.
pub fn place(start: &Chess) -> Place {
    (start.clone(), Origins::new(start.board()))
}

/// The plies of `moves` from `start` as `notation` prints them, with the place before
/// each ply (and after the last).
pub fn write_line(start: &Place, moves: &[Move], notation: Notation) -> (Vec<PlyText>, Vec<Place>) {
    let (mut pos, mut origins) = start.clone();
    let mut plies = Vec::with_capacity(moves.len());
    let mut places = Vec::with_capacity(moves.len() + 1);
    for &m in moves {
        places.push((pos.clone(), origins));
        plies.push(PlyText {
            number: pos.fullmoves().get(),
            white: pos.turn().is_white(),
            text: notation.write(&pos, &origins, m),
        });
        origins.play(m);
        pos.play_unchecked(m);
    }
    places.push((pos, origins));
    (plies, places)
}

/// Numbered movetext of a short line, as a note prints it: `12. Kt-K5, P-Q3; 13. B-Q3`
/// (`12. ... P-Q3; 13. …` when Black moves first).
pub fn numbered(plies: &[PlyText]) -> String {
    let mut out = String::new();
    for (i, p) in plies.iter().enumerate() {
        if p.white {
            if i > 0 {
                out.push_str("; ");
            }
            out.push_str(&format!("{}. {}", p.number, p.text));
        } else if i == 0 {
            out.push_str(&format!("{}. ... {}", p.number, p.text));
        } else {
            out.push_str(", ");
            out.push_str(&p.text);
        }
    }
    out
}
