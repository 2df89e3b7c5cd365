//! The command line at its edges. Closed standard streams, encodings, signals, outputs that
//! would overwrite an input, absurd `--jobs`, unusable `compare` references, `qa` with
//! nothing to check, directories with files that are not games, and `-` as an output.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::cli_exit_codes::PARTIAL_GAME;
use crate::cli_support::{GAME_COLUMNS, csv_rows, escriba, parse_pgn, run};
use escriba_testkit::TempDir;

/// Runs `escriba ARGS` with `stdin` and the given stdout/stderr; returns the exit code.
fn run_with(args: &[&str], stdin: &[u8], stdout: Stdio, stderr: Stdio) -> Option<i32> {
    let mut child = escriba()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("spawn escriba-e2e");
    let mut pipe = child.stdin.take().expect("piped stdin");
    let data = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let _ = pipe.write_all(&data);
    });
    let status = child.wait().expect("wait");
    feeder.join().expect("feeder");
    status.code()
}

/// A pipe whose reading end is already closed: writing to it fails with EPIPE.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    writer.into()
}

#[test]
fn a_closed_stderr_exits_quietly_with_the_games_status() {
    // Item 8: diagnostics go to a closed stderr; the run must neither panic (101) nor lie.
    let code = run_with(
        &["transcribe", "-", "-o", "/dev/null"],
        PARTIAL_GAME.as_bytes(),
        Stdio::null(),
        closed_pipe(),
    );
    assert_eq!(code, Some(1), "a partial game, stderr closed");
}

#[test]
fn a_closed_stdout_still_writes_the_side_files() {
    // Item 9: the PGN reader went away; the CSV and report asked for are still written.
    let tmp = TempDir::new("closed-stdout");
    let games = tmp.file("games.csv");
    let report = tmp.file("report.json");
    let many: String = (0..300)
        .map(|i| format!("[Event \"G{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"))
        .collect();
    let code = run_with(
        &[
            "transcribe",
            "-",
            "--games-csv",
            &games,
            "--report",
            &report,
        ],
        many.as_bytes(),
        closed_pipe(),
        Stdio::null(),
    );
    assert_eq!(code, Some(0), "every game complete");
    let rows = csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS);
    assert_eq!(rows.len(), 300);
    let report: serde_json::Value = serde_json::from_str(&tmp.read("report.json")).unwrap();
    assert_eq!(report["games"], 300);
}

#[test]
fn qa_and_compare_json_into_a_closed_pipe_keep_their_verdict() {
    // Item 10: `… --json | head -1` exits as the text mode does: with the verdict.
    let tmp = TempDir::new("json-pipe");
    let dir = tmp.path().join("corpus");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("g.txt"),
        "[Notation \"en-algebraic\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let dir_s = dir.to_str().unwrap();
    for json in [false, true] {
        let mut args = vec!["qa", dir_s];
        if json {
            args.push("--json");
        }
        // No snapshot yet: the verdict is 1.
        let open = run(&args, None).code;
        assert_eq!(open, Some(1));
        let closed = run_with(&args, b"", closed_pipe(), Stdio::null());
        assert_eq!(closed, open, "qa json={json}");
    }
    let out = tmp.file("out.pgn");
    let refp = tmp.file("ref.pgn");
    std::fs::write(&out, "1. e4 e5 *\n").unwrap();
    std::fs::write(&refp, "1. e4 c5 *\n").unwrap();
    for json in [false, true] {
        let mut args = vec!["compare", out.as_str(), refp.as_str()];
        if json {
            args.push("--json");
        }
        let open = run(&args, None).code;
        assert_eq!(open, Some(1), "a difference");
        let closed = run_with(&args, b"", closed_pipe(), Stdio::null());
        assert_eq!(closed, open, "compare json={json}");
    }
}

#[test]
fn one_invalid_byte_leaves_a_utf8_file_utf8_with_a_located_warning() {
    // Item 11.
    let tmp = TempDir::new("enc");
    let p = tmp.file("jose.pgn");
    let mut bytes = "[White \"José\"]\n\n1. e4 e5 {".as_bytes().to_vec();
    bytes.push(0xFF);
    bytes.extend_from_slice(b"} *\n");
    std::fs::write(&p, &bytes).unwrap();
    let r = run(&["transcribe", &p], None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(parse_pgn(&r.stdout)[0].tag("White"), Some("José"));
    assert!(
        r.stderr.contains("invalid UTF-8") && r.stderr.contains("3:11"),
        "the bad byte is located: {}",
        r.stderr
    );
}

#[test]
fn a_utf16_file_with_a_byte_order_mark_is_read_as_utf16() {
    let tmp = TempDir::new("utf16");
    let text = "[White \"Núñez\"]\n\n1. e4 e5 2. Nf3 *\n";
    for (name, bom, le) in [
        ("le.pgn", [0xFF, 0xFE], true),
        ("be.pgn", [0xFE, 0xFF], false),
    ] {
        let mut bytes = bom.to_vec();
        for u in text.encode_utf16() {
            bytes.extend(if le { u.to_le_bytes() } else { u.to_be_bytes() });
        }
        let p = tmp.file(name);
        std::fs::write(&p, bytes).unwrap();
        let r = run(&["transcribe", &p], None);
        assert_eq!(r.code, Some(0), "{name}: {}", r.stderr);
        assert!(!r.stdout.contains('\0'), "{name}: NULs in the PGN");
        let g = &parse_pgn(&r.stdout)[0];
        assert_eq!(g.tag("White"), Some("Núñez"));
        assert_eq!(g.sans, ["e4", "e5", "Nf3"]);
        assert!(r.stderr.contains("UTF-16"), "{name}: {}", r.stderr);
    }
}

#[test]
fn a_latin1_file_is_read_as_latin1_and_said_so() {
    let tmp = TempDir::new("latin1");
    let p = tmp.file("l1.pgn");
    std::fs::write(&p, b"[White \"Jos\xe9\"]\n\n1. e4 *\n").unwrap();
    let r = run(&["transcribe", &p], None);
    assert_eq!(parse_pgn(&r.stdout)[0].tag("White"), Some("José"));
    assert!(r.stderr.contains("ISO-8859-1"), "{}", r.stderr);
}

fn only_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn temporary_files_are_removed_on_sigterm_sigint_and_sighup() {
    // Item 12: outputs are opened (as temporary files) before any input is read; the run
    // then waits on stdin, and is signalled.
    for (signal, code) in [("TERM", 143), ("INT", 130), ("HUP", 129)] {
        let tmp = TempDir::new("signal");
        let out = tmp.file("out.pgn");
        let csv = tmp.file("games.csv");
        std::fs::write(&out, "old").unwrap();
        let mut child = escriba()
            .args(["transcribe", "-", "-o", &out, "--games-csv", &csv])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Held open until the process is gone (`wait` would close it, and the run would
        // then end on its own, racing the signal).
        let stdin = child.stdin.take();
        let deadline = Instant::now() + Duration::from_secs(20);
        while only_files(tmp.path()).len() < 3 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(only_files(tmp.path()).len(), 3, "temporary files exist");
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        drop(stdin);
        assert_eq!(status.code(), Some(code), "SIG{signal}: 128 + the signal");
        assert_eq!(only_files(tmp.path()), ["out.pgn"], "SIG{signal}");
        assert_eq!(tmp.read("out.pgn"), "old", "the old output is intact");
    }
}

#[test]
fn a_replaced_output_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = TempDir::new("perm");
    let out = tmp.file("out.pgn");
    std::fs::write(&out, "old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let fresh = tmp.file("fresh.pgn");
    let r = run(
        &["transcribe", "-", "-o", &out, "--games-csv", &fresh],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let mode = |p: &str| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&out), 0o640);
    // A new output gets the mode any new file gets here (0666 less the umask).
    let probe = tmp.file("probe");
    std::fs::write(&probe, "").unwrap();
    assert_eq!(mode(&fresh), mode(&probe));
}

#[test]
fn an_output_that_is_an_input_or_another_output_is_refused() {
    // Item 13.
    let tmp = TempDir::new("same");
    let book = tmp.file("same.txt");
    std::fs::write(&book, "1. e4 e5 *\n").unwrap();
    let r = run(&["transcribe", &book, "-o", &book], None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(tmp.read("same.txt"), "1. e4 e5 *\n", "the book is intact");
    // The same file by another name, and an input inside a directory.
    let dotted = format!("{}/./same.txt", tmp.path().display());
    let r = run(&["transcribe", &book, "--games-csv", &dotted], None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let dir = tmp.path().to_str().unwrap();
    let r = run(&["transcribe", dir, "--report", &book], None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let x = tmp.file("x.out");
    let r = run(
        &["transcribe", &book, "--plies-csv", &x, "--jsonl", &x],
        None,
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("x.out"), "{}", r.stderr);
    assert!(!Path::new(&x).exists());
}

#[test]
fn an_absurd_jobs_count_is_refused_at_once() {
    // Item 14.
    let t = Instant::now();
    let r = run(&["transcribe", "--jobs", "20000", "-"], Some(b"1. e4 *\n"));
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("--jobs"), "{}", r.stderr);
    assert!(t.elapsed() < Duration::from_secs(20));
    let r = run(&["transcribe", "--jobs", "64", "-"], Some(b"1. e4 *\n"));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn compare_refuses_an_unusable_reference_and_says_what_it_did_not_compare() {
    // Item 15.
    let tmp = TempDir::new("compare");
    let out = tmp.file("out.pgn");
    std::fs::write(&out, "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 c5 *\n").unwrap();
    let junk = tmp.file("junk.pgn");
    std::fs::write(&junk, [0x8Fu8, 0x13, 0xFE, 0x00, 0x41, 0x7B, 0xC3, 0x28]).unwrap();
    let r = run(&["compare", &out, &junk], None);
    assert_eq!(r.code, Some(2), "{}\n{}", r.stdout, r.stderr);
    assert!(!r.stdout.contains("1/1"), "{}", r.stdout);

    // A reference of empty games: nothing compared, no 100%.
    let empty = tmp.file("empty.pgn");
    std::fs::write(&empty, "[Event \"A\"]\n\n*\n").unwrap();
    let r = run(&["compare", &out, &empty], None);
    assert!(!r.stdout.contains("100.00%"), "{}", r.stdout);
    assert!(r.stdout.contains("n/a"), "{}", r.stdout);

    // One reference game against three output games: the two others are counted.
    let one = tmp.file("one.pgn");
    std::fs::write(&one, "1. e4 e5 *\n").unwrap();
    let r = run(&["compare", &out, &one], None);
    assert!(
        r.stdout
            .contains("output games without a reference game: 2"),
        "{}",
        r.stdout
    );
    assert_eq!(r.code, Some(1), "unpaired games are differences");
    let j = run(&["compare", &out, &one, "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    assert_eq!(v["output_unpaired"], 2);

    // Exit 0 when everything is right.
    let r = run(&["compare", &out, &out], None);
    assert_eq!(r.code, Some(0), "{}", r.stdout);
}

#[test]
fn qa_with_nothing_to_check_says_so_and_exits_2() {
    // Item 16.
    let tmp = TempDir::new("qa-empty");
    let file = tmp.file("g.txt");
    std::fs::write(&file, "1. e4 *\n").unwrap();
    let r = run(&["qa", &file], None);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    assert!(!r.stdout.contains("qa: ok"));
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let r = run(&["qa", empty.to_str().unwrap()], None);
    assert_eq!(r.code, Some(2), "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("nothing to check"), "{}", r.stderr);
}

#[test]
fn a_directory_is_read_for_game_files_only_unless_widened() {
    // Item 18.
    let tmp = TempDir::new("dir");
    let d = tmp.path().join("books");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("a.txt"), "1. e4 e5 *\n").unwrap();
    std::fs::write(d.join("b.pgn"), "1. d4 d5 *\n").unwrap();
    std::fs::write(d.join("b.snap.pgn"), "1. d4 d5 *\n").unwrap();
    std::fs::write(d.join("notes.md"), "1. c4 c5 *\n").unwrap();
    let dir = d.to_str().unwrap();
    let r = run(&["transcribe", dir], None);
    assert_eq!(parse_pgn(&r.stdout).len(), 2, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("2 files of the input directories not read"),
        "{}",
        r.stderr
    );
    let r = run(&["transcribe", dir, "--glob", "*.md"], None);
    assert_eq!(parse_pgn(&r.stdout).len(), 3, "{}", r.stdout);
    // A file named on the command line is read whatever its name.
    let r = run(&["transcribe", d.join("notes.md").to_str().unwrap()], None);
    assert_eq!(parse_pgn(&r.stdout).len(), 1, "{}", r.stdout);
}

#[test]
fn dash_is_stdout_for_any_output_but_only_once() {
    // Item 19.
    let tmp = TempDir::new("dash");
    let pgn = tmp.file("g.pgn");
    let r = run(
        &["transcribe", "-", "-o", &pgn, "--games-csv", "-"],
        Some(b"1. e4 *\n"),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("source,game,"), "{}", r.stdout);
    assert!(!Path::new("-").exists() && !tmp.path().join("-").exists());
    let r = run(&["transcribe", "-", "--games-csv", "-"], Some(b"1. e4 *\n"));
    assert_eq!(
        r.code,
        Some(2),
        "the PGN already goes to stdout: {}",
        r.stderr
    );
}

#[test]
fn an_error_names_its_cause_once() {
    let r = run(
        &["compare", "/nonexistent/a.pgn", "/nonexistent/b.pgn"],
        None,
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stderr.matches("No such file").count(), 1, "{}", r.stderr);
    let r = run(&["transcribe", "/nonexistent/a.txt"], None);
    assert_eq!(r.stderr.matches("No such file").count(), 1, "{}", r.stderr);
}

#[test]
fn a_shard_count_too_large_is_named_as_such() {
    let r = run(&["transcribe", "--shard", "1/4294967296", "-"], Some(b""));
    assert_eq!(r.code, Some(2));
    assert!(!r.stderr.contains("not a number"), "{}", r.stderr);
    assert!(r.stderr.contains("4294967295"), "{}", r.stderr);
}

#[test]
fn a_game_larger_than_the_cap_fails_with_a_clear_error() {
    // Item 17: one 5 MB line of moves is one game too large to hold.
    let line = "1. e4 e5 ".repeat(5 << 17);
    let r = run(
        &["transcribe", "-", "-o", "/dev/null"],
        Some(line.as_bytes()),
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stderr.contains("too large"), "{}", r.stderr);
}

#[test]
fn compare_against_a_reference_that_holds_no_game_exits_2() {
    let tmp = TempDir::new("compare-no-game");
    let out = tmp.file("out.pgn");
    std::fs::write(&out, "1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
    let mut rng = escriba_testkit::Rng::new(35);
    let random: Vec<u8> = (0..4096).map(|_| rng.next_u64() as u8).collect();
    let prose = "The game was played at London in 1851, in the first international \
                 tournament. White opened with the king's pawn, and Black answered in kind; \
                 after a long struggle the players agreed to a draw.\n"
        .repeat(20);
    // A gzip member: the magic, deflate, and compressed bytes.
    let mut gzip = vec![0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03];
    gzip.extend(random.iter().take(600));
    for (name, bytes) in [
        ("random.bin", random.clone()),
        ("prose.txt", prose.into_bytes()),
        ("archive.pgn.gz", gzip),
        ("nothing.pgn", Vec::new()),
    ] {
        let reference = tmp.file(name);
        std::fs::write(&reference, bytes).unwrap();
        let r = run(&["compare", &out, &reference], None);
        assert_eq!(r.code, Some(2), "{name}: {}\n{}", r.stdout, r.stderr);
        assert!(
            r.stderr.contains(name) && r.stderr.contains("unusable as the reference"),
            "{name}: {}",
            r.stderr
        );
    }
}

#[test]
fn review_refuses_an_output_that_is_or_links_to_one_of_its_inputs() {
    let tmp = TempDir::new("review-self");
    let book = tmp.file("book.txt");
    let text = "[White \"Tie\"]\n[Black \"Game\"]\n[Notation \"en-descriptive\"]\n\n\
                1. P-K4 P-K4 2. P-B4 *\n";
    std::fs::write(&book, text).unwrap();
    let jsonl = tmp.file("run.jsonl");
    let r = run(
        &[
            "transcribe",
            &book,
            "-o",
            &tmp.file("out.pgn"),
            "--jsonl",
            &jsonl,
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let jsonl_text = tmp.read("run.jsonl");
    std::os::unix::fs::symlink(&jsonl, tmp.path().join("link.html")).unwrap();
    for target in [jsonl.clone(), book.clone(), tmp.file("link.html")] {
        let r = run(&["review", &jsonl, "-o", &target], None);
        assert_eq!(r.code, Some(2), "{target}: {}", r.stderr);
        assert!(
            r.stderr.contains("--output") && r.stderr.contains("is an input"),
            "{target}: {}",
            r.stderr
        );
        assert_eq!(tmp.read("run.jsonl"), jsonl_text, "{target}");
        assert_eq!(tmp.read("book.txt"), text, "{target}");
    }
}

#[test]
fn an_output_through_a_dangling_link_or_parquet_onto_a_file_names_the_flag_and_the_path() {
    let tmp = TempDir::new("dangling");
    let book = tmp.file("book.pgn");
    std::fs::write(&book, "1. e4 e5 *\n").unwrap();
    // A link to a file in a folder that does not exist.
    let link = tmp.path().join("nowhere.pgn");
    std::os::unix::fs::symlink(tmp.path().join("missing/out.pgn"), &link).unwrap();
    let link = link.to_str().unwrap();
    let r = run(&["transcribe", &book, "-o", link], None);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("--output") && r.stderr.contains(link) && r.stderr.contains("missing"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    // A link to a file not yet made, in a folder that exists: written as `>` would.
    let fresh = tmp.path().join("fresh.pgn");
    std::os::unix::fs::symlink(tmp.path().join("made.pgn"), &fresh).unwrap();
    let r = run(&["transcribe", &book, "-o", fresh.to_str().unwrap()], None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(tmp.read("made.pgn").contains("1. e4 e5"));
    assert!(std::fs::symlink_metadata(&fresh).unwrap().is_symlink());
    // --parquet names a folder: a file there is named, with what to do.
    let file = tmp.file("plain.txt");
    std::fs::write(&file, "keep").unwrap();
    let r = run(
        &["transcribe", &book, "-o", "/dev/null", "--parquet", &file],
        None,
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("--parquet") && r.stderr.contains(&file) && r.stderr.contains("folder"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    assert_eq!(tmp.read("plain.txt"), "keep");
}

#[test]
fn a_file_size_limit_is_reported_like_a_full_disk() {
    let tmp = TempDir::new("fsize");
    let book = tmp.file("book.pgn");
    std::fs::write(&book, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n".repeat(2_000)).unwrap();
    let out = tmp.file("out.pgn");
    std::fs::write(&out, "old").unwrap();
    // 4 blocks of 512 bytes: the book can be read, the PGN cannot be written whole.
    let r = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 4 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_escriba-e2e"))
        .args(["transcribe", &book, "-o", &out])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "no signal, exit 2: {stderr}");
    assert!(
        stderr.contains("out.pgn") && stderr.contains("too large"),
        "{stderr}"
    );
    assert_eq!(
        only_files(tmp.path()),
        ["book.pgn", "out.pgn"],
        "no temporary file"
    );
    assert_eq!(tmp.read("out.pgn"), "old", "the old output is intact");
}
