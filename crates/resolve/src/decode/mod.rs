//! The whole-game decoder: a beam search over plies for the cheapest complete reading.
//!
//! Pass one is strict: every token must fit a legal move as printed. A token with several
//! readings branches, and later moves settle it. When no reading can go on (a dead end),
//! the decoder repairs, in this order, and keeps the first that lets the game go on:
//!
//! 1. **the dead-end token itself** (with the unread text of the last few moves): one repair
//!    per token that a glyph confusion explains (a repaired reading of the text, a lost or
//!    extra mark, a swapped wing); a last-resort reading of the text (a garbled digit, a
//!    stray character; never of a join with the text after it) only where no other
//!    reading of it fits;
//! 2. **a reach-back**: the moves before it, in a window that doubles from
//!    `REPAIR_WINDOW` up to `REACH_CAP` moves, with the dead-end token held to its
//!    printed reading: an earlier ply that read as printed is rewritten only when that lets
//!    the token the game stopped at read as printed too (never at a move number, which no
//!    rewrite of one move for another makes fit). A wider window does not decode again the
//!    states the narrower one explored from its start on (memoized by position, token and
//!    ply): they came to nothing;
//! 3. **the dead-end token** with any one repair up to the cost of stopping (a wrong piece
//!    letter, file or rank), which at least `CONFIRM_PLIES` later plies must confirm;
//! 4. **stopping**: the game ends there as `partial`, with the nearest readings.
//!
//! A repair costlier than [`STOP`] is never taken: stopping is the likelier reading then.
//! Each attempt resumes from the last checkpoint of the beam before its window (every
//! `CHECKPOINT` events), so the work per dead end does not grow with the game, and a
//! per-game budget in nodes expanded ([`budget`]) caps the whole repair search: when it runs
//! out, the game stops there with a note that the search was capped. Text that is mostly not
//! movetext (most of its tokens unread) is never decoded with repairs.
//! Complete paths that tie at the lowest cost are reported as ambiguous, never hidden.
//! In a game that stops, the plies read after the last printed move that reads as a legal
//! move but was rewritten are ambiguous: the rewrite let them read, and the game did not
//! read through to confirm it (OCR that lost a few words can make the moves after the loss
//! fit a rewritten position).
//!
//! In a game that prints a number before every ply (`1 P-K 4 1 P-K 4 2 …`, as newspaper
//! columns do), unread text right before a number stands where a ply does: besides being
//! passed over, it is read as a **lost ply**, any legal move at `LOST_PLY`, and the numbers
//! and the moves after it choose (a path one ply short dies at the next number). The ply
//! is `repaired` (or `ambiguous` when others tie) with the unread word in its note, and
//! the game is never complete ([`Decoded::lost`]).
//!
//! The parts, each a module: `state` holds the vocabulary (events, nodes, states, the
//! decoder and its buffers); `search` settles marks, expands and prunes the beam and runs
//! the events; `repair` decides which repairs a token gets and which tokens an attempt
//! opens; `cache` keeps each text's repaired readings; `finish` turns the cheapest path
//! into plies; `pin` reads a human's choices and `notes` shares the plies' notes. This
//! module holds the driver: the passes and the repair attempts at each dead end.

mod cache;
mod finish;
mod notes;
mod pin;
mod repair;
mod search;
mod state;
#[cfg(test)]
mod tests;

use escriba_notation::{DescLang, Dialect, MoveKind, Termination, TokenKind, movetext};
use shakmaty::{Color, Position};

use crate::{Game, Options};

use finish::finish;
pub use pin::Pin;
use repair::capped_before;
use state::*;
pub use state::{Decoded, STOP};

/// The per-game budget of the repair search, in nodes expanded: a floor, and so many nodes
/// per move token (a clean decode expands about one node per ply and reading). Beyond it the
/// search rarely pays: on the damaged Spanish bench text, a budget of 2048 + 12 per move
/// read 22 more plies right (of 358,000) and 9 more wrong without a flag, for 1.5% more
/// work.
pub fn budget(move_tokens: usize) -> usize {
    const FLOOR: usize = 1024;
    const PER_MOVE: usize = 8;
    FLOOR.saturating_add(PER_MOVE.saturating_mul(move_tokens))
}

/// The main line's events, its printed termination and its unread tokens; with
/// `captures` (English descriptive print), the events of the captures whose captured man
/// is named in more than one word (see [`splits_of`]).
fn main_line(
    text: &str,
    tokens: &[escriba_notation::Token],
    events: &mut Vec<Event>,
    mut captures: Option<&mut Vec<usize>>,
) -> (Option<Termination>, Vec<usize>) {
    events.clear();
    events.reserve(tokens.len());
    let mut depth = 0u32;
    let mut unread = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            TokenKind::Move(m) => {
                if let Some(captures) = captures.as_deref_mut()
                    && names_a_man_in_words(&m)
                {
                    captures.push(events.len());
                }
                events.push(Event::Move(i));
            }
            TokenKind::MoveNumber { number, black } => events.push(Event::Number {
                number,
                black,
                tok: i,
            }),
            TokenKind::Unknown => {
                unread.push(i);
                let mut run = 0;
                while run < MAX_JOIN
                    && tokens.get(i + run + 1).is_some_and(|n| {
                        matches!(n.kind, TokenKind::Move(_) | TokenKind::Unknown)
                            && !text[tokens[i + run].span.end as usize..n.span.start as usize]
                                .contains('\n')
                    })
                {
                    run += 1;
                }
                events.push(Event::Unknown { tok: i, run });
            }
            TokenKind::Result(term) => return (Some(term), unread),
            _ => {}
        }
    }
    (None, unread)
}

/// Whether the main line prints a number before every ply, as newspaper columns do
/// (`1 P-K 4 1 P-K 4 2 Kt-K B 3 2 …`): at least four numbers, and a third of them the
/// number before printed again for Black's move.
fn numbers_every_ply(events: &[Event]) -> bool {
    let mut last = None;
    let (mut numbers, mut again) = (0usize, 0usize);
    for e in events {
        if let Event::Number { number, black, .. } = *e {
            numbers += 1;
            again += usize::from(!black && last == Some(number));
            last = Some(number);
        }
    }
    numbers >= 4 && 3 * again >= numbers
}

/// A capture whose captured man is named in more than one word (`B P`, `K R`, `Q Kt P`):
/// a shorter reading of it may leave words to the next move.
fn names_a_man_in_words(m: &escriba_notation::Move) -> bool {
    matches!(m.kind, MoveKind::Piece(pm)
        if matches!(pm.capture, Some(Some(v)) if v.wing.is_some() || v.file.is_some()))
}

/// The other groupings of the words of each capture of `captures` (events whose captured
/// man is named in more than one word) with the move token of the next event.
fn splits_of(game: &Game<'_>, events: &[Event], captures: &[usize], out: &mut Vec<Split>) {
    for &e in captures {
        let (Event::Move(at), Some(&Event::Move(next))) = (events[e], events.get(e + 1)) else {
            continue;
        };
        let (a, b) = (game.tokens[at].span, game.tokens[next].span);
        for (first, second) in movetext::regroupings(game.dialect, game.text, a, b) {
            out.push(Split {
                at,
                next,
                first,
                second,
            });
        }
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// Decodes a game: the cheapest complete reading, or the best reading up to the failure.
pub fn decode(game: &Game<'_>, opts: &Options) -> Decoded {
    decode_pinned(game, opts, &[])
}

/// Decodes a game with some plies chosen by a human: each pinned token is read as its
/// pinned move (status [`Status::Corrected`](crate::Status::Corrected)) and the rest is decoded around it. A pin
/// whose move is not legal where the search reaches it stops the game there (unless a
/// repair before it makes it fit), with a diagnostic that says so.
pub fn decode_pinned(game: &Game<'_>, opts: &Options, pins: &[Pin]) -> Decoded {
    // A decode inside another (none does so now) finds the buffers taken and starts afresh.
    let mut scratch = SCRATCH.with(|s| s.take());
    let decoded = decode_in(game, opts, pins, &mut scratch);
    SCRATCH.with(|s| *s.borrow_mut() = scratch);
    decoded
}

/// A buffer of the scratch, emptied; one grown past [`KEEP_BYTES`] is let go instead.
fn cleared<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut v = std::mem::take(v);
    v.clear();
    if v.capacity() * std::mem::size_of::<T>() > KEEP_BYTES {
        v = Vec::new();
    }
    v
}

/// The most a thread keeps of one decoder buffer between games.
const KEEP_BYTES: usize = 4 << 20;

fn decode_in(game: &Game<'_>, opts: &Options, pins: &[Pin], scratch: &mut Scratch) -> Decoded {
    let (mut d, unread) = decoder(game, opts, pins, scratch);
    // Text whose tokens mostly do not read as moves is no movetext to repair.
    let moves = d
        .events
        .iter()
        .filter(|e| matches!(e, Event::Move(_)))
        .count();
    let unread_events = d.events.len()
        - moves
        - d.events
            .iter()
            .filter(|e| matches!(e, Event::Number { .. }))
            .count();
    let repair = opts.repair && unread_events <= moves;
    d.may_repair = repair;
    d.lost_plies = repair && numbers_every_ply(&d.events);
    if repair {
        d.open_unread();
    }
    d.budget = opts.node_budget.unwrap_or_else(|| budget(moves));
    let mut end = d.run(0, vec![d.initial()]);
    loop {
        let (event, tok, before) = match end {
            PassEnd::Complete(states) => return finish(&mut d, states, None, unread),
            PassEnd::Capped { tok, before, .. } => {
                d.search_capped = true;
                return finish(&mut d, before, Some(tok), unread);
            }
            PassEnd::DeadEnd { event, tok, before } => (event, tok, before),
        };
        if !repair {
            return finish(&mut d, before, Some(tok), unread);
        }
        d.repairing = true;
        match d.repair_dead_end(event, tok) {
            Some(e) if capped_before(&e, event) => {
                d.search_capped = true;
                return finish(&mut d, before, Some(tok), unread);
            }
            Some(e) => end = e,
            // Stop: the beam as it stood before the dead end, read as printed.
            None => return finish(&mut d, before, Some(tok), unread),
        }
    }
}

/// A decoder for `game`, its buffers taken from `scratch`, and the main line's unread tokens.
fn decoder<'a>(
    game: &'a Game<'a>,
    opts: &'a Options,
    pins: &'a [Pin],
    scratch: &'a mut Scratch,
) -> (Decoder<'a>, Vec<usize>) {
    let mut events = cleared(&mut scratch.events);
    // Reused from game to game, as the events are: a long game allocates no more.
    let mut captures = cleared(&mut scratch.captures);
    let english = game.dialect == Dialect::Descriptive(DescLang::En);
    let (end, unread) = main_line(
        game.text,
        game.tokens,
        &mut events,
        english.then_some(&mut captures),
    );
    let mut splits = Vec::new();
    if !captures.is_empty() {
        splits_of(game, &events, &captures, &mut splits);
    }
    scratch.captures = captures;
    let mut repair = cleared(&mut scratch.repair);
    repair.resize(game.tokens.len(), false);
    let mut glued = cleared(&mut scratch.glued);
    glued.resize(game.tokens.len(), false);
    let mut joins_only = cleared(&mut scratch.joins_only);
    joins_only.resize(game.tokens.len(), false);
    let mut seen = std::mem::take(&mut scratch.seen);
    seen.clear();
    let mut explored = std::mem::take(&mut scratch.explored);
    explored.clear();
    let mut note_buf = std::mem::take(&mut scratch.note_buf);
    note_buf.clear();
    let d = Decoder {
        game,
        opts,
        pins,
        events,
        splits,
        end,
        nodes: cleared(&mut scratch.nodes),
        ties: cleared(&mut scratch.ties),
        repair,
        glued,
        joins_only,
        spare: cleared(&mut scratch.spare),
        cands: cleared(&mut scratch.cands),
        found: cleared(&mut scratch.found),
        beam_capped_at: 0,
        checkpoints: cleared(&mut scratch.checkpoints),
        checkpoint_states: cleared(&mut scratch.checkpoint_states),
        seen,
        explored,
        record_from: None,
        skip_from: None,
        explored_until: 0,
        explored_best: Vec::new(),
        prune_floor: u32::MAX,
        reading_cache: Vec::new(),
        repairing: false,
        budget: 0,
        search_capped: false,
        cheap_only: None,
        reaching: false,
        may_repair: false,
        lost_plies: false,
        mark_unearned: false,
        fallback_window: (1, 0),
        note_buf,
        last_note: None,
        back: scratch,
        ply_offset: (game.start.fullmoves().get() - 1)
            .saturating_mul(2)
            .saturating_add(u32::from(game.start.turn() == Color::Black)),
        beam_capped: false,
    };
    (d, unread)
}
