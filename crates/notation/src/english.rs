//! English descriptive notation in every printed style (placeholder until implemented).

use crate::ast::Move;
use crate::lex::{In, Res};
use crate::write::Style;

pub(crate) fn move_body(i: In<'_>) -> Res<'_, Move> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Fail,
    )))
}

pub(crate) fn write(_mv: &Move, _style: Style, _out: &mut String) {}
