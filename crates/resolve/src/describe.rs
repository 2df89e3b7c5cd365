//! Writing a legal move in any dialect, with minimal book-style disambiguation.
//!
//! [`describe`] builds the AST a book would print: the fewest qualifiers that let the
//! decoder's own strict matcher pick exactly this move. Descriptive moves try, in order, a
//! bare destination file group, the wing of the file, the mover's identity prefix, and an
//! origin square; captures name the victim, then its file, then the square.

use escriba_notation::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, Dialect, Form, Man,
    Move as PrintedMove, MoveKind, PieceMove, Place, Role as NRole, Style, write_move,
};
use shakmaty::{Chess, Move, Position, Role, Square};

use crate::candidates::{Ctx, NEAR_TIE, candidates, captured_square};
use crate::identity::Origins;
use crate::side::{group_of, relative_rank, wing_of};

fn nrole(r: Role) -> NRole {
    match r {
        Role::Pawn => NRole::Pawn,
        Role::Knight => NRole::Knight,
        Role::Bishop => NRole::Bishop,
        Role::Rook => NRole::Rook,
        Role::Queen => NRole::Queen,
        Role::King => NRole::King,
    }
}

fn dfile(sq: Square, with_wing: bool) -> DescFile {
    let group = group_of(sq.file());
    DescFile {
        group,
        wing: (with_wing && group.is_paired()).then(|| wing_of(sq.file())),
    }
}

fn dsq(side: shakmaty::Color, sq: Square, with_wing: bool) -> Place {
    Place::Desc(DescSquare {
        file: Some(dfile(sq, with_wing)),
        rank: Some(relative_rank(side, sq.rank())),
        adverse: false,
    })
}

fn abs(sq: Square) -> Place {
    Place::Abs(AbsSquare {
        file: Some(sq.file().to_u32() as u8),
        rank: Some(sq.rank().to_u32() as u8),
    })
}

/// The man on `sq` named as plainly as possible, or with one more qualifier at `level`.
fn man(role: Role, sq: Square, origins: &Origins, level: u8) -> Man {
    let mut m = Man::plain(nrole(role));
    if level == 0 {
        return m;
    }
    if role == Role::Pawn {
        let f = dfile(sq, level >= 2);
        m.file = Some(f.group);
        m.wing = f.wing;
    } else if matches!(role, Role::Rook | Role::Knight | Role::Bishop) {
        let home = origins.origin(sq).unwrap_or(sq);
        m.wing = Some(wing_of(home.file()));
    }
    m
}

fn check_mark(pos: &Chess, m: Move) -> Option<CheckMark> {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if !after.checkers().any() {
        None
    } else if after.is_checkmate() {
        Some(CheckMark::Mate)
    } else {
        Some(CheckMark::Check)
    }
}

fn options_descriptive(pos: &Chess, origins: &Origins, m: Move) -> Vec<PieceMove> {
    let side = pos.turn();
    let from = m.from().expect("not a drop");
    let to = m.to();
    let role = m.role();
    let promotion = m.promotion().map(nrole);
    let base = |man: Man, from: Option<Place>, capture, to| PieceMove {
        man,
        from,
        capture,
        to,
        promotion,
        advance: None,
    };
    let mut out = Vec::new();
    match captured_square(m) {
        None => {
            for mover in [0, 1, 2] {
                for wing in [false, true] {
                    out.push(base(
                        man(role, from, origins, mover),
                        None,
                        None,
                        Some(dsq(side, to, wing)),
                    ));
                }
            }
        }
        Some(csq) => {
            let victim = if m.is_en_passant() {
                Role::Pawn
            } else {
                m.capture().expect("capture")
            };
            for mover in [0, 1, 2] {
                for v in [0, 1, 2] {
                    out.push(base(
                        man(role, from, origins, mover),
                        None,
                        Some(Some(man(victim, csq, origins, v))),
                        None,
                    ));
                }
            }
            for mover in [0, 1, 2] {
                out.push(base(
                    man(role, from, origins, mover),
                    None,
                    Some(Some(man(victim, csq, origins, 0))),
                    Some(dsq(side, to, true)),
                ));
            }
        }
    }
    let capture = captured_square(m).map(|csq| {
        let victim = if m.is_en_passant() {
            Role::Pawn
        } else {
            m.capture().expect("capture")
        };
        Some(man(victim, csq, origins, 0))
    });
    out.push(base(
        man(role, from, origins, 0),
        Some(dsq(side, from, true)),
        capture,
        Some(dsq(side, to, true)),
    ));
    out
}

/// The algebraic forms of `m` among the position's `legal` moves: SAN-like, then long.
fn options_algebraic(m: Move, legal: &[Move]) -> Vec<PieceMove> {
    let from = m.from().expect("not a drop");
    let to = m.to();
    let role = m.role();
    let capture = captured_square(m).map(|_| None);
    let san = crate::san::san_of(m, legal);
    let (file, rank) = match san {
        shakmaty::san::San::Normal { file, rank, .. } => (file, rank),
        _ => (None, None),
    };
    let sanlike = PieceMove {
        man: Man::plain(nrole(role)),
        from: (file.is_some() || rank.is_some()).then(|| {
            Place::Abs(AbsSquare {
                file: file.map(|f| f.to_u32() as u8),
                rank: rank.map(|r| r.to_u32() as u8),
            })
        }),
        capture,
        to: Some(abs(to)),
        promotion: m.promotion().map(nrole),
        advance: None,
    };
    let long = PieceMove {
        from: Some(abs(from)),
        ..sanlike
    };
    vec![sanlike, long]
}

/// The AST a book in `dialect` would print for the legal move `m` in `pos`: the fewest
/// qualifiers with which the strict matcher picks `m` alone at the lowest cost.
pub fn describe(pos: &Chess, origins: &Origins, m: Move, dialect: Dialect) -> PrintedMove {
    describe_among(pos, origins, m, dialect, &pos.legal_moves())
}

/// [`describe`] with the position's legal moves known.
fn describe_among(
    pos: &Chess,
    origins: &Origins,
    m: Move,
    dialect: Dialect,
    legal: &[Move],
) -> PrintedMove {
    let check = check_mark(pos, m);
    let mut mv = if let Some(cs) = m.castling_side() {
        PrintedMove::new(MoveKind::Castle(Some(if cs.is_king_side() {
            CastleSide::King
        } else {
            CastleSide::Queen
        })))
    } else {
        let options = if dialect.is_descriptive() {
            options_descriptive(pos, origins, m)
        } else {
            options_algebraic(m, legal)
        };
        let ctx = Ctx {
            pos,
            origins,
            descriptive: dialect.is_descriptive(),
            max_repairs: 0,
        };
        let mut chosen = *options.last().expect("at least one option");
        for p in options {
            let mut tok = PrintedMove::new(MoveKind::Piece(p));
            tok.en_passant = m.is_en_passant() && dialect.is_descriptive();
            let c = candidates(&ctx, &tok, legal);
            // Unique beyond the conventions' margin, so that no reader calls it a near tie.
            let unique = c.first().is_some_and(|c0| c0.mv == m)
                && c.get(1).is_none_or(|c1| c1.cost > c[0].cost + NEAR_TIE);
            if unique {
                chosen = p;
                break;
            }
        }
        PrintedMove::new(MoveKind::Piece(chosen))
    };
    mv.check = check;
    mv.en_passant = m.is_en_passant() && dialect.is_descriptive();
    mv
}

/// Writes the legal move `m` of `pos` in `dialect` and `style`.
pub fn write_legal(
    pos: &Chess,
    origins: &Origins,
    m: Move,
    dialect: Dialect,
    style: Style,
) -> String {
    write_legal_among(pos, origins, m, dialect, style, &pos.legal_moves())
}

/// [`write_legal`] with the position's legal moves known (`legal`).
pub fn write_legal_among(
    pos: &Chess,
    origins: &Origins,
    m: Move,
    dialect: Dialect,
    style: Style,
    legal: &[Move],
) -> String {
    let mut out = String::new();
    write_move(
        dialect,
        &describe_among(pos, origins, m, dialect, legal),
        style,
        &mut out,
    );
    out
}

/// Writes a whole game of legal moves from `start` as numbered movetext in `dialect`:
/// `1. P-K4 P-K4 2. Kt-KB3 ...`, with `1. ...` when Black moves first. Spaced and long-hand
/// styles put each move pair on its own line, as their books do.
///
/// Returns `None` if a move is not legal where it stands.
pub fn write_game(start: &Chess, moves: &[Move], dialect: Dialect, style: Style) -> Option<String> {
    write_game_with(start, moves, style.form, |pos, origins, m, out| {
        write_move(dialect, &describe(pos, origins, m, dialect), style, out);
    })
}

/// Writes a whole game as [`write_game`] does (numbers, one pair a line in the spaced and
/// long-hand forms), with each move printed by `print` from the position before it.
///
/// Returns `None` if a move is not legal where it stands.
pub fn write_game_with(
    start: &Chess,
    moves: &[Move],
    form: Form,
    mut print: impl FnMut(&Chess, &Origins, Move, &mut String),
) -> Option<String> {
    let mut pos = start.clone();
    let mut origins = Origins::new(pos.board());
    let mut out = String::with_capacity(moves.len() * 8);
    for (i, &m) in moves.iter().enumerate() {
        if !pos.is_legal(m) {
            return None;
        }
        let number = pos.fullmoves().get();
        if pos.turn() == shakmaty::Color::White {
            if i > 0 {
                // Spaced and long-hand books print one move pair a line.
                out.push(if form == Form::Compact { ' ' } else { '\n' });
            }
            out.push_str(&number.to_string());
            out.push_str(". ");
        } else if i == 0 {
            out.push_str(&number.to_string());
            out.push_str("... ");
        } else {
            // Spaced and long-hand moves hold blanks: the Black column stands apart.
            out.push_str(if form == Form::Compact { " " } else { "     " });
        }
        print(&pos, &origins, m, &mut out);
        origins.play(m);
        pos.play_unchecked(m);
    }
    Some(out)
}
