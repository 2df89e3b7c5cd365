//! Turning the cheapest path into plies: the last marks settled, unconfirmed repairs cut,
//! ties listed as alternatives, each ply's status and note, and the failure.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;

use escriba_notation::TokenKind;
use shakmaty::san::Suffix;
use shakmaty::{Chess, Color, Position};

use crate::candidates::{NEAR_TIE, Relax};
use crate::identity::Origins;
use crate::san::render;
use crate::{Ply, Status};

use super::cache::reading_text;
use super::notes;
use super::pin;
use super::state::*;

pub(super) fn path(nodes: &[Node], mut id: u32) -> Vec<u32> {
    let len = if id == NONE {
        0
    } else {
        nodes[id as usize].ply as usize + 1
    };
    let mut out = Vec::with_capacity(len);
    while id != NONE {
        out.push(id);
        id = nodes[id as usize].parent;
    }
    out.reverse();
    out
}

/// The position and identities after the nodes of `path`, from the game's start.
pub(super) fn replay(d: &Decoder<'_>, path: &[u32]) -> (Chess, Origins) {
    let mut pos = d.game.start.clone();
    let mut origins = Origins::new(pos.board());
    for &id in path {
        let m = d.nodes[id as usize].mv;
        origins.play(m);
        pos.play_unchecked(m);
    }
    (pos, origins)
}

pub(super) fn finish(
    d: &mut Decoder<'_>,
    states: Vec<State>,
    failed_tok: Option<usize>,
    unread: Vec<usize>,
) -> Decoded {
    // The last plies' marks: settle them with their positions' legal moves.
    let mut states = states;
    for st in &mut states {
        let has_moves = !st.pos.legal_moves().is_empty();
        st.cost += d.settle(st, has_moves, st.pos.checkers());
    }
    let best = states
        .iter()
        .min_by_key(|s| s.cost)
        .cloned()
        .expect("a pass always leaves a state");

    let mut chosen = path(&d.nodes, best.node);
    let mut failed_tok = failed_tok;
    let mut best = best;
    // A game stopped at a move number after unread text: the unread text is the culprit
    // (an unreadable move, after which the sides were swapped). Stop before it.
    if let Some(tok) = failed_tok
        && matches!(d.game.tokens[tok].kind, TokenKind::MoveNumber { .. })
    {
        let since = d.game.tokens[..tok]
            .iter()
            .rposition(|t| matches!(t.kind, TokenKind::MoveNumber { .. }))
            .unwrap_or(0);
        if let Some(&culprit) = unread.iter().find(|&&u| u > since && u < tok) {
            chosen.retain(|&id| (d.nodes[id as usize].tok as usize) < culprit);
            (best.pos, best.origins) = replay(d, &chosen);
            failed_tok = Some(culprit);
        }
    }
    // A dear repair (no glyph confusion explains it: a wrong piece letter, file or rank)
    // that no later move confirms is a guess: the game stops at it instead.
    let mut unconfirmed = None;
    if failed_tok.is_none()
        && let Some(k) = chosen
            .iter()
            .rposition(|&id| d.nodes[id as usize].relax.0 & Relax::UNEXPLAINED != 0)
        && chosen.len() - 1 - k < CONFIRM_PLIES
    {
        let n = d.nodes[chosen[k] as usize];
        unconfirmed = Some(format!(
            "{} ({})",
            render(n.san, n.suffix),
            n.relax.describe().join(", ")
        ));
        chosen.truncate(k);
        (best.pos, best.origins) = replay(d, &chosen);
        failed_tok = Some(n.tok as usize);
    }
    let mut alternatives: HashMap<u32, Vec<String>> = HashMap::new();
    let mut tie_pairs: Vec<(u32, u32)> = Vec::new();
    let mut t = best.tie;
    while t != NONE {
        let tie = d.ties[t as usize];
        tie_pairs.push((tie.kept, tie.dropped));
        t = tie.next;
    }
    if failed_tok.is_none() {
        for other in &states {
            if other.cost <= best.cost + NEAR_TIE && other.node != best.node && other.node != NONE {
                tie_pairs.push((best.node, other.node));
            }
        }
    }
    for (kept, dropped) in tie_pairs {
        let a = path(&d.nodes, kept);
        let b = path(&d.nodes, dropped);
        for (i, &bn) in b.iter().enumerate() {
            let Some(&an) = a.get(i) else { break };
            if an != bn && d.nodes[an as usize].mv != d.nodes[bn as usize].mv {
                let node = d.nodes[bn as usize];
                alternatives
                    .entry(an)
                    .or_default()
                    .push(render(node.san, node.suffix).to_string());
            }
        }
    }

    let game = d.game;
    let mut plies = Vec::with_capacity(chosen.len());
    for &id in &chosen {
        let n = d.nodes[id as usize];
        let token = match game.tokens[n.tok as usize].kind {
            TokenKind::Move(m) => Some(m),
            _ => None,
        };
        let mut span = game.tokens[n.tok as usize].span;
        if n.tok2 != NONE {
            span.end = game.tokens[n.tok2 as usize].span.end;
        }
        let mut alts = if alternatives.is_empty() {
            Vec::new()
        } else {
            alternatives.remove(&id).unwrap_or_default()
        };
        alts.sort();
        alts.dedup();
        let unsettled = n.readings > 1 && n.ply < d.capped_at;
        let pinned = pin::find(d.pins, n.tok as usize);
        // The book's check or mate mark says otherwise than the move: printed wrong, or
        // damaged, as a repair is.
        let contradicted = token.as_ref().and_then(|t| mark_note(t.check, n.suffix));
        // A repair with near-ties is no repair: the ply is ambiguous, with the others listed.
        let status = if pinned.is_some() {
            pin::STATUS
        } else if !alts.is_empty() {
            Status::Ambiguous
        } else if n.relax.is_repair() || contradicted.is_some() {
            Status::Repaired
        } else if unsettled {
            Status::Ambiguous
        } else if n.readings <= 1 && !n.relax.is_unprinted() {
            Status::Exact
        } else {
            Status::Inferred
        };
        let settled = status == Status::Inferred && n.readings > 1;
        let capped_note = unsettled && alts.is_empty();
        let mark = contradicted.filter(|_| n.relax.0 & Relax::MARK == 0);
        let cache = &d.reading_cache;
        let write = |notes: &mut String| {
            if let Some(pin) = pinned {
                notes.push_str(&pin::note(pin));
            }
            for w in n.relax.words() {
                if w == "misprint or OCR damage read as" && n.reading != NONE {
                    notes::push(notes, w);
                    notes.push_str(" `");
                    notes.push_str(reading_text(cache, n.tok as usize, n.reading));
                    notes.push('`');
                } else {
                    notes::push(notes, w);
                }
            }
            if capped_note {
                notes::sep(notes);
                let _ = write!(
                    notes,
                    "{} readings; the search was capped and did not follow the others to the end",
                    n.readings
                );
            }
            if settled {
                notes::sep(notes);
                let _ = write!(
                    notes,
                    "{} readings; settled by the moves that follow",
                    n.readings
                );
            }
            if let Some((_, note)) = mark {
                notes::push(notes, note);
            }
        };
        // An unflagged ply's note says only what its key holds: it is shared.
        let note =
            if n.relax.0 == 0 && !settled && mark.is_none() && pinned.is_none() && !capped_note {
                None
            } else if !status.is_flagged() && pinned.is_none() {
                let readings = if settled { n.readings } else { 0 };
                let key = notes::key(n.relax.0, readings, mark.map_or(0, |(k, _)| k));
                notes::shared(key, &mut d.note_buf, write)
            } else {
                d.note_buf.clear();
                write(&mut d.note_buf);
                (!d.note_buf.is_empty()).then(|| Cow::Owned(d.note_buf.clone()))
            };
        let color = if (game.start.turn() == Color::White) == n.ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let base = game.start.fullmoves().get();
        let offset = u32::from(game.start.turn() == Color::Black);
        let move_number = base.saturating_add(n.ply.saturating_add(offset) / 2);
        plies.push(Ply {
            san: render(n.san, n.suffix),
            uci: crate::san::uci(n.mv),
            mv: n.mv,
            status,
            cost: n.cost,
            token: n.tok as usize,
            span,
            move_number,
            color,
            alternatives: alts,
            note,
            nag: token.and_then(|t| t.nag),
        });
    }

    let mut failure = failed_tok.map(|tok| {
        let mut f = crate::diagnose::diagnose(game, &best.pos, &best.origins, tok, plies.len());
        if let Some(pin) = pin::find(d.pins, tok) {
            pin::explain(pin, &mut f);
        }
        f
    });
    if let (Some(repair), Some(f)) = (&unconfirmed, &mut failure) {
        f.message = format!(
            "`{}` fits no legal move as printed, and its nearest repair, {repair}, is confirmed by no later move: the game stops here",
            f.text
        );
    }
    if d.search_capped
        && let Some(f) = &mut failure
    {
        f.message = format!(
            "the repair search was capped ({} nodes expanded) before `{}`: the game stops here",
            d.nodes.len(),
            f.text
        );
    }
    Decoded {
        plies,
        failure,
        termination: d.end,
        cost: best.cost,
        beam_capped: d.capped,
        search_capped: d.search_capped,
        nodes_expanded: d.nodes.len(),
        unread,
        final_position: best.pos,
    }
}

/// The note on a check or mate mark the move does not bear out, with its index (1–3).
pub(super) fn mark_note(
    mark: Option<escriba_notation::CheckMark>,
    suffix: Option<Suffix>,
) -> Option<(u8, &'static str)> {
    use escriba_notation::CheckMark::*;
    let says = match mark? {
        Check | Discovered | Double => "check",
        Mate => "mate",
    };
    let is = match suffix {
        None => "no check",
        Some(Suffix::Check) => "check",
        Some(Suffix::Checkmate) => "mate",
    };
    Some(match (says, is) {
        ("check", "no check") => (1, "the book marks check; the move gives no check"),
        ("mate", "no check") => (2, "the book marks mate; the move gives no check"),
        ("mate", "check") => (3, "the book marks mate; the move gives check"),
        _ => return None,
    })
}
