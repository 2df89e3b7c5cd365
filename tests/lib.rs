//! Shared helpers for the end-to-end tests live in `tests.rs`; this library is empty.
