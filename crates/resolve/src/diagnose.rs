//! What a human needs when a game cannot go on: where, what the book says, the position,
//! the legal moves written the way the book writes them, and the nearest readings.

use std::sync::OnceLock;

use escriba_notation::{Dialect, Move, Span, Style, TokenKind};
use serde::Serialize;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Position};

use crate::candidates::{Ctx, Relax, candidates};
use crate::describe::write_legal_among;
use crate::identity::Origins;
use crate::types::Game;

/// Why a game stopped, with what a human needs to fix it.
///
/// It serializes as an object of these fields and of `legal` and `nearest` (after `fen`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Plies read before the failure (the failing ply's 0-based index).
    pub ply: usize,
    /// The move number of the failing ply.
    pub move_number: u32,
    /// The side to move.
    pub color: Color,
    /// Index of the failing token.
    pub token: usize,
    /// Its span in the source.
    pub span: Span,
    /// Its text.
    pub text: String,
    /// The position before the failing ply, as FEN.
    pub fen: String,
    /// The legal moves and the nearest readings, written when first asked for. Boxed, so
    /// that the decode of a game that reads, which has no diagnostic, stays small to move.
    moves: Box<Moves>,
    /// One sentence.
    pub message: String,
}

impl Diagnostic {
    /// The legal moves, written in the game's dialect: sorted, each once.
    pub fn legal(&self) -> &[String] {
        &self.moves.written().legal
    }

    /// The nearest readings, written in the game's dialect, with what they would change.
    pub fn nearest(&self) -> &[String] {
        &self.moves.written().nearest
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut o = s.serialize_struct("Diagnostic", 10)?;
        o.serialize_field("ply", &self.ply)?;
        o.serialize_field("move_number", &self.move_number)?;
        o.serialize_field(
            "color",
            match self.color {
                Color::White => "white",
                Color::Black => "black",
            },
        )?;
        o.serialize_field("token", &self.token)?;
        o.serialize_field("span", &self.span)?;
        o.serialize_field("text", &self.text)?;
        o.serialize_field("fen", &self.fen)?;
        o.serialize_field("legal", self.legal())?;
        o.serialize_field("nearest", self.nearest())?;
        o.serialize_field("message", &self.message)?;
        o.end()
    }
}

/// How many repairs a "nearest reading" may combine.
const NEAREST_REPAIRS: u32 = 3;
/// How many nearest readings a diagnostic lists.
const NEAREST: usize = 3;

/// Builds the diagnostic for a game that stopped at token `tok` after `plies` plies.
pub fn diagnose(
    game: &Game<'_>,
    pos: &Chess,
    origins: &Origins,
    tok: usize,
    plies: usize,
) -> Diagnostic {
    let token = &game.tokens[tok];
    let text = game.text[token.span.range()].to_owned();
    let color = pos.turn();
    let message = match &token.kind {
        TokenKind::Move(_) if pos.legal_moves().is_empty() => {
            "the game is over here, but the text goes on".to_owned()
        }
        TokenKind::Move(_) => format!(
            "`{text}` is not a legal move for {} here, and no repair makes the game go on",
            if color == Color::White {
                "White"
            } else {
                "Black"
            }
        ),
        TokenKind::MoveNumber { .. } => format!(
            "the move number `{}` does not fit the moves before it: a move is missing, extra or unreadable",
            text.trim()
        ),
        _ => format!("`{text}` cannot be read as a move"),
    };
    Diagnostic {
        ply: plies,
        move_number: pos.fullmoves().get(),
        color,
        token: tok,
        span: token.span,
        text,
        fen: Fen::from_position(pos, EnPassantMode::Legal).to_string(),
        moves: Box::new(Moves {
            pos: pos.clone(),
            origins: *origins,
            dialect: game.dialect,
            token: match token.kind {
                TokenKind::Move(mv) => Some(mv),
                _ => None,
            },
            written: OnceLock::new(),
        }),
        message,
    }
}

/// A diagnostic's legal moves and nearest readings, written in the book's notation the first
/// time they are asked for: only some outputs show them (the console, JSON Lines), and
/// writing every legal move costs more than the rest of the diagnostic.
#[derive(Debug, Clone)]
pub(crate) struct Moves {
    pos: Chess,
    origins: Origins,
    dialect: Dialect,
    /// The failing token, when it reads as a move.
    token: Option<Move>,
    written: OnceLock<Written>,
}

/// What [`Moves`] writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Written {
    /// The legal moves, written in the game's dialect, sorted, each once.
    pub(crate) legal: Vec<String>,
    /// The nearest readings of the failing token, with what they would change.
    pub(crate) nearest: Vec<String>,
}

impl Moves {
    /// The legal moves and nearest readings, written once.
    pub(crate) fn written(&self) -> &Written {
        self.written.get_or_init(|| self.write())
    }

    fn write(&self) -> Written {
        let (pos, origins, dialect) = (&self.pos, &self.origins, self.dialect);
        let style = Style::default();
        let legal = pos.legal_moves();
        let mut written: Vec<String> = legal
            .iter()
            .map(|&m| write_legal_among(pos, origins, m, dialect, style, &legal))
            .collect();
        written.sort();
        written.dedup();
        let mut nearest = Vec::new();
        if let Some(mv) = &self.token {
            let ctx = Ctx {
                pos,
                origins,
                descriptive: dialect.is_descriptive(),
                max_repairs: NEAREST_REPAIRS,
            };
            for c in candidates(&ctx, mv, &legal).into_iter().take(NEAREST) {
                let why = Relax(c.relax.0 & !Relax::POSITIONAL).describe().join(", ");
                nearest.push(format!(
                    "{} ({why})",
                    write_legal_among(pos, origins, c.mv, dialect, style, &legal)
                ));
            }
        }
        Written {
            legal: written,
            nearest,
        }
    }
}

/// Two diagnostics' moves are equal when they write the same.
impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        self.written() == other.written()
    }
}

impl Eq for Moves {}

#[cfg(test)]
mod tests {
    use escriba_notation::DescLang;

    use crate::{Options, resolve, start_position};

    #[test]
    fn a_diagnostic_writes_its_legal_moves_and_nearest_readings_only_when_asked() {
        let d = resolve(
            "1. P-K4 P-K4 2. K-KR8",
            escriba_notation::Dialect::Descriptive(DescLang::En),
            start_position(None, false).unwrap(),
            &Options::default(),
        )
        .failure
        .expect("the king cannot go there");
        assert!(d.moves.written.get().is_none(), "nothing is written yet");
        assert_eq!(d.legal().len(), 29, "White's legal moves after 1. e4 e5");
        assert!(!d.nearest().is_empty());
        assert!(d.moves.written.get().is_some(), "written once, then kept");
    }
}
