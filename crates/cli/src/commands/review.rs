//! `escriba review`: the review page from a finished run's JSONL.

use std::io::Write;
use std::path::{Path, PathBuf};

use escriba_pipeline::Error;
use escriba_review::{GameIn, SourceLines, read_jsonl, render_page};

use crate::args::ReviewArgs;
use crate::commands::transcribe::identity;
use crate::out::Out;

/// Writes the page; `Ok(())` too when stdout (`-o -`) was closed by its reader, as
/// `transcribe` stops quietly then.
pub(crate) fn run(args: ReviewArgs) -> anyhow::Result<()> {
    let games = read_jsonl(&args.jsonl)?;
    let folder = match args.jsonl.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let root = args.sources.as_deref().unwrap_or(folder);
    if !root.is_dir() {
        return Err(Error::Usage {
            option: "--sources",
            message: format!(
                "{} is not a folder: --sources names the folder that holds the run's books",
                root.display()
            ),
        }
        .into());
    }
    check_output(&args.output, &args.jsonl, folder, &games)?;
    let sources = SourceLines::load_verified(&games, &args.jsonl, root)?;
    let title = args.title.clone().unwrap_or_else(|| {
        let mut names: Vec<&str> = games.iter().map(|g| g.source.as_str()).collect();
        names.dedup();
        names.join(", ")
    });
    let page = render_page(&games, &sources, &title)?;
    let written = Out::open(&args.output, false).and_then(|mut out| {
        out.write_all(page.as_bytes())
            .map_err(|e| Error::io(&args.output, e))?;
        out.commit()
    });
    match written {
        Err(e) if e.is_broken_pipe() => Ok(()),
        other => Ok(other?),
    }
}

/// Refuses a page that would replace the JSONL or a source it names (by any of the
/// paths review would read it as, and through links).
fn check_output(output: &Path, jsonl: &Path, folder: &Path, games: &[GameIn]) -> Result<(), Error> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    // A device such as /dev/null replaces nothing.
    if std::fs::metadata(output).is_ok_and(|m| !m.is_file()) {
        return Ok(());
    }
    let out = identity(output);
    let mut inputs: Vec<PathBuf> = vec![jsonl.to_path_buf()];
    for g in games.iter().filter(|g| g.source != "-") {
        let named = Path::new(&g.source);
        inputs.push(named.to_path_buf());
        if named.is_relative() {
            inputs.push(folder.join(named));
        }
    }
    match inputs.iter().find(|p| identity(p) == out) {
        Some(p) => Err(Error::Usage {
            option: "--output",
            message: format!(
                "{} is an input ({}): writing the page there would replace it; give another file",
                output.display(),
                p.display()
            ),
        }),
        None => Ok(()),
    }
}
