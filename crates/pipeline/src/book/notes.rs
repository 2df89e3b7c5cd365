//! Variations written in a book's notes (`8...P x P; 9 B x B P, P - Q Kt 3`, `If 12.
//! Kt-K5, then …`): each numbered run of moves in a note is replayed from the main line's
//! position before the move it replaces. A run that replays as printed becomes a PGN
//! variation; one that does not stays in the note, and is counted.

use escriba_notation::{Dialect, Span, Token, TokenKind, movetext};
use escriba_resolve::shakmaty::{Chess, Color, Position};
use escriba_resolve::{Options, Status, resolve};

use super::group::ply_of;
use super::unit::NoteVariations;
use crate::game::record::{Item, PlyRecord};
use crate::source::LineMap;

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

    /// The offset in the note of byte `at` of [`Run::text`].
    pub fn note_offset(&self, at: usize) -> usize {
        let mut start = 0;
        for s in &self.spans {
            let len = s.len();
            if at < start + len || std::ptr::eq(s, self.spans.last().expect("a piece")) {
                return s.start as usize + at.saturating_sub(start).min(len);
            }
            start += len + 1;
        }
        0
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
                Some(prev) if prev_end == Some(ply_of(number, black)) => prev.spans.push(span),
                _ => out.push(Run {
                    number,
                    black,
                    spans: vec![span],
                }),
            }
            prev_end = Some(ply_of(number, black) + moves);
        }
        i = j.max(i + 1);
    }
    out
}

/// Replays the runs of every note of a game (the `{…}` comments among `tokens`, read from
/// `text`) and inserts the ones that replay as PGN variations after the main-line move they
/// replace. Each variation ply keeps its place in the source, through `map`.
pub fn transcribe_notes(
    items: &mut Vec<Item>,
    plies: &[PlyRecord],
    start: &Chess,
    dialect: Dialect,
    text: &str,
    tokens: &[Token],
    map: &LineMap,
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
    let base = ply_of(start.fullmoves().get(), start.turn() == Color::Black);
    // (where in `items`, the variation, the main-line ply it replaces)
    let mut inserts: Vec<(usize, Item, usize)> = Vec::new();
    for t in tokens {
        let TokenKind::Comment { text: inner } = t.kind else {
            continue;
        };
        if !text[t.span.range()].starts_with('{') {
            continue;
        }
        let note = &text[inner.range()];
        for run in runs(note, dialect) {
            let target = ply_of(run.number, run.black);
            let Some(index) = target.checked_sub(base).map(|t| t as usize) else {
                counts.left_in_notes += 1;
                continue;
            };
            // The run replaces the main line's ply `index`, which must have been read.
            let Some(pos) = before.get(index).filter(|_| index < plies.len()) else {
                counts.left_in_notes += 1;
                continue;
            };
            let run_text = run.text(note);
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
            let restates = index + decoded.plies.len() <= plies.len()
                && decoded
                    .plies
                    .iter()
                    .zip(&plies[index..])
                    .all(|(v, m)| v.mv == m.ply.mv);
            // Nor does one that repeats the start of a variation already on that ply.
            let repeats = inserts.iter().any(|(_, v, i)| {
                *i == index
                    && matches!(v, Item::Variation { plies: old, .. }
                        if old.len() >= decoded.plies.len()
                            && old.iter().zip(&decoded.plies).all(|(a, b)| a.ply.mv == b.mv))
            });
            if restates || repeats {
                continue;
            }
            counts.transcribed += 1;
            let records: Vec<PlyRecord> = decoded
                .plies
                .into_iter()
                .map(|ply| {
                    let offset = inner.start as usize + run.note_offset(ply.span.start as usize);
                    let (line, column) = map.locate(text, offset);
                    PlyRecord { ply, line, column }
                })
                .collect();
            let var = Item::Variation {
                items: (0..records.len())
                    .map(|index| Item::Ply { index })
                    .collect(),
                plies: records,
            };
            // A PGN variation is an alternative to the move it follows: it goes right after
            // the ply it replaces, wherever the note stands (a note after move 15 may look
            // back at move 13).
            inserts.push((after_ply(items, index), var, index));
        }
    }
    // Insert from the back so that earlier positions stay valid; variations at the same
    // place keep their order (each goes in before the one after it).
    inserts.sort_by_key(|(at, ..)| *at);
    for (at, var, _) in inserts.into_iter().rev() {
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
