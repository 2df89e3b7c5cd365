//! `--help` of every subcommand documents every option the subcommand takes — both the
//! list below and the options the generated bash completion offers for it — and
//! `completions SHELL` prints a completion script.

use crate::cli_support::run;

const TRANSCRIBE: [&str; 22] = [
    "--notation",
    "--ocr-lang",
    "--glob",
    "-o",
    "--output",
    "--plies-csv",
    "--games-csv",
    "--jsonl",
    "--report",
    "--drop-broken",
    "-j",
    "--jobs",
    "-q",
    "--quiet",
    "--strict",
    "--shard",
    "--piece-letters",
    "--figurine",
    "--annotate-flags",
    "--html",
    "--corrections",
    "--help",
];

const COMPARE: [&str; 5] = ["--match", "--plies-csv", "--json", "--help", "--version"];

const REVIEW: [&str; 6] = [
    "<JSONL>",
    "-o",
    "--output",
    "--title",
    "--sources",
    "--help",
];

/// The options offered by the bash completion for `escriba SUBCOMMAND`.
fn completion_options(script: &str, subcommand: &str) -> Vec<String> {
    let case = format!("escriba__subcmd__{subcommand})");
    let at = script
        .find(&case)
        .unwrap_or_else(|| panic!("no {case} in the bash completion"));
    let opts = script[at..]
        .lines()
        .find_map(|l| l.trim().strip_prefix("opts=\""))
        .expect("an opts line");
    opts.trim_end_matches('"')
        .split_whitespace()
        .filter(|w| w.starts_with('-'))
        .map(str::to_owned)
        .collect()
}

/// True when `help` names `option` as an option (not merely as a prefix of another).
fn mentions(help: &str, option: &str) -> bool {
    help.match_indices(option).any(|(i, _)| {
        let after = help[i + option.len()..].chars().next();
        let before = help[..i].chars().next_back();
        !matches!(after, Some(c) if c.is_alphanumeric() || c == '-')
            && !matches!(before, Some(c) if c.is_alphanumeric() || c == '-')
    })
}

#[test]
fn every_subcommands_help_mentions_every_option() {
    let bash = run(&["completions", "bash"], None);
    assert_eq!(bash.code, Some(0), "{}", bash.stderr);
    for (sub, listed) in [
        ("transcribe", &TRANSCRIBE[..]),
        ("compare", &COMPARE[..]),
        ("review", &REVIEW[..]),
    ] {
        let help = run(&[sub, "--help"], None);
        assert_eq!(help.code, Some(0), "{sub} --help: {}", help.stderr);
        let mut options: Vec<String> = listed.iter().map(|s| (*s).to_owned()).collect();
        let offered = completion_options(&bash.stdout, sub);
        assert!(offered.len() >= listed.len() - 1, "{sub}: {offered:?}");
        options.extend(offered);
        let missing: Vec<&String> = options
            .iter()
            .filter(|o| !mentions(&help.stdout, o))
            .collect();
        assert!(
            missing.is_empty(),
            "`escriba {sub} --help` does not mention {missing:?}:\n{}",
            help.stdout
        );
        // Short help (-h) lists them too.
        let short = run(&[sub, "-h"], None);
        let missing: Vec<&String> = options
            .iter()
            .filter(|o| !mentions(&short.stdout, o))
            .collect();
        assert!(missing.is_empty(), "`{sub} -h` lacks {missing:?}");
    }
    // completions: its argument and every shell it accepts.
    let help = run(&["completions", "--help"], None);
    assert_eq!(help.code, Some(0));
    for word in [
        "<SHELL>",
        "bash",
        "zsh",
        "fish",
        "elvish",
        "powershell",
        "--help",
    ] {
        assert!(
            help.stdout.contains(word),
            "completions --help lacks {word}:\n{}",
            help.stdout
        );
    }
    // The top level lists every subcommand.
    let top = run(&["--help"], None);
    assert_eq!(top.code, Some(0));
    for sub in ["transcribe", "compare", "review", "completions"] {
        assert!(
            top.stdout.contains(sub),
            "--help lacks {sub}:\n{}",
            top.stdout
        );
    }
}

#[test]
fn every_subcommands_help_says_what_each_exit_status_means() {
    // Whatever the wrapping, each subcommand's entry names statuses 0 and 2.
    let top = run(&["--help"], None).stdout;
    let at = top.find("Exit status:").expect("an exit status section");
    let words: Vec<&str> = top[at..].split_whitespace().collect();
    let subs = ["transcribe", "compare", "qa", "review", "completions"];
    for (k, sub) in subs.iter().enumerate() {
        let from = words.iter().position(|w| w == sub).expect(sub);
        let to = subs
            .get(k + 1)
            .and_then(|next| words.iter().position(|w| w == next))
            .unwrap_or(words.len());
        let entry = &words[from..to];
        for code in ["0", "2"] {
            assert!(entry.contains(&code), "{sub}: {entry:?}");
        }
    }
    for sub in ["transcribe", "compare", "qa"] {
        let help = run(&[sub, "--help"], None).stdout;
        let at = help
            .find("Exit status: 0")
            .unwrap_or_else(|| panic!("{sub} --help:\n{help}"));
        let text = help[at..].split("\n\n").next().unwrap_or("");
        for code in ["0 ", "1 ", "2 "] {
            assert!(text.contains(code), "{sub}: {text}");
        }
    }
}

#[test]
fn completions_bash_prints_a_completion_script() {
    let r = run(&["completions", "bash"], None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let s = &r.stdout;
    assert!(s.starts_with("_escriba() {"), "{}", &s[..s.len().min(200)]);
    assert!(s.contains("complete -F _escriba"), "registers the function");
    for sub in ["transcribe", "compare", "review", "completions"] {
        assert!(s.contains(sub), "completes {sub}");
    }
    for opt in [
        "--plies-csv",
        "--games-csv",
        "--strict",
        "--shard",
        "--json",
    ] {
        assert!(s.contains(opt), "completes {opt}");
    }
    // Other shells too, and an unknown one is a usage error.
    for shell in ["zsh", "fish"] {
        let r = run(&["completions", shell], None);
        assert_eq!(r.code, Some(0), "{shell}: {}", r.stderr);
        assert!(r.stdout.contains("escriba"), "{shell}");
    }
    assert_eq!(run(&["completions", "tcsh"], None).code, Some(2));
}
