//! Inputs that are not plain text files: a gzip file is read (archives ship text so), a
//! UTF-16 file without a byte-order mark is told by its NUL bytes and read, and a file of
//! an input folder that is not a regular file (a FIFO) is named as skipped.

use std::process::Command;

use crate::cli_support::{parse_pgn, run};
use escriba_testkit::TempDir;

const BOOK: &str = "[White \"Morphy\"]\n[Black \"Allies\"]\n[Notation \"en-descriptive\"]\n\n\
                    1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. P-Q4 B-KKt5 *\n";
const SANS: [&str; 6] = ["e4", "e5", "Nf3", "d6", "d4", "Bg4"];

/// `transcribe FILE -o out.pgn` in `dir`: the exit code, the PGN's SAN, stderr.
fn transcribe(dir: &TempDir, file: &str) -> (Option<i32>, Vec<String>, String) {
    let out = dir.file("out.pgn");
    let r = run(&["transcribe", &dir.file(file), "-o", &out], None);
    let games = parse_pgn(&std::fs::read_to_string(&out).unwrap_or_default());
    let sans = games.first().map(|g| g.sans.clone()).unwrap_or_default();
    (r.code, sans, r.stderr)
}

#[test]
fn a_gzip_file_is_read_as_the_text_it_holds() {
    let dir = TempDir::new("gzip");
    std::fs::write(dir.path().join("book.txt"), BOOK).unwrap();
    let zipped = Command::new("gzip")
        .arg(dir.path().join("book.txt"))
        .status();
    if !zipped.is_ok_and(|s| s.success()) {
        crate::common::absent("gzip");
        return;
    }
    let (code, sans, stderr) = transcribe(&dir, "book.txt.gz");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(sans, SANS, "{stderr}");
}

#[test]
fn utf16_without_a_byte_order_mark_is_read_as_utf16() {
    let dir = TempDir::new("utf16");
    for (name, bytes) in [
        (
            "le.txt",
            BOOK.encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect::<Vec<u8>>(),
        ),
        (
            "be.txt",
            BOOK.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        ),
    ] {
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let (code, sans, stderr) = transcribe(&dir, name);
        assert_eq!(code, Some(0), "{name}: {stderr}");
        assert_eq!(sans, SANS, "{name}: {stderr}");
        assert!(stderr.contains("UTF-16"), "{name}: said so: {stderr}");
    }
}

#[test]
fn a_fifo_in_an_input_folder_is_named_as_skipped() {
    let dir = TempDir::new("fifo");
    let books = dir.path().join("books");
    std::fs::create_dir(&books).unwrap();
    std::fs::write(books.join("book.txt"), BOOK).unwrap();
    let made = Command::new("mkfifo").arg(books.join("pipe.txt")).status();
    if !made.is_ok_and(|s| s.success()) {
        crate::common::absent("mkfifo");
        return;
    }
    let r = run(
        &[
            "transcribe",
            books.to_str().unwrap(),
            "-o",
            &dir.file("out.pgn"),
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stderr.contains("pipe.txt") && r.stderr.contains("not a regular file"),
        "{}",
        r.stderr
    );
}
