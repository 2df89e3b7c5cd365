//! The syntax AST shared by every dialect.
//!
//! A [`Move`] records what the printed token *says*, not what it *means on a board*:
//! descriptive squares stay side-relative ([`DescSquare`]), qualifiers stay optional, and
//! check or mate marks are kept as evidence. The resolver turns a `Move` into legal moves.

use std::fmt;

use serde::Serialize;

/// A byte range into the source text: `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    /// First byte of the token.
    pub start: u32,
    /// One past the last byte of the token.
    pub end: u32,
}

impl Span {
    /// Builds a span from byte offsets.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The span as a `Range<usize>`, for slicing the source.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// True when the span covers no bytes.
    pub fn is_empty(self) -> bool {
        self.end == self.start
    }
}

/// The kind of a chessman, independent of any language's letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
}

/// The king's or the queen's side of the board, as descriptive notation names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Wing {
    /// King's side (files e–h).
    King,
    /// Queen's side (files a–d).
    Queen,
}

/// A descriptive file name without its wing: the piece that starts on it.
///
/// `Rook`, `Knight` and `Bishop` name two files each (one per wing); `Queen` and `King` one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum FileGroup {
    /// Rook's file: a or h.
    Rook,
    /// Knight's file: b or g.
    Knight,
    /// Bishop's file: c or f.
    Bishop,
    /// Queen's file: d.
    Queen,
    /// King's file: e.
    King,
}

impl FileGroup {
    /// True for the groups that need a wing to name one file.
    pub fn is_paired(self) -> bool {
        matches!(
            self,
            FileGroup::Rook | FileGroup::Knight | FileGroup::Bishop
        )
    }
}

/// A descriptive file: a group with an optional wing (`B` = c or f, `KB` = f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct DescFile {
    /// Which piece's file.
    pub group: FileGroup,
    /// Which wing, when printed. Always `None` for the queen's and king's files.
    pub wing: Option<Wing>,
}

/// A side-relative descriptive square: ranks count from the mover's own back rank.
///
/// Any part may be missing in print: `R-K` (no rank), `R(6)` (rank only), `N(QB)` (file only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct DescSquare {
    /// The file, when printed.
    pub file: Option<DescFile>,
    /// The rank, 1–8 from the mover's side, when printed. `sq.` and `square` are rank 1.
    pub rank: Option<u8>,
    /// Counted from the opponent's side (`adv. K. B. sq.`).
    pub adverse: bool,
}

/// An absolute (algebraic) square, possibly partial: `e4`, `e` or `4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct AbsSquare {
    /// File 0–7 (a–h), when printed.
    pub file: Option<u8>,
    /// Rank 0–7 (1–8), when printed.
    pub rank: Option<u8>,
}

/// A square or part of one, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Place {
    /// Side-relative descriptive square.
    Desc(DescSquare),
    /// Absolute algebraic square.
    Abs(AbsSquare),
}

/// A chessman named in a token: the mover, or the man captured.
///
/// For pieces, `wing` is the identity prefix (`KR`, `QKt`, Spanish `CR`, `TD`). For pawns,
/// `wing` and `file` name the file the pawn stands on (`KBP`, `QP`, Spanish `PAR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Man {
    /// The kind of man.
    pub role: Role,
    /// The wing prefix, when printed.
    pub wing: Option<Wing>,
    /// For pawns, the file group they are named by (`BP`, `KtP`, `QP`, `KP`).
    pub file: Option<FileGroup>,
}

impl Man {
    /// A man with no qualifiers.
    pub const fn plain(role: Role) -> Man {
        Man {
            role,
            wing: None,
            file: None,
        }
    }
}

/// Castling side, when printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum CastleSide {
    /// King's side, `O-O`.
    King,
    /// Queen's side, `O-O-O`.
    Queen,
}

/// A check-like mark printed after a move. Evidence only: the resolver recomputes checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum CheckMark {
    /// `+`, `ch`, `(ch.)`, `†`.
    Check,
    /// `dis ch`, `(dis. ch.)`.
    Discovered,
    /// `dbl ch`, `(double ch.)`; `++` in Russian and Czech books.
    Double,
    /// `#`, `++`, `mate`, `‡`; `×` in Russian books.
    Mate,
}

/// A piece move: the moving man, optional origin, optional capture, optional destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PieceMove {
    /// The moving man with its qualifiers.
    pub man: Man,
    /// Origin qualifier: `R(QR3)`, `N(B3)`, `R(6)`, Spanish `C3-`, algebraic `Cg` / `C5` / `Cg1`.
    pub from: Option<Place>,
    /// Present when the token marks a capture; holds the captured man when it is named.
    pub capture: Option<Option<Man>>,
    /// The destination, when printed. Missing in `PxP`, `Q ch`, `P queens`.
    pub to: Option<Place>,
    /// The piece promoted to, when printed (`P-K8=Q`, `d8D`, `P queens`).
    pub promotion: Option<Role>,
    /// Squares advanced, for the 1840s style `K. P. two`.
    pub advance: Option<u8>,
}

/// What a move token says was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum MoveKind {
    /// Castling, with the side when printed (`Castles` alone has none).
    Castle(Option<CastleSide>),
    /// Any other move.
    Piece(PieceMove),
}

/// One move token as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Move {
    /// The move itself.
    pub kind: MoveKind,
    /// Check or mate mark, when printed.
    pub check: Option<CheckMark>,
    /// En passant mark (`e.p.`, `a.p.`, `in passing`), when printed.
    pub en_passant: bool,
    /// Suffix annotation glyph as a NAG number (`!` = 1 … `?!` = 6), when printed.
    pub nag: Option<u8>,
}

impl Move {
    /// A plain move with no marks.
    pub const fn new(kind: MoveKind) -> Move {
        Move {
            kind,
            check: None,
            en_passant: false,
            nag: None,
        }
    }
}

/// A game termination as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Termination {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `½-½`, `1/2-1/2`, `Drawn`, `tablas`.
    Draw,
    /// `*`.
    Unknown,
    /// `Resigns.`, `abandona`: the side to move gave up.
    Resigns,
    /// `And wins.`: the side that just moved wins.
    Wins,
}

/// One token of movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TokenKind {
    /// A move number; `black` when followed by an ellipsis (`1...`, `7. ........`).
    MoveNumber {
        /// The printed number.
        number: u32,
        /// The number introduces a Black move.
        black: bool,
    },
    /// An ellipsis placeholder for a missing half-move (`...`, `…`, `........`).
    Ellipsis,
    /// A move.
    Move(Move),
    /// `{...}` or `;` comment; the text is the span without delimiters.
    Comment {
        /// The comment text inside the delimiters.
        text: Span,
    },
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// A NAG, `$n` or a stand-alone glyph such as `±`.
    Nag(u8),
    /// A result or termination word.
    Result(Termination),
    /// The draw offer mark `(=)`.
    DrawOffer,
    /// A footnote mark: `[A]`, `*`, `†`, `(a)`.
    Footnote,
    /// A page or illustration mark: `{160}`, `[Illustration]`.
    PageMark,
    /// Text the grammar could not read as any of the above.
    Unknown,
}

/// A token and where it stands in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Token {
    /// What was read.
    pub kind: TokenKind,
    /// Where it was read.
    pub span: Span,
}

fn role_letter(r: Role) -> char {
    match r {
        Role::Pawn => 'P',
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        Role::King => 'K',
    }
}

fn wing_letter(w: Wing) -> char {
    match w {
        Wing::King => 'K',
        Wing::Queen => 'Q',
    }
}

impl fmt::Display for DescFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(w) = self.wing {
            write!(f, "{}", wing_letter(w))?;
        }
        let g = match self.group {
            FileGroup::Rook => 'R',
            FileGroup::Knight => 'N',
            FileGroup::Bishop => 'B',
            FileGroup::Queen => 'Q',
            FileGroup::King => 'K',
        };
        write!(f, "{g}")
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Desc(d) => {
                f.write_str(if d.adverse { "adv " } else { "" })?;
                match d.file {
                    Some(file) => write!(f, "{file}")?,
                    None => f.write_str("?")?,
                }
                match d.rank {
                    Some(r) => write!(f, "{r}"),
                    None => f.write_str("?"),
                }
            }
            Place::Abs(a) => {
                match a.file {
                    Some(x) => write!(f, "{}", char::from(b'a' + x))?,
                    None => f.write_str("?")?,
                }
                match a.rank {
                    Some(r) => write!(f, "{}", r + 1),
                    None => f.write_str("?"),
                }
            }
        }
    }
}

impl fmt::Display for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", role_letter(self.role))?;
        match (self.wing, self.file) {
            (None, None) => Ok(()),
            (wing, Some(group)) => write!(f, "{{{}}}", DescFile { group, wing }),
            (Some(w), None) => write!(f, "{{{}}}", wing_letter(w)),
        }
    }
}

/// A readable one-line rendering used by snapshots and diagnostics, e.g.
/// `R{K} from Q? x N{Q} to desc QB3 =Q check e.p. $1`. Descriptive places print as
/// `desc <file><rank>` (`?` for a missing part), algebraic ones as `abs e4`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MoveKind::Castle(None) => f.write_str("castles")?,
            MoveKind::Castle(Some(CastleSide::King)) => f.write_str("castles K")?,
            MoveKind::Castle(Some(CastleSide::Queen)) => f.write_str("castles Q")?,
            MoveKind::Piece(p) => {
                write!(f, "{}", p.man)?;
                let kind = |pl: &Place| match pl {
                    Place::Desc(_) => "desc",
                    Place::Abs(_) => "abs",
                };
                if let Some(from) = &p.from {
                    write!(f, " from {} {from}", kind(from))?;
                }
                match p.capture {
                    None => {}
                    Some(None) => f.write_str(" x")?,
                    Some(Some(m)) => write!(f, " x {m}")?,
                }
                if let Some(to) = &p.to {
                    write!(f, " to {} {to}", kind(to))?;
                }
                if let Some(r) = p.promotion {
                    write!(f, " ={}", role_letter(r))?;
                }
                if let Some(n) = p.advance {
                    write!(f, " advance {n}")?;
                }
            }
        }
        match self.check {
            None => {}
            Some(CheckMark::Check) => f.write_str(" check")?,
            Some(CheckMark::Discovered) => f.write_str(" dis-check")?,
            Some(CheckMark::Double) => f.write_str(" dbl-check")?,
            Some(CheckMark::Mate) => f.write_str(" mate")?,
        }
        if self.en_passant {
            f.write_str(" e.p.")?;
        }
        if let Some(n) = self.nag {
            write!(f, " ${n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hot_types_stay_small() {
        // Tokens are stored per ply for whole archives; keep them compact.
        assert!(
            std::mem::size_of::<Move>() <= 32,
            "{}",
            std::mem::size_of::<Move>()
        );
        assert!(
            std::mem::size_of::<Token>() <= 40,
            "{}",
            std::mem::size_of::<Token>()
        );
    }

    #[test]
    fn display_is_readable() {
        let mv = Move {
            kind: MoveKind::Piece(PieceMove {
                man: Man {
                    role: Role::Rook,
                    wing: Some(Wing::King),
                    file: None,
                },
                from: Some(Place::Desc(DescSquare {
                    file: None,
                    rank: Some(6),
                    adverse: false,
                })),
                capture: Some(Some(Man {
                    role: Role::Pawn,
                    wing: Some(Wing::Queen),
                    file: Some(FileGroup::Bishop),
                })),
                to: Some(Place::Abs(AbsSquare {
                    file: Some(4),
                    rank: None,
                })),
                promotion: None,
                advance: None,
            }),
            check: Some(CheckMark::Discovered),
            en_passant: false,
            nag: Some(5),
        };
        assert_eq!(
            mv.to_string(),
            "R{K} from desc ?6 x P{QB} to abs e? dis-check $5"
        );
    }
}
