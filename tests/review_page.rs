//! The review page and the corrections loop: the page lists every doubtful ply with a board
//! and its readings, escapes the book's text, counts what `report.json` counts, and a
//! reading chosen on it, saved the way the page saves it, is pinned by the next
//! `transcribe --corrections` (and can unblock a game that stopped). The browser tests open
//! the page in headless Chromium and skip with a notice where it is not installed.

use std::process::Command;

use escriba_pipeline::corrections::{Correction, Corrections};

use crate::browser::{chromium, dom_after_scripts, file_url};
use crate::cli_support::run;
use crate::common::shared;
use escriba_testkit::TempDir;

/// A morsel of the book's text that would mark the page if it ever ran as a script.
const INJECTED: &str =
    "<script>document.documentElement.setAttribute('data-injected','1')</script>";

/// Three games: a repaired ply (and a `<script>` in the text), a true tie, and a game that
/// stops at `R-Q7` (the nearest reading, P-Q3, lets it go on). Every other move prints its
/// wing, so that no ply is `inferred` (those are listed too, behind the filter).
fn games() -> String {
    format!(
        "[Event \"Review {INJECTED}\"]\n[White \"Morphy\"]\n[Black \"Duke <b>of</b> Brunswick\"]\n\
         [Notation \"en-descriptive\"]\n\n\
         1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. P-Q4 B-KKt5 4. PxP BxKt 5. QxB PxP\n\
         6. B-QB4 Kt-KBS 7. Q-QKt3 Q-K2 8. Kt-QB3 P-QB3 {{{INJECTED}}} 9. B-KKt5 P-QKt4\n\n\
         [White \"Tie\"]\n[Black \"Game\"]\n[Notation \"en-descriptive\"]\n\n\
         1. P-K4 P-K4 2. P-B4\n\n\
         [White \"Broken\"]\n[Black \"Game\"]\n[Notation \"en-descriptive\"]\n\n\
         1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-QB4 B-QB4 4. R-Q7 Kt-KB3 5. Kt-QB3 P-Q3 6. Castles Castles\n"
    )
}

/// One entry of the page: its id, status and readings (SAN by key).
#[derive(Debug)]
struct Entry {
    id: String,
    status: String,
    readings: Vec<String>,
    boards: usize,
    svgs: usize,
}

/// The value of attribute `name` in the tag starting at `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let head = &tag[..tag.find('>')?];
    let at = head.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&head[at..at + head[at..].find('"')?])
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&#x2f;", "/")
        .replace("&amp;", "&")
}

/// The entries of a page (as written, or as the browser's DOM dump).
fn entries(html: &str) -> Vec<Entry> {
    html.match_indices("<article class=\"entry")
        .map(|(at, _)| {
            let body = &html[at..at + html[at..].find("</article>").expect("closed")];
            let mut readings = Vec::new();
            for (r, _) in body.match_indices("<tr class=\"reading-row") {
                let row = &body[r..r + body[r..].find("</tr>").expect("row")];
                let cells: Vec<&str> = row.split("<td").collect();
                let san = cells.get(3).and_then(|c| {
                    let c = &c[c.find('>')? + 1..];
                    Some(unescape(&c[..c.find("</td>")?]))
                });
                readings.push(san.expect("a SAN cell"));
            }
            Entry {
                id: attr(body, "id").expect("an id").to_owned(),
                status: attr(body, "data-status").expect("a status").to_owned(),
                readings,
                boards: body.matches("data-board=\"").count(),
                svgs: body.matches("<svg").count(),
            }
        })
        .collect()
}

/// The count per status in the page's summary table.
fn counts(html: &str) -> Vec<(String, u64)> {
    html.match_indices("data-count=\"")
        .map(|(at, m)| {
            let rest = &html[at + m.len()..];
            let status = &rest[..rest.find('"').unwrap()];
            let n = &rest[rest.find('>').unwrap() + 1..rest.find('<').unwrap()];
            (status.to_owned(), n.parse().unwrap())
        })
        .collect()
}

/// The statuses of the plies of each game of a JSONL file, with SAN.
fn plies(jsonl: &str) -> Vec<(String, Vec<(String, String)>)> {
    jsonl
        .lines()
        .map(|l| {
            let g: serde_json::Value = serde_json::from_str(l).unwrap();
            let moves = g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    (
                        m["san"].as_str().unwrap().to_owned(),
                        m["status"].as_str().unwrap().to_owned(),
                    )
                })
                .collect();
            (g["status"].as_str().unwrap().to_owned(), moves)
        })
        .collect()
}

/// `escriba review` of the directory's `out.jsonl` into `page`.
fn review(dir: &TempDir, page: &str) -> crate::cli_support::Run {
    run(
        &["review", &dir.file("out.jsonl"), "-o", &dir.file(page)],
        None,
    )
}

/// `transcribe` of the directory's `games.txt` into `out.pgn` and `out.jsonl`, with `more`
/// options.
fn transcribe_games(dir: &TempDir, more: &[&str]) -> crate::cli_support::Run {
    let (games, pgn, jsonl) = (
        dir.file("games.txt"),
        dir.file("out.pgn"),
        dir.file("out.jsonl"),
    );
    let mut args = vec!["transcribe", &games, "-o", &pgn, "--jsonl", &jsonl];
    args.extend_from_slice(more);
    run(&args, None)
}

#[test]
fn the_page_lists_every_doubtful_ply_with_boards_and_readings_and_shows_book_text_as_text() {
    let dir = TempDir::new("review-page");
    std::fs::write(dir.path().join("games.txt"), games()).unwrap();
    let (report, html) = (dir.file("report.json"), dir.file("review.html"));
    let r = transcribe_games(&dir, &["--report", &report, "--html", &html]);
    assert_eq!(r.code, Some(1), "one game stops: {}", r.stderr);
    let html = dir.read("review.html");
    let e = entries(&html);
    let statuses: Vec<&str> = e.iter().map(|e| e.status.as_str()).collect();
    assert_eq!(statuses, ["repaired", "ambiguous", "failed"], "{e:#?}");
    assert!(
        e.iter()
            .all(|e| e.boards == if e.status == "failed" { 1 } else { 2 })
    );
    assert!(e.iter().all(|e| !e.readings.is_empty()), "{e:#?}");
    let mut tie = e[1].readings[..2].to_vec();
    tie.sort();
    assert_eq!(tie, ["c4", "f4"], "the chosen move, then the tie: {e:#?}");
    assert_eq!(e[2].readings[0], "d3", "the nearest reading of `R-Q7`");
    // The book's text is text: never a tag, and never the end of the data block.
    assert!(!html.contains(INJECTED), "raw book markup in the page");
    assert!(html.contains("&lt;script&gt;document.documentElement"));
    assert!(html.contains("Duke &lt;b&gt;of&lt;&#x2f;b&gt; Brunswick"));
    assert_eq!(
        html.matches("</script>").count(),
        2,
        "the page's own two blocks"
    );
    // Offline: nothing is fetched from anywhere.
    for remote in ["http://", "https://", "src=", "@import", "url("] {
        let uses = html.matches(remote).count();
        let allowed = usize::from(remote == "http://"); // the SVG namespace URI
        assert_eq!(uses, allowed, "{remote}");
    }
    // Counts as report.json counts them.
    let report: serde_json::Value = serde_json::from_str(&dir.read("report.json")).unwrap();
    for (status, n) in counts(&html) {
        assert_eq!(report["plies_by_status"][&status], n, "{status}");
    }
    // `escriba review` builds the same page from the JSONL alone.
    let again = review(&dir, "again.html");
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert_eq!(dir.read("again.html"), html);
    // Without its source, the page says so instead of quoting lines.
    std::fs::remove_file(dir.path().join("games.txt")).unwrap();
    let gone = review(&dir, "gone.html");
    assert_eq!(gone.code, Some(0), "{}", gone.stderr);
    let page = dir.read("gone.html");
    assert!(page.contains("the file is no longer there"), "{page}");
    assert!(!page.contains("<pre class=\"src\">"));
    assert_eq!(entries(&page).len(), 3);
}

fn first_run(dir: &TempDir) -> Vec<Entry> {
    std::fs::write(dir.path().join("games.txt"), games()).unwrap();
    let r = crate::cli_support::escriba()
        .current_dir(dir.path())
        .args([
            "transcribe",
            "games.txt",
            "-o",
            "out.pgn",
            "--html",
            "review.html",
        ])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(1));
    entries(&dir.read("review.html"))
}

#[test]
fn a_correction_saved_as_the_page_saves_it_is_pinned_and_unblocks_a_failed_game() {
    let dir = TempDir::new("review-roundtrip");
    let e = first_run(&dir);
    let (tie, failed) = (&e[1], &e[2]);
    // The tie's other reading, and the stopped game's nearest reading.
    let picked = [(tie, 2usize), (failed, 1usize)];
    let html = dir.read("review.html");
    let mut chosen = Vec::new();
    for (entry, key) in picked {
        let at = html.find(&format!("id=\"{}\"", entry.id)).unwrap();
        let where_ = &html[at..];
        let place = &where_[where_.find("<span class=\"where\">").unwrap() + 20..];
        let place = &place[..place.find('<').unwrap()];
        let mut parts = place.rsplitn(3, ':');
        let column: usize = parts.next().unwrap().parse().unwrap();
        let line: usize = parts.next().unwrap().parse().unwrap();
        let token = where_[where_.find("<span class=\"book\">").unwrap() + 19..]
            .split('<')
            .next()
            .unwrap()
            .to_owned();
        chosen.push(Correction {
            source: "games.txt".into(),
            line,
            column,
            token,
            mv: entry.readings[key - 1].clone(),
        });
    }
    let games = rerun_with(&dir, &Corrections::to_toml(&chosen), &tie.readings[1]);
    assert_eq!(games[2].1.len(), 12);
}

/// Reruns `games.txt` with `toml` as its corrections file: every game completes, the tie
/// (the second game's third ply) is `tie_pick` and the stopped game's seventh ply d3, both
/// `corrected`. Returns each game's status and (SAN, status) per ply.
fn rerun_with(dir: &TempDir, toml: &str, tie_pick: &str) -> Vec<(String, Vec<(String, String)>)> {
    std::fs::write(dir.path().join("corrections.toml"), toml).unwrap();
    let out = crate::cli_support::escriba()
        .current_dir(dir.path())
        .args([
            "transcribe",
            "games.txt",
            "-o",
            "out2.pgn",
            "--jsonl",
            "out2.jsonl",
            "--corrections",
            "corrections.toml",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{toml}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games = plies(&dir.read("out2.jsonl"));
    assert_eq!(games[1].1[2], (tie_pick.to_owned(), "corrected".to_owned()));
    assert_eq!(games[2].0, "complete", "the stopped game goes on");
    assert_eq!(games[2].1[6], ("d3".to_owned(), "corrected".to_owned()));
    games
}

/// `transcribe` of the directory's `games.txt` with `toml` as its corrections file.
fn run_corrected(dir: &TempDir, toml: &str) -> crate::cli_support::Run {
    std::fs::write(dir.path().join("corrections.toml"), toml).unwrap();
    transcribe_games(dir, &["--corrections", &dir.file("corrections.toml")])
}

#[test]
fn a_correction_whose_token_was_edited_away_is_reported_with_its_place_and_not_applied() {
    let dir = TempDir::new("review-stale");
    std::fs::write(dir.path().join("games.txt"), games()).unwrap();
    let c = Correction {
        source: dir.file("games.txt"),
        line: 13,
        column: 17,
        token: "P-B3".into(),
        mv: "f4".into(),
    };
    let r = run_corrected(&dir, &Corrections::to_toml(std::slice::from_ref(&c)));
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    let expected = format!(
        "warning: correction {}:13:17: not applied: the source now reads `P-B4` here, not `P-B3` \
         (was the text edited?) ({} entry 1)",
        dir.file("games.txt"),
        dir.file("corrections.toml")
    );
    assert!(r.stderr.contains(&expected), "{}", r.stderr);
    let games = plies(&dir.read("out.jsonl"));
    assert!(games[1].1.iter().all(|(_, s)| s != "corrected"));
    // A correction at a place that is no move is reported after the run.
    let c = Correction {
        line: 13,
        column: 1,
        token: "1.".into(),
        ..c
    };
    let r = run_corrected(&dir, &Corrections::to_toml(&[c]));
    assert!(
        r.stderr
            .contains(":13:1: not applied: no game read `1.` there as a move"),
        "{}",
        r.stderr
    );
    // A malformed file is an error with its line, before anything is read.
    let r = run_corrected(&dir, "[[correction]]\nline = x\n");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("corrections.toml:2: "), "{}", r.stderr);
}

#[test]
fn in_a_browser_the_page_draws_its_boards_runs_no_book_script_and_saves_the_chosen_corrections() {
    let Some(browser) = chromium() else { return };
    let dir = TempDir::new("review-browser");
    let e = first_run(&dir);
    let (tie, failed) = (&e[1], &e[2]);
    let url = format!(
        "{}#pick={}:2,{}:1",
        file_url(&dir.path().join("review.html")),
        tie.id,
        failed.id
    );
    let Some(dom) = dom_after_scripts(&browser, &url) else {
        return;
    };
    assert!(
        dom.contains("data-review-ready=\"3\""),
        "the script ran:\n{dom}"
    );
    assert!(
        !dom.contains("data-injected=\""),
        "a script from the book ran and set its attribute"
    );
    assert!(
        dom.contains("setAttribute('data-injected','1')&lt;/script&gt;"),
        "shown as text"
    );
    let rendered = entries(&dom);
    assert_eq!(rendered.len(), 3);
    for en in &rendered {
        assert_eq!(en.svgs, en.boards, "every board drawn as SVG: {en:?}");
        assert!(!en.readings.is_empty());
    }
    // 64 squares on each board, and the move as an arrow (on the stopped game's position,
    // the reading chosen).
    assert_eq!(dom.matches("<rect ").count(), 64 * 5);
    assert_eq!(dom.matches("class=\"arrow\"").count(), 5);
    // The corrections file the page offers, as the page wrote it.
    let marker = "<pre id=\"corrections-toml\">";
    let at = dom.find(marker).expect("the corrections block") + marker.len();
    let toml = unescape(&dom[at..at + dom[at..].find("</pre>").unwrap()]);
    assert_eq!(toml.matches("[[correction]]").count(), 2, "{toml}");
    assert!(dom.contains("<span id=\"ncorr\">2</span>"));
    rerun_with(&dir, &toml, &tie.readings[1]);
}

#[test]
fn on_each_shared_book_the_page_lists_every_flagged_ply_with_a_board_and_counts_as_the_report() {
    for book in [
        "corpus/books/chess-fundamentals.txt",
        "corpus/books/blue-book-part1.txt",
    ] {
        let Some(path) = shared(book) else { return };
        let dir = TempDir::new("review-book");
        let r = run(
            &[
                "transcribe",
                "--book",
                path.to_str().unwrap(),
                "-o",
                &dir.file("out.pgn"),
                "--report",
                &dir.file("report.json"),
                "--html",
                &dir.file("review.html"),
                "-q",
            ],
            None,
        );
        assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
        let html = dir.read("review.html");
        let report: serde_json::Value = serde_json::from_str(&dir.read("report.json")).unwrap();
        let by = &report["plies_by_status"];
        let e = entries(&html);
        for status in ["repaired", "ambiguous", "failed", "inferred", "corrected"] {
            let listed = e.iter().filter(|e| e.status == status).count() as u64;
            assert_eq!(by[status], listed, "{book}: {status} entries");
        }
        for (status, n) in counts(&html) {
            assert_eq!(by[&status], n, "{book}: {status} count");
        }
        assert!(html.contains(&format!(
            "{} games, {} plies",
            report["games"], report["plies"]
        )));
        for en in &e {
            let boards = if en.status == "failed" { 1 } else { 2 };
            assert_eq!(en.boards, boards, "{book}: {en:?}");
            // (A game stopped at unreadable text, or after mate, has no reading to offer.)
            assert!(
                en.status == "failed" || !en.readings.is_empty(),
                "{book}: {en:?}"
            );
            let mut distinct = en.readings.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(
                distinct.len(),
                en.readings.len(),
                "{book}: one row per move: {en:?}"
            );
        }
        assert!(
            !html.contains("the source no longer reads"),
            "every token is quoted at its place"
        );
    }
}

#[test]
fn a_jsonl_whose_column_is_zero_is_refused_with_its_line_not_a_panic() {
    let dir = TempDir::new("review-column-zero");
    std::fs::write(dir.path().join("games.txt"), games()).unwrap();
    let r = transcribe_games(&dir, &[]);
    assert_eq!(r.code, Some(1), "one game stops: {}", r.stderr);
    let jsonl = dir.read("out.jsonl");
    let first = jsonl.lines().next().unwrap();
    let broken = first.replacen("\"column\":", "\"column\":0,\"was\":", 1);
    assert_ne!(broken, first, "the first game has a ply with a column");
    std::fs::write(dir.path().join("out.jsonl"), format!("{broken}\n")).unwrap();
    let again = review(&dir, "again.html");
    assert_eq!(again.code, Some(2), "{}", again.stderr);
    assert!(
        again.stderr.contains("out.jsonl:1:"),
        "the JSONL line is named: {}",
        again.stderr
    );
    assert!(again.stderr.contains("column 0"), "{}", again.stderr);
    assert!(!again.stderr.contains("panicked"), "{}", again.stderr);
}

/// The bidi controls that reorder the text around them: embeddings, overrides, isolates
/// and marks.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}')
}

#[test]
fn bidi_controls_of_a_book_or_a_file_name_cannot_reorder_the_page() {
    let dir = TempDir::new("review-bidi");
    let name = "book\u{202e}txt.exe.txt";
    std::fs::write(
        dir.path().join(name),
        "[White \"Morphy\u{202e} \u{2066}nosnilleK\"]\n[Black \"Game\u{200f}\"]\n\
         [Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 2. P-B4 {\u{202d}a note}\n",
    )
    .unwrap();
    let r = run(
        &[
            "transcribe",
            &dir.file(name),
            "-o",
            &dir.file("out.pgn"),
            "--jsonl",
            &dir.file("out.jsonl"),
            "--html",
            &dir.file("direct.html"),
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let again = review(&dir, "again.html");
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    for page in ["direct.html", "again.html"] {
        let html = dir.read(page);
        assert_eq!(entries(&html).len(), 1, "{page}: the tie");
        let raw: Vec<char> = html.chars().filter(|&c| is_bidi_control(c)).collect();
        assert!(raw.is_empty(), "{page}: raw bidi controls {raw:?}");
        // Shown, as their code points.
        assert!(html.contains("Morphy[U+202E]"), "{page}");
        assert!(html.contains("book[U+202E]txt.exe.txt"), "{page}");
    }
}

/// The page's `matchTyped` (what a typed move is taken for), run in Node on `cases`
/// against `legal` (`[book, san, uci]` each): the UCI of the move each case is taken for,
/// or `refused`. `None` (with a notice) where Node is not installed.
fn typed_in_node(html: &str, legal: &[[&str; 3]], cases: &[&str]) -> Option<Vec<String>> {
    let begin = "/* matchTyped */";
    let at = html
        .find(begin)
        .expect("the page's script defines matchTyped");
    let end = html[at..].find("/* end matchTyped */").expect("its end") + at;
    let function = &html[at..end];
    let program = format!(
        "{function}\nvar legal = {};\nvar out = {}.map(function (t) {{\n  \
         var r = matchTyped(legal, t);\n  return r.found ? r.found[2] : 'refused';\n}});\n\
         console.log(JSON.stringify(out));\n",
        serde_json::to_string(legal).unwrap(),
        serde_json::to_string(cases).unwrap()
    );
    let out = match Command::new("node").arg("-e").arg(&program).output() {
        Ok(o) => o,
        Err(_) => {
            crate::common::absent("Node.js (node)");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

#[test]
fn a_typed_move_is_taken_only_for_the_one_legal_move_it_names_exactly() {
    let dir = TempDir::new("review-typed");
    std::fs::write(dir.path().join("games.txt"), games()).unwrap();
    let html = dir.file("review.html");
    transcribe_games(&dir, &["--html", &html]);
    let html = dir.read("review.html");
    // A bishop's capture listed before the pawn's on the same square.
    let legal = [
        ["BxP", "Bxc4", "f1c4"],
        ["PxP", "bxc4", "b3c4"],
        ["Castles", "O-O", "e1g1"],
        ["P-Q8=Q", "d8=Q", "d7d8q"],
    ];
    let cases = [
        "bxc4", "Bxc4", "Bxc4+", "BXC4", "BxC4", "f1c4", "F1C4", "O-O", "0-0", "bxc5", "BxP",
        "PxP", "d8=Q", "d7d8q", "d8=q", "",
    ];
    let Some(taken) = typed_in_node(&html, &legal, &cases) else {
        return;
    };
    let expected = [
        "b3c4", "f1c4", "f1c4", "refused", "refused", "f1c4", "refused", "e1g1", "e1g1", "refused",
        "f1c4", "b3c4", "d7d8q", "d7d8q", "refused", "refused",
    ];
    let pairs: Vec<(&str, &str)> = cases
        .iter()
        .copied()
        .zip(taken.iter().map(String::as_str))
        .collect();
    let want: Vec<(&str, &str)> = cases.iter().copied().zip(expected).collect();
    assert_eq!(pairs, want);
}
