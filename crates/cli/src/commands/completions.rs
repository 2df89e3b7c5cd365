//! `escriba completions`: the shell completion script.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use crate::args::Cli;
use crate::console::say;

/// Writes the completion script for `shell` to stdout; returns the exit code.
pub(crate) fn run(shell: Shell) -> i32 {
    // clap_complete panics on a failed write: render first, then write ourselves.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "escriba", &mut script);
    match io::stdout()
        .write_all(&script)
        .and_then(|()| io::stdout().flush())
    {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            say(&format!("escriba: writing the completions: {e}"));
            2
        }
    }
}
