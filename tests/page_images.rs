//! Page images in: a page printed from a game's text (Tesseract's `text2image`, a serif
//! font, no damage) and given to `escriba transcribe` as a TIFF or a PDF is read by
//! Tesseract into the game it shows, each ply with its page and word box, and a doubtful
//! word shows on the review page as the crop of the image around it (also as headless
//! Chromium draws the page); a missing
//! Tesseract or language model is an error that names the Debian package to install.
//! The tests that need Tesseract fail under `CI=true` when it is missing, and skip with a
//! notice elsewhere.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::browser::{chromium, dom_after_scripts, file_url, screenshot};
use crate::cli_support::{escriba, parse_pgn, run};
use crate::common::{absent, crops_on_page, first_jsonl_game};
use escriba_testkit::TempDir;

/// A short game, as a book prints it, one move a line.
const GAME: [&str; 6] = [
    "1. P-K4 P-K4",
    "2. Kt-KB3 Kt-QB3",
    "3. B-Kt5 P-QR3",
    "4. B-R4 Kt-B3",
    "5. Castles B-K2",
    "6. R-K1 P-QKt4",
];
const SANS: [&str; 12] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
];

/// True when `program` runs (`--version`), else says it is absent ([`absent`]).
fn have(program: &str) -> bool {
    let ok = Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !ok {
        absent(format!(
            "`{program}` (Debian: tesseract-ocr, poppler-utils)"
        ));
    }
    ok
}

/// Renders `lines` as a clean page image at 300 dpi with a serif font: `OUT.tif`.
fn print_page(lines: &[&str], out: &Path) {
    let text = out.with_extension("txt");
    std::fs::write(&text, lines.join("\n") + "\n").unwrap();
    let status = Command::new("text2image")
        .args(["--font", "DejaVu Serif", "--fonts_dir", "/usr/share/fonts"])
        .args([
            "--ptsize",
            "12",
            "--resolution",
            "300",
            "--xsize",
            "2550",
            "--ysize",
            "3300",
        ])
        .args(["--degrade_image=false", "--rotate_image=false"])
        // text2image writes a fontconfig file there (the working folder by default).
        .arg("--fontconfig_tmpdir")
        .arg(out.parent().unwrap())
        .arg("--text")
        .arg(&text)
        .arg("--outputbase")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("text2image runs");
    assert!(status.success(), "text2image rendered {}", out.display());
}

#[test]
fn a_printed_page_reads_as_the_game_it_shows_with_its_page_and_boxes() {
    if !have("tesseract") || !have("text2image") {
        return;
    }
    let dir = TempDir::new("page-image");
    print_page(&GAME, &dir.path().join("page"));
    let (pgn, jsonl, csv) = (
        dir.file("out.pgn"),
        dir.file("out.jsonl"),
        dir.file("p.csv"),
    );
    let r = run(
        &[
            "transcribe",
            &dir.file("page.tif"),
            "-o",
            &pgn,
            "--jsonl",
            &jsonl,
            "--plies-csv",
            &csv,
            "--notation",
            "en-descriptive",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games[0].sans, SANS, "{}", r.stderr);
    let game = first_jsonl_game(&jsonl);
    let moves = game["moves"].as_array().unwrap();
    // Each ply's word is on page 1, one printed line (about 50 px at 12 pt, 300 dpi)
    // below the previous move number's, and White's left of Black's.
    let boxes: Vec<[f64; 4]> = moves
        .iter()
        .map(|m| {
            assert_eq!(m["page"], 1, "{m}");
            serde_json::from_value(m["box"].clone()).unwrap()
        })
        .collect();
    for pair in boxes.chunks(2) {
        assert!(
            pair[0][2] < pair[1][0],
            "White's word before Black's: {pair:?}"
        );
    }
    for (a, b) in boxes.iter().step_by(2).zip(boxes.iter().step_by(2).skip(1)) {
        assert!(b[1] > a[3], "each move a line lower: {a:?} {b:?}");
    }
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert!(csv.lines().skip(1).all(|l| !l.ends_with(",,,,,")), "{csv}");
}

/// A page printed with `2. Kt-KB8`, a misprint with an impossible rank, transcribed and read
/// back into a review page: the page's path, and how many plies of the game are not exact
/// (each of them listed on the page, the misprint among them, repaired or ambiguous).
fn reviewed_misprint(dir: &TempDir) -> (String, usize) {
    let mut lines = GAME.to_vec();
    lines[1] = "2. Kt-KB8 Kt-QB3";
    print_page(&lines, &dir.path().join("page"));
    let jsonl = dir.file("out.jsonl");
    let r = run(
        &[
            "transcribe",
            &dir.file("page.tif"),
            "-o",
            &dir.file("o.pgn"),
        ]
        .into_iter()
        .chain(["--jsonl", &jsonl, "--notation", "en-descriptive"])
        .collect::<Vec<_>>(),
        None,
    );
    let game = first_jsonl_game(&jsonl);
    let moves = game["moves"].as_array().unwrap();
    // Every ply that is not exact is listed on the page (inferred ones behind a filter).
    let doubtful = moves.iter().filter(|m| m["status"] != "exact").count();
    assert!(
        moves
            .iter()
            .any(|m| m["status"] == "repaired" || m["status"] == "ambiguous"),
        "the misprint is flagged: {}",
        r.stderr
    );
    // The page image is its own scan, and the run read it: the page may show it.
    let html = dir.file("page.html");
    let r = run(&["review", &jsonl, "-o", &html], None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    (html, doubtful)
}

#[test]
fn a_doubtful_word_of_a_page_image_shows_as_the_crop_of_the_image_on_a_read_back_review_page() {
    if !have("tesseract") || !have("text2image") {
        return;
    }
    let dir = TempDir::new("page-image-crop");
    let (html, doubtful) = reviewed_misprint(&dir);
    let page = std::fs::read_to_string(&html).unwrap();
    let crops = crops_on_page(&page);
    assert_eq!(crops.len(), doubtful, "a crop for each doubtful ply");
    for c in &crops {
        let pixels: Vec<_> = c.pixels().collect();
        assert!(pixels.iter().any(|p| p.0.iter().all(|&v| v < 60)), "ink");
        assert!(pixels.contains(&&FRAME), "the word's frame");
    }
    // A page image has no text to quote: the page says so.
    assert!(page.contains("it is a page image"));
}

/// The colour of the frame drawn around the word on a crop.
const FRAME: image::Rgb<u8> = image::Rgb([220, 30, 30]);

/// The longest run of pixels of the frame's colour (give or take a little, as a browser
/// blends the edges of a scaled image) along one row of `shot`.
fn longest_frame_run(shot: &image::RgbImage) -> u32 {
    let near = |p: &image::Rgb<u8>| p.0.iter().zip(FRAME.0).all(|(&a, b)| a.abs_diff(b) <= 24);
    let mut longest = 0;
    for y in 0..shot.height() {
        let mut run = 0;
        for x in 0..shot.width() {
            run = if near(shot.get_pixel(x, y)) {
                run + 1
            } else {
                0
            };
            longest = longest.max(run);
        }
    }
    longest
}

#[test]
fn in_a_browser_the_review_page_of_a_scanned_run_draws_the_crop_of_each_doubtful_word() {
    if !have("tesseract") || !have("text2image") {
        return;
    }
    let Some(browser) = chromium() else { return };
    let dir = TempDir::new("page-image-browser");
    let (html, doubtful) = reviewed_misprint(&dir);
    // After the page's own script has run, every crop is still in the page.
    let url = file_url(Path::new(&html));
    let Some(dom) = dom_after_scripts(&browser, &url) else {
        return;
    };
    assert_eq!(crops_on_page(&dom).len(), doubtful, "{dom}");
    // Chromium draws the crop: the frame around the word is on the screen as a line of
    // its colour, which the same page without its images does not draw.
    let Some(shot) = screenshot(&browser, &url, [1200, 3000]) else {
        return;
    };
    let drawn = longest_frame_run(&shot);
    assert!(drawn >= 40, "the word's frame drawn, {drawn} px long");
    let page = std::fs::read_to_string(&html).unwrap();
    let bare = dir.file("bare.html");
    // (The page's attributes escape `/`, so the address is matched by its start; an image
    // without its `src` is not drawn.)
    let broken = page.replace("<img src=\"data:image", "<img data-src=\"data:image");
    assert_ne!(broken, page);
    std::fs::write(&bare, broken).unwrap();
    let Some(bare) = screenshot(&browser, &file_url(Path::new(&bare)), [1200, 3000]) else {
        return;
    };
    let without = longest_frame_run(&bare);
    assert!(without < 10, "no frame without the crops, {without} px");
}

#[test]
fn a_pdf_page_is_rendered_then_read() {
    if !have("tesseract") || !have("text2image") || !have("pdftoppm") {
        return;
    }
    let dir = TempDir::new("page-pdf");
    print_page(&GAME, &dir.path().join("page"));
    // Tesseract writes a PDF of the page (image and text layer): a scanned book's PDF.
    let status = Command::new("tesseract")
        .arg(dir.path().join("page.tif"))
        .arg(dir.path().join("book"))
        .arg("pdf")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let pgn = dir.file("out.pgn");
    let r = run(
        &[
            "transcribe",
            &dir.file("book.pdf"),
            "-o",
            &pgn,
            "--ocr-lang",
            "eng",
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    assert_eq!(games[0].sans, SANS, "{}", r.stderr);
}

#[test]
fn a_missing_tesseract_is_an_error_naming_the_package() {
    let dir = TempDir::new("page-no-tesseract");
    std::fs::write(dir.path().join("page.png"), b"\x89PNG\r\n\x1a\n").unwrap();
    // No program on the PATH: no Tesseract.
    let out = escriba()
        .args([
            "transcribe",
            &dir.file("page.png"),
            "-o",
            &dir.file("out.pgn"),
        ])
        .env("PATH", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("page.png")
            && stderr.contains("tesseract")
            && stderr.contains("apt-get install tesseract-ocr"),
        "{stderr}"
    );
}

#[test]
fn a_missing_language_model_is_an_error_naming_its_package() {
    if !have("tesseract") || !have("text2image") {
        return;
    }
    let dir = TempDir::new("page-no-model");
    print_page(&GAME, &dir.path().join("page"));
    let r = run(
        &["transcribe", &dir.file("page.tif"), "--ocr-lang", "qqq"],
        None,
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("tesseract-ocr-qqq") && r.stderr.contains("--ocr-lang"),
        "{}",
        r.stderr
    );
}
