//! Which men of a diagram are White's, read from the diagram itself. The men are grouped
//! by the sign that sets them apart (a mark, brackets, case). A sign that names its side
//! (a figurine, `w`/`b`) says it. Where some men are upper-case letters with no mark, the
//! printers' habit is that those are White's and every marked man Black's, unless the
//! pawns say strongly otherwise. Where every man carries a mark, the two commonest marks
//! are the two sides and the pawns say which is which: White's stand low on the board and
//! Black's high (each side's other men weigh a little too).

use escriba_resolve::shakmaty::{Color, Role};

use super::cells::Sign;

/// How strongly the men must speak against the printers' habit to overrule it: the
/// weight of a few pawns standing on the other side's half.
const OVERRULE: f32 = 4.0;

/// A man as the side decision sees it: its rank counted from White's side (0 to 7), its
/// role and its sign.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    pub rank: u32,
    pub role: Role,
    pub sign: Sign,
}

/// The side of each sign of a diagram.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Sides {
    /// The signs of White's men, and of Black's, as decided (signs that name their side
    /// aside).
    white: Vec<Sign>,
    black: Vec<Sign>,
}

impl Sides {
    /// The side of a man with `sign`; `None` when the diagram does not tell it.
    pub(super) fn of(&self, sign: Sign) -> Option<Color> {
        sign.side().or(if self.white.contains(&sign) {
            Some(Color::White)
        } else if self.black.contains(&sign) {
            Some(Color::Black)
        } else {
            None
        })
    }

    /// How the diagram tells the sides apart, in words: `White upper case, Black `*``.
    pub(super) fn describe(&self, signs: &[Sign]) -> String {
        let named = |v: &[Sign]| {
            v.iter()
                .map(|s| s.describe())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        if !self.white.is_empty() {
            return format!("White {}, Black {}", named(&self.white), named(&self.black));
        }
        match signs.first() {
            Some(s) if signs.iter().all(|s| s.side().is_some()) => {
                format!("sides by {}", s.describe())
            }
            _ => "the sides not told apart".to_owned(),
        }
    }
}

/// Decides the side of each sign of the men `men`.
pub(super) fn decide(men: &[Placed]) -> Sides {
    // The signs that name no side, commonest first (on a tie, the first met).
    let mut open: Vec<(Sign, usize)> = Vec::new();
    for m in men.iter().filter(|m| m.sign.side().is_none()) {
        match open.iter_mut().find(|(s, _)| *s == m.sign) {
            Some((_, n)) => *n += 1,
            None => open.push((m.sign, 1)),
        }
    }
    open.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    let signs: Vec<Sign> = open.iter().map(|(s, _)| *s).collect();
    if signs.len() < 2 {
        return Sides::default();
    }
    if signs.contains(&Sign::Plain) {
        // The unmarked upper-case man is White, every marked one Black, unless the men
        // say strongly otherwise.
        let marked: Vec<Sign> = signs.into_iter().filter(|s| *s != Sign::Plain).collect();
        let plain = vec![Sign::Plain];
        return if lean(men, &plain, &marked) > -OVERRULE {
            Sides {
                white: plain,
                black: marked,
            }
        } else {
            Sides {
                white: marked,
                black: plain,
            }
        };
    }
    let (x, y) = (vec![signs[0]], vec![signs[1]]);
    if lean(men, &x, &y) >= 0.0 {
        Sides { white: x, black: y }
    } else {
        Sides { white: y, black: x }
    }
}

/// How strongly the men say that the signs `white` are White's and `black` Black's
/// (negative: the other way round): each pawn weighs its distance from the board's
/// middle, towards its side's half, and each other man a quarter of that.
fn lean(men: &[Placed], white: &[Sign], black: &[Sign]) -> f32 {
    men.iter()
        .map(|m| {
            let weight = if m.role == Role::Pawn { 1.0 } else { 0.25 };
            let low = (3.5 - m.rank as f32) * weight;
            if white.contains(&m.sign) {
                low
            } else if black.contains(&m.sign) {
                -low
            } else {
                0.0
            }
        })
        .sum()
}
