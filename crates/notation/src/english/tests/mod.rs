//! The English grammar's and writers' tests, by subject:
//!
//! - `fast_paths`: the byte-level fast paths read what the full grammar reads;
//! - `examples`: the reference's examples read, tokenized and written back;
//! - `properties`: generated moves read back in every style, odd text never panics, and
//!   the other groupings of spaced captures.

mod examples;
mod fast_paths;
mod properties;

use std::fmt::Write as _;

use crate::ast::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, FileGroup, Man, Move, MoveKind,
    PieceMove, Place, Role, Wing,
};
use crate::style::{Form, KnightLetter, Style};

use super::grammar::*;
use super::parts::*;
use super::write::*;

use super::*;
use crate::ast::{Termination, Token, TokenKind};
use crate::movetext::tokenize;
use crate::{parse_move, parse_move_prefix};
use proptest::prelude::*;

fn read(s: &str) -> Move {
    parse_move(EN, s).unwrap_or_else(|e| panic!("{e}"))
}

fn shown(s: &str) -> String {
    read(s).to_string()
}

fn written(mv: &Move, form: Form, knight: KnightLetter) -> String {
    let mut out = String::new();
    write(mv, Style { form, knight }, &mut out);
    out
}
