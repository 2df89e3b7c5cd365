//! Checks of a decoded book game against what the book prints besides its moves: a
//! second notation beside the first, and diagrams inside the game (which also settle
//! the ambiguous moves before them).

use std::borrow::Borrow;

use escriba_resolve::shakmaty::{Board, Chess, Position};
use escriba_resolve::{Decoded, Game, Options, Pin, Ply, Status, decode_pinned};
use serde::Serialize;

use super::unit::{Checkpoint, Warning};

/// A ply of the main line that what the book prints besides its moves disagrees with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    /// 0-based index of the ply in the main line.
    pub ply: usize,
    /// What disagrees, in one sentence.
    pub note: String,
    /// The move the book's other evidence names instead, in SAN, when it names one.
    pub alternative: Option<String>,
}

impl Flag {
    /// Adds the flag to its ply: the alternative among the ply's alternatives, the note to
    /// its note, and the ply made ambiguous unless it is flagged already.
    pub fn apply(self, p: &mut Ply) {
        if let Some(a) = self.alternative
            && !p.alternatives.contains(&a)
        {
            p.alternatives.push(a);
        }
        let note = self.note;
        p.note = Some(match p.note.take() {
            Some(n) => format!("{n}; {note}").into(),
            None => note.into(),
        });
        if !p.status.is_flagged() {
            p.status = Status::Ambiguous;
        }
    }
}

/// Flags every ply on which the second notation printed beside the first names another
/// move, and the ply where the second notation stops being readable.
pub fn second_notation<P: Borrow<Ply>>(plies: &[P], other: &[Ply]) -> Vec<Flag> {
    let mut flags = Vec::new();
    for (i, p) in plies.iter().enumerate() {
        let (note, alternative) = match other.get(i) {
            Some(o) if o.mv == p.borrow().mv => continue,
            Some(o) => (
                format!("the second notation beside it reads {}", o.san),
                Some(o.san.to_string()),
            ),
            None if i == other.len() => (
                "the second notation beside it cannot be read from here on".to_owned(),
                None,
            ),
            None => break,
        };
        flags.push(Flag {
            ply: i,
            note,
            alternative,
        });
    }
    flags
}

/// What the diagrams inside a game say of its replay: flags on the moves before the
/// diagrams that differ from it on a few squares, warnings on the diagrams that differ on
/// most (read wrong, they check no move), and the tally.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiagramCheck {
    /// Flags on the plies before a diagram that shows another position.
    pub flags: Vec<Flag>,
    /// Warnings on diagrams that differ from the replay on most squares, each with its
    /// line and reading.
    pub warnings: Vec<Warning>,
    /// How the diagrams compared.
    pub tally: DiagramTally,
}

/// How the diagrams inside games compared with the replay at their place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct DiagramTally {
    /// Diagrams the replay reached: after the game's first move, before it stopped.
    pub checked: u32,
    /// Of those, the diagrams that show the replay's position.
    pub agree: u32,
    /// The diagrams that differ on a few squares: evidence against the moves before them.
    pub differ: u32,
    /// The diagrams that differ on most squares: read wrong, they check no move.
    pub misread: u32,
}

impl DiagramTally {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: DiagramTally) {
        self.checked += other.checked;
        self.agree += other.agree;
        self.differ += other.differ;
        self.misread += other.misread;
    }
}

/// Checks the position before each diagram against the diagram. A diagram that differs
/// from the replay on a few squares flags the move before it; one that differs on most of
/// the squares either board holds a man on is a diagram read wrong, not a wrong move: a
/// warning on the diagram, with its reading, and no flag. Diagrams after `stop` (the byte
/// offset where the game stopped, if it did) are not reached.
pub fn diagrams<P: Borrow<Ply>>(
    plies: &[P],
    start: &Chess,
    checkpoints: &[Checkpoint],
    stop: Option<usize>,
) -> DiagramCheck {
    let mut out = DiagramCheck::default();
    for c in checkpoints
        .iter()
        .filter(|c| stop.is_none_or(|s| c.at <= s))
    {
        // The plies printed before the diagram.
        let k = plies
            .iter()
            .take_while(|p| (Borrow::<Ply>::borrow(*p).span.start as usize) < c.at)
            .count();
        if k == 0 {
            continue;
        }
        let mut pos = start.clone();
        for p in &plies[..k] {
            pos.play_unchecked(p.borrow().mv);
        }
        out.tally.checked += 1;
        let board = pos.board();
        let differ = c.differs(board);
        if differ.is_empty() {
            out.tally.agree += 1;
            continue;
        }
        let squares: Vec<String> = differ.into_iter().map(|sq| sq.to_string()).collect();
        let held = (board.occupied() | c.board.occupied()).count();
        if 2 * differ.count() > held {
            out.tally.misread += 1;
            out.warnings.push(Warning {
                line: c.line,
                column: 1,
                message: format!(
                    "the diagram at line {} does not read as the position at its place: it \
                     differs on {} of the {held} squares with a man ({}), so it was read \
                     wrong and checks no move (read as {}, {})",
                    c.line,
                    differ.count(),
                    squares.join(", "),
                    c.board.board_fen(),
                    c.reading
                ),
            });
            continue;
        }
        out.tally.differ += 1;
        let note = format!(
            "the diagram at line {} shows another position (it differs on {})",
            c.line,
            squares.join(", ")
        );
        out.flags.push(Flag {
            ply: k - 1,
            note,
            alternative: None,
        });
    }
    out
}

/// The board after the plies printed before byte `at`.
fn board_at(plies: &[Ply], start: &Chess, at: usize) -> Board {
    let mut pos = start.clone();
    for p in plies.iter().take_while(|p| (p.span.start as usize) < at) {
        pos.play_unchecked(p.mv);
    }
    pos.board().clone()
}

/// Lets the diagrams inside a game settle the ambiguous plies before them. A reading of
/// an ambiguous ply whose replay does not reach the next diagram's position is no
/// reading: when only the chosen reading reaches it, the ply is settled (`inferred`, with
/// a note that says by which diagram); when the chosen reading misses the diagram and
/// exactly one other reading meets it, that reading is taken instead. `pins` are the
/// game's corrections, kept in every new decode.
pub fn settle_by_diagrams(
    decoded: &mut Decoded,
    game: &Game<'_>,
    pins: &[Pin],
    opts: &Options,
    checkpoints: &[Checkpoint],
) {
    // `decoded` may be replaced by a new decode on the way: its plies are read afresh.
    let mut next = 0;
    while let Some(p) = decoded.plies.get(next) {
        let i = next;
        next += 1;
        let at = p.span.start as usize;
        if p.status != Status::Ambiguous || p.alternatives.is_empty() {
            continue;
        }
        let Some(c) = checkpoints.iter().find(|c| c.at > at) else {
            continue;
        };
        // A reading reaches the diagram when it does not stop before it.
        let reaches = |d: &Decoded| {
            d.failure
                .as_ref()
                .is_none_or(|f| f.span.start as usize >= c.at)
        };
        if !reaches(decoded) {
            continue;
        }
        let chosen_meets = c
            .differs(&board_at(&decoded.plies, &game.start, c.at))
            .is_empty();
        let token = p.token;
        let mut meeting: Vec<Decoded> = Vec::new();
        for alt in p.alternatives.clone() {
            let mut with = pins.to_vec();
            with.push(Pin { token, mv: alt });
            let d = decode_pinned(game, opts, &with);
            if reaches(&d) && c.differs(&board_at(&d.plies, &game.start, c.at)).is_empty() {
                meeting.push(d);
            }
        }
        let note = format!("settled by the diagram at line {}", c.line);
        match (chosen_meets, meeting.len()) {
            (true, 0) => {
                let p = &mut decoded.plies[i];
                p.status = Status::Inferred;
                p.alternatives.clear();
                p.note = Some(note.into());
            }
            (false, 1) => {
                let mut d = meeting.pop().expect("one reading");
                if let Some(q) = d.plies.iter_mut().find(|q| q.token == token) {
                    q.status = Status::Inferred;
                    q.alternatives.clear();
                    q.note = Some(note.into());
                }
                *decoded = d;
            }
            _ => {}
        }
    }
}
