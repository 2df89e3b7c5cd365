//! White's column printed whole, then Black's: a unit whose rows hold one move a number from
//! move 1, and the next unit whose rows start again at 1 with one move a number, are the
//! two columns of one game. The rows between them that hold one numbered move (a row the
//! grouping set aside or read as a note) go with White's column. The joined unit holds the
//! column rows only, and its other reading is the rows in the order of play, each on its
//! own line with its number (`1. P K 4` twice: the second is Black's).

use escriba_notation::{Dialect, MoveKind, TokenKind, movetext};

use crate::line::Line;
use crate::unit::{Alternate, AlternateRole, BookReport, LineSpan, SpanKind, Unit, UnitKind};

/// The most lines from the end of White's column to the start of Black's.
const MAX_BETWEEN: usize = 400;
/// The most lines of the two units that hold a move and are no column row (damaged).
const MAX_DAMAGED: usize = 2;
/// The most words of a header before a column row's first number.
const MAX_HEADER_WORDS: usize = 6;
/// The fewest numbers a column holds.
const MIN_NUMBERS: usize = 3;

/// The units of a book with each pair of columns of one game joined into one unit.
pub fn join(
    lines: &[Line],
    units: Vec<Unit>,
    report: &mut BookReport,
    dialect: Dialect,
) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::with_capacity(units.len());
    let mut rest = units.into_iter().peekable();
    while let Some(first) = rest.next() {
        let joined = match rest.peek() {
            Some(second) => joined(lines, &first, second, dialect),
            None => None,
        };
        match joined {
            Some(unit) => {
                let second = rest.next().expect("peeked");
                claim(report, &first, &second);
                out.push(unit);
            }
            None => out.push(first),
        }
    }
    out
}

/// The unit of `first` (White's column) and `second` (Black's) joined, with the numbered
/// rows between them, when the rows of both are columns from move 1.
fn joined(lines: &[Line], first: &Unit, second: &Unit, dialect: Dialect) -> Option<Unit> {
    let (a, b) = (&first.extras, &second.extras);
    let contiguous = a.line_numbers.is_empty() && b.line_numbers.is_empty();
    let between = second.line.checked_sub(a.last_line + 1)?;
    // A second notation beside the table is another layout: its columns are no colours.
    let second_notation = [a, b].iter().any(|x| {
        x.alternate
            .as_ref()
            .is_some_and(|alt| alt.role == AlternateRole::Check)
    });
    if !contiguous || second_notation || between > MAX_BETWEEN {
        return None;
    }
    let span = &lines[first.line - 1..b.last_line];
    // Both units open as a column does (`1.` and one move on its line): most units do not,
    // and are passed over here.
    let opens = |from: usize, to: usize| {
        span[from..to]
            .iter()
            .find(|l| {
                l.text
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_digit())
            })
            .and_then(|l| column_row(&l.text, dialect))
            .is_some_and(|ps| ps.first().is_some_and(|p| p.number == 1))
    };
    let second_from = second.line - first.line;
    if !opens(0, a.last_line + 1 - first.line) || !opens(second_from, span.len()) {
        return None;
    }
    // (index in `span`, the numbered move)
    let rows: Vec<(usize, Pair)> = span
        .iter()
        .enumerate()
        .filter_map(|(k, l)| column_row(&l.text, dialect).map(|ps| (k, ps)))
        .flat_map(|(k, ps)| ps.into_iter().map(move |p| (k, p)))
        .collect();
    // Every line of either unit that holds a move is a column row, but for a damaged one
    // or two: a table whose Black moves stand on lines of their own, unnumbered, is no
    // column.
    let units = (0..a.last_line + 1 - first.line).chain(second.line - first.line..span.len());
    let others = units
        .filter(|&k| rows.iter().all(|r| r.0 != k))
        .filter(|&k| holds_a_move(&span[k].text, dialect))
        .count();
    if others > MAX_DAMAGED {
        return None;
    }
    let restart = rows.iter().skip(1).position(|r| r.1.number == 1)? + 1;
    let (white, black) = rows.split_at(restart);
    // Black's column starts in the second unit.
    let second_first = second.line - first.line;
    if !is_column(white) || !is_column(black) || black.len() > white.len() + 1 {
        return None;
    }
    if black[0].0 < second_first {
        return None;
    }
    let movetext = span
        .iter()
        .enumerate()
        .map(|(k, l)| {
            if rows.iter().any(|r| r.0 == k) {
                l.text.as_str()
            } else {
                ""
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let alternate = in_play_order(span, white, black, first.line);
    Some(merged(first, second, movetext, alternate))
}

/// The unit of `first` and `second` as one game: `movetext` over the lines of both and
/// those between, read in the order of play (`alternate`); the first unit's tags, then
/// the second's it lacks.
fn merged(first: &Unit, second: &Unit, movetext: String, alternate: Alternate) -> Unit {
    let (a, b) = (&first.extras, &second.extras);
    let mut tags = first.tags.clone();
    for (name, value) in &second.tags.0 {
        if tags.get(name).is_none() {
            tags.set(name.clone(), value.clone());
        }
    }
    tags.set("BookLines", format!("{}-{}", first.line, b.last_line));
    let mut extras = a.clone();
    extras.kind = UnitKind::Game;
    extras.last_line = b.last_line;
    extras.alternate = Some(alternate);
    extras.footnotes.extend(b.footnotes.iter().cloned());
    extras.checkpoints.clear();
    extras.unread_row = None;
    let mut warnings = first.warnings.clone();
    warnings.extend(second.warnings.iter().cloned());
    Unit {
        tags,
        movetext,
        line: first.line,
        warnings,
        extras,
    }
}

/// Whether a line holds a word read as a move.
fn holds_a_move(text: &str, dialect: Dialect) -> bool {
    movetext::tokenize(dialect, text)
        .iter()
        .any(|t| matches!(t.kind, TokenKind::Move(_)))
}

/// Rows that make a column: numbers that climb, at least [`MIN_NUMBERS`], and nearly all
/// of them one word of a move (a dash-less move may print its square in several).
fn is_column(rows: &[(usize, Pair)]) -> bool {
    let climbs = rows.windows(2).all(|w| w[1].1.number > w[0].1.number);
    let single = rows.iter().filter(|r| r.1.words == 1).count();
    climbs && rows.len() >= MIN_NUMBERS && single * 5 >= rows.len() * 4
}

/// The two columns' moves in the order of play (White's move 1, Black's move 1, …), each
/// on a line of its own: its source line blanked but for it, so that every move keeps its
/// number and its place.
fn in_play_order(
    span: &[Line],
    white: &[(usize, Pair)],
    black: &[(usize, Pair)],
    first_line: usize,
) -> Alternate {
    let mut order: Vec<(u32, u8, usize, Pair)> =
        white.iter().map(|&(k, p)| (p.number, 0, k, p)).collect();
    order.extend(black.iter().map(|&(k, p)| (p.number, 1, k, p)));
    order.sort_by_key(|&(n, side, k, p)| (n, side, k, p.start));
    let line = |&(_, _, k, p): &(u32, u8, usize, Pair)| {
        let text: &str = &span[k].text;
        let mut out = String::with_capacity(text.len());
        for (i, c) in text.char_indices() {
            out.push(if (p.start..p.end).contains(&i) {
                c
            } else {
                ' '
            });
        }
        out
    };
    Alternate {
        movetext: order.iter().map(line).collect::<Vec<_>>().join("\n"),
        line_numbers: order.iter().map(|&(_, _, k, _)| first_line + k).collect(),
        role: AlternateRole::Sequence,
        dialect: None,
    }
}

/// The numbered moves of a line that holds nothing but numbered moves, one a number
/// (`  27. Q Q B 6 (k)`, `17. K R (f)`, `11. Q. B. to K. B's 4th. 12. Q. Kt. to B's 3rd.`):
/// each one's number, its byte range in the line (from its number to its last word) and
/// the count of its move's words (a dash-less square may read as several). Marks and
/// notes' letters aside, and a header's few words before the first number; `None` for any
/// other line (a number with two moves or none, a Black number, prose).
fn column_row(text: &str, dialect: Dialect) -> Option<Vec<Pair>> {
    let mut pairs: Vec<Pair> = Vec::new();
    // Words before the first number: a header's (`BLACK. (M. Petroff.) 1. P. to K's 4th.`),
    // a few and no move among them.
    let mut before = 0;
    for tok in movetext::tokenize(dialect, text) {
        match tok.kind {
            TokenKind::Unknown | TokenKind::Comment { .. } if pairs.is_empty() => {
                before += 1;
                if before > MAX_HEADER_WORDS {
                    return None;
                }
            }
            TokenKind::MoveNumber {
                number,
                black: false,
            } => {
                if pairs.last().is_some_and(|p| p.words == 0) {
                    return None;
                }
                pairs.push(Pair {
                    number,
                    start: tok.span.start as usize,
                    end: tok.span.end as usize,
                    words: 0,
                    moves: 0,
                });
            }
            TokenKind::Move(_) | TokenKind::Unknown => {
                let p = pairs.last_mut()?;
                p.words += 1;
                p.moves += u8::from(names_a_move(&tok.kind));
                p.end = tok.span.end as usize;
            }
            TokenKind::MoveNumber { .. } | TokenKind::Result(_) => return None,
            _ => {}
        }
    }
    let moves_fit = pairs
        .iter()
        .all(|p| (1..=4).contains(&p.words) && p.moves <= 1);
    // Several moves on a line follow each other (`11. … 12. … 13. …`): a number out of
    // that order is a damaged word (`56. QxP 2 ch`).
    let consecutive = pairs.windows(2).all(|w| w[1].number == w[0].number + 1);
    (!pairs.is_empty() && moves_fit && consecutive).then_some(pairs)
}

/// A word read as a whole move: castling, or a man going to a square, taking, advancing
/// or promoting. `P ch` after `QxB` (the pawn the queen takes, dash-less) names none.
fn names_a_move(kind: &TokenKind) -> bool {
    match kind {
        TokenKind::Move(m) => match m.kind {
            MoveKind::Castle(_) => true,
            MoveKind::Piece(p) => {
                p.to.is_some()
                    || p.capture.is_some()
                    || p.promotion.is_some()
                    || p.advance.is_some()
            }
        },
        _ => false,
    }
}

/// One numbered move of a column row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pair {
    number: u32,
    /// Byte range in its line: from the number to the move's last word.
    start: usize,
    end: usize,
    /// The move's words.
    words: usize,
    /// Of them, the words that name a whole move ([`names_a_move`]): two are two moves, a
    /// pair's row.
    moves: u8,
}

/// The report's spans with the lines of both columns and those between them one game.
fn claim(report: &mut BookReport, first: &Unit, second: &Unit) {
    let (from, to) = (first.line, second.extras.last_line);
    for u in [first, second] {
        match u.extras.kind {
            UnitKind::Game => report.games -= 1,
            UnitKind::Fragment => report.fragments -= 1,
        }
    }
    report.games += 1;
    let mut spans: Vec<LineSpan> = Vec::with_capacity(report.spans.len());
    for s in report.spans.drain(..) {
        if s.to < from || s.from > to {
            spans.push(s);
            continue;
        }
        // The parts of a span outside the joined lines keep their span.
        if s.from < from {
            spans.push(LineSpan {
                to: from - 1,
                ..s.clone()
            });
        }
        if spans.last().is_none_or(|l| l.from != from) {
            spans.push(LineSpan {
                from,
                to,
                what: SpanKind::Game,
                reason: "White's column, then Black's".into(),
                game: None,
            });
        }
        if s.to > to {
            spans.push(LineSpan { from: to + 1, ..s });
        }
    }
    report.spans = spans;
}

#[cfg(test)]
mod tests {
    use super::*;
    use escriba_notation::DescLang;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    #[test]
    fn a_column_row_holds_one_numbered_move() {
        let numbers =
            |t: &str| column_row(t, EN).map(|ps| ps.iter().map(|p| p.number).collect::<Vec<_>>());
        assert_eq!(numbers("  27. Q-QB6 (k)"), Some(vec![27]));
        assert_eq!(numbers("17. K R (f)"), Some(vec![17]));
        assert_eq!(numbers("27. Q-QB6 28. Q-K2"), Some(vec![27, 28]));
        assert_eq!(numbers("27. Q-QB6 Q-K2 28. Q-K2"), None);
        assert_eq!(numbers("27...Q-QB6"), None);
        assert_eq!(numbers("The game is equal."), None);
        assert_eq!(
            numbers("BLACK. (M. Petroff.) 1. P. to K's 4th."),
            Some(vec![1])
        );
    }

    #[test]
    fn a_table_with_blacks_moves_on_lines_of_their_own_is_no_column() {
        let text = "1. P-K4\nP-K4\n2. Kt-KB3\nKt-QB3\n3. B-B4\nB-B4\n\nGAME II.\n\n\
                    1. P-Q4\nP-Q4\n2. P-QB4\nP-K3\n3. Kt-QB3\nKt-KB3\n";
        let book = crate::read_text(text, Some(EN));
        assert_eq!(book.units.len(), 2, "{:#?}", book.report.spans);
    }

    #[test]
    fn whites_column_then_blacks_is_one_game_read_by_its_numbers() {
        let text = "White. Black.\n1. P-K4\n2. Kt-KB3\n3. B-B4 (a)\n4. Castles\n\n\
                    Black.\n1. P-K4\n2. Kt-QB3\n3. B-B4\n";
        let book = crate::read_text(text, Some(EN));
        assert_eq!(book.units.len(), 1, "{:#?}", book.report.spans);
        let alt = book.units[0]
            .extras
            .alternate
            .as_ref()
            .expect("the order of the numbers");
        let moves: Vec<&str> = alt.movetext.split_whitespace().collect();
        assert!(moves.len() >= 7, "{moves:?}");
        assert!(book.report.covers_every_line(), "{:#?}", book.report.spans);
    }
}
