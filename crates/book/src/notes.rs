//! Variations written in a book's notes (`8...P x P; 9 B x B P, P - Q Kt 3`, `If 12.
//! Kt-K5, then …`): each numbered run of moves in a note is replayed from the main line's
//! position before the move it replaces. A run that replays as printed is a variation (the
//! record writes it as a PGN variation); one that does not stays in the note, and is counted.

use std::borrow::Borrow;

use escriba_notation::{Dialect, Span, Token, TokenKind, movetext};
use escriba_resolve::shakmaty::{Chess, Color, Position};
use escriba_resolve::{Options, Ply, Status, resolve};

use super::group::ply_of;
use super::unit::NoteVariations;

/// A numbered run of a note that replays from the main line: a variation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteVariation {
    /// 0-based index of the main-line ply it replaces: it replays from the position before
    /// that ply.
    pub replaces: usize,
    /// Its plies, each with the byte offset of its token in the game's movetext.
    pub plies: Vec<(Ply, usize)>,
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
/// `text`) from the main line's `plies`, played from `start`. Returns the runs that replay
/// as printed, in the order of the notes, and the count of what became of every run.
pub fn note_variations<P: Borrow<Ply>>(
    plies: &[P],
    start: &Chess,
    dialect: Dialect,
    text: &str,
    tokens: &[Token],
) -> (Vec<NoteVariation>, NoteVariations) {
    let mut counts = NoteVariations::default();
    // The main line's position before each ply.
    let mut before: Vec<Chess> = Vec::with_capacity(plies.len() + 1);
    let mut pos = start.clone();
    for p in plies {
        before.push(pos.clone());
        pos.play_unchecked(p.borrow().mv);
    }
    before.push(pos);
    let base = ply_of(start.fullmoves().get(), start.turn() == Color::Black);
    let mut out: Vec<NoteVariation> = Vec::new();
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
            let Some(decoded) = replay_clean(&run.text(note), dialect, pos) else {
                counts.left_in_notes += 1;
                continue;
            };
            // A note that only restates the main line's moves is no variation.
            let restates = index + decoded.plies.len() <= plies.len()
                && decoded
                    .plies
                    .iter()
                    .zip(&plies[index..])
                    .all(|(v, m)| v.mv == m.borrow().mv);
            // Nor does one that repeats the start of a variation already on that ply.
            let repeats = out.iter().any(|v| {
                v.replaces == index
                    && v.plies.len() >= decoded.plies.len()
                    && v.plies
                        .iter()
                        .zip(&decoded.plies)
                        .all(|((a, _), b)| a.mv == b.mv)
            });
            if restates || repeats {
                continue;
            }
            counts.transcribed += 1;
            let plies = decoded
                .plies
                .into_iter()
                .map(|ply| {
                    let offset = inner.start as usize + run.note_offset(ply.span.start as usize);
                    (ply, offset)
                })
                .collect();
            out.push(NoteVariation {
                replaces: index,
                plies,
            });
        }
    }
    (out, counts)
}

/// The plies of a note's run replayed from `pos` as printed, no repair: `None` unless
/// every move reads, none of them flagged.
fn replay_clean(run: &str, dialect: Dialect, pos: &Chess) -> Option<escriba_resolve::Decoded> {
    let opts = Options {
        repair: false,
        ..Options::default()
    };
    let decoded = resolve(run, dialect, pos.clone(), &opts);
    let clean = decoded.failure.is_none()
        && !decoded.plies.is_empty()
        && decoded
            .plies
            .iter()
            .all(|p| matches!(p.status, Status::Exact | Status::Inferred));
    clean.then_some(decoded)
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
