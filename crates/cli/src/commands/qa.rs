//! `escriba qa`: the corpus against its snapshots and expectations.

use anyhow::Context;

use crate::args::QaArgs;
use crate::out::print_out;

pub(crate) fn run(args: QaArgs) -> anyhow::Result<i32> {
    let opts = escriba_check::qa::QaOptions {
        accept: args.accept,
        ..Default::default()
    };
    let report = escriba_check::qa::run(&args.dir, &opts)?;
    let text = if args.json {
        serde_json::to_string_pretty(&report).context("writing JSON")? + "\n"
    } else {
        report.render()
    };
    print_out(&text)?;
    Ok(report.exit_code())
}
