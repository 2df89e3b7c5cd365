//! One module per subcommand: each `run` takes its parsed arguments and returns the exit
//! code (or the error that makes it 2).

pub(crate) mod compare;
pub(crate) mod completions;
pub(crate) mod qa;
pub(crate) mod review;
pub(crate) mod transcribe;
