//! Dialect identifiers and their letter tables.

use std::fmt;
use std::str::FromStr;

use crate::ast::{FileGroup, Role};

/// Languages of descriptive notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DescLang {
    /// English: `P-K4`, `Kt-KB3`, `P. to K's 4th.`
    En,
    /// Spanish: `P4R`, `C3AR`.
    Es,
    /// Portuguese: `P4R`, `C3BR`, bishop `B`.
    Pt,
    /// French: `P4R`, `C3FR`, bishop `F`, `pr` for takes.
    Fr,
    /// Italian: `T-AD3`, rank after the file like English.
    It,
    /// Catalan: like Spanish, `C(1)2R`.
    Ca,
}

/// Languages of algebraic notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AlgLang {
    /// English `K Q R B N`.
    En,
    /// Spanish `R D T A C`.
    Es,
    /// French `R D T F C`.
    Fr,
    /// German `K D T L S`.
    De,
    /// Italian `R D T A C`.
    It,
    /// Portuguese `R D T B C`.
    Pt,
    /// Esperanto `R D T K Ĉ`.
    Eo,
    /// Polish `K H W G S`.
    Pl,
    /// Dutch `K D T L P`.
    Nl,
    /// Russian `Кр Ф Л С К`.
    Ru,
    /// Czech `K D V S J`.
    Cs,
    /// Catalan `R D T A C`.
    Ca,
    /// Figurines only: `♘f3`, `♞f6`.
    Figurine,
}

/// A notation dialect: the explicit parameter of every parser and writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// Descriptive notation in a language.
    Descriptive(DescLang),
    /// Algebraic notation in a language.
    Algebraic(AlgLang),
}

/// An unknown dialect identifier.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation `{0}`; expected one of: {list}", list = Dialect::ids().join(", "))]
pub struct UnknownDialect(pub String);

impl Dialect {
    /// Every dialect, in a stable order.
    pub const ALL: [Dialect; 19] = [
        Dialect::Descriptive(DescLang::En),
        Dialect::Descriptive(DescLang::Es),
        Dialect::Descriptive(DescLang::Pt),
        Dialect::Descriptive(DescLang::Fr),
        Dialect::Descriptive(DescLang::It),
        Dialect::Descriptive(DescLang::Ca),
        Dialect::Algebraic(AlgLang::En),
        Dialect::Algebraic(AlgLang::Es),
        Dialect::Algebraic(AlgLang::Fr),
        Dialect::Algebraic(AlgLang::De),
        Dialect::Algebraic(AlgLang::It),
        Dialect::Algebraic(AlgLang::Pt),
        Dialect::Algebraic(AlgLang::Eo),
        Dialect::Algebraic(AlgLang::Pl),
        Dialect::Algebraic(AlgLang::Nl),
        Dialect::Algebraic(AlgLang::Ru),
        Dialect::Algebraic(AlgLang::Cs),
        Dialect::Algebraic(AlgLang::Ca),
        Dialect::Algebraic(AlgLang::Figurine),
    ];

    /// The identifier used on the command line and in PGN tags, e.g. `es-descriptive`.
    pub fn id(self) -> &'static str {
        match self {
            Dialect::Descriptive(l) => match l {
                DescLang::En => "en-descriptive",
                DescLang::Es => "es-descriptive",
                DescLang::Pt => "pt-descriptive",
                DescLang::Fr => "fr-descriptive",
                DescLang::It => "it-descriptive",
                DescLang::Ca => "ca-descriptive",
            },
            Dialect::Algebraic(l) => match l {
                AlgLang::En => "en-algebraic",
                AlgLang::Es => "es-algebraic",
                AlgLang::Fr => "fr-algebraic",
                AlgLang::De => "de-algebraic",
                AlgLang::It => "it-algebraic",
                AlgLang::Pt => "pt-algebraic",
                AlgLang::Eo => "eo-algebraic",
                AlgLang::Pl => "pl-algebraic",
                AlgLang::Nl => "nl-algebraic",
                AlgLang::Ru => "ru-algebraic",
                AlgLang::Cs => "cs-algebraic",
                AlgLang::Ca => "ca-algebraic",
                AlgLang::Figurine => "fig-algebraic",
            },
        }
    }

    /// Every identifier, in the order of [`Dialect::ALL`].
    pub fn ids() -> Vec<&'static str> {
        Dialect::ALL.iter().map(|d| d.id()).collect()
    }

    /// True for descriptive dialects.
    pub fn is_descriptive(self) -> bool {
        matches!(self, Dialect::Descriptive(_))
    }

    /// In Russian and Czech books `++` is double check and `×` is mate.
    pub fn plus_plus_is_double_check(self) -> bool {
        matches!(self, Dialect::Algebraic(AlgLang::Ru | AlgLang::Cs))
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    fn from_str(s: &str) -> Result<Dialect, UnknownDialect> {
        Dialect::ALL
            .iter()
            .copied()
            .find(|d| d.id().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownDialect(s.to_owned()))
    }
}

/// The piece letters of a Romance descriptive language, indexed like [`Role::ALL`]
/// (pawn, knight, bishop, rook, queen, king).
pub(crate) fn romance_letters(lang: DescLang) -> [char; 6] {
    match lang {
        DescLang::Pt => ['P', 'C', 'B', 'T', 'D', 'R'],
        DescLang::Fr => ['P', 'C', 'F', 'T', 'D', 'R'],
        // Spanish, Italian, Catalan; English has its own grammar.
        DescLang::Es | DescLang::It | DescLang::Ca | DescLang::En => ['P', 'C', 'A', 'T', 'D', 'R'],
    }
}

/// The role a file group is named after.
pub(crate) fn group_role(g: FileGroup) -> Role {
    match g {
        FileGroup::Rook => Role::Rook,
        FileGroup::Knight => Role::Knight,
        FileGroup::Bishop => Role::Bishop,
        FileGroup::Queen => Role::Queen,
        FileGroup::King => Role::King,
    }
}

/// The file group named after a role (pawns have none).
pub(crate) fn role_group(r: Role) -> Option<FileGroup> {
    Some(match r {
        Role::Rook => FileGroup::Rook,
        Role::Knight => FileGroup::Knight,
        Role::Bishop => FileGroup::Bishop,
        Role::Queen => FileGroup::Queen,
        Role::King => FileGroup::King,
        Role::Pawn => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        let ids = Dialect::ids();
        for d in Dialect::ALL {
            assert_eq!(d.id().parse::<Dialect>(), Ok(d));
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len());
        assert!("xx-nothing".parse::<Dialect>().is_err());
    }
}
