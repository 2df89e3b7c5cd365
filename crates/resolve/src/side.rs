//! Side-relative squares: descriptive files and ranks as sets of board squares.
//!
//! Descriptive files are the same for both sides (the queen's bishop's file is c for White
//! and for Black); ranks count from the mover's own back rank, so Black's rank n is the
//! board's rank 9 − n.

use escriba_notation::{AbsSquare, DescFile, DescSquare, FileGroup, Place, Wing};
use shakmaty::{Color, File, Rank, Square};

/// A set of files, one bit per file (bit 0 = a).
pub type FileSet = u8;

/// Every file.
pub const ALL_FILES: FileSet = 0xff;

/// The files a descriptive file names: `B` is {c, f}, `KB` is {f}, `K` is {e}.
pub fn desc_files(f: DescFile) -> FileSet {
    let (q, k) = match f.group {
        FileGroup::Rook => (0, 7),
        FileGroup::Knight => (1, 6),
        FileGroup::Bishop => (2, 5),
        FileGroup::Queen => return 1 << 3,
        FileGroup::King => return 1 << 4,
    };
    match f.wing {
        Some(Wing::Queen) => 1 << q,
        Some(Wing::King) => 1 << k,
        None => (1 << q) | (1 << k),
    }
}

/// The wing a board file lies on.
pub fn wing_of(file: File) -> Wing {
    if file.to_u32() < 4 {
        Wing::Queen
    } else {
        Wing::King
    }
}

/// The file group of a board file (`a` and `h` are rook's files).
pub fn group_of(file: File) -> FileGroup {
    match file.to_u32() {
        0 | 7 => FileGroup::Rook,
        1 | 6 => FileGroup::Knight,
        2 | 5 => FileGroup::Bishop,
        3 => FileGroup::Queen,
        _ => FileGroup::King,
    }
}

/// The rank as `side` counts it: 1 for its own back rank.
pub fn relative_rank(side: Color, rank: Rank) -> u8 {
    match side {
        Color::White => rank.to_u32() as u8 + 1,
        Color::Black => 8 - rank.to_u32() as u8,
    }
}

/// The board rank that `side` calls `n` (1–8). `None` when `n` is out of range.
pub fn board_rank(side: Color, n: u8) -> Option<Rank> {
    if !(1..=8).contains(&n) {
        return None;
    }
    Some(match side {
        Color::White => Rank::new(u32::from(n - 1)),
        Color::Black => Rank::new(u32::from(8 - n)),
    })
}

/// True when `sq` fits a descriptive square as `side` counts ranks. A missing rank fits any
/// rank here; callers decide what a missing rank means.
pub fn desc_fits(side: Color, d: &DescSquare, sq: Square) -> bool {
    if let Some(f) = d.file
        && desc_files(f) & (1 << sq.file().to_u32()) == 0
    {
        return false;
    }
    match d.rank {
        None => true,
        Some(n) => {
            let counter = if d.adverse { side.other() } else { side };
            relative_rank(counter, sq.rank()) == n
        }
    }
}

/// True when `sq` fits a (possibly partial) algebraic square.
pub fn abs_fits(a: &AbsSquare, sq: Square) -> bool {
    a.file.is_none_or(|f| u32::from(f) == sq.file().to_u32())
        && a.rank.is_none_or(|r| u32::from(r) == sq.rank().to_u32())
}

/// True when `sq` fits a printed place.
pub fn place_fits(side: Color, p: &Place, sq: Square) -> bool {
    match p {
        Place::Desc(d) => desc_fits(side, d, sq),
        Place::Abs(a) => abs_fits(a, sq),
    }
}

/// Every board square a descriptive square names for `side`.
#[cfg(test)]
pub fn desc_squares(side: Color, d: &DescSquare) -> Vec<Square> {
    Square::ALL
        .into_iter()
        .filter(|&sq| desc_fits(side, d, sq))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(group: FileGroup, wing: Option<Wing>, rank: Option<u8>) -> DescSquare {
        DescSquare {
            file: Some(DescFile { group, wing }),
            rank,
            adverse: false,
        }
    }

    #[test]
    fn kb3_is_one_square_for_each_side() {
        let d = desc(FileGroup::Bishop, Some(Wing::King), Some(3));
        assert_eq!(desc_squares(Color::White, &d), vec![Square::F3]);
        assert_eq!(desc_squares(Color::Black, &d), vec![Square::F6]);
    }

    #[test]
    fn b3_covers_two_files_and_k4_one() {
        let b3 = desc(FileGroup::Bishop, None, Some(3));
        assert_eq!(
            desc_squares(Color::White, &b3),
            vec![Square::C3, Square::F3]
        );
        let k4 = desc(FileGroup::King, None, Some(4));
        assert_eq!(desc_squares(Color::Black, &k4), vec![Square::E5]);
    }

    #[test]
    fn first_rank_and_adverse_counting() {
        let ksq = desc(FileGroup::King, None, Some(1));
        assert_eq!(desc_squares(Color::Black, &ksq), vec![Square::E8]);
        let adv = DescSquare {
            adverse: true,
            ..desc(FileGroup::Bishop, Some(Wing::King), Some(1))
        };
        // White's bishop to the adverse KB square is f8.
        assert_eq!(desc_squares(Color::White, &adv), vec![Square::F8]);
    }

    #[test]
    fn ranks_round_trip() {
        for side in [Color::White, Color::Black] {
            for n in 1..=8 {
                let r = board_rank(side, n).unwrap();
                assert_eq!(relative_rank(side, r), n);
            }
        }
        assert_eq!(board_rank(Color::White, 0), None);
        assert_eq!(board_rank(Color::White, 9), None);
    }
}
