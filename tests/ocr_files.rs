//! OCR files in: ALTO (v2, v3, v4), hOCR and PAGE XML are told by their content, their
//! words laid out as text by their boxes (a two-column table reads as two columns), and
//! each ply's JSONL object keeps the page and the box of its word. A malformed file is an
//! error naming it, never a panic; an XML file that is not OCR is read as text. The page
//! and the word's box are in every place: `plies.csv`, SQLite, Parquet, the diagnostics;
//! the review page shows the crop of the page scan around each doubtful word.

use crate::cli_support::{parse_pgn, run};
use crate::common::{crops_on_page, first_jsonl_game};
use escriba_testkit::TempDir;

/// The Opera game's first nine moves, as a book prints them, one move a line.
const GAME: [&str; 9] = [
    "1. P-K4 P-K4",
    "2. Kt-KB3 P-Q3",
    "3. P-Q4 B-KKt5",
    "4. PxP BxKt",
    "5. QxB PxP",
    "6. B-QB4 Kt-KB3",
    "7. Q-QKt3 Q-K2",
    "8. Kt-QB3 P-QB3",
    "9. B-KKt5 P-QKt4",
];
const SANS: [&str; 18] = [
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5",
];

/// One OCR word: its text, its box's top-left corner (10 px a character, 20 px high) and
/// its OCR line.
struct Word {
    text: String,
    x: u32,
    y: u32,
    line: usize,
}

impl Word {
    fn x1(&self) -> u32 {
        self.x + 10 * self.text.chars().count() as u32
    }
}

/// The game as words, one OCR line per move, 30 px apart, a space 10 px wide.
fn game_words() -> Vec<Word> {
    let mut words = Vec::new();
    for (line, text) in GAME.iter().enumerate() {
        let mut x = 100;
        for w in text.split(' ') {
            words.push(Word {
                text: w.to_owned(),
                x,
                y: 200 + 30 * line as u32,
                line,
            });
            x += 10 * (w.len() as u32 + 1);
        }
    }
    words
}

/// The game as a two-column table: the move numbers and White's moves in one column (one
/// block), Black's in another 300 px to the right, the blocks one after the other in the
/// file, as an engine writes them.
fn table_words() -> Vec<Word> {
    let mut words = Vec::new();
    for (row, text) in GAME.iter().enumerate() {
        let mut parts = text.split(' ');
        let (n, white, black) = (parts.next(), parts.next(), parts.next());
        let y = 200 + 30 * row as u32;
        for (x, w) in [(100, n), (140, white)] {
            words.push(Word {
                text: w.unwrap().to_owned(),
                x,
                y,
                line: row,
            });
        }
        words.push(Word {
            text: black.unwrap().to_owned(),
            x: 400,
            y,
            line: 100 + row,
        });
    }
    words.sort_by_key(|w| (w.line >= 100, w.line, w.x));
    words
}

/// The words grouped by line, in their order.
fn lines(words: &[Word]) -> Vec<Vec<&Word>> {
    let mut out: Vec<Vec<&Word>> = Vec::new();
    for w in words {
        match out.last_mut() {
            Some(l) if l[0].line == w.line => l.push(w),
            _ => out.push(vec![w]),
        }
    }
    out
}

/// An ALTO file of `version` (2, 3 or 4).
fn alto(words: &[Word], version: u8) -> String {
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v{version}#\">\n\
         <Layout><Page ID=\"P1\" PHYSICAL_IMG_NR=\"1\" WIDTH=\"800\" HEIGHT=\"1200\"><PrintSpace><TextBlock ID=\"B1\">\n"
    );
    for line in lines(words) {
        s.push_str("<TextLine>");
        for w in line {
            s.push_str(&format!(
                "<String CONTENT=\"{}\" HPOS=\"{}\" VPOS=\"{}\" WIDTH=\"{}\" HEIGHT=\"20\" WC=\"0.{}\"/><SP/>",
                w.text,
                w.x,
                w.y,
                w.x1() - w.x,
                90 + w.line % 10
            ));
        }
        s.push_str("</TextLine>\n");
    }
    s + "</TextBlock></PrintSpace></Page></Layout></alto>\n"
}

/// An hOCR file, as Tesseract writes it (with its doctype).
fn hocr(words: &[Word]) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \
         \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n\
         <head><title></title><meta name='ocr-system' content='tesseract 5.3.0' /></head><body>\n\
         <div class='ocr_page' id='page_1' title='image \"p.png\"; bbox 0 0 800 1200; ppageno 0'>\n",
    );
    for (i, line) in lines(words).into_iter().enumerate() {
        s.push_str(&format!(
            "<span class='ocr_line' id='line_1_{i}' title='bbox 0 0 1 1'>"
        ));
        for w in line {
            s.push_str(&format!(
                "<span class='ocrx_word' title='bbox {} {} {} {}; x_wconf 93'>{}</span> ",
                w.x,
                w.y,
                w.x1(),
                w.y + 20,
                w.text
            ));
        }
        s.push_str("</span>\n");
    }
    s + "</div></body></html>\n"
}

/// A PAGE XML file (2019 schema).
fn page_xml(words: &[Word]) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<PcGts xmlns=\"http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15\">\n\
         <Page imageFilename=\"p.png\" imageWidth=\"800\" imageHeight=\"1200\"><TextRegion id=\"r1\">\n",
    );
    for (i, line) in lines(words).into_iter().enumerate() {
        s.push_str(&format!("<TextLine id=\"l{i}\">"));
        for w in line {
            s.push_str(&format!(
                "<Word><Coords points=\"{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}\"/>\
                 <TextEquiv conf=\"0.95\"><Unicode>{t}</Unicode></TextEquiv></Word>",
                x0 = w.x,
                y0 = w.y,
                x1 = w.x1(),
                y1 = w.y + 20,
                t = w.text
            ));
        }
        s.push_str("</TextLine>\n");
    }
    s + "</TextRegion></Page></PcGts>\n"
}

/// `transcribe FILE -o out.pgn --jsonl out.jsonl` in `dir`: the exit code, the first
/// game's SAN, the JSONL and stderr.
fn transcribe(dir: &TempDir, name: &str, text: &str) -> (Option<i32>, Vec<String>, String, String) {
    std::fs::write(dir.path().join(name), text).unwrap();
    let (out, jsonl) = (dir.file("out.pgn"), dir.file("out.jsonl"));
    let _ = std::fs::remove_file(&out);
    let r = run(
        &["transcribe", &dir.file(name), "-o", &out, "--jsonl", &jsonl],
        None,
    );
    let games = parse_pgn(&std::fs::read_to_string(&out).unwrap_or_default());
    let sans = games.first().map(|g| g.sans.clone()).unwrap_or_default();
    let jsonl = std::fs::read_to_string(&jsonl).unwrap_or_default();
    (r.code, sans, jsonl, r.stderr)
}

#[test]
fn alto_hocr_and_page_files_read_as_the_game_they_hold() {
    let dir = TempDir::new("ocr-formats");
    let words = game_words();
    for (name, text) in [
        ("v2.xml", alto(&words, 2)),
        ("v3.xml", alto(&words, 3)),
        ("v4.xml", alto(&words, 4)),
        ("page.hocr", hocr(&words)),
        ("page.xml", page_xml(&words)),
    ] {
        let (code, sans, _, stderr) = transcribe(&dir, name, &text);
        assert_eq!(code, Some(0), "{name}: {stderr}");
        assert_eq!(sans, SANS, "{name}: {stderr}");
    }
}

#[test]
fn a_two_column_table_reads_by_its_x_coordinates() {
    let dir = TempDir::new("ocr-table");
    let words = table_words();
    for (name, text) in [("table.xml", alto(&words, 4)), ("table.hocr", hocr(&words))] {
        let (code, sans, _, stderr) = transcribe(&dir, name, &text);
        assert_eq!(code, Some(0), "{name}: {stderr}");
        assert_eq!(sans, SANS, "{name}: {stderr}");
    }
}

#[test]
fn each_ply_keeps_its_page_its_word_box_and_confidence() {
    let dir = TempDir::new("ocr-places");
    let (code, _, jsonl, stderr) = transcribe(&dir, "v4.xml", &alto(&game_words(), 4));
    assert_eq!(code, Some(0), "{stderr}");
    let game: serde_json::Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 18);
    // `2. Kt-KB3`: White's second move, the second word of the page's second line.
    let m = &moves[2];
    assert_eq!(m["san"], "Nf3");
    assert_eq!(
        (m["line"].as_u64(), m["column"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(m["page"], 1);
    assert_eq!(m["box"], serde_json::json!([130.0, 230.0, 190.0, 250.0]));
    assert_eq!(
        m["confidence"].as_f64().map(|c| (c * 100.0).round()),
        Some(91.0)
    );
}

#[test]
fn a_plain_text_source_has_no_page_fields() {
    let dir = TempDir::new("ocr-plain");
    let (code, _, jsonl, stderr) = transcribe(&dir, "game.txt", &GAME.join("\n"));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        !jsonl.contains("\"page\"")
            && !jsonl.contains("\"box\"")
            && !jsonl.contains("failure_place"),
        "{jsonl}"
    );
}

#[test]
fn a_malformed_ocr_file_is_an_error_naming_it_never_a_panic() {
    let dir = TempDir::new("ocr-malformed");
    let full = alto(&game_words(), 3);
    let cases = [
        ("cut.xml", full[..full.len() / 2].to_owned()),
        ("tags.xml", full.replace("</TextLine>", "</TextBlock>")),
        ("hocr.html", hocr(&game_words()).replace("</span>", "")),
        (
            "page.xml",
            page_xml(&game_words()).replace("<Word>", "<Word <"),
        ),
    ];
    for (name, text) in cases {
        let (code, _, _, stderr) = transcribe(&dir, name, &text);
        assert_eq!(code, Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(name) && stderr.contains("malformed"),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
    // Well-formed, but with boxes no page has: read, and no panic.
    let odd = full
        .replace("HPOS=\"100\"", "HPOS=\"1e300\"")
        .replace("VPOS=\"230\"", "VPOS=\"NaN\"")
        .replace("WIDTH=\"40\"", "WIDTH=\"-5\"");
    let (code, _, _, stderr) = transcribe(&dir, "odd.xml", &odd);
    assert_ne!(code, Some(2), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_xml_file_that_is_not_ocr_is_read_as_text() {
    let dir = TempDir::new("ocr-svg");
    let svg = "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">\n\
               <text x=\"10\" y=\"20\">page</text>\n</svg>\n";
    let (code, _, jsonl, stderr) = transcribe(&dir, "diagram.svg", svg);
    assert_ne!(code, Some(2), "{stderr}");
    assert!(
        !stderr.contains("XML") && !jsonl.contains("\"box\""),
        "{stderr}"
    );
}

#[test]
fn a_failing_token_keeps_its_page_and_box() {
    let dir = TempDir::new("ocr-failure");
    let mut words = game_words();
    // `3. P-Q4 B-KKt5`: White's pawn move misread as an impossible bishop move.
    words.iter_mut().find(|w| w.text == "P-Q4").unwrap().text = "B-KKt7".to_owned();
    let (_, _, jsonl, stderr) = transcribe(&dir, "bad.xml", &alto(&words, 2));
    let game: serde_json::Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(game["page"], 1, "{stderr}");
    assert_eq!(game["failure"]["token"], "B-KKt7", "{stderr}");
    let place = &game["failure_place"];
    assert_eq!(place["page"], 1);
    assert_eq!(
        place["box"],
        serde_json::json!([130.0, 260.0, 190.0, 280.0])
    );
}

#[test]
fn the_page_and_box_are_in_plies_csv_sqlite_parquet_and_the_diagnostics() {
    use arrow_array::Array;
    let dir = TempDir::new("ocr-everywhere");
    let mut words = game_words();
    // `3. P-Q4 B-KKt5`: White's pawn move misread as an impossible bishop move.
    words.iter_mut().find(|w| w.text == "P-Q4").unwrap().text = "B-KKt7".to_owned();
    std::fs::write(dir.path().join("bad.xml"), alto(&words, 3)).unwrap();
    let (csv, db, parquet) = (dir.file("p.csv"), dir.file("r.sqlite"), dir.file("pq"));
    let r = run(
        &[
            "transcribe",
            &dir.file("bad.xml"),
            "--plies-csv",
            &csv,
            "--sqlite",
            &db,
            "--parquet",
            &parquet,
        ],
        None,
    );
    // The failing token's word: `B-KKt7`, on the third line, at x 130..190, y 260..280.
    let want = ["1", "130", "260", "190", "280"];
    assert!(
        r.stderr
            .contains("on the scan: page 1, box [130, 260, 190, 280]"),
        "{}",
        r.stderr
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = rows.headers().unwrap().iter().map(String::from).collect();
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let records: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let failed = records
        .iter()
        .find(|r| &r[at("status")] == "failed")
        .unwrap();
    let cells: Vec<&str> = ["page", "box_x0", "box_y0", "box_x1", "box_y1"]
        .iter()
        .map(|c| &failed[at(c)])
        .collect();
    assert_eq!(cells, want, "{text}");
    // `2. Kt-KB3`: White's second move, the second word of the second line.
    let nf3 = &records[2];
    assert_eq!((&nf3[at("san")], &nf3[at("box_x0")]), ("Nf3", "130"));
    let conn = rusqlite::Connection::open(&db).unwrap();
    let issue: (i64, i64, i64, i64, i64) = conn
        .query_row(
            "SELECT page, box_x0, box_y0, box_x1, box_y1 FROM issues WHERE severity = 'failure'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    assert_eq!(issue, (1, 130, 260, 190, 280));
    let ply: (i64, i64) = conn
        .query_row(
            "SELECT page, box_y0 FROM plies WHERE status = 'failed'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(ply, (1, 260));
    let file = std::fs::File::open(dir.path().join("pq/plies.parquet")).unwrap();
    let reader =
        parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let batch = reader.build().unwrap().next().unwrap().unwrap();
    let schema = batch.schema();
    assert!(schema.field_with_name("page").unwrap().is_nullable());
    let page = batch
        .column_by_name("page")
        .unwrap()
        .as_any()
        .downcast_ref::<arrow_array::Int64Array>()
        .unwrap();
    assert_eq!(
        page.null_count(),
        0,
        "every ply of an OCR source has its page"
    );
    assert_eq!(page.value(0), 1);
}

#[test]
fn a_text_source_leaves_the_page_and_box_empty_everywhere() {
    let dir = TempDir::new("ocr-text-empty");
    std::fs::write(dir.path().join("game.txt"), GAME.join("\n")).unwrap();
    let (csv, db) = (dir.file("p.csv"), dir.file("r.sqlite"));
    let r = run(
        &[
            "transcribe",
            &dir.file("game.txt"),
            "--plies-csv",
            &csv,
            "--sqlite",
            &db,
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with(",page,box_x0,box_y0,box_x1,box_y1")
    );
    assert!(text.lines().skip(1).all(|l| l.ends_with(",,,,,")), "{text}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let placed: i64 = conn
        .query_row(
            "SELECT count(*) FROM plies WHERE page IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(placed, 0);
}

/// A white page of the fixtures' size (800 × 1200) with each word's box inked black,
/// saved as `p.png` (the scan the fixtures name) in `dir`.
fn save_scan(dir: &TempDir, words: &[Word]) {
    let mut img = image::RgbImage::from_pixel(800, 1200, image::Rgb([255, 255, 255]));
    for w in words {
        for x in w.x..w.x1() {
            for y in w.y..w.y + 20 {
                img.put_pixel(x, y, image::Rgb([0, 0, 0]));
            }
        }
    }
    img.save(dir.path().join("p.png")).unwrap();
}

#[test]
fn a_doubtful_word_shows_on_the_review_page_as_the_crop_of_its_page_scan() {
    let dir = TempDir::new("ocr-crops");
    let mut words = game_words();
    // `2. Kt-KB3`: its rank misread (`8`), a repaired ply; `3. P-Q4` misread as an
    // impossible bishop move, where the game stops.
    words.iter_mut().find(|w| w.text == "Kt-KB3").unwrap().text = "Kt-KB8".to_owned();
    words.iter_mut().find(|w| w.text == "P-Q4").unwrap().text = "B-KKt7".to_owned();
    save_scan(&dir, &words);
    for (name, text) in [("g.hocr", hocr(&words)), ("g.xml", page_xml(&words))] {
        std::fs::write(dir.path().join(name), text).unwrap();
        let (jsonl, html) = (dir.file("out.jsonl"), dir.file("out.html"));
        let r = run(
            &["transcribe", &dir.file(name), "-o", &dir.file("out.pgn")]
                .into_iter()
                .chain(["--jsonl", &jsonl, "--html", &html])
                .collect::<Vec<_>>(),
            None,
        );
        let game = first_jsonl_game(&jsonl);
        let ply = &game["moves"][2];
        assert_eq!(ply["status"], "repaired", "{name}: {}", r.stderr);
        // The scan is named as the run could open it: beside the OCR file.
        assert_eq!(ply["image"]["path"], dir.file("p.png"), "{name}");
        assert_eq!(ply["image"]["size"], serde_json::json!([800.0, 1200.0]));
        assert_eq!(game["failure_place"]["image"]["path"], dir.file("p.png"));
        // An exact ply has no review data, and names no scan.
        assert!(game["moves"][0].get("image").is_none(), "{name}");
        let crops = crops_on_page(&std::fs::read_to_string(&html).unwrap());
        assert_eq!(crops.len(), 2, "{name}: the repaired ply and the failure");
        for c in &crops {
            // The word's ink, outlined in red, with paper around it.
            let pixels: Vec<_> = c.pixels().collect();
            assert!(pixels.contains(&&image::Rgb([0, 0, 0])), "{name}");
            assert!(pixels.contains(&&image::Rgb([220, 30, 30])), "{name}");
            assert!(pixels.contains(&&image::Rgb([255, 255, 255])), "{name}");
        }
    }
}

#[test]
fn a_read_back_review_page_quotes_the_laid_out_lines_and_shows_no_scan_it_cannot_vouch_for() {
    let dir = TempDir::new("ocr-crops-trust");
    let mut words = game_words();
    words.iter_mut().find(|w| w.text == "Kt-KB3").unwrap().text = "Kt-KB8".to_owned();
    save_scan(&dir, &words);
    std::fs::write(dir.path().join("g.hocr"), hocr(&words)).unwrap();
    let jsonl = dir.file("out.jsonl");
    run(
        &[
            "transcribe",
            &dir.file("g.hocr"),
            "-o",
            &dir.file("out.pgn"),
        ]
        .into_iter()
        .chain(["--jsonl", &jsonl])
        .collect::<Vec<_>>(),
        None,
    );
    let html = dir.file("page.html");
    let r = run(&["review", &jsonl, "-o", &html], None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let page = std::fs::read_to_string(&html).unwrap();
    // The JSONL holds no digest of the scan the hOCR names: a JSONL could name any image
    // with it, so the read-back page does not read it, and says why.
    assert!(crops_on_page(&page).is_empty());
    assert!(
        page.contains("not a source of the run"),
        "the page says why"
    );
    // The hOCR's lines are quoted as the run laid them out, not as XML.
    assert!(page.contains("Kt-KB8"));
    assert!(!page.contains("ocrx_word"));
}
