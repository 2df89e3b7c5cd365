//! Cutting a whole book: classify its lines, group them into units, build a segment of
//! each unit worth decoding, and account for every line.

use super::unit::{BookReport, UnitKind};
use super::{build, classify, detect, group, token_lines, xref};
use crate::choice::Notation;
use crate::segment::Segment;
use crate::source::{Encoding, Line};

/// A book cut into segments, with its line accounting.
#[derive(Debug)]
pub struct Cut {
    /// One segment per unit worth decoding, in book order.
    pub segments: Vec<Segment>,
    /// The accounting (its `source` is left empty).
    pub report: BookReport,
}

/// Cuts a whole book: classify, group, build.
pub fn cut(lines: &[Line], notation: Notation) -> Cut {
    let dialect = match notation {
        Notation::Fixed(d) => d,
        Notation::Auto => detect::book_dialect(lines.iter().map(|l| l.text.as_str())),
    };
    let mut kinds: Vec<classify::LineKind> = lines
        .iter()
        .map(|l| classify::classify(&l.text, dialect))
        .collect();
    // Move numbers over their moves first, so that one repeated game after game (`1.`
    // with a mark on its line) is not taken for a running head; then again over the
    // running heads found, which stand between a number and its move at a page break.
    token_lines::numbers_over_moves(lines, &mut kinds, dialect);
    classify::running_heads(lines, &mut kinds);
    token_lines::numbers_over_moves(lines, &mut kinds, dialect);
    let mut grouped = group::group(lines, kinds, dialect);
    let borrowed = xref::borrowings(lines, &grouped, dialect);
    for (u, b) in grouped.units.iter_mut().zip(&borrowed) {
        // A game that takes its opening from another starts where a board is known.
        if b.is_some() && !u.decodable {
            u.decodable = true;
            u.skip_reason = None;
        }
    }
    let encoding = lines.first().map_or(Encoding::Utf8, |l| l.encoding);
    let segments: Vec<Segment> = grouped
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.decodable)
        .map(|(i, u)| {
            build::segment(
                lines,
                &grouped,
                u,
                i,
                dialect,
                encoding,
                borrowed[i].as_ref(),
            )
        })
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
    Cut { segments, report }
}

/// Cuts a whole text as a book (for tests and small inputs).
pub fn cut_text(text: &str, notation: Notation) -> Cut {
    cut(&lines_of(text), notation)
}

/// The lines of a text held whole in memory (LF line endings), numbered from 1.
pub fn lines_of(text: &str) -> Vec<Line> {
    let mut offset = 0u64;
    text.strip_suffix('\n')
        .unwrap_or(text)
        .split('\n')
        .enumerate()
        .map(|(i, t)| {
            let l = Line {
                text: t.to_owned(),
                number: i + 1,
                offset,
                encoding: Encoding::Utf8,
                truncated: false,
            };
            offset += t.len() as u64 + 1;
            l
        })
        .collect()
}
