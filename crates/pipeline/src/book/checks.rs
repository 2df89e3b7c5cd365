//! Checks of a decoded book game against what the book prints besides its moves: a
//! second notation beside the first, and diagrams inside the game.

use escriba_resolve::shakmaty::{Chess, Position, Square};
use escriba_resolve::{Ply, Status};

use super::Checkpoint;
use crate::game::PlyRecord;

/// Adds `note` to a ply and flags it (ambiguous, unless it is flagged already).
fn flag(p: &mut PlyRecord, note: String) {
    p.ply.note = Some(match p.ply.note.take() {
        Some(n) => format!("{n}; {note}"),
        None => note,
    });
    if !p.ply.status.is_flagged() {
        p.ply.status = Status::Ambiguous;
    }
}

/// Flags every ply on which the second notation printed beside the first names another
/// move, and the ply where the second notation stops being readable.
pub fn second_notation(plies: &mut [PlyRecord], other: &[Ply]) {
    for (i, p) in plies.iter_mut().enumerate() {
        let note = match other.get(i) {
            Some(o) if o.mv == p.ply.mv => continue,
            Some(o) => {
                if !p.ply.alternatives.contains(&o.san) {
                    p.ply.alternatives.push(o.san.clone());
                }
                format!("the second notation beside it reads {}", o.san)
            }
            None if i == other.len() => {
                "the second notation beside it cannot be read from here on".to_owned()
            }
            None => break,
        };
        flag(p, note);
    }
}

/// Checks the position before each diagram against the diagram: a diagram that shows
/// other men than the replay flags the move before it. Diagrams after `stop` (the byte
/// offset where the game stopped, if it did) are not reached.
pub fn diagrams(
    plies: &mut [PlyRecord],
    start: &Chess,
    checkpoints: &[Checkpoint],
    stop: Option<usize>,
) {
    for c in checkpoints
        .iter()
        .filter(|c| stop.is_none_or(|s| c.at <= s))
    {
        // The plies printed before the diagram.
        let k = plies
            .iter()
            .take_while(|p| (p.ply.span.start as usize) < c.at)
            .count();
        if k == 0 {
            continue;
        }
        let mut pos = start.clone();
        for p in &plies[..k] {
            pos.play_unchecked(p.ply.mv);
        }
        let board = pos.board();
        if *board == c.board {
            continue;
        }
        let differ: Vec<String> = Square::ALL
            .iter()
            .filter(|&&sq| board.piece_at(sq) != c.board.piece_at(sq))
            .map(|sq| sq.to_string())
            .collect();
        let note = format!(
            "the diagram at line {} shows another position (it differs on {})",
            c.line,
            differ.join(", ")
        );
        flag(&mut plies[k - 1], note);
    }
}
