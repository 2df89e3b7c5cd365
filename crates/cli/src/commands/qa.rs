//! `escriba qa`: the corpus against its snapshots and expectations.

use anyhow::Context;

use crate::args::QaArgs;
use crate::out::{json_visible, print_out, print_report};

pub(crate) fn run(args: QaArgs) -> anyhow::Result<i32> {
    let opts = escriba_check::qa::QaOptions {
        accept: args.accept,
        ..Default::default()
    };
    let report = escriba_check::qa::run(&args.dir, &opts)?;
    if args.json {
        let json = serde_json::to_string_pretty(&report).context("writing JSON")? + "\n";
        print_out(&json_visible(json))?;
    } else {
        print_report(&report.render())?;
    }
    Ok(report.exit_code())
}
