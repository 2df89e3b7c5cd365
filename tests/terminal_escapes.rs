//! A book's control characters never reach the terminal raw: the diagnostics quote the
//! book's lines and name its file, and every control character in them (ESC, BEL, a CSI
//! sequence, a bidi override) is shown escaped (`\x1b`), so that a book cannot retitle
//! the terminal nor erase the warnings about it.

use crate::cli_support::{TempDir, run};

/// Sets the terminal's title, rings the bell and erases the line it is on.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2K\u{9b}1A\u{202e}";

#[test]
fn control_characters_of_a_book_and_its_file_name_are_escaped_in_diagnostics() {
    let dir = TempDir::new("terminal");
    // A tie (a warning quoting its line), a token that cannot be read (an error quoting
    // its line), and the control characters on both lines and in the file's name.
    let book = format!(
        "[White \"A\"]\n[Black \"B\"]\n[Notation \"en-descriptive\"]\n\n\
         1. P-K4 P-K4 2. P-B4 {{{HOSTILE}}}\n\n\
         [White \"C\"]\n[Black \"D\"]\n[Notation \"en-descriptive\"]\n\n\
         1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. R-Q7 {{{HOSTILE}}} Kt-KB3\n"
    );
    let name = format!("book{HOSTILE}.txt");
    std::fs::write(dir.path().join(&name), book).unwrap();
    let r = run(
        &["transcribe", &dir.file(&name), "-o", &dir.file("out.pgn")],
        None,
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("cannot go on here"), "{}", r.stderr);
    assert!(r.stderr.contains("ambiguous"), "{}", r.stderr);
    let raw: Vec<char> = r
        .stderr
        .chars()
        .filter(|&c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c))
        .collect();
    assert!(
        raw.is_empty(),
        "raw control characters {raw:?} in:\n{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("\\x1b]0;pwned\\x07\\x1b[2K"),
        "shown escaped:\n{}",
        r.stderr
    );
    assert!(r.stderr.contains("book\\x1b]0;pwned"), "{}", r.stderr);
}
