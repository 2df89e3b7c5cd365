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
//!    [`REPAIR_WINDOW`] up to [`REACH_CAP`] moves, with the dead-end token held to its
//!    printed reading: an earlier ply that read as printed is rewritten only when that lets
//!    the token the game stopped at read as printed too (never at a move number, which no
//!    rewrite of one move for another makes fit). A wider window does not decode again the
//!    states the narrower one explored from its start on (memoized by position, token and
//!    ply): they came to nothing;
//! 3. **the dead-end token** with any one repair up to the cost of stopping (a wrong piece
//!    letter, file or rank), which at least [`CONFIRM_PLIES`] later plies must confirm;
//! 4. **stopping**: the game ends there as `partial`, with the nearest readings.
//!
//! A repair costlier than [`STOP`] is never taken: stopping is the likelier reading then.
//! Each attempt resumes from the last checkpoint of the beam before its window (every
//! [`CHECKPOINT`] events), so the work per dead end does not grow with the game, and a
//! per-game budget in nodes expanded ([`budget`]) caps the whole repair search: when it runs
//! out, the game stops there with a note that the search was capped. Text that is mostly not
//! movetext (most of its tokens unread) is never decoded with repairs.
//! Complete paths that tie at the lowest cost are reported as ambiguous, never hidden.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::Rc;

use escriba_notation::readings::{Reading, first_readings, last_resort_readings};
use escriba_notation::{CheckMark, Dialect, Move as Token, Termination, TokenKind};
use shakmaty::san::{San, Suffix};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Chess, Color, EnPassantMode, Move, MoveList, Position};

use crate::candidates::{
    Candidate, Ctx, MIN_LITERAL_REPAIR, NEAR_TIE, Prefilter, Reach, Relax, candidates_into,
    destination_moves_in, explained_into, gives_check, mark_evidence, strict_into,
};
use crate::identity::Origins;
use crate::san::{render, san_of};
use crate::{Diagnostic, Game, Options, Ply, Status};

mod pin;
pub use pin::Pin;
mod notes;

const NONE: u32 = u32::MAX;

/// Cost of a move number far from its ply: a misnumbered line (`69.` for `59.`).
const MISNUMBERED: u32 = 1;
/// States costlier than the best by more than this are dropped: a path dearer than the best
/// by more than stopping costs is no reading worth following.
const PRUNE_MARGIN: u32 = STOP;
/// How many move tokens before a dead end the first reach-back window covers.
const REPAIR_WINDOW: usize = 8;
/// The widest reach-back window, in move tokens (windows double up to it).
const REACH_CAP: usize = 32;
/// How many following tokens unread text may be joined with.
const MAX_JOIN: usize = 3;
/// The beam is kept every this many events, for repair attempts to resume from.
const CHECKPOINT: usize = 16;
/// The cost of stopping a game at a dead end: a repair path dearer than this is not taken
/// (the repair model's table, [`escriba_notation::damage::cost`], gives the scale).
pub const STOP: u32 = escriba_notation::damage::cost::STOP;
/// A repair this dear (no glyph confusion explains it) must be followed by this many plies
/// read to be taken: otherwise nothing confirms it, and the game stops there.
const CONFIRM_PLIES: usize = 3;
/// The cost from which a repair needs later moves to confirm it.
const UNCONFIRMED: u32 = escriba_notation::damage::cost::WRONG_PIECE;
/// Passing over unread text glued to the move before it.
const STRAY: u32 = escriba_notation::damage::cost::STRAY;
/// Passing over unread text that reads as a damaged legal move where it stands.
const SKIP_A_MOVE: u32 = escriba_notation::damage::cost::SKIP_A_MOVE;
/// Rewriting a token that reads as printed, on top of its repair's cost.
const LEGAL_REWRITE: u32 = escriba_notation::damage::cost::LEGAL_REWRITE;

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

/// One event of the main line.
#[derive(Debug, Clone, Copy)]
enum Event {
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
struct Node {
    parent: u32,
    mv: Move,
    san: San,
    suffix: Option<Suffix>,
    tok: u32,
    /// Second token joined into this one by a repair (split castling), or NONE.
    tok2: u32,
    cost: u32,
    relax: Relax,
    /// How many distinct readings this token had in this position.
    readings: u16,
    /// Which of its token's repaired readings this is (see [`reading_text`]), or
    /// NONE.
    reading: u32,
    /// The check or mate mark the book printed.
    mark: Option<CheckMark>,
    ply: u32,
}

#[derive(Debug, Clone)]
struct State {
    pos: Chess,
    origins: Origins,
    cost: u32,
    node: u32,
    ply: u32,
    /// Head of this path's list of tie records, or NONE.
    tie: u32,
    /// The next events were joined into the last one by a repair: pass over them.
    skip: u8,
    /// The position's Zobrist hash once known ([`State::hash`]), or 0.
    hash: std::cell::Cell<u64>,
}

impl State {
    /// The position's Zobrist hash, computed once per state (and carried to the states
    /// after it, where shakmaty can update it).
    fn hash(&self) -> u64 {
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
    fn play(&mut self, mv: Move) {
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
struct Tie {
    kept: u32,
    dropped: u32,
    next: u32,
}

/// What one pass produced.
enum PassEnd {
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

struct Decoder<'a> {
    game: &'a Game<'a>,
    opts: &'a Options,
    /// Plies chosen by a human ([`pin`]).
    pins: &'a [Pin],
    events: Vec<Event>,
    end: Option<Termination>,
    nodes: Vec<Node>,
    ties: Vec<Tie>,
    /// Token indices in which repairs are allowed.
    repair: Vec<bool>,
    /// Unread tokens glued to the move token before them on its line (`Q. to Q's` `th.`):
    /// what is left of a damaged move, read with it.
    glued: Vec<bool>,
    /// Move tokens open only to be read with the unread text glued to them: no repair
    /// attempt's window has opened them (see [`Decoder::open`]).
    joins_only: Vec<bool>,
    /// Buffers reused from ply to ply.
    spare: Vec<State>,
    cands: Vec<Candidate>,
    found: Vec<Found>,
    /// Half-moves from the standard start to the game's start position.
    ply_offset: u32,
    /// The last ply at which the beam dropped live readings (0: never).
    capped_at: u32,
    capped: bool,
    /// Beams kept before some events: (event index, first of its states in
    /// `checkpoint_states`), in event order.
    checkpoints: Vec<(usize, usize)>,
    checkpoint_states: Vec<State>,
    /// Positions already kept by [`Decoder::prune`] for the ply it prunes.
    seen: Seen,
    /// States that entered an event in a reach-back attempt that failed: by
    /// [`explored_key`]. The next, wider window reads the same tokens from there on, so
    /// they would fail again.
    explored: Explored,
    /// The first event whose entering states the running attempt records in `explored`.
    record_from: Option<usize>,
    /// The first event at which states recorded by a failed attempt are passed over.
    skip_from: Option<usize>,
    /// The dead end the reach-back is for: no attempt that fails gets past it.
    explored_until: usize,
    /// The cheapest state recorded in `explored` entering each event (u32::MAX: none).
    /// The prune measures its margin from it too: the states passed over would have been
    /// in the beam, as cheap as that.
    explored_best: Vec<u32>,
    /// The cheapest state passed over, as [`Decoder::prune`] measures its margin.
    prune_floor: u32,
    /// Repaired readings of each token's text (and of its joins), computed once.
    reading_cache: ReadingCache,
    /// Some repair is open: the node budget applies.
    repairing: bool,
    /// Nodes that may be expanded in all (see [`budget`]).
    budget: usize,
    /// The budget ran out.
    search_capped: bool,
    /// A dead-end token repaired, for now, only with repairs a glyph confusion explains.
    cheap_only: Option<usize>,
    /// A reach-back is under way: only repairs a glyph confusion explains.
    reaching: bool,
    /// The game's text may be repaired at all (see [`decode_in`]).
    may_repair: bool,
    /// The token being expanded has a check or mate mark that no reading of it as printed
    /// earns: it is read with the repairs a glyph confusion explains too, which compete.
    mark_unearned: bool,
    /// The tokens (first, last) of the running repair attempt's window, where last-resort
    /// readings are tried with the others.
    fallback_window: (usize, usize),
    /// The note of the ply being written.
    note_buf: String,
    /// Where the buffers go back when the game is decoded.
    back: &'a mut Scratch,
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
    /// The position after the last ply.
    pub final_position: Chess,
}

fn main_line(
    text: &str,
    tokens: &[escriba_notation::Token],
    events: &mut Vec<Event>,
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
            TokenKind::Move(_) => events.push(Event::Move(i)),
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

/// The decoder's buffers, kept from game to game on each thread: after the first games,
/// decoding one allocates no more for its beam, nodes and checkpoints, however long it is.
#[derive(Default)]
struct Scratch {
    events: Vec<Event>,
    nodes: Vec<Node>,
    ties: Vec<Tie>,
    repair: Vec<bool>,
    glued: Vec<bool>,
    joins_only: Vec<bool>,
    spare: Vec<State>,
    cands: Vec<Candidate>,
    found: Vec<Found>,
    checkpoints: Vec<(usize, usize)>,
    checkpoint_states: Vec<State>,
    seen: Seen,
    explored: Explored,
    note_buf: String,
}

/// Positions kept in a prune, by Zobrist hash (and skip count): the hash is its own hash.
type Seen = HashMap<u64, usize, nohash_hasher::BuildNoHashHasher<u64>>;

/// States explored by failed reach-back attempts ([`explored_key`]).
type Explored = std::collections::HashSet<u64, nohash_hasher::BuildNoHashHasher<u64>>;

/// The most states a prune dedupes by a search of a list rather than a map.
const SMALL_BEAM: usize = 16;

/// A state's identity in a prune: its position's Zobrist hash, apart for states that pass
/// over more events.
fn position_key(st: &State) -> u64 {
    st.hash() ^ u64::from(st.skip).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A state's identity as it enters event `ei`: its [`position_key`], the event, and its
/// ply count.
fn explored_key(st: &State, ei: usize) -> u64 {
    position_key(st)
        ^ (ei as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
        ^ u64::from(st.ply).wrapping_mul(0xA076_1D64_78BD_642F)
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// A repaired reading with its [`Prefilter`] for either side to move (indexed by
/// [`Color`]).
type Prefiltered = (Reading, [Prefilter; 2]);

/// A text's repaired readings: its first readings, and its last resorts, read only when
/// first needed (a state where no first reading fits, or a repair attempt's window).
struct TextReadings {
    dialect: Dialect,
    text: Box<str>,
    first: Box<[Prefiltered]>,
    last: std::cell::OnceCell<Box<[Prefiltered]>>,
}

impl TextReadings {
    /// The readings of one tier: 0 for the first readings, 1 for the last resorts.
    fn tier(&self, tier: usize) -> &[Prefiltered] {
        if tier == 0 {
            return &self.first;
        }
        self.last.get_or_init(|| {
            prefiltered(last_resort_readings(
                self.dialect,
                &self.text,
                self.first.iter().map(|(r, _)| r),
            ))
        })
    }
}

/// Readings with their prefilters.
fn prefiltered(readings: Vec<Reading>) -> Box<[Prefiltered]> {
    readings
        .into_iter()
        .map(|r| {
            let pre = [Color::Black, Color::White].map(|side| Prefilter::new(&r.mv, side));
            (r, pre)
        })
        .collect()
}

/// A text's readings, shared.
type SharedReadings = Rc<TextReadings>;

/// The repaired readings of one token: those of its text, and of its joins with the tokens
/// after it, each with the last token joined (or NONE).
type TokenReadings = Vec<(SharedReadings, u32)>;

/// A candidate found for a token in one state: (candidate, reading text index, joined
/// token, the book's mark).
type Found = (Candidate, u32, u32, Option<CheckMark>);

impl<'a> Decoder<'a> {
    fn token(&self, tok: usize) -> &Token {
        match &self.game.tokens[tok].kind {
            TokenKind::Move(m) => m,
            _ => unreachable!("not a move token"),
        }
    }

    fn text(&self, tok: usize) -> &'a str {
        &self.game.text[self.game.tokens[tok].span.range()]
    }

    fn initial(&self) -> State {
        State {
            pos: self.game.start.clone(),
            origins: Origins::new(self.game.start.board()),
            cost: 0,
            node: NONE,
            ply: 0,
            tie: NONE,
            skip: 0,
            hash: std::cell::Cell::new(0),
        }
    }

    /// Settles the node that led to `st` now that its position's legal moves are known:
    /// its SAN suffix, and the cost of the book's check or mate mark against it. Returns that
    /// cost, which every path through `st` carries.
    /// `checkers` are the men giving check in `st`'s position.
    fn settle(&mut self, st: &State, has_moves: bool, checkers: Bitboard) -> u32 {
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

    /// What the matcher needs to know of state `st`, with `max_repairs` repairs allowed.
    fn ctx<'s>(&self, st: &'s State, max_repairs: u32) -> Ctx<'s> {
        Ctx {
            pos: &st.pos,
            origins: &st.origins,
            descriptive: self.game.dialect.is_descriptive(),
            max_repairs,
        }
    }

    /// Candidates for one reading of a token in one state.
    fn read(
        &self,
        st: &State,
        legal: &[Move],
        token: &Token,
        max_repairs: u32,
        out: &mut Vec<Candidate>,
    ) {
        candidates_into(&self.ctx(st, max_repairs), token, legal, out);
    }

    /// The repaired readings of token `tok`'s text, and of its joins with the `run` tokens
    /// after it, computed once per token.
    fn repaired_readings(&mut self, tok: usize, run: usize) -> Rc<TokenReadings> {
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
    fn join_run(&self, tok: usize, unknown_run: Option<usize>) -> usize {
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
    fn repairs_hopeless(&mut self, tok: usize, floor: u32, as_printed: bool, cutoff: u32) -> bool {
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
    fn push_repairs(
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
    fn check_hopeless(
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
            tests::SPARED_CHECKED.with(|n| n.set(n.get() + 1));
        }
    }

    /// Expands every state by a move token (`tok`), or by the readings of unread text.
    fn expand(&mut self, states: &[State], tok: usize, unknown_run: Option<usize>) -> Vec<State> {
        // The beam's buffers go back and forth between plies instead of being allocated.
        let mut out = std::mem::take(&mut self.spare);
        out.clear();
        if let Some(pin) = pin::find(self.pins, tok) {
            for st in states {
                self.expand_pinned(st, tok, pin, &mut out);
            }
            return out;
        }
        let repairing = self.repair[tok];
        // The cheapest child made so far: the prune after this expansion keeps none dearer
        // than the cheapest child by more than its margin.
        let mut cheapest = u32::MAX;
        for st in states {
            // A strict reading of a token with a printed destination needs only the moves
            // to that destination; the settle step then needs to know about other moves
            // only when the side to move is in check (mate or not).
            // A fresh list: an empty `MoveList` is free, while moving one copies its array.
            // Where repairs are open, the strict reading comes first, from the same moves,
            // and all legal moves only when a repair may be kept (see below).
            let mut narrow = MoveList::new();
            let checkers = st.pos.checkers();
            let is_narrow = unknown_run.is_none()
                && destination_moves_in(&st.pos, checkers.any(), self.token(tok), &mut narrow);
            let mut full = MoveList::new();
            let has_moves = if is_narrow {
                checkers.is_empty() || !st.pos.legal_moves().is_empty()
            } else {
                full = st.pos.legal_moves();
                !full.is_empty()
            };
            let carried = self.settle(st, has_moves, checkers);
            // (candidate, reading text index, joined token, the book's mark)
            let mut found = std::mem::take(&mut self.found);
            found.clear();
            let literal = match unknown_run {
                None => Some(*self.token(tok)),
                Some(_) => None,
            };
            let mut cands = std::mem::take(&mut self.cands);
            let floor = st.cost + carried;
            let mut repair_here = repairing;
            if let Some(token) = &literal {
                cands.clear();
                let legal: &[Move] = if is_narrow { &narrow } else { &full };
                self.read(st, legal, token, 0, &mut cands);
                // A check or mate mark that no reading as printed earns is evidence of
                // damage: the token is read with the repairs that may earn it too.
                let unearned = token.check.is_some()
                    && !cands.is_empty()
                    && !cands.iter().any(|c| earns_mark(&st.pos, c.mv, token.check));
                let as_printed = !cands.is_empty() && !unearned;
                if !repairing && unearned && self.may_repair {
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
                            tests::SPARED_BY_FLOOR.with(|n| n.set(n.get() + 1));
                        }
                        #[cfg(debug_assertions)]
                        self.check_hopeless(st, &st.pos.legal_moves(), tok, token, floor, cutoff);
                    }
                }
                if !repair_here {
                    found.extend(cands.iter().map(|&c| (c, NONE, NONE, token.check)));
                }
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
                // Unread text may be junk: passing over it costs nothing, unless it is glued
                // to the move before it, and then likelier left over from damage to it, or
                // it reads as a damaged move here: passing over it would hand every later
                // move to the other side (`2. Kt-KBS Kt-QB3` would make Black's knight
                // White's), which is less likely than the damage.
                let mut pass = st.clone();
                if self.glued[tok] {
                    pass.cost += STRAY;
                } else if !found.is_empty() {
                    pass.cost += SKIP_A_MOVE;
                }
                cheapest = cheapest.min(pass.cost);
                out.push(pass);
            }
            self.cands = cands;
            if found.is_empty() {
                self.found = found;
                continue;
            }
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
            if let Some(least) = found.iter().map(|(c, ..)| c.cost).min() {
                cheapest = cheapest.min(floor + least);
            }
            for &(c, reading, joined, mark) in &found {
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
                };
                self.nodes.push(node);
                let id = (self.nodes.len() - 1) as u32;
                let mut next = st.clone();
                next.play(c.mv);
                next.cost += c.cost + carried;
                next.node = id;
                next.ply += 1;
                next.skip = if joined == NONE {
                    0
                } else {
                    (joined as usize - tok) as u8
                };
                out.push(next);
            }
            self.found = found;
        }
        out
    }

    /// Dedupes transpositions (recording ties), sorts by cost and applies the beam, in place.
    fn prune(&mut self, mut states: Vec<State>) -> Vec<State> {
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
            self.capped = true;
            // Readings dropped here were never followed to the end: nothing before this ply
            // can be called settled.
            self.capped_at = self.capped_at.max(states[0].ply);
            states.truncate(self.opts.beam);
        }
        states
    }

    /// The token of event `ei`.
    fn event_tok(&self, ei: usize) -> usize {
        match self.events[ei] {
            Event::Move(t) | Event::Unknown { tok: t, .. } | Event::Number { tok: t, .. } => t,
        }
    }

    /// Decodes from event `from` on, from the beam `states` before it, keeping a
    /// checkpoint of the beam every [`CHECKPOINT`] events.
    fn run(&mut self, from: usize, mut states: Vec<State>) -> PassEnd {
        for ei in from..self.events.len() {
            if ei.is_multiple_of(CHECKPOINT) {
                self.checkpoints.push((ei, self.checkpoint_states.len()));
                self.checkpoint_states.extend_from_slice(&states);
            }
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
                    return PassEnd::DeadEnd {
                        event: ei,
                        tok: self.event_tok(ei),
                        before: states,
                    };
                }
                #[cfg(test)]
                tests::EXPLORED_SKIPPED.with(|n| n.set(n.get() + before - kept.len()));
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
                return PassEnd::Capped {
                    event: ei,
                    tok: self.event_tok(ei),
                    before: states,
                };
            }
            match self.events[ei] {
                Event::Number { number, black, tok } => {
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
                        return PassEnd::DeadEnd {
                            event: ei,
                            tok,
                            before: states,
                        };
                    }
                    states.retain_mut(|st| match verdict(st) {
                        Some(cost) => {
                            st.cost += cost;
                            true
                        }
                        None => false,
                    });
                }
                Event::Unknown { tok, run } => {
                    let (passing, mut active) = split_skipping(states);
                    let pinned = pin::find(self.pins, tok).is_some();
                    if (self.repair[tok] || pinned) && !active.is_empty() {
                        // The beam read goes back to be the next expansion's buffer.
                        let read = self.expand(&active, tok, Some(run));
                        if read.is_empty() && passing.is_empty() {
                            // Nothing reads the token, and no reading passes over it (a
                            // correction that names no legal move here): a dead end, as
                            // for a move, so that the beam is never left empty.
                            self.spare = read;
                            return PassEnd::DeadEnd {
                                event: ei,
                                tok,
                                before: active,
                            };
                        }
                        active.clear();
                        self.spare = std::mem::replace(&mut active, read);
                    }
                    active.extend(passing);
                    states = self.prune(active);
                }
                Event::Move(tok) => {
                    let (passing, mut active) = split_skipping(states);
                    let mut next = if active.is_empty() {
                        std::mem::take(&mut self.spare)
                    } else {
                        self.expand(&active, tok, None)
                    };
                    if next.is_empty() && passing.is_empty() {
                        self.spare = next;
                        return PassEnd::DeadEnd {
                            event: ei,
                            tok,
                            before: active,
                        };
                    }
                    next.extend(passing);
                    states = self.prune(next);
                    active.clear();
                    self.spare = active;
                }
            }
        }
        PassEnd::Complete(states)
    }

    /// Resumes decoding at the last checkpoint at or before event `ei` (the checkpoints
    /// after it are dropped: the run keeps them again).
    fn resume(&mut self, ei: usize) -> PassEnd {
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

    /// The events of the local repair at a dead end at event `ei`: the dead-end token and
    /// the unread text since the move before it (or that move too, when the dead end is a
    /// move number with nothing unread before it), and any unread text within the last
    /// [`REPAIR_WINDOW`] moves. Returns the first event of the window, and whether it
    /// opened any token not open already.
    fn open_local(&mut self, ei: usize) -> (usize, bool) {
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
    fn open(&mut self, tok: usize) -> bool {
        let closed = !self.repair[tok] || self.joins_only[tok];
        self.repair[tok] = true;
        self.joins_only[tok] = false;
        closed
    }

    /// Opens a reach-back window of `reach` move tokens before event `before` (exclusive).
    /// Returns the window's first event, or None when it opens nothing new.
    fn open_reach(&mut self, before: usize, reach: usize) -> Option<usize> {
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

/// Decodes a game: the cheapest complete reading, or the best reading up to the failure.
pub fn decode(game: &Game<'_>, opts: &Options) -> Decoded {
    decode_pinned(game, opts, &[])
}

/// Decodes a game with some plies chosen by a human: each pinned token is read as its
/// pinned move (status [`Status::Corrected`]) and the rest is decoded around it. A pin
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

fn decode_in(game: &Game<'_>, opts: &Options, pins: &[Pin], scratch: &mut Scratch) -> Decoded {
    let mut events = cleared(&mut scratch.events);
    let (end, unread) = main_line(game.text, game.tokens, &mut events);
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
    let mut d = Decoder {
        game,
        opts,
        pins,
        events,
        end,
        nodes: cleared(&mut scratch.nodes),
        ties: cleared(&mut scratch.ties),
        repair,
        glued,
        joins_only,
        spare: cleared(&mut scratch.spare),
        cands: cleared(&mut scratch.cands),
        found: cleared(&mut scratch.found),
        capped_at: 0,
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
        mark_unearned: false,
        fallback_window: (1, 0),
        note_buf,
        back: scratch,
        ply_offset: (game.start.fullmoves().get() - 1)
            .saturating_mul(2)
            .saturating_add(u32::from(game.start.turn() == Color::Black)),
        capped: false,
    };
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
    if repair {
        // Text left unread right after a move, on its line, is read with the move from the
        // start: `Q. to Q's th.` lost its digit, and `Q. to Q's` alone is no safe reading.
        for ei in 1..d.events.len() {
            if let (Event::Move(m), Event::Unknown { tok, .. }) = (d.events[ei - 1], d.events[ei])
                && tok == m + 1
                && d.game.text
                    [d.game.tokens[m].span.end as usize..d.game.tokens[tok].span.start as usize]
                    .chars()
                    .all(|c| c == ' ' || c == '\t')
            {
                d.glued[tok] = true;
                d.repair[m] = true;
                d.joins_only[m] = true;
            }
        }
        // Text that reads as no move (glued or not) is damaged or junk as printed: its
        // repaired readings are tried from the first pass (no reading as printed changes).
        for e in &d.events {
            if let Event::Unknown { tok, .. } = *e {
                d.repair[tok] = true;
            }
        }
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
        // An attempt goes on when it gets past the dead end; one that ran out of budget
        // before it stops the game at the dead end, as it stood.
        let went_past = |e: &PassEnd| match e {
            PassEnd::Complete(_) => true,
            PassEnd::DeadEnd { event: at, .. } | PassEnd::Capped { event: at, .. } => *at > event,
        };
        let capped_before =
            |e: &PassEnd| matches!(e, PassEnd::Capped { event: at, .. } if *at <= event);
        // 1. The dead-end token itself, with the repairs a glyph confusion explains.
        let (first, opened) = d.open_local(event);
        let mut attempt = None;
        if opened {
            d.cheap_only = Some(tok);
            d.fallback_window = (d.event_tok(first), tok);
            let e = d.resume(first);
            d.cheap_only = None;
            if went_past(&e) || capped_before(&e) {
                attempt = Some(e);
            }
        }
        // 2. Reach back, with the dead-end token held to its printed reading. Not at a move
        // number: a rewrite reads one move for another and leaves the count of plies
        // before the number as it was, so the number would not fit either.
        let at_number = matches!(d.events[event], Event::Number { .. });
        if attempt.is_none() && !at_number {
            let opened_before = d.repair.clone();
            let joins_before = d.joins_only.clone();
            let kept = (d.checkpoints.clone(), d.checkpoint_states.clone());
            d.repair[tok] = false;
            d.reaching = true;
            let mut reach = REPAIR_WINDOW;
            d.explored.clear();
            d.explored_until = event;
            d.explored_best.clear();
            d.explored_best.resize(d.events.len(), u32::MAX);
            while reach <= REACH_CAP {
                if let Some(from) = d.open_reach(first, reach) {
                    d.record_from = Some(from);
                    d.fallback_window = (d.event_tok(from), tok);
                    let e = d.resume(from);
                    if went_past(&e) || capped_before(&e) {
                        attempt = Some(e);
                        break;
                    }
                    // What this window explored, the next need not.
                    d.skip_from = Some(from);
                }
                reach *= 2;
            }
            (d.record_from, d.skip_from) = (None, None);
            d.reaching = false;
            if attempt.is_none() {
                // Nothing came of it: the windows close again, and the beams they kept
                // (with their rewrites) go too: the next attempt resumes from the beams
                // read as before the reach-back, not from paths no later move bore out.
                d.repair = opened_before;
                d.joins_only = joins_before;
                (d.checkpoints, d.checkpoint_states) = kept;
            } else {
                d.repair[tok] = opened_before[tok];
                d.joins_only[tok] = joins_before[tok];
            }
        }
        // 3. The dead-end token with any repair up to the cost of stopping (a wrong piece
        // letter, file or rank), which later moves must then confirm.
        if attempt.is_none() && d.repair[tok] {
            d.fallback_window = (d.event_tok(first), tok);
            let e = d.resume(first);
            if went_past(&e) || capped_before(&e) {
                attempt = Some(e);
            }
        }
        match attempt {
            Some(e) if capped_before(&e) => {
                d.search_capped = true;
                return finish(&mut d, before, Some(tok), unread);
            }
            Some(e) => end = e,
            // 3. Stop: the beam as it stood before the dead end, read as printed.
            None => return finish(&mut d, before, Some(tok), unread),
        }
    }
}

/// How many texts' readings a thread keeps for each dialect (see [`shared_readings`]).
const SHARED_READINGS: usize = 1 << 14;

/// Readings by dialect (a few, searched in order), then text (looked up by `&str`, with no
/// key to allocate).
type ReadingsByText = Vec<(Dialect, HashMap<Box<str>, SharedReadings>)>;

/// The repaired readings of a token's text, computed once per text on each thread: the
/// same texts come back from game to game (every token a reach-back opens is read again),
/// and reading one text costs dozens of parses. A dialect's texts are forgotten all at once
/// when they fill the cache, and only its own: a book in one notation never pays for
/// another's.
fn shared_readings(dialect: Dialect, text: &str) -> SharedReadings {
    thread_local! {
        static SHARED: RefCell<ReadingsByText> = const { RefCell::new(Vec::new()) };
    }
    SHARED.with(|cache| {
        let cache = &mut *cache.borrow_mut();
        let at = match cache.iter().position(|(d, _)| *d == dialect) {
            Some(at) => at,
            None => {
                cache.push((dialect, HashMap::new()));
                cache.len() - 1
            }
        };
        let texts = &mut cache[at].1;
        if let Some(r) = texts.get(text) {
            return r.clone();
        }
        if texts.len() >= SHARED_READINGS {
            texts.clear();
        }
        let r = Rc::new(TextReadings {
            dialect,
            text: text.into(),
            first: prefiltered(first_readings(dialect, text)),
            last: std::cell::OnceCell::new(),
        });
        texts.insert(text.into(), r.clone());
        r
    })
}

/// The text of repaired reading `k` of token `tok` ([`Node::reading`]), in the decoder's
/// cache of each token's readings.
fn reading_text(cache: &ReadingCache, tok: usize, k: u32) -> &str {
    let k = k as usize;
    let (part, tier, i) = (k >> 16, (k >> 15) & 1, k & 0x7FFF);
    let readings = cache[tok]
        .as_ref()
        .expect("a repaired reading's token was read");
    &readings[part].0.tier(tier)[i].0.text
}

/// Each token's repaired readings once read ([`Decoder::repaired_readings`]), by token.
type ReadingCache = Vec<Option<Rc<TokenReadings>>>;

/// [`Node::reading`] for reading `i` of tier `tier` of part `part` of a token's readings.
fn reading_index(part: usize, tier: usize, i: usize) -> u32 {
    debug_assert!(i < 0x8000 && tier < 2);
    ((part << 16) | (tier << 15) | i) as u32
}

/// Splits off the states that pass over this event (joined into an earlier one), with
/// their counters stepped down.
fn split_skipping(states: Vec<State>) -> (Vec<State>, Vec<State>) {
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

fn path(nodes: &[Node], mut id: u32) -> Vec<u32> {
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
fn replay(d: &Decoder<'_>, path: &[u32]) -> (Chess, Origins) {
    let mut pos = d.game.start.clone();
    let mut origins = Origins::new(pos.board());
    for &id in path {
        let m = d.nodes[id as usize].mv;
        origins.play(m);
        pos.play_unchecked(m);
    }
    (pos, origins)
}

fn finish(
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

/// Whether `m`, legal in `pos`, earns the check or mate mark `mark`: a move marked check (or
/// mate) gives check. (No mark is earned by any move: an unmarked check is common.)
fn earns_mark(pos: &Chess, m: Move, mark: Option<CheckMark>) -> bool {
    mark.is_none() || gives_check(pos, m)
}

/// The note on a check or mate mark the move does not bear out, with its index (1–3).
fn mark_note(
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

impl Decoder<'_> {
    /// Expands `st` by the pinned move of token `tok`, or by nothing when it is not legal.
    fn expand_pinned(&mut self, st: &State, tok: usize, pin: &Pin, out: &mut Vec<State>) {
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
        });
        let mut next = st.clone();
        next.play(mv);
        next.cost += carried;
        next.node = (self.nodes.len() - 1) as u32;
        next.ply += 1;
        next.skip = 0;
        out.push(next);
    }
}

#[cfg(test)]
mod tests {
    use escriba_notation::{AlgLang, DescLang, Dialect, Style};
    use shakmaty::{Chess, Position};

    use crate::{Options, Status, resolve, start_position};

    const EN: Dialect = Dialect::Descriptive(DescLang::En);
    const EN_ALG: Dialect = Dialect::Algebraic(AlgLang::En);

    const RUY: &str = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3";
    const RUY_SAN: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];

    /// Decodes `text` from the standard start with the default options.
    fn read(text: &str, dialect: Dialect) -> super::Decoded {
        resolve(
            text,
            dialect,
            start_position(None, false).unwrap(),
            &Options::default(),
        )
    }

    /// The plies before the damaged one are the book's, read as printed; the damaged one
    /// stops the game there (with the nearest readings) or is ambiguous with alternatives.
    fn assert_stops_or_ambiguous(text: &str, dialect: Dialect, printed: &[&str]) {
        let d = read(text, dialect);
        let n = printed.len();
        assert!(d.plies.len() >= n, "{text}: {:?}", d.plies);
        let sans: Vec<&str> = d.plies[..n].iter().map(|p| p.san.as_str()).collect();
        assert_eq!(
            sans, printed,
            "{text}: no ply before the damaged one changes"
        );
        assert!(
            d.plies[..n].iter().all(|p| !p.status.is_flagged()),
            "{text}: {:?}",
            d.plies
        );
        match d.plies.get(n) {
            None => {
                let f = d.failure.expect("the game stops at the damaged token");
                assert_eq!(f.ply, n, "{text}");
                assert!(
                    !f.nearest().is_empty(),
                    "{text}: the nearest readings are listed"
                );
            }
            Some(p) => {
                assert_eq!(p.status, Status::Ambiguous, "{text}: {p:?}");
                assert!(!p.alternatives.is_empty(), "{text}: {p:?}");
            }
        }
    }

    #[test]
    fn a_repair_never_rewrites_a_move_the_book_printed_right_to_make_a_damaged_one_fit() {
        for damaged in ["Q-KR8", "P-K8", "R-QR8"] {
            let text = format!("{RUY} 5. {damaged} B-K2 6. Castles P-QKt4");
            assert_stops_or_ambiguous(&text, EN, &RUY_SAN);
        }
        assert_stops_or_ambiguous("1. e4 e5 2. Ke3", EN_ALG, &["e4", "e5"]);
    }

    #[test]
    fn a_capture_of_nothing_with_no_square_printed_is_no_repair_to_pick() {
        // `QxQ`: no queen can take a queen, and the token names no square to go to.
        let text = format!("{RUY} 5. QxQ B-K2 6. Castles P-QKt4");
        assert_stops_or_ambiguous(&text, EN, &RUY_SAN);
    }

    #[test]
    fn a_reach_back_is_taken_when_it_lets_the_dead_end_token_read_as_printed() {
        // `P-QB4` reads (c4), but then `PxP` fits nothing; `P-KB4` (a swapped wing) lets
        // `PxP` read as printed.
        let d = read("1. P-QB4 P-K4 2. PxP", EN);
        assert!(d.failure.is_none(), "{:?}", d.failure);
        let sans: Vec<&str> = d.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, ["f4", "e5", "fxe5"]);
        assert_eq!(d.plies[0].status, Status::Repaired);
        assert!(!d.plies[2].status.is_flagged(), "{:?}", d.plies[2]);
    }

    /// A long random game from the standard position (xorshift, seeded).
    fn long_game(seed: u64, plies: usize) -> Option<Vec<shakmaty::Move>> {
        let mut x = seed | 1;
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        while moves.len() < plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                return None;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = legal[(x % legal.len() as u64) as usize];
            pos.play_unchecked(m);
            moves.push(m);
        }
        Some(moves)
    }

    /// Random games of 80 plies in English and Spanish, with one move token in ten damaged
    /// by the damage model.
    fn damaged_games() -> Vec<(Dialect, String)> {
        let es = Dialect::Descriptive(DescLang::Es);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut below = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let start = Chess::default();
        let mut out = Vec::new();
        for seed in 1..=40 {
            let Some(moves) = long_game(seed, 80) else {
                continue;
            };
            for dialect in [EN, es] {
                let clean =
                    crate::describe::write_game(&start, &moves, dialect, Style::default()).unwrap();
                // One move token in ten damaged.
                let text =
                    escriba_notation::damage::damage_movetext(dialect, &clean, 100, &mut below);
                out.push((dialect, text));
            }
        }
        out
    }

    thread_local! {
        /// Repairs that `check_hopeless` found spared and checked, on this thread.
        pub(super) static SPARED_CHECKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// States a reach-back window passed over as explored by a narrower one.
        pub(super) static EXPLORED_SKIPPED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// States whose repairs were spared only because the states a reach-back passed
        /// over were cheaper.
        pub(super) static SPARED_BY_FLOOR: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Damaged games, decoded with the debug check of every repair `repairs_hopeless`
    /// spares: none of them could have been kept by the prune (the check panics if one
    /// could).
    #[cfg(debug_assertions)]
    #[test]
    fn the_repairs_spared_as_hopeless_are_all_dearer_than_the_prune_keeps() {
        let checked = counted_over_damaged_games(&SPARED_CHECKED);
        assert!(checked > 100, "only {checked} spared repairs were checked");
    }

    /// What the decoder's test `counter` counts over [`damaged_games`].
    fn counted_over_damaged_games(
        counter: &'static std::thread::LocalKey<std::cell::Cell<usize>>,
    ) -> usize {
        counter.with(|n| n.set(0));
        for (dialect, text) in damaged_games() {
            resolve(&text, dialect, Chess::default(), &Options::default());
        }
        counter.with(|n| n.get())
    }

    /// A wider reach-back window does not decode again the states that the narrower one
    /// before it explored from its start on (the same position at the same token, with the
    /// same tokens open): they came to nothing there.
    #[test]
    fn a_wider_reach_back_window_passes_over_the_states_a_narrower_one_explored() {
        let skipped = counted_over_damaged_games(&EXPLORED_SKIPPED);
        assert!(
            skipped > 10,
            "only {skipped} explored states were passed over"
        );
    }

    /// Where a wider reach-back window passes over explored states, the prune measures its
    /// margin from them, so the repairs of a state dearer than them by more than the margin
    /// are not made either.
    #[test]
    fn a_wider_reach_back_window_makes_no_repair_the_states_it_passed_over_rule_out() {
        let spared = counted_over_damaged_games(&SPARED_BY_FLOOR);
        assert!(spared > 10, "only {spared} states were spared by the floor");
    }

    #[test]
    fn one_dialects_texts_filling_the_readings_cache_leave_another_dialects_in_it() {
        let es = Dialect::Descriptive(DescLang::Es);
        let kept = super::shared_readings(es, "P4R");
        for i in 0..=super::SHARED_READINGS {
            super::shared_readings(EN, &format!("Q{i}"));
        }
        assert!(
            std::rc::Rc::ptr_eq(&kept, &super::shared_readings(es, "P4R")),
            "the Spanish readings were read again"
        );
    }

    #[test]
    fn a_long_game_that_fails_at_its_last_move_expands_a_bounded_multiple_of_a_clean_decode() {
        let start = Chess::default();
        let moves = (1..)
            .find_map(|seed| long_game(seed, 300))
            .expect("a 300-ply game");
        let clean = crate::describe::write_game(&start, &moves, EN, Style::default()).unwrap();
        let clean_nodes = resolve(&clean, EN, start.clone(), &Options::default()).nodes_expanded;
        // The last move replaced by one that fits nothing there (`QxQ` with no queen to
        // take, or `P-K8` where no pawn can go).
        let cut = clean.rfind(' ').unwrap();
        let last = ["QxQ", "P-K8", "KtxKt", "Castles"]
            .into_iter()
            .map(|bad| format!("{} {bad}", &clean[..cut]))
            .map(|text| {
                let d = resolve(&text, EN, start.clone(), &Options::default());
                (text, d)
            })
            .find(|(_, d)| d.failure.is_some() && d.plies.len() == 299);
        let (text, d) = last.expect("one of the bad tokens fails at the last move");
        assert_eq!(d.plies.len(), 299, "{text}");
        eprintln!(
            "300 plies, failing at the last: {} nodes expanded; clean: {clean_nodes}",
            d.nodes_expanded
        );
        assert!(
            d.nodes_expanded <= 8 * clean_nodes,
            "{} nodes against {clean_nodes} for the clean game",
            d.nodes_expanded
        );
    }

    #[test]
    fn a_repair_search_that_runs_out_of_budget_stops_at_the_dead_end_and_says_so() {
        let text = format!("{RUY} 5. Castles B-K2 6. P-Q8 P-QKt4");
        let opts = Options {
            node_budget: Some(1),
            ..Options::default()
        };
        let d = resolve(&text, EN, start_position(None, false).unwrap(), &opts);
        assert!(d.search_capped);
        let f = d.failure.expect("the game stops");
        assert_eq!(f.text, "P-Q8");
        assert!(f.message.contains("capped"), "{}", f.message);
        assert_eq!(d.plies.len(), 10);
        // With the default budget the same damage is repaired (`P-Q8` read as `P-Q3`).
        let d = read(&text, EN);
        assert!(!d.search_capped);
        assert!(d.failure.is_none(), "{:?}", d.failure);
    }

    #[test]
    fn text_that_is_mostly_not_moves_is_not_repaired() {
        let text = "P-K4 the game was then adjourned for lunch and resumed R-KS";
        let d = read(text, EN);
        assert!(d.plies.iter().all(|p| p.status != Status::Repaired));
        assert_eq!(d.nodes_expanded, 1, "only the strict reading of P-K4");
    }

    #[test]
    fn a_last_resort_reading_is_taken_where_no_other_reading_fits() {
        // `KBJ`: only a garbled digit reads it (`J` is no look-alike of one).
        let d = read("1. P-K4 P-K4 2. Kt-KBJ Kt-QB3 3. B-B4 B-B4", EN);
        assert!(d.failure.is_none(), "{:?}", d.failure);
        assert_eq!(d.plies[2].san, "Nf3");
        assert_eq!(d.plies[2].status, Status::Repaired);
    }

    #[test]
    fn a_repair_attempt_tries_the_last_resort_readings_of_its_window() {
        // `P-QRH`: `H` looks like a `4` (a4), but the game stops at `P-QR4`. Read as a
        // garbled digit, it is `P-QR3` (a3), and the game goes on.
        let d = read("1. P-QRH P-K4 2. P-QR4 P-Q4 3. Kt-KB3 Kt-QB3", EN);
        assert!(d.failure.is_none(), "{:?}", d.failure);
        let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, ["a3", "e5", "a4", "d5", "Nf3", "Nc6"]);
        assert_eq!(d.plies[0].status, Status::Repaired);
    }

    #[test]
    fn a_move_that_reads_as_printed_is_not_rewritten_by_a_last_resort() {
        // `PxP` finds nothing to take after d4 d5. Read as `P4` (its `D` dropped as a stray
        // character), `P4D` could be any pawn to the fourth rank, c4 among them, and the
        // game would go on; but d4 reads as printed, and a rewrite of it with damage the
        // model never makes is no reading to offer: the game stops at `PxP`.
        let es = Dialect::Descriptive(DescLang::Es);
        let text = "1. P4D P4D 2. PxP C3AR 3. C3AD CxP";
        let d = read(text, es);
        let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, ["d4", "d5"]);
        let f = d.failure.expect("the game stops");
        assert_eq!(f.span.start as usize, text.find("PxP").unwrap());
    }

    #[test]
    fn a_move_with_unread_text_glued_to_it_is_read_as_printed_or_joined_only() {
        // `qqq` reads as nothing. Glued to `Kt-KB3`, it is read with it from the first pass
        // on (`Kt-KB3qqq` reads as nothing either), but `Kt-KB3` itself is read as printed:
        // one node per ply, as in a clean decode. Its other repairs (`Kt-QB3`, a swapped
        // wing, kept as a rival until the moves after it ruled it out) wait for a repair
        // attempt's window.
        let d = read("1. P-K4 P-K4 2. Kt-KB3 qqq Kt-QB3 3. B-Kt5 P-QR3", EN);
        assert!(d.failure.is_none(), "{:?}", d.failure);
        let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, RUY_SAN[..6]);
        assert_eq!(d.nodes_expanded, 6);
    }

    #[test]
    fn a_join_of_unread_text_with_the_next_token_gets_no_last_resort() {
        // `Kt-KBJ` reads as Nf3 with a garbled digit (a last resort); split as `Kt- KBJ`,
        // that would take a join and a last resort at once: the game stops there instead.
        let text = "1. P-K4 P-K4 2. Kt- KBJ Kt-QB3 3. B-B4 B-B4";
        let d = read(text, EN);
        let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5"], "{:?}", d.failure);
        let f = d.failure.expect("the game stops");
        assert_eq!(f.span.start as usize, text.find("Kt- ").unwrap());
        // Joined without the garble, the same split reads.
        let d = read("1. P-K4 P-K4 2. Kt- KB3 Kt-QB3 3. B-B4 B-B4", EN);
        assert!(d.failure.is_none(), "{:?}", d.failure);
        assert_eq!(d.plies[2].san, "Nf3");
    }

    #[test]
    fn a_last_resort_reading_is_not_tried_where_another_reading_fits() {
        // `PR` lost its digit: `P3R` and `P4R` fit (e3, e4). Read as `P3` or `P4` (the `R`
        // a garbled digit), any pawn could go to the third or fourth rank: 16 moves.
        let es = Dialect::Descriptive(DescLang::Es);
        let d = read("1. PR P4R 2. C3AR C3AD", es);
        assert!(d.failure.is_none(), "{:?}", d.failure);
        assert_eq!(d.plies[0].status, Status::Ambiguous, "e3 or e4");
        // Two readings of `PR`, each followed by one reading of the three moves after it,
        // and `P4R` read as White's, passing over `PR` (the move number after it ends that).
        // With the last resorts tried too, this is 64.
        assert_eq!(
            d.nodes_expanded,
            2 * 4 + 1,
            "no pawn move but e3 and e4 was tried"
        );
    }

    #[test]
    fn an_unreadable_move_is_the_failure_not_the_move_number_after_it() {
        let text = "1. P-K4 P-K4 2. Kt-KB3 XYZZY 3. B-B4 B-B4";
        let d = read(text, EN);
        let f = d.failure.expect("the game stops");
        assert_eq!(f.text, "XYZZY");
        assert_eq!(f.span.start as usize, text.find("XYZZY").unwrap());
        let sans: Vec<_> = d.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(
            sans,
            ["e4", "e5", "Nf3"],
            "nothing after the unread move is kept"
        );
    }

    #[test]
    fn a_settled_ambiguity_is_inferred_and_a_true_tie_is_ambiguous() {
        // After 1.e4 e5, `P-B4` is c4 or f4; `PxP` then settles it (only f4 can take e5).
        let d = read("1. P-K4 P-K4 2. P-B4 P-Q3 3. PxP", EN);
        assert_eq!(d.plies[2].san, "f4");
        assert_eq!(d.plies[2].status, crate::Status::Inferred);
        // Without the capture, both readings complete the game: a tie, reported.
        let d = read("1. P-K4 P-K4 2. P-B4", EN);
        assert_eq!(d.plies[2].status, crate::Status::Ambiguous);
        assert_eq!(d.plies[2].alternatives.len(), 1);
    }

    #[test]
    fn a_game_of_endless_ties_stays_bounded_and_says_so() {
        // Every pawn move names two files: 2^8 readings of four moves, none settled.
        let text = "1. P-R3 P-R3 2. P-Kt3 P-Kt3 3. P-B3 P-B3 4. P-R4 P-R4";
        let opts = Options {
            beam: 16,
            ..Options::default()
        };
        let d = resolve(text, EN, start_position(None, false).unwrap(), &opts);
        assert!(d.beam_capped, "the cap was hit and reported");
        assert_eq!(d.plies.len(), 8);
        assert!(
            d.plies.iter().all(|p| p.status == crate::Status::Ambiguous),
            "{:?}",
            d.plies
        );
    }

    #[test]
    fn absurd_move_numbers_and_move_counters_do_not_overflow() {
        let d = read("4294967295. P-K4", EN);
        assert_eq!(d.plies.len(), 1, "a misnumbered line is only a cost");
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 4294967295";
        let d = resolve(
            "1. P-K4 K-Q2 2. P-K5",
            EN,
            start_position(Some(fen), false).unwrap(),
            &Options::default(),
        );
        assert_eq!(d.plies.len(), 3);
    }
}
