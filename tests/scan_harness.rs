//! The print-and-scan harness as a property: generated books printed as page images at
//! the mild damage level (`xtask::scan`), read by Tesseract into hOCR and ALTO, then by
//! `escriba transcribe` (default mode) from each. Scored by position against the books'
//! truth: **no wrong ply goes unflagged**, from either format (how many plies are read
//! right is the bench's figure, `cargo xtask scan-bench`, not asserted here). The test
//! fails under `CI=true` when Tesseract is missing, and skips with a notice elsewhere.

use xtask::bookgen::{Mix, generate, source_games};
use xtask::position::{Line, output_lines, reference_lines, score_text};
use xtask::scan::{Level, have, scan_book};

use escriba_testkit::TempDir;

use crate::cli_support::run;
use crate::common::absent;

/// Reads the OCR file `ocr` with escriba and scores it against `reference`: (plies
/// printed, plies right, wrong plies with no flag).
fn read_and_score(ocr: &str, jsonl: &str, reference: &[Line]) -> (usize, usize, usize) {
    let r = run(&["transcribe", ocr, "--jsonl", jsonl], None);
    assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
    let outputs = output_lines(&std::fs::read_to_string(jsonl).unwrap()).unwrap();
    let pairs: Vec<(&Line, usize)> = reference.iter().map(|l| (l, l.positions.len())).collect();
    let scores = score_text(&pairs, &outputs);
    scores.iter().fold((0, 0, 0), |(p, m, w), s| {
        (p + s.printed, m + s.matched, w + s.unflagged_wrong)
    })
}

#[test]
fn printed_and_scanned_books_read_with_no_wrong_ply_unflagged_from_hocr_and_alto() {
    if !have("tesseract") || !have("text2image") {
        absent("`tesseract` or `text2image` (Debian: tesseract-ocr)");
        return;
    }
    let mix = Mix::only(&[
        "layout:paired",
        "layout:single",
        "notation:en-compact",
        "notation:en-long",
        "players:colon",
        "heading:game",
    ])
    .unwrap();
    let dir = TempDir::new("scan-harness");
    for seed in [3, 8] {
        let (pool, _) = source_games(None, 2, seed).unwrap();
        let book = &generate(&pool, 2, &mix, seed)[0];
        let scanned = scan_book(
            book,
            "book",
            &dir.path().join(format!("book-{seed}")),
            Level::Mild,
        )
        .unwrap();
        let reference =
            reference_lines(&std::fs::read_to_string(&scanned.reference).unwrap()).unwrap();
        for ocr in [&scanned.hocr, &scanned.alto] {
            let ocr = ocr.display().to_string();
            let (printed, right, wrong) =
                read_and_score(&ocr, &dir.file(&format!("{seed}.jsonl")), &reference);
            assert_eq!(
                wrong, 0,
                "{ocr}: {wrong} wrong plies with no flag ({right} of {printed} right)"
            );
        }
    }
}
