//! `escriba compare`: a transcription against an independent PGN, by position.

use anyhow::Context;
use escriba_check::compare::{self, MatchBy};

use crate::args::{CompareArgs, MatchArg};
use crate::out::{json_visible, print_out, print_report};

pub(crate) fn run(args: CompareArgs) -> anyhow::Result<i32> {
    let output = compare::replay_pgn_file(&args.output)?;
    let reference = compare::replay_pgn_file(&args.reference)?;
    for (path, games, what) in [
        (&args.reference, &reference, "reference"),
        (&args.output, &output, "output"),
    ] {
        if !compare::usable(games) {
            anyhow::bail!(
                "{}: unusable as the {what}: {}",
                path.display(),
                compare::unusable_reason(games)
            );
        }
    }
    let plies = args
        .plies_csv
        .as_deref()
        .map(compare::read_plies_csv)
        .transpose()?;
    let by = match args.match_by {
        MatchArg::Index => MatchBy::Index,
        MatchArg::Content => MatchBy::Content,
    };
    let c = compare::compare_to_book_end(&output, &reference, by, plies.as_ref(), args.to_book_end);
    if args.json {
        let json = serde_json::to_string_pretty(&c).context("writing JSON")? + "\n";
        print_out(&json_visible(json))?;
    } else {
        print_report(&c.render(20))?;
    }
    Ok(c.exit_code())
}
