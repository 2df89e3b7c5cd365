//! Candidates: which legal moves a move token can mean, and at what cost.
//!
//! Every constraint of the token (role, qualifiers, destination, captured man, promotion,
//! castling side, e.p. mark) is checked against each legal move. In strict mode a broken
//! constraint rules the move out; in repair mode one constraint may be broken, at a cost,
//! and the move is flagged as repaired. Check and mate marks are evidence, weighed apart.

use escriba_notation::cost;
use escriba_notation::{
    CastleSide, CheckMark, Man, Move as PrintedMove, MoveKind, PieceMove, Place,
};
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, Move, MoveList, Piece, Position, Rank,
    Role, Square, attacks,
};

use crate::identity::Origins;
use crate::side::{desc_files, place_fits, relative_rank, wing_of};

/// Why a candidate costs what it costs. The bits of [`Relax::REPAIR_MASK`] are repairs of the
/// printed text; the others are readings the conventions allow, and those of
/// [`Relax::UNPRINTED`] say that the token left open what the position filled in (the ply is
/// then `inferred`, never `exact`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Relax(pub u32);

impl Relax {
    /// A wing prefix read positionally (the piece now on that wing), not by origin.
    pub const POSITIONAL: u32 = 1 << 0;
    /// A promotion with no piece printed, read as a queen.
    pub const DEFAULT_QUEEN: u32 = 1 << 1;
    /// The book's check or mate mark disagrees with the move.
    pub const MARK: u32 = 1 << 2;
    /// A destination printed without a rank (`R-K`), read on a rank other than the first.
    pub const BARE_FILE: u32 = 1 << 3;
    /// First repair bit; every bit from here on is a repair.
    pub const REPAIRS: u32 = 1 << 4;
    /// A capture printed without its capture sign.
    pub const LOST_CAPTURE: u32 = 1 << 4;
    /// A ply whose word did not read, where the printed numbers say a ply stands: any
    /// legal move, chosen by the numbers and the moves after it.
    pub const LOST_PLY: u32 = 1 << 5;
    /// A capture sign on a move that captures nothing.
    pub const EXTRA_CAPTURE: u32 = 1 << 6;
    /// An origin qualifier that does not fit (`e4-e4`).
    pub const ORIGIN: u32 = 1 << 7;
    /// King's and queen's side swapped in a square or a prefix.
    pub const WING: u32 = 1 << 8;
    /// The wrong piece letter for the moving man (`B.` for `R.`).
    pub const ROLE: u32 = 1 << 9;
    /// The wrong captured man.
    pub const CAPTURED: u32 = 1 << 10;
    /// The wrong promotion piece.
    pub const PROMOTION: u32 = 1 << 11;
    /// An e.p. mark on a move that is not en passant.
    pub const EN_PASSANT: u32 = 1 << 12;
    /// The wrong file in the destination (`R's 3d.` for `K's 3d.`).
    pub const FILE: u32 = 1 << 13;
    /// The wrong rank in the destination.
    pub const RANK: u32 = 1 << 14;
    /// The wrong castling side.
    pub const CASTLE: u32 = 1 << 15;
    /// A text-level repair of the token (an OCR confusion, a split token).
    pub const READING: u32 = 1 << 16;
    /// A token skipped as not being a move.
    pub const SKIPPED: u32 = 1 << 17;
    /// A destination printed without a rank (`R-K`), read on the first rank.
    pub const NO_RANK: u32 = 1 << 20;
    /// A destination file printed without its wing (`Kt-B3`, `D3A`) where the group names
    /// two files: the position chose the one that fits.
    pub const NO_WING: u32 = 1 << 21;
    /// A capture printed without its capture sign where the notation allows it (`Nf3` for
    /// `Nxf3` in algebraic).
    pub const UNMARKED_CAPTURE: u32 = 1 << 22;
    /// The repairs no glyph confusion explains: a wrong piece letter, file or rank. They are
    /// tried last, and later moves must confirm them.
    pub const UNEXPLAINED: u32 = Self::ROLE | Self::FILE | Self::RANK;
    /// Every repair bit.
    pub const REPAIR_MASK: u32 = (Self::SKIPPED << 1) - Self::REPAIRS;
    /// The convention bits that fill in what the token did not print.
    pub const UNPRINTED: u32 = Self::POSITIONAL
        | Self::DEFAULT_QUEEN
        | Self::BARE_FILE
        | Self::NO_RANK
        | Self::NO_WING
        | Self::UNMARKED_CAPTURE;

    /// True when any repair bit is set.
    pub fn is_repair(self) -> bool {
        self.0 & Self::REPAIR_MASK != 0
    }

    /// True when a convention filled in what the token did not print.
    pub fn is_unprinted(self) -> bool {
        self.0 & Self::UNPRINTED != 0
    }

    /// Human words for each set bit, in bit order.
    pub fn describe(self) -> Vec<&'static str> {
        self.words().collect()
    }

    /// Human words for each set bit, in bit order, with no allocation.
    pub fn words(self) -> impl Iterator<Item = &'static str> {
        const WORDS: [(u32, &str); 21] = [
            (
                Relax::POSITIONAL,
                "wing prefix read by position, not origin",
            ),
            (
                Relax::DEFAULT_QUEEN,
                "promotion piece not printed; queen assumed",
            ),
            (Relax::MARK, "the book's check mark disagrees"),
            (
                Relax::BARE_FILE,
                "no rank printed; read on another rank than the first",
            ),
            (Relax::LOST_CAPTURE, "capture sign missing"),
            (
                Relax::LOST_PLY,
                "the numbers put a ply here whose word did not read; the board chose it from",
            ),
            (Relax::EXTRA_CAPTURE, "capture sign on a non-capture"),
            (Relax::ORIGIN, "origin square does not fit; ignored"),
            (Relax::WING, "king's and queen's side swapped"),
            (Relax::ROLE, "wrong piece letter"),
            (Relax::CAPTURED, "wrong captured man"),
            (Relax::PROMOTION, "wrong promotion piece"),
            (
                Relax::EN_PASSANT,
                "e.p. mark on a move that is not en passant",
            ),
            (Relax::FILE, "wrong destination file"),
            (Relax::RANK, "wrong destination rank"),
            (Relax::CASTLE, "wrong castling side"),
            (Relax::READING, "misprint or OCR damage read as"),
            (Relax::SKIPPED, "token skipped as not a move"),
            (Relax::NO_RANK, "no rank printed; read on the first rank"),
            (Relax::NO_WING, "no wing printed; the position allows one"),
            (Relax::UNMARKED_CAPTURE, "capture sign not printed"),
        ];
        WORDS
            .iter()
            .filter(move |(b, _)| self.0 & b != 0)
            .map(|&(_, w)| w)
    }
}

/// Readings whose costs differ by no more than this differ only by soft conventions (a
/// wing prefix read by position, an unmarked check, a bare file read on another rank):
/// when both complete the game, the ply is ambiguous.
pub const NEAR_TIE: u32 = cost::NEAR_TIE;

/// The cost of each relaxation: a negative log-likelihood from the one table of the repair
/// model, [`escriba_notation::cost`], which says where each figure comes from.
const fn relax_cost(bit: u32) -> u32 {
    match bit {
        Relax::POSITIONAL => cost::POSITIONAL,
        Relax::DEFAULT_QUEEN => 0,
        Relax::BARE_FILE => cost::BARE_FILE,
        Relax::EN_PASSANT => cost::EN_PASSANT,
        Relax::LOST_CAPTURE | Relax::ORIGIN | Relax::WING => cost::LOST_MARK,
        Relax::EXTRA_CAPTURE | Relax::CAPTURED | Relax::PROMOTION | Relax::CASTLE => {
            cost::WRONG_DETAIL
        }
        Relax::ROLE => cost::WRONG_PIECE,
        Relax::LOST_PLY => cost::LOST_PLY,
        _ => cost::WRONG_SQUARE,
    }
}

/// The least that breaking one constraint of a token as printed costs (the cheapest repair
/// bit's cost).
pub(crate) const MIN_LITERAL_REPAIR: u32 = {
    let mut bit = Relax::REPAIRS;
    let mut least = u32::MAX;
    while bit & Relax::REPAIR_MASK != 0 {
        let c = relax_cost(bit);
        if c < least {
            least = c;
        }
        bit <<= 1;
    }
    least
};

/// A legal move that a token can mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The legal move.
    pub mv: Move,
    /// Its cost: 0 for a reading that fits every constraint.
    pub cost: u32,
    /// Why it costs that.
    pub relax: Relax,
}

/// What the matcher needs to know about the position.
pub struct Ctx<'a> {
    /// The position before the move.
    pub pos: &'a Chess,
    /// Piece identities in that position.
    pub origins: &'a Origins,
    /// Descriptive dialects never omit the capture sign; algebraic ones may (FIDE).
    pub descriptive: bool,
    /// How many repairs one candidate may use (0 in strict mode).
    pub max_repairs: u32,
}

struct Acc {
    cost: u32,
    relax: u32,
    repairs: u32,
    max: u32,
    /// Repair bits that may not be used at all.
    refused: u32,
}

impl Acc {
    /// Records a broken constraint; false when it may not be broken.
    fn violate(&mut self, bit: u32) -> bool {
        if bit & self.refused != 0 {
            return false;
        }
        if bit & Relax::REPAIR_MASK != 0 {
            self.repairs += 1;
            if self.repairs > self.max {
                return false;
            }
        }
        self.relax |= bit;
        self.cost += relax_cost(bit);
        true
    }
}

fn castle_side(side: Option<CastleSide>) -> Option<CastlingSide> {
    side.map(|s| match s {
        CastleSide::King => CastlingSide::KingSide,
        CastleSide::Queen => CastlingSide::QueenSide,
    })
}

/// The square of the man a capture removes (differs from `to` for en passant).
pub fn captured_square(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

fn role_of(r: escriba_notation::Role) -> Role {
    match r {
        escriba_notation::Role::Pawn => Role::Pawn,
        escriba_notation::Role::Knight => Role::Knight,
        escriba_notation::Role::Bishop => Role::Bishop,
        escriba_notation::Role::Rook => Role::Rook,
        escriba_notation::Role::Queen => Role::Queen,
        escriba_notation::Role::King => Role::King,
    }
}

/// Checks a named man's qualifiers against the man on `sq`.
#[inline]
fn man_fits(acc: &mut Acc, man: &Man, role: Role, sq: Square, origins: &Origins) -> bool {
    if role == Role::Pawn {
        if let Some(group) = man.file {
            let files = desc_files(escriba_notation::DescFile {
                group,
                wing: man.wing,
            });
            if files & (1 << sq.file().to_u32()) == 0 {
                return acc.violate(Relax::ORIGIN);
            }
        }
        return true;
    }
    let Some(wing) = man.wing else {
        return true;
    };
    if origins
        .origin(sq)
        .is_some_and(|o| wing_of(o.file()) == wing)
    {
        return true;
    }
    if wing_of(sq.file()) == wing {
        return acc.violate(Relax::POSITIONAL);
    }
    acc.violate(Relax::WING)
}

/// The file `f` with the king's and queen's side swapped (`QB` for `KB`; `B` as it is).
fn wings_swapped(f: escriba_notation::DescFile) -> escriba_notation::DescFile {
    escriba_notation::DescFile {
        group: f.group,
        wing: f.wing.map(|w| match w {
            escriba_notation::Wing::King => escriba_notation::Wing::Queen,
            escriba_notation::Wing::Queen => escriba_notation::Wing::King,
        }),
    }
}

fn dest_fits(acc: &mut Acc, side: Color, place: &Place, to: Square) -> bool {
    match place {
        Place::Desc(d) => {
            if let Some(f) = d.file
                && f.wing.is_none()
                && desc_files(f).count_ones() > 1
            {
                acc.relax |= Relax::NO_WING;
            }
            if let Some(f) = d.file
                && desc_files(f) & (1 << to.file().to_u32()) == 0
            {
                let bit = if desc_files(wings_swapped(f)) & (1 << to.file().to_u32()) != 0 {
                    Relax::WING
                } else {
                    Relax::FILE
                };
                if !acc.violate(bit) {
                    return false;
                }
            }
            let counter = if d.adverse { side.other() } else { side };
            let rank = relative_rank(counter, to.rank());
            match d.rank {
                Some(n) if n == rank => true,
                Some(_) => acc.violate(Relax::RANK),
                None if rank == 1 => {
                    acc.relax |= Relax::NO_RANK;
                    true
                }
                None => acc.violate(Relax::BARE_FILE),
            }
        }
        Place::Abs(a) => {
            if a.file.is_some_and(|f| u32::from(f) != to.file().to_u32())
                && !acc.violate(Relax::FILE)
            {
                return false;
            }
            if a.rank.is_some_and(|r| u32::from(r) != to.rank().to_u32()) {
                return acc.violate(Relax::RANK);
            }
            true
        }
    }
}

fn piece_cost(
    ctx: &Ctx<'_>,
    p: &PieceMove,
    en_passant_mark: bool,
    m: Move,
    refused: u32,
) -> Option<Acc> {
    let mut acc = Acc {
        cost: 0,
        relax: 0,
        repairs: 0,
        max: ctx.max_repairs,
        refused,
    };
    let from = m.from()?;
    if m.is_castle() {
        return None;
    }
    let side = ctx.pos.turn();
    let role = m.role();
    let want = role_of(p.man.role);
    if role != want && !acc.violate(Relax::ROLE) {
        return None;
    }
    if !man_fits(&mut acc, &p.man, role, from, ctx.origins) {
        return None;
    }
    if let Some(place) = &p.from
        && !place_fits(side, place, from)
        && !acc.violate(Relax::ORIGIN)
    {
        return None;
    }
    let to = m.to();
    if !capture_fits(&mut acc, ctx, p, m, role) {
        return None;
    }
    if let Some(place) = &p.to
        && !dest_fits(&mut acc, side, place, to)
    {
        return None;
    }
    if let Some(n) = p.advance {
        let moved = relative_rank(side, to.rank()).abs_diff(relative_rank(side, from.rank()));
        if (role != Role::Pawn || moved != n) && !acc.violate(Relax::RANK) {
            return None;
        }
    }
    match (p.promotion.map(role_of), m.promotion()) {
        (Some(_), None) => return None,
        (Some(a), Some(b)) if a != b && !acc.violate(Relax::PROMOTION) => return None,
        (None, Some(Role::Queen)) => acc.relax |= Relax::DEFAULT_QUEEN,
        (None, Some(_)) if !acc.violate(Relax::PROMOTION) => return None,
        _ => {}
    }
    if en_passant_mark && !m.is_en_passant() && !acc.violate(Relax::EN_PASSANT) {
        return None;
    }
    Some(acc)
}

/// Whether the capture of `m` (a move of a `role`) fits the capture sign and victim that
/// `p` prints, with the repairs that earns in `acc`.
#[inline]
fn capture_fits(acc: &mut Acc, ctx: &Ctx<'_>, p: &PieceMove, m: Move, role: Role) -> bool {
    match (p.capture, captured_square(m)) {
        (None, None) => {}
        (None, Some(_)) => {
            let fide_optional = !ctx.descriptive
                && (role != Role::Pawn
                    || p.from
                        .is_some_and(|f| matches!(f, Place::Abs(a) if a.file.is_some())));
            if fide_optional {
                acc.relax |= Relax::UNMARKED_CAPTURE;
            } else if !acc.violate(Relax::LOST_CAPTURE) {
                return false;
            }
        }
        // A capture sign whose victim is the only destination printed (`QxQ`) cannot be
        // dropped: nothing of the move would be left but its piece.
        (Some(_), None) if p.to.is_none() => return false,
        (Some(_), None) => {
            if !acc.violate(Relax::EXTRA_CAPTURE) {
                return false;
            }
        }
        (Some(named), Some(csq)) => {
            if let Some(man) = named {
                let victim = if m.is_en_passant() {
                    Role::Pawn
                } else {
                    m.capture().unwrap_or(Role::Pawn)
                };
                if victim != role_of(man.role) && !acc.violate(Relax::CAPTURED) {
                    return false;
                }
                if !man_fits(acc, &man, victim, csq, ctx.origins) {
                    return false;
                }
            }
        }
    }
    true
}

/// The cost of reading `token` as the legal move `m`, or `None` when it can't mean it.
pub fn score(ctx: &Ctx<'_>, token: &PrintedMove, m: Move) -> Option<Candidate> {
    score_refusing(ctx, token, m, 0)
}

/// [`score`] with the repair bits of `refused` not to be used.
fn score_refusing(ctx: &Ctx<'_>, token: &PrintedMove, m: Move, refused: u32) -> Option<Candidate> {
    let acc = match token.kind {
        MoveKind::Castle(side) => {
            let cs = m.castling_side()?;
            let mut acc = Acc {
                cost: 0,
                relax: 0,
                repairs: 0,
                max: ctx.max_repairs,
                refused,
            };
            if castle_side(side).is_some_and(|s| s != cs) && !acc.violate(Relax::CASTLE) {
                return None;
            }
            acc
        }
        MoveKind::Piece(ref p) => piece_cost(ctx, p, token.en_passant, m, refused)?,
    };
    Some(Candidate {
        mv: m,
        cost: acc.cost,
        relax: Relax(acc.relax),
    })
}

/// The squares of the files in `mask` (bit `f` for file `f`, `a` = 0): the mask repeated
/// on every rank, one byte of the board a rank.
fn files_of(mask: u8) -> Bitboard {
    Bitboard(u64::from(mask) * 0x0101_0101_0101_0101)
}

/// A cheap test that rules out most legal moves before [`score`] looks at them, in strict
/// mode: the moving role must match, and a printed destination with a rank must hold `to`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prefilter {
    castle: bool,
    role: Role,
    dest: Bitboard,
}

impl Prefilter {
    /// The prefilter of `token` for `side` to move (a descriptive square is counted from
    /// the side that moves).
    pub(crate) fn new(token: &PrintedMove, side: Color) -> Prefilter {
        match token.kind {
            MoveKind::Castle(_) => Prefilter {
                castle: true,
                role: Role::King,
                dest: Bitboard::FULL,
            },
            MoveKind::Piece(ref p) => {
                let dest = match p.to {
                    Some(Place::Desc(d)) => {
                        let counter = if d.adverse { side.other() } else { side };
                        let ranks = match d.rank {
                            Some(n) => crate::side::board_rank(counter, n)
                                .map_or(Bitboard::EMPTY, Bitboard::from_rank),
                            None => Bitboard::FULL,
                        };
                        let f = d
                            .file
                            .map_or(Bitboard::FULL, |f| files_of(crate::side::desc_files(f)));
                        ranks & f
                    }
                    Some(Place::Abs(a)) => {
                        let f = a.file.map_or(Bitboard::FULL, |f| {
                            Bitboard::from_file(shakmaty::File::new(u32::from(f)))
                        });
                        let r = a.rank.map_or(Bitboard::FULL, |r| {
                            Bitboard::from_rank(shakmaty::Rank::new(u32::from(r)))
                        });
                        f & r
                    }
                    None => Bitboard::FULL,
                };
                Prefilter {
                    castle: false,
                    role: role_of(p.man.role),
                    dest,
                }
            }
        }
    }

    /// The prefilter with the printed destination's wings swapped too (the files mirrored,
    /// on the same ranks): what a reading with its file and rank held may still fit.
    fn with_wings_swapped(self) -> Prefilter {
        Prefilter {
            dest: self.dest | self.dest.flip_horizontal(),
            ..self
        }
    }

    fn may_fit(&self, m: Move) -> bool {
        if self.castle {
            return m.is_castle();
        }
        !m.is_castle() && m.role() == self.role && self.dest.contains(m.to())
    }

    /// Whether any of the moves `reach` sums up may fit (see [`Reach`]): when not, a strict
    /// reading has no candidate there, and the legal moves need not be looked at.
    pub(crate) fn may_fit_any(&self, reach: &Reach) -> bool {
        if self.castle {
            return reach.castles;
        }
        reach.by_role[self.role as usize - 1].intersects(self.dest)
    }

    /// [`Prefilter::may_fit`] for a reading that may break one constraint: a move of
    /// another role to a square off the printed destination breaks two (the piece letter,
    /// and the file, rank or wing), and a castling token reads only castling.
    fn may_fit_one_repair(&self, m: Move) -> bool {
        if self.castle {
            return m.is_castle();
        }
        !m.is_castle() && (m.role() == self.role || self.dest.contains(m.to()))
    }
}

/// What a list of legal moves can reach: the squares each role moves to (castling aside),
/// and whether any move castles. A strict reading's [`Prefilter`] checked against it tells
/// whether any of the moves may fit, without a look at each.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Reach {
    by_role: [Bitboard; 6],
    castles: bool,
}

impl Reach {
    /// What the moves of `legal` reach.
    pub(crate) fn of(legal: &[Move]) -> Reach {
        let mut r = Reach::default();
        for m in legal {
            if m.is_castle() {
                r.castles = true;
            } else {
                r.by_role[m.role() as usize - 1].add(m.to());
            }
        }
        r
    }
}

/// [`destination_moves_in`] for `pos` as it stands, with the token's prefilter made here.
#[cfg(test)]
pub fn destination_moves(pos: &Chess, token: &PrintedMove, out: &mut MoveList) -> bool {
    let pre = Prefilter::new(token, pos.turn());
    destination_moves_in(pos, pos.is_check(), token, &pre, out)
}

/// The legal moves a strict reading of `token` can be among, when the token prints its
/// destination or names the man it takes (`PxP`): the moves of its role to those squares
/// (shakmaty's `san_candidates`), which also hold every SAN rival of each; or, for a side
/// not in check, when it castles: the castling moves, king's side first as among all legal
/// moves. Fills `out` and returns true; returns false (leaving `out` empty) when the token
/// names none of these, or too many squares to be worth it, and all legal moves are needed.
/// `in_check`: whether the side to move is in check; `pre`: the token's [`Prefilter`] for
/// that side.
pub(crate) fn destination_moves_in(
    pos: &Chess,
    in_check: bool,
    token: &PrintedMove,
    pre: &Prefilter,
    out: &mut MoveList,
) -> bool {
    out.clear();
    let p = match token.kind {
        MoveKind::Piece(ref p) => p,
        // Castling is no rival of any other move, and a side in check cannot castle.
        MoveKind::Castle(_) if !in_check => {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                out.extend(pos.castling_moves(side));
            }
            return true;
        }
        MoveKind::Castle(_) => return false,
    };
    let dest = match (p.to, p.capture) {
        (Some(_), _) if pre.dest.count() <= 4 => pre.dest,
        // `PxP`, `BxKt`: a strict reading captures a man of the named role, so the move
        // lands on one of them (or on the en-passant square, for a pawn taking a pawn).
        (None, Some(Some(victim))) => {
            let role = role_of(victim.role);
            let mut on = pos.board().by_piece(Piece {
                color: pos.turn().other(),
                role,
            });
            if role == Role::Pawn
                && pre.role == Role::Pawn
                && let Some(ep) = pos.ep_square(EnPassantMode::Legal)
            {
                on.add(ep);
            }
            if on.count() > 8 {
                return false;
            }
            on
        }
        _ => return false,
    };
    for to in dest {
        if in_check || !moves_to(pos, pre.role, to, out) {
            // By reference: moving a `MoveList` copies its whole array.
            let moves = pos.san_candidates(pre.role, to);
            out.extend(moves.iter().copied());
        }
    }
    true
}

/// Appends the legal moves of `role` to `to` (castling apart), in the order of shakmaty's
/// `san_candidates`, made from the attacks on `to` and a pin test instead of a move
/// generator (which costs a copy of a whole move list per call). For a side that is not in
/// check only; returns false, adding nothing, for a pawn's en-passant square.
pub fn moves_to(pos: &Chess, role: Role, to: Square, out: &mut MoveList) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    if board.by_color(us).contains(to) {
        return true;
    }
    if role == Role::Pawn && pos.maybe_ep_square() == Some(to) {
        return false;
    }
    let occupied = board.occupied();
    let capture = board.role_at(to);
    let theirs = board.by_color(!us) & !Bitboard::from_square(to);
    // Not in check, only a slider behind the moving man can reach the king after the move.
    let safe = |from: Square| {
        let after = (occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        (attacks::bishop_attacks(king, after) & board.bishops_and_queens() & theirs).is_empty()
            && (attacks::rook_attacks(king, after) & board.rooks_and_queens() & theirs).is_empty()
    };
    match role {
        Role::King => {
            if attacks::king_attacks(king).contains(to)
                && board.attacks_to(to, !us, occupied).is_empty()
            {
                out.push(Move::Normal {
                    role,
                    from: king,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
        Role::Pawn => pawn_moves_to(board, us, to, capture, safe, out),
        _ => {
            let piece = Piece { color: us, role };
            for from in attacks::attacks(to, piece, occupied) & board.by_piece(piece) {
                if safe(from) {
                    out.push(Move::Normal {
                        role,
                        from,
                        capture,
                        to,
                        promotion: None,
                    });
                }
            }
        }
    }
    true
}

/// [`moves_to`] for a pawn of `us` (`capture`: the man on `to`), in shakmaty's order;
/// `safe(from)`: the move from `from` leaves the king out of check.
#[inline]
fn pawn_moves_to(
    board: &shakmaty::Board,
    us: Color,
    to: Square,
    capture: Option<Role>,
    safe: impl Fn(Square) -> bool,
    out: &mut MoveList,
) {
    let pawns = board.by_piece(Piece {
        color: us,
        role: Role::Pawn,
    });
    if capture.is_some() {
        // shakmaty takes the capture from the higher file first.
        let from = attacks::pawn_attacks(!us, to) & pawns;
        for f in [from.last(), from.first()]
            .into_iter()
            .flatten()
            .take(from.count())
        {
            if safe(f) {
                push_pawn_move(out, f, to, capture);
            }
        }
    } else {
        let back = if us == Color::White { -8 } else { 8 };
        if let Some(from) = to.offset(back) {
            if pawns.contains(from) {
                if safe(from) {
                    push_pawn_move(out, from, to, capture);
                }
            } else if !board.occupied().contains(from)
                && to.rank() == us.fold_wb(Rank::Fourth, Rank::Fifth)
                && let Some(from) = from.offset(back)
                && pawns.contains(from)
                && safe(from)
            {
                push_pawn_move(out, from, to, capture);
            }
        }
    }
}

/// Appends a pawn's move from `from` to `to`: four promotions on the last rank.
#[inline]
fn push_pawn_move(out: &mut MoveList, from: Square, to: Square, capture: Option<Role>) {
    if to.rank() == Rank::First || to.rank() == Rank::Eighth {
        for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            out.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: Some(promotion),
            });
        }
    } else {
        out.push(Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion: None,
        });
    }
}

/// Every legal move `token` can mean in `ctx`, cheapest first (stable in move order).
pub fn candidates(ctx: &Ctx<'_>, token: &PrintedMove, legal: &[Move]) -> Vec<Candidate> {
    let mut out = Vec::new();
    candidates_into(ctx, token, legal, &mut out);
    out
}

/// [`candidates`] into a buffer the caller reuses (appended, then the new part sorted).
pub fn candidates_into(
    ctx: &Ctx<'_>,
    token: &PrintedMove,
    legal: &[Move],
    out: &mut Vec<Candidate>,
) {
    let start = out.len();
    if ctx.max_repairs == 0 {
        let pre = Prefilter::new(token, ctx.pos.turn());
        strict_into(ctx, token, &pre, legal, out);
        return;
    } else if ctx.max_repairs == 1 {
        let pre = Prefilter::new(token, ctx.pos.turn());
        out.extend(
            legal
                .iter()
                .filter(|&&m| pre.may_fit_one_repair(m))
                .filter_map(|&m| score(ctx, token, m)),
        );
    } else {
        out.extend(legal.iter().filter_map(|&m| score(ctx, token, m)));
    }
    out[start..].sort_by_key(|c| c.cost);
}

/// [`candidates_into`] with one repair at most (`ctx.max_repairs` is 1), and only of the kinds
/// a glyph confusion explains: none of [`Relax::UNEXPLAINED`] (a wrong piece letter, file
/// or rank). The moving man is then of the printed role.
pub(crate) fn explained_into(
    ctx: &Ctx<'_>,
    token: &PrintedMove,
    legal: &[Move],
    out: &mut Vec<Candidate>,
) {
    debug_assert_eq!(ctx.max_repairs, 1);
    // With its file and rank held, a printed destination fits as printed or with its wings
    // swapped.
    let pre = Prefilter::new(token, ctx.pos.turn()).with_wings_swapped();
    let start = out.len();
    out.extend(
        legal
            .iter()
            .filter(|&&m| pre.may_fit(m))
            .filter_map(|&m| score_refusing(ctx, token, m, Relax::UNEXPLAINED)),
    );
    out[start..].sort_by_key(|c| c.cost);
}

/// [`candidates_into`] for a strict reading (`ctx.max_repairs` is 0) whose prefilter for
/// the side to move is known.
pub(crate) fn strict_into(
    ctx: &Ctx<'_>,
    token: &PrintedMove,
    pre: &Prefilter,
    legal: &[Move],
    out: &mut Vec<Candidate>,
) {
    debug_assert_eq!(ctx.max_repairs, 0);
    let start = out.len();
    out.extend(
        legal
            .iter()
            .filter(|&&m| pre.may_fit(m))
            .filter_map(|&m| score(ctx, token, m)),
    );
    out[start..].sort_by_key(|c| c.cost);
}

/// Weighs the book's check or mate mark against what the move did: how many men give check
/// after it, whether the moved man is one of them, and whether it mates. Returns the cost,
/// from the repair model's table ([`cost`]).
///
/// A mark the move does not earn costs much more than a check the book left unmarked.
pub fn mark_evidence(
    mark: Option<CheckMark>,
    checkers: u32,
    mover_checks: bool,
    mate: bool,
) -> u32 {
    let check = checkers > 0;
    match mark {
        None if check => cost::UNMARKED_CHECK,
        None => 0,
        Some(_) if !check => cost::WRONG_MARK,
        Some(CheckMark::Mate) if !mate => cost::MATE_FOR_CHECK,
        Some(CheckMark::Mate | CheckMark::Check) => 0,
        Some(CheckMark::Double) if checkers >= 2 => 0,
        Some(CheckMark::Double) => cost::MARK_KIND,
        Some(CheckMark::Discovered) if mover_checks && checkers == 1 => cost::MARK_KIND,
        Some(CheckMark::Discovered) => 0,
    }
}

/// Whether `m`, legal in `pos`, gives check: what a check or mate mark says of it.
pub(crate) fn gives_check(pos: &Chess, m: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after.is_check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::describe::describe;
    use crate::san::san_of;
    use escriba_notation::{DescLang, DescSquare, Dialect};

    #[test]
    fn a_file_mask_covers_exactly_its_files_on_every_rank() {
        for mask in 0..=u8::MAX {
            let by_file = (0..8u32)
                .filter(|f| mask & (1 << f) != 0)
                .map(|f| Bitboard::from_file(shakmaty::File::new(f)))
                .fold(Bitboard::EMPTY, |a, b| a | b);
            assert_eq!(files_of(mask), by_file, "mask {mask:08b}");
        }
    }

    /// Strict candidates as (UCI, cost, relax, SAN among `list`), in a stable order.
    fn strict(pos: &Chess, origins: &Origins, token: &PrintedMove, list: &[Move]) -> Vec<String> {
        let ctx = Ctx {
            pos,
            origins,
            descriptive: true,
            max_repairs: 0,
        };
        let mut out: Vec<String> = candidates(&ctx, token, list)
            .iter()
            .map(|c| {
                format!(
                    "{} {} {} {}",
                    crate::san::uci(c.mv),
                    c.cost,
                    c.relax.0,
                    crate::san::render(san_of(c.mv, list), None)
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn the_moves_of_a_role_to_a_square_are_shakmatys_san_candidates_in_the_same_order() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut checked = 0;
        for _game in 0..60 {
            let mut pos = Chess::default();
            for _ply in 0..150 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                if !pos.is_check() {
                    for role in Role::ALL {
                        for to in Square::ALL {
                            let mut ours = MoveList::new();
                            if moves_to(&pos, role, to, &mut ours) {
                                checked += 1;
                                assert_eq!(
                                    ours,
                                    pos.san_candidates(role, to),
                                    "{role:?} to {to} in {}",
                                    shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal)
                                );
                            }
                        }
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Prefer pawn moves now and then, so that promotions come up.
                let pawn_moves: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.role() == Role::Pawn)
                    .collect();
                let m = if seed.is_multiple_of(3) && !pawn_moves.is_empty() {
                    pawn_moves[(seed >> 20) as usize % pawn_moves.len()]
                } else {
                    legal[(seed >> 16) as usize % legal.len()]
                };
                pos.play_unchecked(m);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn the_prefilters_keep_every_move_a_reading_can_mean() {
        let en = Dialect::Descriptive(DescLang::En);
        let es = Dialect::Descriptive(DescLang::Es);
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut compared = 0;
        // Strict readings that what the legal moves reach ruled out at once.
        let mut ruled_out = 0;
        for _game in 0..30 {
            let mut pos = Chess::default();
            let mut origins = Origins::new(pos.board());
            for _ply in 0..100 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let reach = Reach::of(&legal);
                for dialect in [en, es] {
                    let ctx = Ctx {
                        pos: &pos,
                        origins: &origins,
                        descriptive: true,
                        max_repairs: 1,
                    };
                    for &m in &legal {
                        // The move's token, and the same token with another piece letter,
                        // another file, another rank: the damage a repair reads back.
                        let tok = describe(&pos, &origins, m, dialect);
                        let mut forms = vec![tok];
                        if let MoveKind::Piece(p) = tok.kind {
                            let roles = [
                                escriba_notation::Role::Pawn,
                                escriba_notation::Role::Knight,
                                escriba_notation::Role::Bishop,
                                escriba_notation::Role::Rook,
                                escriba_notation::Role::Queen,
                                escriba_notation::Role::King,
                            ];
                            let mut man = p.man;
                            man.role = roles[(next() % 6) as usize];
                            forms.push(PrintedMove::new(MoveKind::Piece(PieceMove { man, ..p })));
                            if let Some(Place::Desc(mut d)) = p.to {
                                // Its wings swapped, which a glyph confusion explains.
                                if let Some(f) = d.file
                                    && f.wing.is_some()
                                {
                                    let to = Some(Place::Desc(DescSquare {
                                        file: Some(wings_swapped(f)),
                                        ..d
                                    }));
                                    forms.push(PrintedMove::new(MoveKind::Piece(PieceMove {
                                        to,
                                        ..p
                                    })));
                                }
                                d.rank = Some((next() % 8) as u8 + 1);
                                let to = Some(Place::Desc(d));
                                forms
                                    .push(PrintedMove::new(MoveKind::Piece(PieceMove { to, ..p })));
                            }
                        }
                        for t in forms {
                            let mut ours = Vec::new();
                            candidates_into(&ctx, &t, &legal, &mut ours);
                            let mut all: Vec<Candidate> =
                                legal.iter().filter_map(|&m| score(&ctx, &t, m)).collect();
                            all.sort_by_key(|c| c.cost);
                            assert_eq!(ours, all, "{t:?}");
                            compared += 1;
                            // Only the repairs a glyph confusion explains: the same
                            // candidates but those with an unexplained repair.
                            let mut explained = Vec::new();
                            explained_into(&ctx, &t, &legal, &mut explained);
                            all.retain(|c| c.relax.0 & Relax::UNEXPLAINED == 0);
                            assert_eq!(explained, all, "{t:?}");
                            // A strict reading that `Reach` rules out has no candidate.
                            let strict = Ctx {
                                max_repairs: 0,
                                ..ctx
                            };
                            if !Prefilter::new(&t, pos.turn()).may_fit_any(&reach) {
                                let mut found = Vec::new();
                                candidates_into(&strict, &t, &legal, &mut found);
                                assert!(found.is_empty(), "{t:?}: {found:?}");
                                ruled_out += 1;
                            }
                        }
                    }
                }
                let m = legal[(next() >> 16) as usize % legal.len()];
                origins.play(m);
                pos.play_unchecked(m);
            }
        }
        assert!(compared > 10_000, "{compared}");
        assert!(ruled_out > 1_000, "{ruled_out}");
    }

    #[test]
    fn the_moves_to_a_printed_destination_or_onto_a_named_victim_read_as_all_legal_moves_do() {
        let en = Dialect::Descriptive(DescLang::En);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let (mut narrowed, mut tokens) = (0, 0);
        for _game in 0..40 {
            let mut pos = Chess::default();
            let mut origins = Origins::new(pos.board());
            for _ply in 0..120 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for &m in &legal {
                    let tok = describe(&pos, &origins, m, en);
                    let mut forms = vec![tok];
                    // The same capture printed without its square (`PxP`, `BxKt`).
                    if let MoveKind::Piece(p) = tok.kind
                        && matches!(p.capture, Some(Some(_)))
                    {
                        let mut bare = tok;
                        bare.kind = MoveKind::Piece(PieceMove { to: None, ..p });
                        forms.push(bare);
                    }
                    // Castling printed without its side (`Castles`), and as the other side.
                    if let MoveKind::Castle(Some(side)) = tok.kind {
                        let other = match side {
                            CastleSide::King => CastleSide::Queen,
                            CastleSide::Queen => CastleSide::King,
                        };
                        for printed in [None, Some(other)] {
                            let mut form = tok;
                            form.kind = MoveKind::Castle(printed);
                            forms.push(form);
                        }
                    }
                    for t in forms {
                        tokens += 1;
                        let mut narrow = MoveList::new();
                        if destination_moves(&pos, &t, &mut narrow) {
                            narrowed += 1;
                            assert_eq!(
                                strict(&pos, &origins, &t, &narrow),
                                strict(&pos, &origins, &t, &legal),
                                "{t:?} in {}",
                                shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal)
                            );
                        }
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = legal[(seed >> 16) as usize % legal.len()];
                origins.play(m);
                pos.play_unchecked(m);
            }
        }
        // Most tokens take the narrow path; the rest need all legal moves.
        assert!(narrowed * 10 > tokens * 8, "{narrowed} of {tokens}");
    }
}
