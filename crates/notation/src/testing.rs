//! Helpers of this crate's tests.

/// Says that a test's prerequisite (a file of `../shared`) is missing. In CI (`CI=true`)
/// that fails the test, since a test skipped there passes without checking; elsewhere the
/// test goes on without it, with a notice.
pub fn absent(what: impl std::fmt::Display) {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{what} is missing, and CI must check it"
    );
    eprintln!("notice: {what} is absent; skipped");
}

/// The text of a shared book: UTF-8, else Latin-1 byte for byte (the Blue Book is
/// ISO-8859-1). `None`, with [`absent`], when the file is missing.
pub fn book_text(path: &std::path::Path) -> Option<String> {
    match std::fs::read(path) {
        Ok(bytes) => Some(
            String::from_utf8(bytes)
                .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect()),
        ),
        Err(_) => {
            absent(path.display());
            None
        }
    }
}
