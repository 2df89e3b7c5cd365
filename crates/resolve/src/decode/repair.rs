//! The repair policy: which repairs of a token are worth making in a state, which are
//! hopeless, and which tokens an attempt opens (the dead end's own, a reach-back window).

use std::rc::Rc;

use escriba_notation::Move as PrintedMove;
use shakmaty::{Move, Position};

use crate::candidates::{Candidate, MIN_LITERAL_REPAIR, Reach, Relax, explained_into, strict_into};

use super::cache::{TokenReadings, reading_index, shared_readings};
use super::state::*;

impl Decoder<'_> {
    /// The repaired readings of token `tok`'s text, and of its joins with the `run` tokens
    /// after it, computed once per token.
    pub(super) fn repaired_readings(&mut self, tok: usize, run: usize) -> Rc<TokenReadings> {
        if let Some(r) = self.reading_cache.get(tok).and_then(Option::as_ref) {
            return r.clone();
        }
        let dialect = self.game.dialect;
        let mut out: TokenReadings = Vec::with_capacity(run + 1);
        out.push((shared_readings(dialect, self.text(tok)), NONE));
        // Joined with the tokens after it; the readings squeeze spaces out.
        for k in 1..=run {
            let end = self.game.tokens[tok + k].span.end as usize;
            let joined = &self.game.text[self.game.tokens[tok].span.start as usize..end];
            out.push((shared_readings(dialect, joined), (tok + k) as u32));
        }
        let out = Rc::new(out);
        if self.reading_cache.len() <= tok {
            self.reading_cache
                .resize(self.game.tokens.len().max(tok + 1), None);
        }
        self.reading_cache[tok] = Some(out.clone());
        out
    }

    /// How many tokens after `tok` its readings may join: the `run` of unread text, or the
    /// unread text glued to a move.
    pub(super) fn join_run(&self, tok: usize, unknown_run: Option<usize>) -> usize {
        unknown_run
            .unwrap_or_else(|| usize::from(self.glued.get(tok + 1).copied().unwrap_or(false)))
    }

    /// Whether every repair of move token `tok` in a state costs more than `cutoff`: the
    /// cheapest repair costs at least `floor` (the state's cost with its last mark settled)
    /// plus the least repair of the token as printed or the cheapest of its repaired
    /// readings, plus [`LEGAL_REWRITE`] when it reads `as_printed` (except for a reading
    /// joined with the text after it). The caller's cutoff is the cheapest child so far
    /// plus the prune's margin and [`NEAR_TIE`]: the prune keeps no child dearer than that,
    /// and no such child ties with one it keeps.
    pub(super) fn repairs_hopeless(
        &mut self,
        tok: usize,
        floor: u32,
        as_printed: bool,
        cutoff: u32,
    ) -> bool {
        let rewrite = if as_printed { LEGAL_REWRITE } else { 0 };
        if floor.saturating_add(MIN_LITERAL_REPAIR + rewrite) <= cutoff {
            return false;
        }
        let cached = self.repaired_readings(tok, self.join_run(tok, None));
        cached.iter().all(|(part, joined)| {
            // The last resorts cost more than any first reading; a join has none, and nor
            // has a token that reads as printed.
            let cheapest = part.tier(0).first().or_else(|| {
                (*joined == NONE && !as_printed)
                    .then(|| part.tier(1).first())
                    .flatten()
            });
            cheapest.is_none_or(|(r, _)| {
                let extra = if *joined == NONE { rewrite } else { 0 };
                floor.saturating_add(r.cost + extra) > cutoff
            })
        })
    }

    /// The candidates of token `tok` in state `st` when repairs are open there: the
    /// `literal` token's (with one constraint broken, at most), and its repaired readings',
    /// those that a repair may be (see [`STOP`], [`LEGAL_REWRITE`]). Unread text has no
    /// literal.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_repairs(
        &mut self,
        st: &State,
        legal: &[Move],
        tok: usize,
        literal: Option<&PrintedMove>,
        unknown_run: Option<usize>,
        found: &mut Vec<Found>,
        cands: &mut Vec<Candidate>,
    ) {
        // First the repairs a glyph confusion explains, at the dead end and in a
        // reach-back; the others (a wrong piece letter, file or rank) only at the
        // dead end, last.
        let dead_end = self.cheap_only == Some(tok);
        let cheap = dead_end || self.reaching || self.mark_unearned;
        // A move with unread text glued to it, where no attempt's window has opened it, is
        // read as printed or joined with that text: the text is what is wrong, not the move.
        let joins_only = literal.is_some() && self.joins_only[tok];
        if let Some(token) = literal {
            self.literal_repairs(st, legal, token, (joins_only, cheap), found, cands);
        }
        let cached = self.repaired_readings(tok, self.join_run(tok, unknown_run));
        // What the legal moves reach tells most readings they have no move here.
        let reach = Reach::of(legal);
        let side = st.pos.turn() as usize;
        let ctx = self.ctx(st, 0);
        // The last-resort readings, only where no other reading fits, but with the others
        // in a repair attempt's window: the reading that fitted may be what the game
        // stopped for.
        let (lo, hi) = self.fallback_window;
        let all = (lo..=hi).contains(&tok);
        // A token that reads as printed is rewritten by a first reading only: a rewrite is
        // the least likely event already, and a last resort on top of it is damage the
        // model never makes.
        let printed_fits = found.iter().any(|(c, ..)| !c.relax.is_repair());
        // A reading as printed that contradicts the token's check or mate mark is no
        // reading of the whole token: a repair that earns the mark rewrites nothing.
        let printed_reads = found.iter().any(|(c, ..)| {
            !c.relax.is_repair() && earns_mark(&st.pos, c.mv, literal.and_then(|t| t.check))
        });
        let from = found.len();
        for pass in 0..2 {
            if pass == 1 && (all || found.len() > from) {
                break;
            }
            for (p, (part, joined)) in cached.iter().enumerate() {
                for tier in 0..2 {
                    // A join with the text after it is a repair already: no last resort
                    // on top of it.
                    if (!all && tier != pass)
                        || (tier == 1 && (*joined != NONE || printed_fits))
                        || (joins_only && *joined == NONE)
                    {
                        continue;
                    }
                    for (i, (r, pre)) in part.tier(tier).iter().enumerate() {
                        if literal == Some(&r.mv) || !pre[side].may_fit_any(&reach) {
                            continue;
                        }
                        let k = reading_index(p, tier, i);
                        cands.clear();
                        strict_into(&ctx, &r.mv, &pre[side], legal, cands);
                        for mut c in cands.drain(..) {
                            c.cost += r.cost;
                            c.relax.0 |= Relax::READING;
                            found.push((c, k, *joined, r.mv.check));
                        }
                    }
                }
            }
        }
        keep_likely_repairs(found, printed_reads, cheap, dead_end);
    }

    /// The candidates of the `literal` token itself when repairs are open: as printed only
    /// (`joins_only`), with one explained constraint broken (`cheap`), or with any one.
    #[inline(always)]
    fn literal_repairs(
        &mut self,
        st: &State,
        legal: &[Move],
        literal: &PrintedMove,
        (joins_only, cheap): (bool, bool),
        found: &mut Vec<Found>,
        cands: &mut Vec<Candidate>,
    ) {
        cands.clear();
        if joins_only {
            self.read(st, legal, literal, 0, cands);
        } else if cheap {
            explained_into(&self.ctx(st, 1), literal, legal, cands);
        } else {
            self.read(st, legal, literal, 1, cands);
        }
        found.extend(cands.iter().map(|&c| (c, NONE, NONE, literal.check)));
    }

    /// Unread text `tok` right before a printed number, in a game that numbers every ply:
    /// the numbers say a ply stands here, and its word reads as no move. Each state of
    /// `states` reads it as each legal move, at [`LOST_PLY`], into `out`: the numbers and
    /// the moves after choose among them, and the ply is flagged with the word in its
    /// note. Passing over the text stays open (a stray word is no ply).
    pub(super) fn push_lost_ply(&mut self, states: &[State], tok: usize, out: &mut Vec<State>) {
        let mut found = std::mem::take(&mut self.found);
        for st in states {
            let legal = st.pos.legal_moves();
            let carried = self.settle(st, !legal.is_empty(), st.pos.checkers());
            found.clear();
            found.extend(legal.iter().map(|&mv| {
                let lost = Candidate {
                    mv,
                    cost: LOST_PLY,
                    relax: Relax(Relax::LOST_PLY),
                };
                (lost, NONE, NONE, None)
            }));
            self.push_children(st, tok, &legal, carried, &mut found, out);
        }
        self.found = found;
    }

    /// Checks [`Decoder::repairs_hopeless`] against the repairs it spared: each costs more
    /// than `cutoff`.
    #[cfg(debug_assertions)]
    pub(super) fn check_hopeless(
        &mut self,
        st: &State,
        legal: &[Move],
        tok: usize,
        token: &PrintedMove,
        floor: u32,
        cutoff: u32,
    ) {
        let (mut found, mut cands) = (Vec::new(), Vec::new());
        self.push_repairs(st, legal, tok, Some(token), None, &mut found, &mut cands);
        for (c, ..) in found.iter().filter(|(c, ..)| c.relax.is_repair()) {
            assert!(
                floor + c.cost > cutoff,
                "a spared repair could be kept: {c:?}"
            );
            #[cfg(test)]
            super::tests::SPARED_CHECKED.with(|n| n.set(n.get() + 1));
        }
    }

    /// The events of the local repair at a dead end at event `ei`: the dead-end token and
    /// the unread text since the move before it (or that move too, when the dead end is a
    /// move number with nothing unread before it), and any unread text within the last
    /// [`REPAIR_WINDOW`] moves. Returns the first event of the window, and whether it
    /// opened any token not open already.
    pub(super) fn open_local(&mut self, ei: usize) -> (usize, bool) {
        let mut first = ei;
        let mut opened = false;
        let mut has_text = matches!(self.events[ei], Event::Move(_));
        let mut e = ei;
        while e > 0 {
            e -= 1;
            match self.events[e] {
                Event::Move(_) => {
                    if !has_text {
                        first = e;
                    }
                    break;
                }
                Event::Unknown { .. } => {
                    has_text = true;
                    first = e;
                }
                Event::Number { .. } => {}
            }
        }
        for e in first..=ei {
            let tok = self.event_tok(e);
            opened |= self.open(tok);
        }
        // Unread text a few moves back did not read as printed either (its readings are
        // open from the first pass): the attempt reads it again from there (`Q. tokes Kt.`
        // joined and read `Q. takes Kt.`), since it may be what the moves since were
        // misread for.
        let mut moves = 0;
        for e in (0..first).rev() {
            match self.events[e] {
                Event::Move(_) => {
                    moves += 1;
                    if moves > REPAIR_WINDOW {
                        break;
                    }
                }
                Event::Unknown { .. } => first = e,
                Event::Number { .. } => {}
            }
        }
        (first, opened)
    }

    /// Opens every repair of token `tok` for an attempt's window; returns whether any was
    /// closed.
    pub(super) fn open(&mut self, tok: usize) -> bool {
        let closed = !self.repair[tok] || self.joins_only[tok];
        self.repair[tok] = true;
        self.joins_only[tok] = false;
        closed
    }

    /// Opens a reach-back window of `reach` move tokens before event `before` (exclusive).
    /// Returns the window's first event, or None when it opens nothing new.
    pub(super) fn open_reach(&mut self, before: usize, reach: usize) -> Option<usize> {
        let mut moves = 0;
        let mut first = before;
        let mut opened = false;
        for e in (0..before).rev() {
            if matches!(self.events[e], Event::Move(_)) {
                moves += 1;
                if moves > reach {
                    break;
                }
            }
            first = e;
            let tok = self.event_tok(e);
            opened |= self.open(tok);
        }
        opened.then_some(first)
    }

    /// Opens, from the first pass, the repairs of unread text and of the moves it is glued
    /// to.
    pub(super) fn open_unread(&mut self) {
        // Text left unread right after a move, on its line, is read with the move from the
        // start: `Q. to Q's th.` lost its digit, and `Q. to Q's` alone is no safe reading.
        for ei in 1..self.events.len() {
            if let (Event::Move(m), Event::Unknown { tok, .. }) =
                (self.events[ei - 1], self.events[ei])
                && tok == m + 1
                && self.game.text[self.game.tokens[m].span.end as usize
                    ..self.game.tokens[tok].span.start as usize]
                    .chars()
                    .all(|c| c == ' ' || c == '\t')
            {
                self.glued[tok] = true;
                self.repair[m] = true;
                self.joins_only[m] = true;
            }
        }
        // Text that reads as no move (glued or not) is damaged or junk as printed: its
        // repaired readings are tried from the first pass (no reading as printed changes).
        for e in &self.events {
            if let Event::Unknown { tok, .. } = *e {
                self.repair[tok] = true;
            }
        }
    }

    /// The repair attempts at the dead end at event `event` (token `tok`), in order, until
    /// one gets past it (or runs out of budget before it): the pass it ended with, or None
    /// when none did.
    pub(super) fn repair_dead_end(&mut self, event: usize, tok: usize) -> Option<PassEnd> {
        let (first, attempt) = self.attempt_local(event, tok);
        // Not at a move number: a rewrite reads one move for another and leaves the count
        // of plies before the number as it was, so the number would not fit either.
        let at_number = matches!(self.events[event], Event::Number { .. });
        attempt
            .or_else(|| (!at_number).then(|| self.attempt_reach(event, tok, first))?)
            .or_else(|| self.attempt_any(event, tok, first))
    }

    /// The first attempt: the dead-end token itself, with the repairs a glyph confusion
    /// explains. Returns the first event of its window, and the pass when the attempt is
    /// taken.
    fn attempt_local(&mut self, event: usize, tok: usize) -> (usize, Option<PassEnd>) {
        let (first, opened) = self.open_local(event);
        if !opened {
            return (first, None);
        }
        self.cheap_only = Some(tok);
        self.fallback_window = (self.event_tok(first), tok);
        let e = self.resume(first);
        self.cheap_only = None;
        (first, taken(e, event))
    }

    /// The second attempt: reach back from the window that starts at event `first`, in
    /// windows that double, with the dead-end token held to its printed reading.
    fn attempt_reach(&mut self, event: usize, tok: usize, first: usize) -> Option<PassEnd> {
        let opened_before = self.repair.clone();
        let joins_before = self.joins_only.clone();
        let kept = (self.checkpoints.clone(), self.checkpoint_states.clone());
        self.repair[tok] = false;
        self.reaching = true;
        let mut reach = REPAIR_WINDOW;
        self.explored.clear();
        self.explored_until = event;
        self.explored_best.clear();
        self.explored_best.resize(self.events.len(), u32::MAX);
        let mut attempt = None;
        while reach <= REACH_CAP {
            if let Some(from) = self.open_reach(first, reach) {
                self.record_from = Some(from);
                self.fallback_window = (self.event_tok(from), tok);
                let e = self.resume(from);
                attempt = taken(e, event);
                if attempt.is_some() {
                    break;
                }
                // What this window explored, the next need not.
                self.skip_from = Some(from);
            }
            reach *= 2;
        }
        (self.record_from, self.skip_from) = (None, None);
        self.reaching = false;
        if attempt.is_none() {
            // Nothing came of it: the windows close again, and the beams they kept
            // (with their rewrites) go too: the next attempt resumes from the beams
            // read as before the reach-back, not from paths no later move bore out.
            self.repair = opened_before;
            self.joins_only = joins_before;
            (self.checkpoints, self.checkpoint_states) = kept;
        } else {
            self.repair[tok] = opened_before[tok];
            self.joins_only[tok] = joins_before[tok];
        }
        attempt
    }

    /// The third attempt: the dead-end token with any repair up to the cost of stopping (a
    /// wrong piece letter, file or rank), which later moves must then confirm.
    fn attempt_any(&mut self, event: usize, tok: usize, first: usize) -> Option<PassEnd> {
        if !self.repair[tok] {
            return None;
        }
        self.fallback_window = (self.event_tok(first), tok);
        let e = self.resume(first);
        taken(e, event)
    }
}

/// An attempt's pass, when the attempt is taken: it goes on when it gets past the dead end
/// at event `event`; one that ran out of budget before it stops the game at the dead end,
/// as it stood.
fn taken(e: PassEnd, event: usize) -> Option<PassEnd> {
    let went_past = match &e {
        PassEnd::Complete(_) => true,
        PassEnd::DeadEnd { event: at, .. } | PassEnd::Capped { event: at, .. } => *at > event,
    };
    (went_past || capped_before(&e, event)).then_some(e)
}

/// Whether the pass `e` ran out of its node budget at or before event `event`.
pub(super) fn capped_before(e: &PassEnd, event: usize) -> bool {
    matches!(e, PassEnd::Capped { event: at, .. } if *at <= event)
}

/// The repairs of `found` that are likely enough to keep. Rewriting a token that reads as a
/// legal move as printed (`printed_reads`) is the least likely event of all; a repair
/// dearer than stopping is no reading; where only explained repairs may be kept (`cheap`),
/// and at the dead end (`dead_end`) those that later moves must confirm, neither are the
/// others. (Every reading is a repair: the token reads as printed as it did before them.)
#[inline(always)]
fn keep_likely_repairs(found: &mut Vec<Found>, printed_reads: bool, cheap: bool, dead_end: bool) {
    for (c, _, joined, _) in found.iter_mut() {
        // Reading the glued text with the move is no rewrite of what it printed.
        if printed_reads && c.relax.is_repair() && *joined == NONE {
            c.cost += LEGAL_REWRITE;
        }
    }
    // (The literal's unexplained repairs were not made where only explained ones may be
    // kept.)
    found.retain(|(c, ..)| {
        !c.relax.is_repair()
            || (c.cost <= STOP
                && !(cheap && c.relax.0 & Relax::UNEXPLAINED != 0)
                && !(dead_end && c.cost >= UNCONFIRMED))
    });
}
