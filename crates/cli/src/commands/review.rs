//! `escriba review`: the review page from a finished run's JSONL.

use std::io::Write;

use escriba_pipeline::Error;
use escriba_review::{SourceLines, read_jsonl, render_page};

use crate::args::ReviewArgs;
use crate::out::Out;

pub(crate) fn run(args: ReviewArgs) -> anyhow::Result<()> {
    let games = read_jsonl(&args.jsonl)?;
    let base = args.jsonl.parent().filter(|p| !p.as_os_str().is_empty());
    let sources = SourceLines::load(&games, base);
    let title = args.title.clone().unwrap_or_else(|| {
        let mut names: Vec<&str> = games.iter().map(|g| g.source.as_str()).collect();
        names.dedup();
        names.join(", ")
    });
    let page = render_page(&games, &sources, &title)?;
    let mut out = Out::open(&args.output, false)?;
    out.write_all(page.as_bytes())
        .map_err(|e| Error::io(&args.output, e))?;
    out.commit()?;
    Ok(())
}
