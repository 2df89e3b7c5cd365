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
