//! Writers: any [`Move`] in any [`Dialect`] and [`Style`].
//!
//! Writers append to a `String` and render exactly what the AST holds; choosing minimal
//! disambiguation is the resolver's job, which builds the AST to write.

use crate::ast::Move;
use crate::dialect::{DescLang, Dialect};
use crate::{algebraic, english, romance};

/// The English knight letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KnightLetter {
    /// `Kt`, as in books before about 1945.
    #[default]
    Kt,
    /// `N`, the modern letter.
    N,
}

/// How a move is laid out in print. Only English descriptive has several forms; other
/// dialects use `Compact` and ignore the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Form {
    /// `Kt-KB3`, `PxP`, `P-K8=Q`.
    #[default]
    Compact,
    /// Capablanca's `Kt - K B 3`, `P x P`.
    Spaced,
    /// The 19th-century `K. Kt. to K. B's 3d.`
    LongHand,
}

/// Surface choices of a writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Style {
    /// Layout.
    pub form: Form,
    /// English knight letter.
    pub knight: KnightLetter,
}

/// Appends `mv` written in `dialect` and `style` to `out`.
pub fn write_move(dialect: Dialect, mv: &Move, style: Style, out: &mut String) {
    match dialect {
        Dialect::Descriptive(DescLang::En) => english::write(mv, style, out),
        Dialect::Descriptive(lang) => romance::write(lang, mv, style, out),
        Dialect::Algebraic(lang) => algebraic::write(lang, mv, style, out),
    }
}
