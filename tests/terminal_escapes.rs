//! A book's control characters never reach the terminal raw: the diagnostics quote the
//! book's lines and name its file, and every control character in them (ESC, BEL, a CSI
//! sequence, a bidi override) is shown escaped (`\x1b`), so that a book cannot retitle
//! the terminal nor erase the warnings about it.

use crate::cli_support::run;
use escriba_testkit::TempDir;

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

#[test]
fn qa_and_compare_reports_on_a_terminal_escape_a_books_control_characters() {
    let dir = TempDir::new("terminal-reports");
    let corpus = dir.path().join("corpus");
    std::fs::create_dir(&corpus).unwrap();
    // A corpus file whose name and whose unreadable word hold control characters.
    let name = format!("book{HOSTILE}.txt");
    std::fs::write(
        corpus.join(&name),
        format!("[White \"A{HOSTILE}\"]\n[Black \"B\"]\n\n1. e4 e5 2. Q{HOSTILE}x *\n"),
    )
    .unwrap();
    let out = dir.file("out.pgn");
    std::fs::write(
        &out,
        format!("[White \"A{HOSTILE}\"]\n[Black \"B\"]\n\n1. e4 e5 *\n"),
    )
    .unwrap();
    let reference = dir.file("reference.pgn");
    std::fs::write(&reference, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 c5 *\n").unwrap();
    let bin = env!("CARGO_BIN_EXE_escriba-e2e");
    for args in [
        vec!["qa".to_owned(), corpus.to_str().unwrap().to_owned()],
        vec!["compare".to_owned(), out.clone(), reference.clone()],
    ] {
        // `script` runs the command on a terminal (a pseudo-terminal), as a user would.
        let line = std::iter::once(bin.to_owned())
            .chain(args.iter().cloned())
            .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
            .collect::<Vec<_>>()
            .join(" ");
        let Ok(r) = std::process::Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .output()
        else {
            crate::common::absent("script (util-linux)");
            return;
        };
        let shown = String::from_utf8_lossy(&r.stdout);
        assert!(r.status.code().is_some(), "{shown}");
        let raw: Vec<char> = shown
            .chars()
            .filter(|&c| {
                (c.is_control() && !matches!(c, '\n' | '\r'))
                    || ('\u{202a}'..='\u{202e}').contains(&c)
            })
            .collect();
        assert!(raw.is_empty(), "{}: raw {raw:?} in:\n{shown}", args[0]);
    }
    // JSON writes them as \u escapes: the same data, safe on a terminal.
    let r = run(&["qa", corpus.to_str().unwrap(), "--json"], None);
    assert!(
        !r.stdout
            .chars()
            .any(|c| c.is_control() && c != '\n' || c == '\u{202e}'),
        "{}",
        r.stdout
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["files"][0]["file"], name.as_str());
}
