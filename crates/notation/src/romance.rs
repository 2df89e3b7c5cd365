//! Placeholder until implemented.

use crate::ast::Move;
use crate::dialect::DescLang;
use crate::lex::{In, Res};
use crate::write::Style;

pub(crate) fn move_body(_lang: DescLang, i: In<'_>) -> Res<'_, Move> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Fail,
    )))
}

pub(crate) fn write(_lang: DescLang, _mv: &Move, _style: Style, _out: &mut String) {}
