//! escriba's end-to-end and snapshot tests: one test binary, one link step.
//!
//! - `notation_examples`: every example of the seeds and the reference, parsed, snapshotted.

mod notation_examples;
