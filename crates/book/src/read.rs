//! Reading a whole book: classify its lines, group them into units, build each unit worth
//! decoding, and account for every line.

use escriba_notation::Dialect;

use super::classify::{self, LineKind};
use escriba_notation::tags::Tags;
use escriba_resolve::shakmaty::Chess;
use escriba_resolve::{Options, resolve};

use super::detect::Sample;
use super::runs::{self, Found};
use super::unit::{BookReport, BookSegment, LineSpan, SpanKind, Unit, UnitDialects, UnitKind};
use super::{build, columns, detect, group, sequence, token_lines, xref};
use crate::line::{Line, lines_of};

/// A book read into units, with its line accounting.
#[derive(Debug)]
pub struct Book {
    /// The dialect the book's lines were read in.
    pub dialect: Dialect,
    /// One unit per game or fragment worth decoding, in book order.
    pub units: Vec<Unit>,
    /// The accounting of every line.
    pub report: BookReport,
}

/// Reads a whole book in `dialect` (`None`: the dialect that reads most of its numbered
/// lines): classify, group, build.
pub fn read_book(lines: &[Line], dialect: Option<Dialect>) -> Book {
    read(lines, dialect, None)
}

/// [`read_book`] on a book whose first lines the detector read (`sample`): the kinds it
/// gave them are taken over when the book is read in the dialect they were classified in.
pub fn read_book_after(lines: &[Line], dialect: Option<Dialect>, sample: &Sample) -> Book {
    read(lines, dialect, Some(sample))
}

fn read(lines: &[Line], dialect: Option<Dialect>, sample: Option<&Sample>) -> Book {
    // The detector's vote on the first lines is the whole book's when it read enough.
    let dialect = dialect
        .or_else(|| sample.and_then(|s| s.book_dialect(lines.len())))
        .unwrap_or_else(|| book_dialect(lines));
    let classified = sample.and_then(|s| s.kinds_in(dialect)).unwrap_or(&[]);
    let mut grouped = group::group(lines, kinds(lines, classified, dialect), dialect);
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
    let mut report = BookReport {
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
        unread: Vec::new(),
    };
    let units = columns::join(lines, units, &mut report, dialect);
    let units = with_runs(lines, units, &mut report, grouped.units.len(), dialect);
    report.unread = runs::unread(lines, &skipped(&report), dialect);
    Book {
        dialect,
        units,
        report,
    }
}

/// The units of the book with the runs of moves found in the lines no unit read: each
/// run a unit of its own, in book order, its lines claimed from the skipped spans.
fn with_runs(
    lines: &[Line],
    mut units: Vec<Unit>,
    report: &mut BookReport,
    drafts: usize,
    dialect: Dialect,
) -> Vec<Unit> {
    let free = skipped(report);
    // A run is a game or an opening line when it replays from the standard position.
    let found: Vec<Found> = runs::find(lines, &free, dialect)
        .into_iter()
        .filter(|f| replays_from_start(f, dialect))
        .collect();
    if found.is_empty() {
        return units;
    }
    for (k, f) in found.iter().enumerate() {
        let unit = run_unit(f, drafts + k, dialect);
        match unit.extras.kind {
            UnitKind::Game => report.games += 1,
            UnitKind::Fragment => report.fragments += 1,
        }
        units.push(unit);
    }
    units.sort_by_key(|u| u.line);
    report.spans = claim(&report.spans, &found);
    units
}

/// Whether each line of the book is in a skipped span.
fn skipped(report: &BookReport) -> Vec<bool> {
    let mut free = vec![false; report.lines];
    for s in report.spans.iter().filter(|s| s.what == SpanKind::Skipped) {
        free[s.from - 1..s.to].fill(true);
    }
    free
}

/// The fewest plies a run found in the text replays from the standard position to be read
/// as a game or an opening line: fewer, and it is analysis from a position the text does
/// not give (an ending under a diagram).
const MIN_REPLAYED: usize = 2;

/// Whether the run's first plies replay from the standard position, as printed or in the
/// order of their move numbers.
fn replays_from_start(f: &Found, dialect: Dialect) -> bool {
    let replayed = |text: &str| {
        let d = resolve(text, dialect, Chess::default(), &Options::default());
        d.plies.len()
    };
    replayed(&f.movetext) >= MIN_REPLAYED
        || sequence::by_numbers(&f.movetext, &[], f.first + 1, dialect)
            .is_some_and(|a| replayed(&a.movetext) >= MIN_REPLAYED)
}

/// The unit of a run of moves found in the text.
fn run_unit(f: &Found, index: usize, dialect: Dialect) -> Unit {
    // A game's score runs long or ends in its result; a short run is an opening line.
    let kind = if f.ended || f.moves >= 20 {
        UnitKind::Game
    } else {
        UnitKind::Fragment
    };
    let mut tags = Tags::new();
    tags.set("BookLines", format!("{}-{}", f.first + 1, f.last + 1));
    tags.set("EscribaKind", kind.as_str());
    Unit {
        tags,
        movetext: f.movetext.clone(),
        line: f.first + 1,
        warnings: Vec::new(),
        extras: BookSegment {
            unit: index,
            kind,
            last_line: f.last + 1,
            line_numbers: Vec::new(),
            footnotes: Vec::new(),
            dialects: UnitDialects::new(&f.movetext, dialect),
            checkpoints: Vec::new(),
            alternate: sequence::by_numbers(&f.movetext, &[], f.first + 1, dialect),
            black_first: false,
            unread_row: None,
        },
    }
}

/// The spans of a book once the runs found claim their lines: each run one span, the
/// lines of the spans it cut into kept in spans of their own.
fn claim(spans: &[LineSpan], found: &[Found]) -> Vec<LineSpan> {
    let mut out: Vec<LineSpan> = Vec::new();
    let mut runs = found.iter().peekable();
    // The first line no span of `out` holds yet (a run may reach into the next span).
    let mut line = 1;
    for s in spans {
        line = line.max(s.from);
        while line <= s.to {
            if let Some(f) = runs.peek()
                && f.first + 1 == line
            {
                let kind = if f.ended || f.moves >= 20 {
                    SpanKind::Game
                } else {
                    SpanKind::Fragment
                };
                out.push(LineSpan {
                    from: line,
                    to: f.last + 1,
                    what: kind,
                    reason: "moves found in the text".into(),
                    game: None,
                });
                line = f.last + 2;
                runs.next();
                continue;
            }
            match out.last_mut() {
                Some(last)
                    if last.to + 1 == line && last.what == s.what && last.reason == s.reason =>
                {
                    last.to = line;
                }
                _ => out.push(LineSpan {
                    from: line,
                    to: line,
                    ..s.clone()
                }),
            }
            line += 1;
        }
    }
    out
}

/// The dialect that reads the most of a book's numbered lines.
fn book_dialect(lines: &[Line]) -> Dialect {
    detect::book_dialect(lines.iter().map(|l| l.text.as_str()))
}

/// Stage one: the kind of every line, with every pass that changes a kind. The first
/// lines' kinds are taken from `classified` (the detector's, in `dialect`) as far as it
/// goes.
fn kinds(lines: &[Line], classified: &[LineKind], dialect: Dialect) -> Vec<LineKind> {
    let mut kinds: Vec<LineKind> = classified[..classified.len().min(lines.len())].to_vec();
    kinds.extend(
        lines[kinds.len()..]
            .iter()
            .map(|l| classify::classify(&l.text, dialect)),
    );
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
    let grouped = group::group(lines, kinds(lines, &[], dialect), dialect);
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

#[cfg(test)]
mod tests {
    use escriba_notation::DescLang;

    use super::*;
    use crate::detect::sample;

    #[test]
    fn a_book_read_after_the_detectors_sample_reads_as_it_reads_alone() {
        // A number alone over its move, a heading, players, a note and a second game in
        // another dialect: the sample may end anywhere, in the book's dialect or another.
        let text = "CHAPTER I.\n\nGAME 1.\nWhite: Morphy. Black: Anderssen.\n1. P-K4 P-K4\n\
                    2. Kt-KB3 Kt-QB3\n3.\nB-B4 B-B4\nThe bishop stands well here, and the \
                    game goes on with a plan of attack on the king.\n4. P-B3 Kt-B3\n\n\
                    GAME 2.\n1. P4R P4R\n2. C3AR C3AD\n";
        let lines = lines_of(text);
        let en = Dialect::Descriptive(DescLang::En);
        let es = Dialect::Descriptive(DescLang::Es);
        for cut in 0..=lines.len() {
            let s = sample(&lines[..cut]);
            for dialect in [None, Some(en), Some(es)] {
                assert_eq!(
                    format!("{:?}", read_book_after(&lines, dialect, &s)),
                    format!("{:?}", read_book(&lines, dialect)),
                    "sample of {cut} lines, {dialect:?}"
                );
            }
        }
    }

    #[test]
    fn the_detectors_vote_decides_the_book_only_when_it_read_its_fill() {
        // Spanish rows short of the vote's fill, then English ones past it: a sample of
        // the Spanish rows votes Spanish and leaves the dialect to the whole book's vote
        // (English); a sample past the fill decides it.
        let mut text = String::new();
        for n in 1..=300 {
            text.push_str(&format!("{n}. P4R C3AR\n"));
        }
        for n in 1..=1500 {
            text.push_str(&format!("{n}. P - K 4     Kt - K B 3\n"));
        }
        let lines = lines_of(&text);
        let whole = read_book(&lines, None).dialect;
        assert_eq!(whole, Dialect::Descriptive(DescLang::En));
        let spanish = sample(&lines[..300]);
        assert!(
            spanish
                .kinds_in(Dialect::Descriptive(DescLang::Es))
                .is_some()
        );
        for cut in [0, 1, 300, 600, 1200, 1500, lines.len()] {
            let s = sample(&lines[..cut]);
            assert_eq!(
                read_book_after(&lines, None, &s).dialect,
                whole,
                "sample of {cut} lines"
            );
        }
    }
}
