//! Writers: any [`Move`] in any [`Dialect`] and [`Style`].
//!
//! Writers append to a `String` and render exactly what the AST holds; choosing minimal
//! disambiguation is the resolver's job, which builds the AST to write.

use crate::ast::Move;
use crate::dialect::{DescLang, Dialect};
use crate::style::Style;
use crate::{algebraic, english, romance};

/// Appends `mv` written in `dialect` and `style` to `out`.
pub fn write_move(dialect: Dialect, mv: &Move, style: Style, out: &mut String) {
    match dialect {
        Dialect::Descriptive(DescLang::En) => english::write(mv, style, out),
        Dialect::Descriptive(lang) => romance::write(lang, mv, style, out),
        Dialect::Algebraic(lang) => algebraic::write(lang, mv, style, out),
    }
}
