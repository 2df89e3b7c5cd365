//! The converter fixtures with known answers (`shared/corpus/fixtures`): every row's
//! descriptive input replays, from the row's FEN, to the row's expected SAN.

use escriba_notation::{DescLang, Dialect};
use escriba_resolve::{Options, resolve, start_position};

use crate::common::{sans, shared};

const EN: Dialect = Dialect::Descriptive(DescLang::En);

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(o) => {
                    out.push('\\');
                    out.push(o);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Expected SAN as the row states it, normalised: annotations, `e.p.` and terminators go.
fn normalise(expected: &str) -> Vec<String> {
    expected
        .split_whitespace()
        .filter(|t| !matches!(*t, "resigns" | "1-0" | "0-1" | "1/2-1/2"))
        .map(|t| {
            t.trim_end_matches(['!', '?'])
                .trim_end_matches("e.p.")
                .to_owned()
        })
        .collect()
}

struct Row {
    source: String,
    fen: String,
    input: String,
    expected: Vec<String>,
}

fn rows() -> Option<Vec<Row>> {
    let path = shared("corpus/fixtures/descriptive-with-answers.tsv")?;
    let text = std::fs::read_to_string(path).unwrap();
    Some(
        text.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                Row {
                    source: f[0].to_owned(),
                    fen: f[1].to_owned(),
                    input: unescape(f[2]),
                    expected: normalise(f[3]),
                }
            })
            .collect(),
    )
}

/// Rows whose expected answer is itself wrong, and why. The test holds these rows to the
/// answer of the other converter's row for the same game.
const WRONG_ANSWERS: [(&str, &str, &str); 1] = [(
    "ostinato:shared/src/test/scala/ostinato/chess/core/NotationParserTest.scala#should parse descriptive notation Irving Chernev Practical Chess Endings Game 296",
    "cheesse:parser/ostinato_corpus_test.go#TestOstinatoCorpus_DescriptiveToAlgebraic/Chernev Game 296 with rook disambiguation",
    "Ra5, Ra6+, Rg6 and Rc6 are not minimal legal SAN: two rooks reach each of those squares",
)];

#[test]
fn every_fixture_row_replays_to_its_expected_san() {
    let Some(rows) = rows() else { return };
    assert_eq!(rows.len(), 35, "the fixture file has 35 rows");
    let mut failures = Vec::new();
    for row in &rows {
        let expected = match WRONG_ANSWERS.iter().find(|(s, _, _)| *s == row.source) {
            Some((_, other, _)) => &rows.iter().find(|r| r.source == *other).unwrap().expected,
            None => &row.expected,
        };
        let start = start_position(Some(&row.fen), false).unwrap();
        let d = resolve(&row.input, EN, start, &Options::default());
        let got = sans(&d);
        if &got != expected || d.failure.is_some() {
            failures.push(format!(
                "{}\n  want {}\n  got  {}\n  failure {:?}",
                row.source,
                expected.join(" "),
                got.join(" "),
                d.failure.as_ref().map(|f| &f.message)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} rows differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_known_wrong_row_really_is_not_minimal_san() {
    let Some(rows) = rows() else { return };
    for (source, _, why) in WRONG_ANSWERS {
        let row = rows
            .iter()
            .find(|r| r.source == source)
            .expect("row present");
        let start = start_position(Some(&row.fen), false).unwrap();
        let d = resolve(&row.input, EN, start, &Options::default());
        assert_ne!(sans(&d), row.expected, "{why}");
    }
}
