//! What a human needs when a game cannot go on: where, what the book says, the position,
//! the legal moves written the way the book writes them, and the nearest readings.

use escriba_notation::{Style, TokenKind};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Position};

use crate::candidates::{Ctx, Relax, candidates};
use crate::describe::write_legal_among;
use crate::identity::Origins;
use crate::{Diagnostic, Game};

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
    let style = Style::default();
    let legal = pos.legal_moves();
    let mut written: Vec<String> = legal
        .iter()
        .map(|&m| write_legal_among(pos, origins, m, game.dialect, style, &legal))
        .collect();
    written.sort();
    written.dedup();
    let mut nearest = Vec::new();
    if let TokenKind::Move(mv) = &token.kind {
        let ctx = Ctx {
            pos,
            origins,
            descriptive: game.dialect.is_descriptive(),
            max_repairs: NEAREST_REPAIRS,
        };
        for c in candidates(&ctx, mv, &legal).into_iter().take(NEAREST) {
            let why = Relax(c.relax.0 & !Relax::POSITIONAL).describe().join(", ");
            nearest.push(format!(
                "{} ({why})",
                write_legal_among(pos, origins, c.mv, game.dialect, style, &legal)
            ));
        }
    }
    let color = pos.turn();
    let message = match &token.kind {
        TokenKind::Move(_) if legal.is_empty() => {
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
        legal: written,
        nearest,
        message,
    }
}
