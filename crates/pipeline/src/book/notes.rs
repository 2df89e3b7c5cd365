//! Variations written in a book's notes (`8...P x P; 9 B x B P, P - Q Kt 3`, `If 12.
//! Kt-K5, then …`): each numbered run of moves in a note is replayed from the main line's
//! position before the move it replaces. A run that replays as printed becomes a PGN
//! variation; one that does not stays in the note, and is counted.

use escriba_notation::{Dialect, Span, TokenKind, movetext};
use escriba_resolve::shakmaty::{Chess, Color, Position};
use escriba_resolve::{Options, Status, resolve};
use serde::Serialize;

use crate::game::{Item, PlyRecord, VariationPly};

/// What became of the move runs found in a game's notes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct NoteVariations {
    /// Runs that replayed and became PGN variations.
    pub transcribed: u32,
    /// Runs left in their note: they do not replay from the position they name, or they
    /// start past the main line's end.
    pub left_in_notes: u32,
}

/// A numbered run of moves inside a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The move number it starts at.
    pub number: u32,
    /// It starts with Black's move (`8...P x P`).
    pub black: bool,
    /// Its pieces within the note, each from a move number to the last move after it
    /// (one piece, or more when runs were joined).
    pub spans: Vec<Span>,
}

impl Run {
    /// The run's moves as text, its pieces joined by a blank and `;` made `,`.
    pub fn text(&self, note: &str) -> String {
        self.spans
            .iter()
            .map(|s| note[s.range()].replace(';', ","))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Finds the numbered runs of moves in a note. A run starts at a move number followed by a
/// move and goes on through moves, numbers and separators; a word that is not a move ends
/// it. A run that goes on where the previous one stopped (`13...R - K 1. Then after 14 Q x
/// P, Q x Q`) is joined to it.
pub fn runs(note: &str, dialect: Dialect) -> Vec<Run> {
    // `;` separates moves in prose; as PGN it would open a comment.
    let text = note.replace(';', ",");
    let tokens = movetext::tokenize(dialect, &text);
    let mut out: Vec<Run> = Vec::new();
    // The ply after the last run's last move.
    let mut prev_end: Option<u32> = None;
    let mut i = 0;
    while i < tokens.len() {
        let TokenKind::MoveNumber { number, black } = tokens[i].kind else {
            i += 1;
            continue;
        };
        let mut j = i + 1;
        let mut last_move = None;
        let mut moves = 0u32;
        while j < tokens.len() {
            match tokens[j].kind {
                TokenKind::Move(_) => {
                    last_move = Some(j);
                    moves += 1;
                }
                TokenKind::MoveNumber { .. } | TokenKind::Ellipsis | TokenKind::Nag(_) => {}
                _ => break,
            }
            j += 1;
        }
        if let Some(end) = last_move {
            let span = Span::new(tokens[i].span.start as usize, tokens[end].span.end as usize);
            match out.last_mut() {
                Some(prev) if prev_end == Some(ply(number, black)) => prev.spans.push(span),
                _ => out.push(Run {
                    number,
                    black,
                    spans: vec![span],
                }),
            }
            prev_end = Some(ply(number, black) + moves);
        }
        i = j.max(i + 1);
    }
    out
}

fn ply(number: u32, black: bool) -> u32 {
    number.saturating_sub(1).saturating_mul(2) + u32::from(black)
}

/// Replays the runs of every note of a game and inserts the ones that replay as PGN
/// variations after the main-line move they replace.
pub fn transcribe_notes(
    items: &mut Vec<Item>,
    plies: &[PlyRecord],
    start: &Chess,
    dialect: Dialect,
) -> NoteVariations {
    let mut counts = NoteVariations::default();
    // The main line's position before each ply.
    let mut before: Vec<Chess> = Vec::with_capacity(plies.len() + 1);
    let mut pos = start.clone();
    for p in plies {
        before.push(pos.clone());
        pos.play_unchecked(p.ply.mv);
    }
    before.push(pos);
    let base = ply(start.fullmoves().get(), start.turn() == Color::Black);
    let mut inserts: Vec<(usize, Item)> = Vec::new();
    for (at, item) in items.iter().enumerate() {
        let Item::Comment { text } = item else {
            continue;
        };
        for run in runs(text, dialect) {
            let target = ply(run.number, run.black);
            let Some(index) = target.checked_sub(base).map(|t| t as usize) else {
                counts.left_in_notes += 1;
                continue;
            };
            // The run replaces the main line's ply `index`: it must exist and come before
            // the note (a note speaks of moves already played or of the next one).
            let Some(pos) = before.get(index).filter(|_| index < plies.len()) else {
                counts.left_in_notes += 1;
                continue;
            };
            let run_text = run.text(text);
            let decoded = resolve(
                &run_text,
                dialect,
                pos.clone(),
                &Options {
                    repair: false,
                    ..Options::default()
                },
            );
            let clean = decoded.failure.is_none()
                && !decoded.plies.is_empty()
                && decoded
                    .plies
                    .iter()
                    .all(|p| matches!(p.status, Status::Exact | Status::Inferred));
            if !clean {
                counts.left_in_notes += 1;
                continue;
            }
            // A note that only restates the main line's moves is no variation.
            let restates = decoded
                .plies
                .iter()
                .zip(&plies[index..])
                .all(|(v, m)| v.mv == m.ply.mv);
            if restates && index + decoded.plies.len() <= plies.len() {
                continue;
            }
            counts.transcribed += 1;
            let var = Item::Variation {
                plies: decoded
                    .plies
                    .iter()
                    .map(|p| VariationPly {
                        move_number: p.move_number,
                        color: p.color,
                        san: p.san.clone(),
                        nag: p.nag,
                    })
                    .collect(),
            };
            inserts.push((after_ply(items, index).max(at + 1), var));
        }
    }
    // Insert from the back so that earlier positions stay valid.
    inserts.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    for (at, var) in inserts {
        items.insert(at.min(items.len()), var);
    }
    counts
}

/// The position in `items` right after ply `index` and the NAGs and comments that follow
/// it, where a variation on that ply goes.
fn after_ply(items: &[Item], index: usize) -> usize {
    let Some(k) = items
        .iter()
        .position(|it| matches!(it, Item::Ply { index: i } if *i == index))
    else {
        return items.len();
    };
    let mut at = k + 1;
    while at < items.len()
        && matches!(
            items[at],
            Item::Nag { .. } | Item::Comment { .. } | Item::Variation { .. }
        )
    {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use escriba_notation::DescLang;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    fn texts(note: &str) -> Vec<(u32, bool, String)> {
        runs(note, EN)
            .into_iter()
            .map(|r| (r.number, r.black, r.text(note)))
            .collect()
    }

    #[test]
    fn numbered_runs_end_at_the_first_word() {
        let note = "The idea is that after 8...P x P; 9 B x B P, P - Q Kt 3, followed by \
                    B - Kt 2, would give Black's Bishop a powerful range.";
        assert_eq!(
            texts(note),
            [(8, true, "8...P x P, 9 B x B P, P - Q Kt 3".to_owned())]
        );
        assert_eq!(
            texts("If 12. Kt-K5, then the Queen is lost."),
            [(12, false, "12. Kt-K5".to_owned())]
        );
        assert!(
            texts("P x P is preferable.").is_empty(),
            "no number, no run"
        );
    }

    #[test]
    fn a_run_that_goes_on_where_the_last_stopped_is_joined() {
        let note = "I would simply play 13...R - K 1. Then after 14 Q x P, Q x Q would follow.";
        assert_eq!(
            texts(note),
            // `1.` before `Then` reads as a move number, so the rook's move is the bare
            // file `R - K` (its first rank by convention): the same square.
            [(13, true, "13...R - K 14 Q x P, Q x Q".to_owned())]
        );
    }
}
