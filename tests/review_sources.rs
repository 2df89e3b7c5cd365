//! What `escriba review` may read: a JSONL can come from anyone, so the page quotes only
//! the sources the run read (regular files inside the sources folder, of the size and
//! SHA-256 the JSONL records), and never a byte of any other file it names.

use std::path::Path;

use crate::cli_support::{Run, run};
use escriba_testkit::TempDir;

/// A game whose third ply is a tie (an entry on the page, with its source lines), and a
/// comment on the same line that marks whatever file holds it.
fn book(marker: &str) -> String {
    format!(
        "[White \"Tie\"]\n[Black \"Game\"]\n[Notation \"en-descriptive\"]\n\n\
         1. P-K4 P-K4 2. P-B4 {{{marker}}}\n"
    )
}

/// `escriba review JSONL -o PAGE` with `more` options.
fn review(jsonl: &Path, page: &Path, more: &[&str]) -> Run {
    let (jsonl, page) = (jsonl.to_str().unwrap(), page.to_str().unwrap());
    let mut args = vec!["review", jsonl, "-o", page];
    args.extend_from_slice(more);
    run(&args, None)
}

/// `transcribe BOOK --jsonl JSONL`.
fn transcribe(book: &Path, jsonl: &Path) {
    let r = run(
        &[
            "transcribe",
            book.to_str().unwrap(),
            "-o",
            "/dev/null",
            "--jsonl",
            jsonl.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// The text of the page at `page` (its character references read back), or empty when
/// none was written.
fn page_text(page: &Path) -> String {
    std::fs::read_to_string(page)
        .unwrap_or_default()
        .replace("&#x2f;", "/")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

#[test]
fn a_hostile_jsonl_cannot_make_the_page_quote_any_file_the_run_did_not_read() {
    let dir = TempDir::new("review-sources");
    let marker = format!("ESCRIBA-PLANTED-{}", std::process::id());
    let books = dir.path().join("books");
    std::fs::create_dir(&books).unwrap();
    // The books' folder holds the run's book and its JSONL; the planted file is beside it.
    let own = books.join("own.txt");
    std::fs::write(&own, book("OWN-COMMENT")).unwrap();
    let planted = dir.path().join("planted.txt");
    std::fs::write(&planted, book(&marker)).unwrap();
    std::os::unix::fs::symlink(&planted, books.join("link.txt")).unwrap();
    std::fs::create_dir(books.join("folder.txt")).unwrap();
    let jsonl = books.join("run.jsonl");
    transcribe(&own, &jsonl);
    let line = std::fs::read_to_string(&jsonl).unwrap();
    let game: serde_json::Value = serde_json::from_str(line.trim()).unwrap();

    // The run's own book is quoted.
    let page = dir.path().join("page.html");
    let r = review(&jsonl, &page, &[]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(page_text(&page).contains("OWN-COMMENT"));

    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let passwd_lines: Vec<&str> = passwd.lines().filter(|l| l.len() > 8).collect();
    let planted_abs = planted.to_str().unwrap().to_owned();
    for (i, name) in [
        "/etc/passwd",
        "../planted.txt",
        planted_abs.as_str(),
        "link.txt",
        "folder.txt",
    ]
    .into_iter()
    .enumerate()
    {
        // The game as the run wrote it, naming another file, with and without the size
        // and hash the run recorded for its own book.
        for keep_digest in [true, false] {
            let mut g = game.clone();
            g["source"] = name.into();
            if !keep_digest {
                g["source_bytes"] = serde_json::Value::Null;
                g["source_sha256"] = serde_json::Value::Null;
            }
            let hostile = books.join(format!("hostile-{i}-{keep_digest}.jsonl"));
            std::fs::write(&hostile, format!("{g}\n")).unwrap();
            let page = dir.path().join(format!("hostile-{i}-{keep_digest}.html"));
            let r = review(&hostile, &page, &[]);
            let html = page_text(&page);
            assert!(
                !html.contains(&marker),
                "{name}: the planted file is quoted"
            );
            for l in &passwd_lines {
                assert!(!html.contains(l), "{name}: /etc/passwd is quoted");
            }
            assert_eq!(r.code, Some(2), "{name}: {}", r.stderr);
            assert!(
                r.stderr.contains(&format!("source `{name}`")),
                "{name}: the error names the source: {}",
                r.stderr
            );
        }
    }

    // A run of the planted file records its true size and hash: it is still refused while
    // outside the sources folder, and quoted when --sources names a folder that holds it.
    let planted_jsonl = books.join("planted.jsonl");
    transcribe(&planted, &planted_jsonl);
    let r = review(&planted_jsonl, &page, &[]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("outside the sources folder"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--sources"), "{}", r.stderr);
    let folder = dir.path().to_str().unwrap();
    let r = review(&planted_jsonl, &page, &["--sources", folder]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(page_text(&page).contains(&marker));
    // A --sources that is no folder is named as such.
    let nowhere = dir.path().join("nowhere");
    let r = review(
        &planted_jsonl,
        &page,
        &["--sources", nowhere.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("--sources") && r.stderr.contains("is not a folder"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_source_changed_since_the_run_is_refused_by_name() {
    let dir = TempDir::new("review-changed");
    let own = dir.path().join("own.txt");
    std::fs::write(&own, book("first words")).unwrap();
    let jsonl = dir.path().join("run.jsonl");
    transcribe(&own, &jsonl);
    // Same size, other bytes: only the hash tells.
    std::fs::write(&own, book("other words")).unwrap();
    let page = dir.path().join("page.html");
    let r = review(&jsonl, &page, &[]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("own.txt") && r.stderr.contains("is not the file the run read"),
        "{}",
        r.stderr
    );
    assert!(!page.exists());
}
