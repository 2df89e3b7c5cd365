//! Reading a whole book: classify its lines, group them into units, build each unit worth
//! decoding, and account for every line.

use escriba_notation::Dialect;

use super::classify::{self, LineKind};
use super::unit::{BookReport, Unit, UnitKind};
use super::{build, detect, group, token_lines, xref};
use crate::line::{Line, lines_of};

/// A book read into units, with its line accounting.
#[derive(Debug)]
pub struct Book {
    /// The dialect the book's lines were read in.
    pub dialect: Dialect,
    /// One unit per game or fragment worth decoding, in book order.
    pub units: Vec<Unit>,
    /// The accounting (its `source` is left empty).
    pub report: BookReport,
}

/// Reads a whole book in `dialect` (`None`: the dialect that reads most of its numbered
/// lines): classify, group, build.
pub fn read_book(lines: &[Line], dialect: Option<Dialect>) -> Book {
    let dialect = dialect.unwrap_or_else(|| book_dialect(lines));
    let mut grouped = group::group(lines, kinds(lines, dialect), dialect);
    let borrowed = xref::borrowings(lines, &grouped, dialect);
    for (u, b) in grouped.units.iter_mut().zip(&borrowed) {
        // A game that takes its opening from another starts where a board is known.
        if b.is_some() && !u.decodable {
            u.decodable = true;
            u.skip_reason = None;
        }
    }
    let units: Vec<Unit> = grouped
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.decodable)
        .map(|(i, u)| build::unit(lines, &grouped, u, i, dialect, borrowed[i].as_ref()))
        .collect();
    let report = BookReport {
        source: String::new(),
        explicit: true,
        lines: lines.len(),
        dialect: dialect.id().to_owned(),
        games: grouped
            .units
            .iter()
            .filter(|u| u.decodable && u.kind == UnitKind::Game)
            .count(),
        fragments: grouped
            .units
            .iter()
            .filter(|u| u.decodable && u.kind == UnitKind::Fragment)
            .count(),
        spans: grouped.spans(),
    };
    Book {
        dialect,
        units,
        report,
    }
}

/// The dialect that reads the most of a book's numbered lines.
fn book_dialect(lines: &[Line]) -> Dialect {
    detect::book_dialect(lines.iter().map(|l| l.text.as_str()))
}

/// Stage one: the kind of every line, with every pass that changes a kind.
fn kinds(lines: &[Line], dialect: Dialect) -> Vec<LineKind> {
    let mut kinds: Vec<LineKind> = lines
        .iter()
        .map(|l| classify::classify(&l.text, dialect))
        .collect();
    // Move numbers over their moves first, so that one repeated game after game (`1.`
    // with a mark on its line) is not taken for a running head; then again over the
    // running heads found, which stand between a number and its move at a page break.
    token_lines::numbers_over_moves(lines, &mut kinds, dialect);
    classify::running_heads(lines, &mut kinds);
    token_lines::numbers_over_moves(lines, &mut kinds, dialect);
    kinds
}

/// How the reader sees each line of a book, for debugging a layout: the line's kind and
/// its role in a unit (or why it was set aside), as debug text.
pub fn line_views(lines: &[Line], dialect: Option<Dialect>) -> Vec<(String, String)> {
    let dialect = dialect.unwrap_or_else(|| book_dialect(lines));
    let grouped = group::group(lines, kinds(lines, dialect), dialect);
    grouped
        .kinds
        .iter()
        .zip(&grouped.roles)
        .map(|(k, r)| (format!("{k:?}"), format!("{r:?}")))
        .collect()
}

/// Reads a whole text as a book (for tests and small inputs).
pub fn read_text(text: &str, dialect: Option<Dialect>) -> Book {
    read_book(&lines_of(text), dialect)
}
