//! What a movetext's main line says, read from its tokens alone (no board): whether it
//! holds moves, where it stops before its end (a variation or a comment never closed),
//! its first move number, the result it prints, and the result a `Result` tag gives.

use escriba_notation::tags::Tags;
use escriba_notation::{Dialect, Termination, Token, TokenKind, movetext};

use super::claims::{count_move_tokens, unclosed_brace};

/// Whether the main line holds a move (or an unread word) before any result.
pub(super) fn main_line_has_moves(tokens: &[Token]) -> bool {
    let mut depth = 0u32;
    for t in tokens {
        match t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            TokenKind::Move(_) | TokenKind::Unknown => return true,
            TokenKind::Result(_) => return false,
            _ => {}
        }
    }
    false
}

/// Where the main line stops before its movetext ends although the decoder read all it was
/// given: at a `(` that is never closed (the decoder reads nothing inside a variation), or
/// at a `{` that is never closed and holds moves. Returns the token and the message.
pub(super) fn structural_stop(
    dialect: Dialect,
    text: &str,
    tokens: &[Token],
) -> Option<(usize, String)> {
    let mut depth = 0u32;
    let mut open = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            TokenKind::VariationStart => {
                if depth == 0 {
                    open = i;
                }
                depth += 1;
            }
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            TokenKind::Result(_) if depth == 0 => return None,
            TokenKind::Comment { text: inner } if depth == 0 && unclosed_brace(text, t) => {
                let moves = movetext::tokenize(dialect, &text[inner.range()])
                    .iter()
                    .filter(|t| matches!(t.kind, TokenKind::Move(_)))
                    .count();
                return (moves > 0).then(|| {
                    (
                        i,
                        format!(
                            "`{{` opens a comment that is never closed and holds {moves} \
                             move(s): the rest of the game is not transcribed"
                        ),
                    )
                });
            }
            _ => {}
        }
    }
    if depth == 0 {
        return None;
    }
    let after = count_move_tokens(dialect, text, &tokens[open + 1..]);
    (after > 0).then(|| {
        (
            open,
            format!(
                "`(` opens a variation that is never closed: the {after} move token(s) after \
                 it are not transcribed"
            ),
        )
    })
}

/// The result a game's `Result` tag gives (`*` when it gives none).
pub(super) fn result_from_tag(tags: &Tags) -> &'static str {
    match tags.get("Result").map(str::trim) {
        Some("1-0") => "1-0",
        Some("0-1") => "0-1",
        Some("1/2-1/2" | "½-½") => "1/2-1/2",
        _ => "*",
    }
}

/// The first move number of a movetext's main line, if one comes before its first move:
/// the number, whether it is Black's (`21...`), and its byte offset.
pub(super) fn first_move_number(dialect: Dialect, text: &str) -> Option<(u32, bool, usize)> {
    let mut depth = 0u32;
    for t in movetext::tokens(dialect, text) {
        match t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            TokenKind::MoveNumber { number, black } => {
                return Some((number, black, t.span.start as usize));
            }
            TokenKind::Move(_) | TokenKind::Unknown | TokenKind::Result(_) => return None,
            _ => {}
        }
    }
    None
}

/// The result a movetext prints on its main line, when it says who won.
pub(super) fn printed_result(tokens: &[Token]) -> Option<&'static str> {
    let mut depth = 0u32;
    for t in tokens {
        match t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            TokenKind::Result(term) if depth == 0 => {
                return match term {
                    Termination::WhiteWins => Some("1-0"),
                    Termination::BlackWins => Some("0-1"),
                    Termination::Draw => Some("1/2-1/2"),
                    _ => None,
                };
            }
            _ => {}
        }
    }
    None
}
