//! The repair policy: which repairs of a token are worth making in a state, which are
//! hopeless, and which tokens an attempt opens (the dead end's own, a reach-back window).

use std::rc::Rc;

use escriba_notation::Move as Token;
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
        literal: Option<&Token>,
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
            cands.clear();
            if joins_only {
                self.read(st, legal, token, 0, cands);
            } else if cheap {
                explained_into(&self.ctx(st, 1), token, legal, cands);
            } else {
                self.read(st, legal, token, 1, cands);
            }
            found.extend(cands.iter().map(|&c| (c, NONE, NONE, token.check)));
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
        // Rewriting a token that reads as a legal move as printed is the least likely
        // event of all; a repair dearer than stopping is no reading. (Every reading above
        // is a repair: the token reads as printed as it did before them.)
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

    /// Checks [`Decoder::repairs_hopeless`] against the repairs it spared: each costs more
    /// than `cutoff`.
    #[cfg(debug_assertions)]
    pub(super) fn check_hopeless(
        &mut self,
        st: &State,
        legal: &[Move],
        tok: usize,
        token: &Token,
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
}
