//! The decoder's vocabulary: its events, the nodes and states of the beam, its tie
//! records, the decoder and its reusable buffers, and the few reads every part makes.

use std::collections::HashMap;

use escriba_notation::{CheckMark, Move as PrintedMove, Termination, Token, TokenKind};
use shakmaty::san::{San, Suffix};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use crate::candidates::{Candidate, Ctx, Relax, candidates_into, gives_check};
use crate::identity::Origins;
use crate::{Diagnostic, Game, Options, Ply};

use super::cache::ReadingCache;
use super::pin::Pin;

/// Positions kept in a prune, by Zobrist hash (and skip count): the hash is its own hash.
pub(super) type Seen = HashMap<u64, usize, nohash_hasher::BuildNoHashHasher<u64>>;

/// States explored by failed reach-back attempts ([`explored_key`]).
pub(super) type Explored = std::collections::HashSet<u64, nohash_hasher::BuildNoHashHasher<u64>>;

pub(super) const NONE: u32 = u32::MAX;

/// Cost of a move number far from its ply: a misnumbered line (`69.` for `59.`).
pub(super) const MISNUMBERED: u32 = 1;
/// States costlier than the best by more than this are dropped: a path dearer than the best
/// by more than stopping costs is no reading worth following.
pub(super) const PRUNE_MARGIN: u32 = STOP;
/// How many move tokens before a dead end the first reach-back window covers.
pub(super) const REPAIR_WINDOW: usize = 8;
/// The widest reach-back window, in move tokens (windows double up to it).
pub(super) const REACH_CAP: usize = 32;
/// How many following tokens unread text may be joined with.
pub(super) const MAX_JOIN: usize = 3;
/// The beam is kept every this many events, for repair attempts to resume from.
pub(super) const CHECKPOINT: usize = 16;
/// The cost of stopping a game at a dead end: a repair path dearer than this is not taken
/// (the repair model's table, [`escriba_notation::cost`], gives the scale).
pub const STOP: u32 = escriba_notation::cost::STOP;
/// A repair this dear (no glyph confusion explains it) must be followed by this many plies
/// read to be taken: otherwise nothing confirms it, and the game stops there.
pub(super) const CONFIRM_PLIES: usize = 3;
/// The cost from which a repair needs later moves to confirm it.
pub(super) const UNCONFIRMED: u32 = escriba_notation::cost::WRONG_PIECE;
/// Reading unread text as a ply whose word was lost (see [`Decoder::lost_plies`]).
pub(super) const LOST_PLY: u32 = escriba_notation::cost::LOST_PLY;
/// Passing over unread text glued to the move before it.
pub(super) const STRAY: u32 = escriba_notation::cost::STRAY;
/// Passing over unread text that reads as a damaged legal move where it stands.
pub(super) const SKIP_A_MOVE: u32 = escriba_notation::cost::SKIP_A_MOVE;
/// Rewriting a token that reads as printed, on top of its repair's cost.
pub(super) const LEGAL_REWRITE: u32 = escriba_notation::cost::LEGAL_REWRITE;

/// One event of the main line.
#[derive(Debug, Clone, Copy)]
pub(super) enum Event {
    /// A move token (index into the token list).
    Move(usize),
    /// Text the grammar could not read; `run` adjacent tokens after it on the same line
    /// may belong to it (`Q. tokes B.`, `0- 0-0`).
    Unknown { tok: usize, run: usize },
    /// A move number (and its token).
    Number {
        number: u32,
        black: bool,
        tok: usize,
    },
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub(super) parent: u32,
    pub(super) mv: Move,
    pub(super) san: San,
    pub(super) suffix: Option<Suffix>,
    pub(super) tok: u32,
    /// Second token joined into this one by a repair (split castling), or NONE.
    pub(super) tok2: u32,
    pub(super) cost: u32,
    pub(super) relax: Relax,
    /// How many distinct readings this token had in this position.
    pub(super) readings: u16,
    /// Which of its token's repaired readings this is (see [`reading_text`]), or
    /// NONE.
    pub(super) reading: u32,
    /// The check or mate mark the book printed.
    pub(super) mark: Option<CheckMark>,
    pub(super) ply: u32,
    /// The other grouping of the words ([`Split`]) this node's move was read from, or
    /// NONE: read from its token as printed.
    pub(super) split: u32,
}

/// Another grouping of the words of two move tokens in a row into two moves
/// ([`escriba_notation::movetext::regroupings`]): the first token `at` read as `first`,
/// and the next one, `next`, as `second` (each with its own span).
#[derive(Debug, Clone, Copy)]
pub(super) struct Split {
    pub(super) at: usize,
    pub(super) next: usize,
    pub(super) first: Token,
    pub(super) second: Token,
}

#[derive(Debug, Clone)]
pub(super) struct State {
    pub(super) pos: Chess,
    pub(super) origins: Origins,
    pub(super) cost: u32,
    pub(super) node: u32,
    pub(super) ply: u32,
    /// Head of this path's list of tie records, or NONE.
    pub(super) tie: u32,
    /// The next events were joined into the last one by a repair: pass over them.
    pub(super) skip: u8,
    /// The other grouping of the words ([`Split`]) whose first move this path read last,
    /// so that it reads the next token as that grouping's second move; or NONE.
    pub(super) split: u32,
    /// The position's Zobrist hash once known ([`State::hash`]), or 0.
    pub(super) hash: std::cell::Cell<u64>,
}

impl State {
    /// The position's Zobrist hash, computed once per state (and carried to the states
    /// after it, where shakmaty can update it).
    pub(super) fn hash(&self) -> u64 {
        let known = self.hash.get();
        if known != 0 {
            debug_assert_eq!(
                known,
                self.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
            );
            return known;
        }
        let h: Zobrist64 = self.pos.zobrist_hash(EnPassantMode::Legal);
        self.hash.set(h.0);
        h.0
    }

    /// Plays `mv` (legal here) on the position and the men's origins. A clean decode has
    /// one state per ply and never needs a hash: one is updated only where it was known.
    pub(super) fn play(&mut self, mv: Move) {
        let known = self.hash.get();
        let next = if known == 0 {
            0
        } else {
            self.pos
                .update_zobrist_hash(Zobrist64(known), mv, EnPassantMode::Legal)
                .map_or(0, |h| h.0)
        };
        self.pos.play_unchecked(mv);
        self.origins.play(mv);
        self.hash.set(next);
    }
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Tie {
    pub(super) kept: u32,
    pub(super) dropped: u32,
    pub(super) next: u32,
}

/// What one pass produced.
pub(super) enum PassEnd {
    Complete(Vec<State>),
    DeadEnd {
        event: usize,
        tok: usize,
        before: Vec<State>,
    },
    /// The node budget ran out before `event`.
    Capped {
        event: usize,
        tok: usize,
        before: Vec<State>,
    },
}

pub(super) struct Decoder<'a> {
    pub(super) game: &'a Game<'a>,
    pub(super) opts: &'a Options,
    /// Plies chosen by a human ([`pin`]).
    pub(super) pins: &'a [Pin],
    pub(super) events: Vec<Event>,
    /// The other groupings of the words of move tokens in a row, by their first token.
    pub(super) splits: Vec<Split>,
    pub(super) end: Option<Termination>,
    pub(super) nodes: Vec<Node>,
    pub(super) ties: Vec<Tie>,
    /// Token indices in which repairs are allowed.
    pub(super) repair: Vec<bool>,
    /// Unread tokens glued to the move token before them on its line (`Q. to Q's` `th.`):
    /// what is left of a damaged move, read with it.
    pub(super) glued: Vec<bool>,
    /// Move tokens open only to be read with the unread text glued to them: no repair
    /// attempt's window has opened them (see [`Decoder::open`]).
    pub(super) joins_only: Vec<bool>,
    /// Buffers reused from ply to ply.
    pub(super) spare: Vec<State>,
    pub(super) cands: Vec<Candidate>,
    pub(super) found: Vec<Found>,
    /// Half-moves from the standard start to the game's start position.
    pub(super) ply_offset: u32,
    /// The last ply at which the beam dropped live readings (0: never).
    pub(super) beam_capped_at: u32,
    /// The beam had to drop live readings somewhere in the game.
    pub(super) beam_capped: bool,
    /// Beams kept before some events: (event index, first of its states in
    /// `checkpoint_states`), in event order.
    pub(super) checkpoints: Vec<(usize, usize)>,
    pub(super) checkpoint_states: Vec<State>,
    /// Positions already kept by [`Decoder::prune`] for the ply it prunes.
    pub(super) seen: Seen,
    /// States that entered an event in a reach-back attempt that failed: by
    /// [`explored_key`]. The next, wider window reads the same tokens from there on, so
    /// they would fail again.
    pub(super) explored: Explored,
    /// The first event whose entering states the running attempt records in `explored`.
    pub(super) record_from: Option<usize>,
    /// The first event at which states recorded by a failed attempt are passed over.
    pub(super) skip_from: Option<usize>,
    /// The dead end the reach-back is for: no attempt that fails gets past it.
    pub(super) explored_until: usize,
    /// The cheapest state recorded in `explored` entering each event (u32::MAX: none).
    /// The prune measures its margin from it too: the states passed over would have been
    /// in the beam, as cheap as that.
    pub(super) explored_best: Vec<u32>,
    /// The cheapest state passed over, as [`Decoder::prune`] measures its margin.
    pub(super) prune_floor: u32,
    /// Repaired readings of each token's text (and of its joins), computed once.
    pub(super) reading_cache: ReadingCache,
    /// Some repair is open: the node budget applies.
    pub(super) repairing: bool,
    /// Nodes that may be expanded in all (see [`budget`](super::budget)).
    pub(super) budget: usize,
    /// The budget ran out.
    pub(super) search_capped: bool,
    /// A dead-end token repaired, for now, only with repairs a glyph confusion explains.
    pub(super) cheap_only: Option<usize>,
    /// A reach-back is under way: only repairs a glyph confusion explains.
    pub(super) reaching: bool,
    /// The game's text may be repaired at all (see [`decode_in`]).
    pub(super) may_repair: bool,
    /// The game prints a number before every ply (`1 P-K 4 1 P-K 4 2 …`): unread text
    /// right before a number stands where a ply does, and may be read as a lost ply (see
    /// [`Decoder::push_lost_ply`]).
    pub(super) lost_plies: bool,
    /// The token being expanded has a check or mate mark that no reading of it as printed
    /// earns: it is read with the repairs a glyph confusion explains too, which compete.
    pub(super) mark_unearned: bool,
    /// The tokens (first, last) of the running repair attempt's window, where last-resort
    /// readings are tried with the others.
    pub(super) fallback_window: (usize, usize),
    /// The note of the ply being written.
    pub(super) note_buf: String,
    /// The last shared note handed out in this game and its key: the plies of one game
    /// mostly carry the same note, so the next ply under the same key needs no look-up.
    pub(super) last_note: Option<(u64, Option<&'static str>)>,
    /// Where the buffers go back when the game is decoded.
    pub(super) back: &'a mut Scratch,
}

/// The result of decoding one game.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The plies of the best reading, up to the end or to the failing ply.
    pub plies: Vec<Ply>,
    /// Why the game stopped early, if it did.
    pub failure: Option<Diagnostic>,
    /// The termination printed at the end of the main line.
    pub termination: Option<Termination>,
    /// Total cost of the chosen reading.
    pub cost: u32,
    /// The beam had to drop live readings somewhere in the game.
    pub beam_capped: bool,
    /// The repair search ran out of its budget: the game stops where it ran out.
    pub search_capped: bool,
    /// Nodes expanded in all (every reading of every token tried in every state kept): a
    /// measure of the work, independent of the clock.
    pub nodes_expanded: usize,
    /// Main-line tokens that were not read as moves, results or structure.
    pub unread: Vec<usize>,
    /// Plies that stand elsewhere than the move number printed before them says (each
    /// flagged): the printed moves' places were shifted, and the game is not complete.
    pub misplaced: usize,
    /// Plies whose word did not read, chosen by the board where the printed numbers say
    /// a ply stands (each flagged): the game is not complete.
    pub lost: usize,
    /// The position after the last ply.
    pub final_position: Chess,
}

/// The decoder's buffers, kept from game to game on each thread: after the first games,
/// decoding one allocates no more for its beam, nodes and checkpoints, however long it is.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) events: Vec<Event>,
    /// The main line's captures that name their man in words (see `main_line`).
    pub(super) captures: Vec<usize>,
    pub(super) nodes: Vec<Node>,
    pub(super) ties: Vec<Tie>,
    pub(super) repair: Vec<bool>,
    pub(super) glued: Vec<bool>,
    pub(super) joins_only: Vec<bool>,
    pub(super) spare: Vec<State>,
    pub(super) cands: Vec<Candidate>,
    pub(super) found: Vec<Found>,
    pub(super) checkpoints: Vec<(usize, usize)>,
    pub(super) checkpoint_states: Vec<State>,
    pub(super) seen: Seen,
    pub(super) explored: Explored,
    pub(super) note_buf: String,
}

/// A candidate found for a token in one state: (candidate, reading text index, joined
/// token, the book's mark).
pub(super) type Found = (Candidate, u32, u32, Option<CheckMark>);

impl<'a> Decoder<'a> {
    pub(super) fn token(&self, tok: usize) -> &PrintedMove {
        match &self.game.tokens[tok].kind {
            TokenKind::Move(m) => m,
            _ => unreachable!("not a move token"),
        }
    }

    pub(super) fn text(&self, tok: usize) -> &'a str {
        &self.game.text[self.game.tokens[tok].span.range()]
    }

    pub(super) fn initial(&self) -> State {
        State {
            pos: self.game.start.clone(),
            origins: Origins::new(self.game.start.board()),
            cost: 0,
            node: NONE,
            ply: 0,
            tie: NONE,
            skip: 0,
            split: NONE,
            hash: std::cell::Cell::new(0),
        }
    }

    /// What the matcher needs to know of state `st`, with `max_repairs` repairs allowed.
    pub(super) fn ctx<'s>(&self, st: &'s State, max_repairs: u32) -> Ctx<'s> {
        Ctx {
            pos: &st.pos,
            origins: &st.origins,
            descriptive: self.game.dialect.is_descriptive(),
            max_repairs,
        }
    }

    /// Candidates for one reading of a token in one state.
    pub(super) fn read(
        &self,
        st: &State,
        legal: &[Move],
        token: &PrintedMove,
        max_repairs: u32,
        out: &mut Vec<Candidate>,
    ) {
        candidates_into(&self.ctx(st, max_repairs), token, legal, out);
    }

    /// The token of event `ei`.
    pub(super) fn event_tok(&self, ei: usize) -> usize {
        match self.events[ei] {
            Event::Move(t) | Event::Unknown { tok: t, .. } | Event::Number { tok: t, .. } => t,
        }
    }
}

impl Drop for Decoder<'_> {
    /// Hands the buffers back to the scratch, for the next game.
    fn drop(&mut self) {
        let b = &mut *self.back;
        b.events = std::mem::take(&mut self.events);
        b.nodes = std::mem::take(&mut self.nodes);
        b.ties = std::mem::take(&mut self.ties);
        b.repair = std::mem::take(&mut self.repair);
        b.glued = std::mem::take(&mut self.glued);
        b.joins_only = std::mem::take(&mut self.joins_only);
        b.spare = std::mem::take(&mut self.spare);
        b.cands = std::mem::take(&mut self.cands);
        b.found = std::mem::take(&mut self.found);
        b.checkpoints = std::mem::take(&mut self.checkpoints);
        b.checkpoint_states = std::mem::take(&mut self.checkpoint_states);
        b.seen = std::mem::take(&mut self.seen);
        b.explored = std::mem::take(&mut self.explored);
        b.note_buf = std::mem::take(&mut self.note_buf);
    }
}

/// Whether `m`, legal in `pos`, earns the check or mate mark `mark`: a move marked check (or
/// mate) gives check. (No mark is earned by any move: an unmarked check is common.)
pub(super) fn earns_mark(pos: &Chess, m: Move, mark: Option<CheckMark>) -> bool {
    mark.is_none() || gives_check(pos, m)
}
