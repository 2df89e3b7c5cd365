//! The beam search: settling each node's check mark, expanding the beam by a token's
//! readings (or a pinned move), pruning transpositions, and running the events from a
//! checkpoint.

use shakmaty::san::Suffix;
use shakmaty::{Bitboard, Move, MoveList, Position};

use crate::candidates::{
    NEAR_TIE, Prefilter, Relax, destination_moves_in, mark_evidence, strict_into,
};
use crate::san::san_of;

use escriba_notation::{Move as PrintedMove, TokenKind};

use crate::candidates::Candidate;

use super::pin::{self, Pin};
use super::state::*;

/// The most states a prune dedupes by a search of a list rather than a map.
pub(super) const SMALL_BEAM: usize = 16;

/// A state's identity in a prune: its position's Zobrist hash, apart for states that pass
/// over more events or owe the second move of another grouping of the words.
pub(super) fn position_key(st: &State) -> u64 {
    st.hash()
        ^ u64::from(st.skip).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(st.split.wrapping_add(1)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

/// A state's identity as it enters event `ei`: its [`position_key`], the event, and its
/// ply count.
pub(super) fn explored_key(st: &State, ei: usize) -> u64 {
    position_key(st)
        ^ (ei as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
        ^ u64::from(st.ply).wrapping_mul(0xA076_1D64_78BD_642F)
}

/// The moves of `st` that reading its token (`pre`: the token and its prefilter) needs:
/// whether they are only the moves to the token's destination (in `narrow`; else all legal
/// moves, in `full`), and whether the side to move has any move.
///
/// A strict reading of a token with a printed destination needs only the moves to that
/// destination; the settle step then needs to know about other moves only when the side to
/// move is in check (mate or not). Where repairs are open, the strict reading comes first,
/// from the same moves, and all legal moves only when a repair may be kept.
#[inline(always)]
fn moves_for(
    st: &State,
    pre: Option<&(&PrintedMove, Prefilter)>,
    checkers: Bitboard,
    narrow: &mut MoveList,
    full: &mut MoveList,
) -> (bool, bool) {
    let is_narrow = pre.is_some_and(|(token, pre)| {
        destination_moves_in(&st.pos, checkers.any(), token, pre, narrow)
    });
    // The moves to the token's destination are legal moves: when there are any, the side
    // in check is not mated, and its moves need not be generated.
    let has_moves = if is_narrow {
        checkers.is_empty() || !narrow.is_empty() || !st.pos.legal_moves().is_empty()
    } else {
        *full = st.pos.legal_moves();
        !full.is_empty()
    };
    (is_narrow, has_moves)
}

/// One expansion of the beam: the move token `tok`, the run of unread text it is part of
/// (`unknown_run`), the other grouping of its words it is read by (`regrouped`), the move
/// read as printed (`printed`), and whether its repairs are open (`repairing`).
#[derive(Clone, Copy)]
struct Expansion<'a> {
    tok: usize,
    unknown_run: Option<usize>,
    regrouped: Option<&'a PrintedMove>,
    printed: Option<PrintedMove>,
    repairing: bool,
}

impl Decoder<'_> {
    /// Settles the node that led to `st` now that its position's legal moves are known:
    /// its SAN suffix, and the cost of the book's check or mate mark against it. Returns that
    /// cost, which every path through `st` carries.
    /// `checkers` are the men giving check in `st`'s position.
    pub(super) fn settle(&mut self, st: &State, has_moves: bool, checkers: Bitboard) -> u32 {
        if st.node == NONE {
            return 0;
        }
        let node = &mut self.nodes[st.node as usize];
        node.suffix = if checkers.is_empty() {
            None
        } else if has_moves {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        };
        let landed = match node.mv {
            Move::Castle { .. } => node
                .mv
                .castling_side()
                .map(|cs| cs.rook_to(st.pos.turn().other())),
            m => Some(m.to()),
        };
        let cost = mark_evidence(
            node.mark,
            checkers.count() as u32,
            landed.is_some_and(|sq| checkers.contains(sq)),
            checkers.any() && !has_moves,
        );
        if cost > 0 && node.mark.is_some() {
            node.relax.0 |= Relax::MARK;
        }
        cost
    }

    /// Expands every state by a move token (`tok`), or by the readings of unread text.
    pub(super) fn expand(
        &mut self,
        states: &[State],
        tok: usize,
        unknown_run: Option<usize>,
    ) -> Vec<State> {
        self.expand_as(states, tok, unknown_run, None)
    }

    /// [`Decoder::expand`]; with `regrouped`, by that reading of the token's words instead
    /// (another grouping of them, read as printed only). Inlined in both, so that the
    /// common expansion pays nothing for the other.
    #[inline(always)]
    fn expand_as(
        &mut self,
        states: &[State],
        tok: usize,
        unknown_run: Option<usize>,
        regrouped: Option<&PrintedMove>,
    ) -> Vec<State> {
        // The beam's buffers go back and forth between plies instead of being allocated.
        let mut out = std::mem::take(&mut self.spare);
        out.clear();
        if let Some(pin) = pin::find(self.pins, tok) {
            for st in states {
                self.expand_pinned(st, tok, pin, &mut out);
            }
            return out;
        }
        let repairing = self.repair[tok] && regrouped.is_none();
        let printed = regrouped.copied().or_else(|| match unknown_run {
            None => Some(*self.token(tok)),
            Some(_) => None,
        });
        // The cheapest child made so far: the prune after this expansion keeps none dearer
        // than the cheapest child by more than its margin.
        let mut cheapest = u32::MAX;
        let x = Expansion {
            tok,
            unknown_run,
            regrouped,
            printed,
            repairing,
        };
        for st in states {
            self.expand_state(st, &x, &mut cheapest, &mut out);
        }
        out
    }

    /// The children of one state `st` in the expansion `x`, pushed to `out`; `cheapest`:
    /// the cheapest child made so far in this expansion.
    #[inline(always)]
    fn expand_state(
        &mut self,
        st: &State,
        x: &Expansion<'_>,
        cheapest: &mut u32,
        out: &mut Vec<State>,
    ) {
        let Expansion {
            tok,
            unknown_run,
            regrouped,
            printed,
            repairing,
        } = *x;
        // Fresh lists: an empty `MoveList` is free, while moving one copies its array.
        let (mut narrow, mut full) = (MoveList::new(), MoveList::new());
        let checkers = st.pos.checkers();
        // The token's prefilter for the side to move, made once for both of its uses.
        let pre = printed
            .as_ref()
            .map(|token| (token, Prefilter::new(token, st.pos.turn())));
        let (is_narrow, has_moves) = moves_for(st, pre.as_ref(), checkers, &mut narrow, &mut full);
        let carried = self.settle(st, has_moves, checkers);
        // (candidate, reading text index, joined token, the book's mark)
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        let literal = printed;
        let mut cands = std::mem::take(&mut self.cands);
        let floor = st.cost + carried;
        let mut repair_here = repairing;
        if let Some((token, pre)) = &pre {
            let legal: &[Move] = if is_narrow { &narrow } else { &full };
            repair_here = self.read_literal(
                st,
                tok,
                (repairing, regrouped.is_none() && self.may_repair),
                (token, pre),
                legal,
                (floor, *cheapest),
                &mut cands,
                &mut found,
            );
        }
        // The moves the candidates were found among (every SAN rival of each is there).
        let legal: &[Move] = if repair_here {
            if is_narrow {
                full = st.pos.legal_moves();
            }
            &full
        } else if is_narrow {
            &narrow
        } else {
            &full
        };
        if repair_here {
            self.push_repairs(
                st,
                legal,
                tok,
                literal.as_ref(),
                unknown_run,
                &mut found,
                &mut cands,
            );
            self.mark_unearned = false;
        }
        if unknown_run.is_some() {
            let pass = self.pass_over(st, tok, !found.is_empty());
            *cheapest = (*cheapest).min(pass.cost);
            out.push(pass);
        }
        self.cands = cands;
        if found.is_empty() {
            self.found = found;
            return;
        }
        let least = self.push_children(st, tok, legal, carried, &mut found, out);
        *cheapest = (*cheapest).min(least);
        self.found = found;
    }

    /// `st` passing over unread text at move token `tok` (`found`: the text reads as a
    /// damaged move here). Unread text may be junk: passing over it costs nothing, unless it
    /// is glued to the move before it, and then likelier left over from damage to it, or it
    /// reads as a damaged move here: passing over it would hand every later move to the
    /// other side (`2. Kt-KBS Kt-QB3` would make Black's knight White's), which is less
    /// likely than the damage.
    #[inline(always)]
    fn pass_over(&self, st: &State, tok: usize, found: bool) -> State {
        let mut pass = st.clone();
        if self.glued[tok] {
            pass.cost += STRAY;
        } else if found {
            pass.cost += SKIP_A_MOVE;
        }
        pass
    }

    /// Reads `token` (move token `tok`) as printed in `st`, among `legal`, into `cands`, and
    /// decides whether its repairs are tried here: where they are open and some could be
    /// kept by the prune after this expansion (`floor` is the state's cost with its last
    /// mark settled, `cheapest` the cheapest child so far), or where no reading as printed
    /// earns the token's check or mate mark. Returns whether they are; when they are not,
    /// the readings as printed go to `found`.
    /// `(repairing, may_repair)` say whether the token's repairs are open, and whether an
    /// unearned mark may open them.
    #[allow(clippy::too_many_arguments)]
    fn read_literal(
        &mut self,
        st: &State,
        tok: usize,
        (repairing, may_repair): (bool, bool),
        (token, pre): (&PrintedMove, &Prefilter),
        legal: &[Move],
        (floor, cheapest): (u32, u32),
        cands: &mut Vec<Candidate>,
        found: &mut Vec<Found>,
    ) -> bool {
        let mut repair_here = repairing;
        cands.clear();
        // The strict reading ([`Decoder::read`] with no repair), by the prefilter made for
        // the moves to the token's destination.
        strict_into(&self.ctx(st, 0), token, pre, legal, cands);
        // A check or mate mark that no reading as printed earns is evidence of
        // damage: the token is read with the repairs that may earn it too.
        let unearned = token.check.is_some()
            && !cands.is_empty()
            && !cands.iter().any(|c| earns_mark(&st.pos, c.mv, token.check));
        let as_printed = !cands.is_empty() && !unearned;
        if !repairing && unearned && may_repair {
            repair_here = true;
            self.mark_unearned = true;
        }
        if repairing {
            // Read as printed first: when no repair of the token could be kept by
            // the prune after this expansion, none is made. The prune measures its
            // margin from the states a reach-back passes over too.
            let strict = cands.first().map_or(u32::MAX, |c| floor + c.cost);
            let cutoff = cheapest
                .min(strict)
                .min(self.prune_floor)
                .saturating_add(PRUNE_MARGIN + NEAR_TIE);
            if self.repairs_hopeless(tok, floor, as_printed, cutoff) {
                repair_here = false;
                #[cfg(test)]
                if !self.repairs_hopeless(
                    tok,
                    floor,
                    as_printed,
                    cheapest.min(strict).saturating_add(PRUNE_MARGIN + NEAR_TIE),
                ) {
                    super::tests::SPARED_BY_FLOOR.with(|n| n.set(n.get() + 1));
                }
                #[cfg(debug_assertions)]
                self.check_hopeless(st, &st.pos.legal_moves(), tok, token, floor, cutoff);
            }
        }
        if !repair_here {
            found.extend(cands.iter().map(|&c| (c, NONE, NONE, token.check)));
        }
        repair_here
    }

    /// The states after `st` by the moves `found` for token `tok` (the cheapest reading of
    /// each), among `legal`, with their nodes, into `out`; `carried` is the cost of `st`'s
    /// last mark. Returns the cheapest child's cost (`u32::MAX`: none).
    #[inline(always)]
    pub(super) fn push_children(
        &mut self,
        st: &State,
        tok: usize,
        legal: &[Move],
        carried: u32,
        found: &mut Vec<Found>,
        out: &mut Vec<State>,
    ) -> u32 {
        // Keep the cheapest reading of each distinct move (and of the text it reads: a
        // move read with the text glued to it passes over that text, one read alone
        // does not).
        if found.len() > 1 {
            found.sort_by_key(|(c, ..)| c.cost);
            let mut kept = 0;
            for i in 0..found.len() {
                if !found[..kept]
                    .iter()
                    .any(|f| f.0.mv == found[i].0.mv && f.2 == found[i].2)
                {
                    found.swap(kept, i);
                    kept += 1;
                }
            }
            found.truncate(kept);
        }
        // Repairs tried in a window are not readings of the text as printed.
        let readings = found.iter().filter(|(c, ..)| !c.relax.is_repair()).count() as u16;
        let least = found
            .iter()
            .map(|(c, ..)| c.cost)
            .min()
            .map_or(u32::MAX, |least| st.cost + carried + least);
        for &(c, reading, joined, mark) in found.iter() {
            let node = Node {
                parent: st.node,
                mv: c.mv,
                san: san_of(c.mv, legal),
                suffix: None,
                tok: tok as u32,
                tok2: joined,
                cost: c.cost,
                relax: c.relax,
                readings,
                reading,
                mark,
                ply: st.ply,
                split: NONE,
            };
            self.nodes.push(node);
            let id = (self.nodes.len() - 1) as u32;
            // Cloned into its place in `out` and played there: a state is a few hundred
            // bytes, and a clone moved into the vector copies them twice.
            out.push(st.clone());
            let next = out.last_mut().expect("just pushed");
            next.play(c.mv);
            next.cost += c.cost + carried;
            next.node = id;
            next.ply += 1;
            next.split = NONE;
            next.skip = if joined == NONE {
                0
            } else {
                (joined as usize - tok) as u8
            };
        }
        least
    }

    /// Dedupes transpositions (recording ties), sorts by cost and applies the beam, in place.
    pub(super) fn prune(&mut self, mut states: Vec<State>) -> Vec<State> {
        let floor = std::mem::replace(&mut self.prune_floor, u32::MAX);
        if states.len() <= 1 && floor == u32::MAX {
            return states;
        }
        states.sort_by_key(|s| s.cost);
        // A small beam's kept keys are searched in a list, a large one's in a map.
        let small = states.len() <= SMALL_BEAM;
        let mut keys = [0u64; SMALL_BEAM];
        if !small {
            self.seen.clear();
        }
        // States [0, kept) are kept; those between `kept` and `i` were transpositions.
        let mut kept = 0;
        for i in 0..states.len() {
            // States that pass over more events are apart from those that do not.
            let key = position_key(&states[i]);
            let seen = if small {
                keys[..kept].iter().position(|&k| k == key)
            } else {
                self.seen.get(&key).copied()
            };
            match seen {
                Some(k) => {
                    let (st, first) = (&states[i], &states[k]);
                    if st.cost <= first.cost + NEAR_TIE && first.node != st.node && st.node != NONE
                    {
                        self.ties.push(Tie {
                            kept: first.node,
                            dropped: st.node,
                            next: first.tie,
                        });
                        states[k].tie = (self.ties.len() - 1) as u32;
                    }
                }
                None => {
                    if small {
                        keys[kept] = key;
                    } else {
                        self.seen.insert(key, kept);
                    }
                    states.swap(kept, i);
                    kept += 1;
                }
            }
        }
        states.truncate(kept);
        let best = states[0].cost.min(floor);
        states.retain(|s| s.cost <= best + PRUNE_MARGIN);
        if states.len() > self.opts.beam {
            self.beam_capped = true;
            // Readings dropped here were never followed to the end: nothing before this ply
            // can be called settled.
            self.beam_capped_at = self.beam_capped_at.max(states[0].ply);
            states.truncate(self.opts.beam);
        }
        states
    }

    /// Decodes from event `from` on, from the beam `states` before it, keeping a
    /// checkpoint of the beam every [`CHECKPOINT`] events.
    pub(super) fn run(&mut self, from: usize, mut states: Vec<State>) -> PassEnd {
        for ei in from..self.events.len() {
            if ei.is_multiple_of(CHECKPOINT) {
                self.checkpoints.push((ei, self.checkpoint_states.len()));
                self.checkpoint_states.extend_from_slice(&states);
            }
            let read = self
                .enter(ei, states)
                .and_then(|states| match self.events[ei] {
                    Event::Number { number, black, tok } => {
                        self.read_number(ei, number, black, tok, states)
                    }
                    Event::Unknown { tok, run } => self.read_unknown(ei, tok, run, states),
                    Event::Move(tok) => self.read_move(ei, tok, states),
                });
            match read {
                Ok(next) => states = next,
                Err(end) => return end,
            }
        }
        PassEnd::Complete(states)
    }

    /// The beam `states` entering event `ei`: without the states a failed, narrower
    /// reach-back explored, recorded for a wider one, with the prune's floor set; or the
    /// end of the pass (nothing left, or the node budget spent).
    fn enter(&mut self, ei: usize, mut states: Vec<State>) -> Result<Vec<State>, PassEnd> {
        // A wider reach-back window reads the tokens from the last window's start on
        // as the last did: states it explored there led nowhere.
        if self.skip_from.is_some_and(|e| ei >= e) && ei <= self.explored_until {
            let before = states.len();
            let mut kept = std::mem::take(&mut self.spare);
            kept.clear();
            kept.extend(
                states
                    .iter()
                    .filter(|s| !self.explored.contains(&explored_key(s, ei)))
                    .cloned(),
            );
            if kept.is_empty() {
                self.spare = kept;
                return Err(PassEnd::DeadEnd {
                    event: ei,
                    tok: self.event_tok(ei),
                    before: states,
                });
            }
            #[cfg(test)]
            super::tests::EXPLORED_SKIPPED.with(|n| n.set(n.get() + before - kept.len()));
            if kept.len() < before {
                self.spare = std::mem::replace(&mut states, kept);
            } else {
                self.spare = kept;
            }
        }
        if self.record_from.is_some_and(|e| ei >= e) && ei <= self.explored_until {
            for s in &states {
                self.explored.insert(explored_key(s, ei));
                self.explored_best[ei] = self.explored_best[ei].min(s.cost);
            }
        }
        // The states passed over at the next event would have been as cheap as that: the
        // prune after this event's expansion measures its margin from them (a move
        // number prunes nothing, and a floor never outlives its event).
        self.prune_floor = u32::MAX;
        if self.skip_from.is_some_and(|e| ei + 1 >= e)
            && ei < self.explored_until
            && !matches!(self.events[ei], Event::Number { .. })
        {
            self.prune_floor = self.explored_best.get(ei + 1).copied().unwrap_or(u32::MAX);
        }
        if self.repairing && self.nodes.len() > self.budget {
            return Err(PassEnd::Capped {
                event: ei,
                tok: self.event_tok(ei),
                before: states,
            });
        }
        Ok(states)
    }

    /// Move number `number` (of `black`, token `tok`) at event `ei`: the states whose
    /// plies it fits, those misnumbered at a cost; a dead end when it fits none.
    fn read_number(
        &mut self,
        ei: usize,
        number: u32,
        black: bool,
        tok: usize,
        mut states: Vec<State>,
    ) -> Result<Vec<State>, PassEnd> {
        // Half-moves since the standard start: `12.` is 22 (White) or 23 (Black).
        let first = number.saturating_sub(1).saturating_mul(2);
        let offset = self.ply_offset;
        // Fits, misnumbered (off by more than a move or so: a cost), or one ply
        // off: a move was skipped or read twice, and no reading goes on from
        // there, since what follows would be read by the wrong side.
        let verdict = |st: &State| {
            let at = offset.saturating_add(st.ply);
            let second = first.saturating_add(1);
            let fits = if black {
                at == second
            } else {
                at == first || at == second
            };
            match (fits, at.abs_diff(first) > 3) {
                (true, _) => Some(0),
                (false, true) => Some(MISNUMBERED),
                (false, false) => None,
            }
        };
        if states.iter().all(|st| verdict(st).is_none()) {
            return Err(PassEnd::DeadEnd {
                event: ei,
                tok,
                before: states,
            });
        }
        states.retain_mut(|st| match verdict(st) {
            Some(cost) => {
                st.cost += cost;
                true
            }
            None => false,
        });
        Ok(states)
    }

    /// Unread text (token `tok`, with `run` tokens after it that may belong to it) at
    /// event `ei`: read where its repairs are open, and passed over.
    fn read_unknown(
        &mut self,
        ei: usize,
        tok: usize,
        run: usize,
        states: Vec<State>,
    ) -> Result<Vec<State>, PassEnd> {
        let (passing, mut active) = split_skipping(states);
        let pinned = pin::find(self.pins, tok).is_some();
        if (self.repair[tok] || pinned) && !active.is_empty() {
            // The beam read goes back to be the next expansion's buffer.
            let mut read = self.expand(&active, tok, Some(run));
            if self.lost_plies
                && !pinned
                && matches!(self.events.get(ei + 1), Some(Event::Number { .. }))
            {
                self.push_lost_ply(&active, tok, &mut read);
            }
            if read.is_empty() && passing.is_empty() {
                // Nothing reads the token, and no reading passes over it (a
                // correction that names no legal move here): a dead end, as
                // for a move, so that the beam is never left empty.
                self.spare = read;
                return Err(PassEnd::DeadEnd {
                    event: ei,
                    tok,
                    before: active,
                });
            }
            active.clear();
            self.spare = std::mem::replace(&mut active, read);
        }
        active.extend(passing);
        let states = self.prune(active);
        Ok(states)
    }

    /// Move token `tok` at event `ei`: the beam expanded by its readings and pruned; a dead
    /// end when no state reads it and none passes over it.
    fn read_move(
        &mut self,
        ei: usize,
        tok: usize,
        states: Vec<State>,
    ) -> Result<Vec<State>, PassEnd> {
        if !self.splits.is_empty() {
            return self.read_move_regrouped(ei, tok, states);
        }
        let (passing, active) = split_skipping(states);
        let next = if active.is_empty() {
            std::mem::take(&mut self.spare)
        } else {
            self.expand(&active, tok, None)
        };
        self.read_end(ei, tok, (next, passing, active))
    }

    /// [`Decoder::read_move`] in a game where some words group otherwise: the paths that
    /// read the token before as the first move of another grouping read this one as its
    /// second, and each grouping that starts here is read too.
    #[inline(never)]
    fn read_move_regrouped(
        &mut self,
        ei: usize,
        tok: usize,
        states: Vec<State>,
    ) -> Result<Vec<State>, PassEnd> {
        let (passing, mut active) = split_skipping(states);
        let mut owing = owing_second(&mut active);
        let mut next = if active.is_empty() {
            std::mem::take(&mut self.spare)
        } else {
            self.expand(&active, tok, None)
        };
        self.read_regrouped(tok, &active, &owing, &mut next);
        active.append(&mut owing);
        self.read_end(ei, tok, (next, passing, active))
    }

    /// The end of reading move token `tok` at event `ei`: the states `next` read from
    /// `active`, with those `passing` over it, pruned; a dead end when there are none.
    #[inline(always)]
    fn read_end(
        &mut self,
        ei: usize,
        tok: usize,
        (mut next, passing, mut active): (Vec<State>, Vec<State>, Vec<State>),
    ) -> Result<Vec<State>, PassEnd> {
        if next.is_empty() && passing.is_empty() {
            self.spare = next;
            return Err(PassEnd::DeadEnd {
                event: ei,
                tok,
                before: active,
            });
        }
        next.extend(passing);
        let states = self.prune(next);
        active.clear();
        self.spare = active;
        Ok(states)
    }

    /// The other groupings of the words at move token `tok` into `next`: the states
    /// `active` (which read the token as printed) read it as each grouping's first move,
    /// if it starts one and neither token is pinned; the states `owing` read it as the
    /// second move of the grouping whose first they read.
    fn read_regrouped(
        &mut self,
        tok: usize,
        active: &[State],
        owing: &[State],
        next: &mut Vec<State>,
    ) {
        for k in 0..self.splits.len() {
            let split = self.splits[k];
            let pinned = || {
                pin::find(self.pins, split.at).is_some()
                    || pin::find(self.pins, split.next).is_some()
            };
            let (reading, from, first) = if split.at == tok && !active.is_empty() {
                if pinned() {
                    continue;
                }
                (split.first, active, true)
            } else if split.next == tok && owing.iter().any(|s| s.split == k as u32) {
                (split.second, owing, false)
            } else {
                continue;
            };
            let TokenKind::Move(mv) = reading.kind else {
                continue;
            };
            let states: Vec<State> = from
                .iter()
                .filter(|s| first || s.split == k as u32)
                .cloned()
                .collect();
            let nodes = self.nodes.len();
            let mut read = self.expand_as(&states, tok, None, Some(&mv));
            for node in &mut self.nodes[nodes..] {
                node.split = k as u32;
            }
            for st in &mut read {
                st.split = if first { k as u32 } else { NONE };
            }
            next.append(&mut read);
            self.spare = read;
        }
    }

    /// Resumes decoding at the last checkpoint at or before event `ei` (the checkpoints
    /// after it are dropped: the run keeps them again).
    pub(super) fn resume(&mut self, ei: usize) -> PassEnd {
        let at = self
            .checkpoints
            .iter()
            .rposition(|(e, _)| *e <= ei)
            .expect("event 0 is a checkpoint");
        let (from, first) = self.checkpoints[at];
        let end = self
            .checkpoints
            .get(at + 1)
            .map_or(self.checkpoint_states.len(), |&(_, next)| next);
        let states = self.checkpoint_states[first..end].to_vec();
        self.checkpoints.truncate(at);
        self.checkpoint_states.truncate(first);
        self.run(from, states)
    }

    /// Expands `st` by the pinned move of token `tok`, or by nothing when it is not legal.
    pub(super) fn expand_pinned(
        &mut self,
        st: &State,
        tok: usize,
        pin: &Pin,
        out: &mut Vec<State>,
    ) {
        let legal = st.pos.legal_moves();
        let carried = self.settle(st, !legal.is_empty(), st.pos.checkers());
        let Some(mv) = pin.resolve(&st.pos, &legal) else {
            return;
        };
        self.nodes.push(Node {
            parent: st.node,
            mv,
            san: san_of(mv, &legal),
            suffix: None,
            tok: tok as u32,
            tok2: NONE,
            cost: 0,
            relax: Relax(0),
            readings: 1,
            reading: NONE,
            // The book's mark is no evidence against a human's choice.
            mark: None,
            ply: st.ply,
            split: NONE,
        });
        let mut next = st.clone();
        next.play(mv);
        next.cost += carried;
        next.node = (self.nodes.len() - 1) as u32;
        next.ply += 1;
        next.skip = 0;
        next.split = NONE;
        out.push(next);
    }
}

/// Splits off the states that owe the second move of another grouping of the words.
fn owing_second(active: &mut Vec<State>) -> Vec<State> {
    if active.iter().all(|s| s.split == NONE) {
        return Vec::new();
    }
    let (owing, rest): (Vec<State>, Vec<State>) = std::mem::take(active)
        .into_iter()
        .partition(|s| s.split != NONE);
    *active = rest;
    owing
}

/// Splits off the states that pass over this event (joined into an earlier one), with
/// their counters stepped down.
pub(super) fn split_skipping(states: Vec<State>) -> (Vec<State>, Vec<State>) {
    if states.iter().all(|s| s.skip == 0) {
        return (Vec::new(), states);
    }
    let (mut passing, active): (Vec<State>, Vec<State>) =
        states.into_iter().partition(|s| s.skip > 0);
    for s in &mut passing {
        s.skip -= 1;
    }
    (passing, active)
}
