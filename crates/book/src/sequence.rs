//! A table read by its move numbers rather than its lines.
//!
//! Books and their digitizers print the same (move number, side, move) triples in many
//! orders: White's whole column and then Black's, Black's move *n* beside White's *n + 1*
//! on one line, two columns run into one paragraph (`1. P-K4 1. P-K4 2. Kt-KB3 2. …`).
//! Read line by line, each of these repeats its move numbers. [`by_numbers`] gives each
//! move its place from the numbers (the first `n.` is White's move *n*, a second `n.` is
//! Black's), and writes the moves in the order of play: a second reading of the table
//! that the game is decoded from when it reads better than the lines as printed. Every
//! token keeps its line and column: the reading is the printed lines, each blanked but for
//! the token it holds. Notes and marks go along with the move they follow.

use escriba_notation::{Dialect, Span, Token, TokenKind, movetext as mt};

use super::unit::{Alternate, AlternateRole};

/// The reading of `movetext` (whose line `k` is source line `numbers[k]`, or
/// `first_line + k` when `numbers` is empty) in the order its move numbers give, when
/// some move number opens two moves of the same side's slot (`1.` twice): `None` when the
/// numbers are not repeated, or when they do not place every move once, without gaps.
pub fn by_numbers(
    movetext: &str,
    numbers: &[usize],
    first_line: usize,
    dialect: Dialect,
) -> Option<Alternate> {
    let Placed {
        mut placed,
        leading,
        results,
        repeated,
    } = place(&mt::tokenize(dialect, movetext))?;
    if !repeated || placed.is_empty() {
        return None;
    }
    placed.sort_by_key(|p| p.0);
    let first = placed[0].0;
    if placed
        .iter()
        .enumerate()
        .any(|(i, p)| p.0 != first + i as u32)
    {
        return None;
    }
    let starts: Vec<usize> = std::iter::once(0)
        .chain(movetext.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let mut out = Reading {
        movetext,
        starts: &starts,
        numbers,
        first_line,
        lines: Vec::new(),
        line_numbers: Vec::new(),
        copied: Vec::new(),
    };
    for s in &leading {
        out.push(*s);
    }
    for (_, mv, riders) in &placed {
        out.push(*mv);
        for r in riders {
            out.push(*r);
        }
    }
    for r in &results {
        out.push(*r);
    }
    Some(Alternate {
        movetext: out
            .lines
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n"),
        line_numbers: out.line_numbers,
        role: AlternateRole::Sequence,
        dialect: None,
    })
}

/// The tokens of a table read by their move numbers.
struct Placed {
    /// The half-move (from move 1, White) each move token takes, and the tokens that ride
    /// with it (notes, marks, results after it in the text).
    placed: Vec<(u32, Span, Vec<Span>)>,
    /// Tokens before the first move.
    leading: Vec<Span>,
    /// The results, wherever their column printed them.
    results: Vec<Span>,
    /// A move number was printed twice (the table's second column).
    repeated: bool,
}

/// Places each move token of `tokens` at the half-move its move number gives it; `None`
/// when two take the same half-move.
fn place(tokens: &[Token]) -> Option<Placed> {
    let mut placed: Vec<(u32, Span, Vec<Span>)> = Vec::new();
    let mut leading: Vec<Span> = Vec::new();
    let mut results: Vec<Span> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut next: u32 = 0;
    let mut repeated = false;
    for t in tokens {
        match t.kind {
            TokenKind::MoveNumber { number, black } => {
                let white_slot = number.saturating_sub(1).saturating_mul(2).min(1 << 30);
                next = if black {
                    white_slot + 1
                } else if seen.contains(&white_slot) {
                    repeated = true;
                    white_slot + 1
                } else {
                    white_slot
                };
            }
            TokenKind::Move(_) | TokenKind::Unknown => {
                if !seen.insert(next) {
                    return None;
                }
                placed.push((next, t.span, Vec::new()));
                next += 1;
            }
            TokenKind::Ellipsis => {}
            // A result ends the game wherever its column printed it.
            TokenKind::Result(_) => results.push(t.span),
            _ => match placed.last_mut() {
                Some((_, _, riders)) => riders.push(t.span),
                None => leading.push(t.span),
            },
        }
    }
    Some(Placed {
        placed,
        leading,
        results,
        repeated,
    })
}

/// The reading being written: the printed lines a token stands on, blanked but for it.
struct Reading<'a> {
    movetext: &'a str,
    starts: &'a [usize],
    numbers: &'a [usize],
    first_line: usize,
    /// The lines written, and the movetext line each is a copy of.
    lines: Vec<String>,
    line_numbers: Vec<usize>,
    copied: Vec<usize>,
}

impl Reading<'_> {
    /// Writes the lines `span` stands on, each blanked outside the span; a token on the
    /// line written last joins it.
    fn push(&mut self, span: Span) {
        let (from, to) = (span.start as usize, span.end as usize);
        let mut k = self.starts.partition_point(|&s| s <= from) - 1;
        while k < self.starts.len() && self.starts[k] < to.max(from + 1) {
            let start = self.starts[k];
            let end = self
                .starts
                .get(k + 1)
                .map_or(self.movetext.len(), |&s| s - 1);
            let line = &self.movetext[start..end];
            let (a, b) = (from.max(start) - start, to.min(end).max(start) - start);
            if self.copied.last() != Some(&k) {
                self.lines.push(
                    line.chars()
                        .flat_map(|c| std::iter::repeat_n(' ', c.len_utf8()))
                        .collect(),
                );
                self.line_numbers
                    .push(self.numbers.get(k).copied().unwrap_or(self.first_line + k));
                self.copied.push(k);
            }
            let last = self.lines.last_mut().expect("a line was written");
            last.replace_range(a..b, &line[a..b]);
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use escriba_notation::DescLang;

    const EN: Dialect = Dialect::Descriptive(DescLang::En);

    fn words(a: &Alternate) -> Vec<&str> {
        a.movetext.split_whitespace().collect()
    }

    #[test]
    fn whites_column_then_blacks_is_read_in_the_order_of_play() {
        let text = "1. P-K4\n2. Kt-KB3\n3. B-B4\n1. P-K4\n2. Kt-QB3\n3. B-B4 {a note}\n";
        let a = by_numbers(text, &[], 10, EN).expect("numbers repeat");
        assert_eq!(
            words(&a),
            [
                "P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-B4", "B-B4", "{a", "note}"
            ]
        );
        // Each token keeps its source line and its column.
        assert_eq!(a.line_numbers, [10, 13, 11, 14, 12, 15]);
        assert_eq!(a.movetext.split('\n').nth(1), Some("   P-K4"));
    }

    #[test]
    fn blacks_move_beside_whites_next_is_read_in_order() {
        let text = "1. P-K4\n1. P-K4   2. Kt-KB3\n2. Kt-QB3   3. B-B4\n";
        let a = by_numbers(text, &[], 1, EN).expect("numbers repeat");
        assert_eq!(words(&a), ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-B4"]);
    }

    #[test]
    fn a_result_under_blacks_column_ends_the_reading_after_whites_last_move() {
        let text =
            "1. P-K4\n2. Q-R5\n3. B-B4\n4. QxP mate\n1. P-K4\n2. K-K2\n3. Kt-QB3\nAnd wins.\n";
        let a = by_numbers(text, &[], 1, EN).expect("numbers repeat");
        assert_eq!(
            words(&a),
            [
                "P-K4", "P-K4", "Q-R5", "K-K2", "B-B4", "Kt-QB3", "QxP", "mate", "And", "wins."
            ]
        );
    }

    #[test]
    fn a_table_whose_numbers_do_not_repeat_or_place_every_move_gives_no_reading() {
        assert_eq!(
            by_numbers("1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n", &[], 1, EN),
            None
        );
        // Two moves for Black's first move: the numbers do not place them.
        assert_eq!(by_numbers("1. P-K4 P-K4\n1. P-Q4\n", &[], 1, EN), None);
        // A gap: Black's second move is missing.
        assert_eq!(
            by_numbers("1. P-K4\n2. P-Q4\n3. P-QB4\n1. P-K4\n3. P-Q4\n", &[], 1, EN),
            None
        );
    }
}
