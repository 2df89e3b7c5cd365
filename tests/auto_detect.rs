//! `--notation auto`'s cheap confirmation of the likeliest dialect
//! ([`escriba_notation::detect::detect_top_from`]) against the whole ranking
//! ([`escriba_notation::detect::rank_dialects`]): whatever dialect it is asked to confirm,
//! it names a dialect only when the whole ranking puts that dialect first.

use std::path::Path;

use escriba_notation::detect::{detect_top_from, rank_dialects};
use escriba_notation::{Dialect, Form, KnightLetter, Style};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::Chess;

use crate::common::{STYLES, shared};
use escriba_testkit::{Rng, random_game};

/// Checks every text with every dialect to confirm; returns how many were confirmed.
fn check(texts: &[String]) -> usize {
    let mut confirmed = 0;
    for text in texts {
        let ranked = rank_dialects(text);
        for &hint in &Dialect::ALL {
            if let Some(d) = detect_top_from(text, hint) {
                confirmed += 1;
                assert_eq!(
                    Some(d),
                    ranked.first().map(|r| r.0),
                    "confirmed {} for {text:?} (asked {}), ranked {ranked:?}",
                    d.id(),
                    hint.id()
                );
            }
        }
    }
    confirmed
}

/// Each blank-line paragraph of a text, and the text from each paragraph on (its first
/// kilobyte: the detector samples less).
fn pieces(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    for para in text.split("\n\n") {
        out.push(para.to_owned());
        out.push(text[at..].chars().take(1000).collect());
        at += para.len() + 2;
        if at >= text.len() {
            break;
        }
    }
    out
}

fn files_under(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else if let Ok(bytes) = std::fs::read(&p) {
            out.extend(pieces(&String::from_utf8_lossy(&bytes)));
        }
    }
}

#[test]
fn the_confirmed_dialect_is_the_one_the_whole_ranking_puts_first_on_generated_games() {
    let mut rng = Rng::new(0xA070_D37E);
    let styles = [
        STYLES[0],
        Style {
            form: Form::Compact,
            knight: KnightLetter::N,
        },
        STYLES[1],
        STYLES[2],
    ];
    let mut texts = Vec::new();
    for k in 0..120 {
        let moves = random_game(&mut rng, 20 + k % 90);
        for &d in &Dialect::ALL {
            for &style in &styles {
                if let Some(t) = write_game(&Chess::default(), &moves, d, style) {
                    texts.push(t);
                }
            }
        }
    }
    let confirmed = check(&texts);
    // The check must have had something to check: clean games confirm their own dialect.
    assert!(
        confirmed >= texts.len() / 2,
        "{confirmed} of {}",
        texts.len()
    );
}

#[test]
fn the_confirmed_dialect_is_the_one_the_whole_ranking_puts_first_on_the_corpus_and_shared_texts() {
    let mut texts = Vec::new();
    files_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus"),
        &mut texts,
    );
    let corpus = texts.len();
    assert!(corpus > 0, "the corpus has texts");
    for rel in ["corpus/books", "corpus/fixtures", "seeds"] {
        if let Some(dir) = shared(rel) {
            files_under(&dir, &mut texts);
        }
    }
    // The fixtures' movetexts, one per row, as the converter tests read them.
    if let Some(tsv) = shared("corpus/fixtures/descriptive-with-answers.tsv") {
        let rows = std::fs::read_to_string(tsv).expect("the fixtures TSV reads");
        for row in rows.lines().skip(1) {
            if let Some(text) = row.split('\t').nth(2) {
                texts.push(text.replace("\\n", "\n").replace("\\t", "\t"));
            }
        }
    }
    let confirmed = check(&texts);
    assert!(confirmed > 0, "no text of {} was confirmed", texts.len());
}
