//! `escriba`: transcribe chess games printed in old books into modern PGN.
//!
//! Exit codes, by subcommand (`docs/outputs.md` and `--help` say the same):
//! - `transcribe`: 0 every game complete; 1 some game partial or failed, or printed moves
//!   stand in text that no game took (or, with
//!   `--strict`, some ply or game flagged; `--strict=WHAT,...` names the statuses that
//!   count); 2 usage or I/O error. A closed stdout stops the
//!   run with 0 when stdout was the only output; with output files besides, the run goes on,
//!   writes them, and exits as above.
//! - `compare`: 0 everything right; 1 differences; 2 unusable input or I/O error.
//! - `qa`: 0 nothing changed and every expectation holds; 1 otherwise; 2 nothing to check
//!   or I/O error.
//! - `review`: 0 page written (or stdout closed by its reader); 2 unreadable JSONL, a
//!   source it may not quote, an output that is an input, or I/O error.
//!
//! A closed stderr never stops a run; a closed stdout never changes `compare`'s or `qa`'s
//! verdict. SIGTERM, SIGINT and SIGHUP remove the temporary files of unfinished outputs
//! (the old files stay as they were) and exit with 128 + the signal number. An output past
//! the file-size limit (SIGXFSZ, EFBIG) is an I/O error like a full disk: exit 2.
//!
//! The crate's parts: `args` (the command line, parsed by clap), `console` (what a run
//! tells on stderr: diagnostics, progress), `out` (stdout and output files), and
//! `commands`, one module per subcommand.

mod args;
mod commands;
mod console;
mod out;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::console::{error_line, say};

/// Removes the temporary files of unfinished outputs on SIGTERM, SIGINT and SIGHUP, then
/// exits with 128 + the signal number. SIGKILL cannot be caught: its leftovers are named
/// `.NAME.escriba-XXXXXX.tmp` beside each output.
///
/// SIGXFSZ (an output past the file-size limit) is caught and ignored: the write then
/// fails with EFBIG, which is reported like a full disk (exit 2, the temporary file
/// removed, the old output intact) instead of killing the run in silence.
fn clean_up_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
    let _ = signal_hook::flag::register(SIGXFSZ, std::sync::Arc::default());
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            escriba_pipeline::output::remove_temporary_files();
            std::process::exit(128 + sig);
        }
    });
}

/// Runs the `escriba` command line with the process's arguments; returns its exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    clean_up_on_signals();
    let code = match cli.command {
        Command::Transcribe(args) => commands::transcribe::run(*args),
        Command::Compare(args) => match commands::compare::run(args) {
            Ok(code) => code,
            Err(e) => {
                say(&format!("escriba: error: {}", error_line(&e)));
                2
            }
        },
        Command::Review(args) => match commands::review::run(args) {
            Ok(()) => 0,
            Err(e) => {
                say(&format!("escriba: error: {}", error_line(&e)));
                2
            }
        },
        Command::Qa(args) => match commands::qa::run(args) {
            Ok(code) => code,
            Err(e) => {
                say(&format!("escriba: error: {}", error_line(&e)));
                2
            }
        },
        Command::Completions { shell } => commands::completions::run(shell),
    };
    ExitCode::from(code as u8)
}
