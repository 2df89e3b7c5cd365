//! `escriba qa` end to end, on a temporary copy of `corpus/` with its `*.snap.pgn`
//! snapshots (the one store of the corpus's transcriptions): a clean copy passes with
//! every snapshot byte for byte the same; one altered printed move is reported as exactly
//! that change and fails the run until `--accept`; a snapshot whose notes differ is
//! reported stale and rewritten by `--accept`; an ExpectedSAN mismatch fails even with
//! `--accept`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use escriba_testkit::TempDir;

const FOOLS: &str = "en-descriptive/compact/fools-mate.txt";

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

fn temp_corpus(name: &str) -> TempDir {
    let dir = TempDir::new(&format!("qa-{name}"));
    copy_dir(&corpus(), dir.path());
    dir
}

fn qa(dir: &Path, extra: &[&str]) -> (i32, String) {
    let Output { status, stdout, .. } = Command::new(env!("CARGO_BIN_EXE_escriba-e2e"))
        .arg("qa")
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    (status.code().unwrap(), String::from_utf8(stdout).unwrap())
}

fn alter(dir: &Path, from: &str, to: &str) {
    let p = dir.join(FOOLS);
    let text = std::fs::read_to_string(&p).unwrap();
    assert!(text.contains(from), "{FOOLS} no longer holds `{from}`");
    std::fs::write(&p, text.replacen(from, to, 1)).unwrap();
}

fn change_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("  ") && l.contains(": game "))
        .map(str::trim)
        .collect()
}

#[test]
fn an_altered_move_is_reported_as_exactly_that_change_until_accepted() {
    let tmp = temp_corpus("altered");
    let dir = tmp.path();
    let (code, out) = qa(dir, &[]);
    assert_eq!(code, 0, "the committed snapshots match the corpus:\n{out}");
    let (_, json) = qa(dir, &["--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let not_same: Vec<&serde_json::Value> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["snapshot"] != "same")
        .map(|f| &f["file"])
        .collect();
    assert!(
        not_same.is_empty(),
        "snapshots that are not byte for byte the transcription (notes included): {not_same:?}"
    );

    // 1...P-K4 becomes 1...P-K3: e6 instead of e5; 2...Q-R5 mate is still Qh4#.
    alter(dir, "P-KB3 P-K4", "P-KB3 P-K3");
    alter(dir, "\"f3 e5 g4 Qh4#\"", "\"f3 e6 g4 Qh4#\"");
    let (code, out) = qa(dir, &[]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        change_lines(&out),
        [format!("{FOOLS}: game 1 ply 2: e5 → e6 (status exact)")],
        "{out}"
    );
    assert!(out.contains("1 unaccepted changes:"), "{out}");

    let (code, json) = qa(dir, &["--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["changes"].as_array().unwrap().len(), 1, "{json}");
    assert_eq!(v["changes"][0]["after"]["san"], "e6");

    let (code, out) = qa(dir, &["--accept"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("wrote {}", FOOLS.replace(".txt", ".snap.pgn"))),
        "{out}"
    );
    let (code, out) = qa(dir, &[]);
    assert_eq!(code, 0, "{out}");
    assert!(change_lines(&out).is_empty(), "{out}");
}

/// `{repaired: NOTE}` → `{repaired: other words}` in a snapshot: only a note differs.
#[test]
fn a_snapshot_whose_notes_differ_is_stale_until_accepted() {
    const DAMAGED: &str = "es-algebraic/ocr-damaged/mate-del-pastor";
    let tmp = temp_corpus("stale");
    let dir = tmp.path();
    let snap = dir.join(format!("{DAMAGED}.snap.pgn"));
    let text = std::fs::read_to_string(&snap).unwrap();
    let note = "{repaired: misprint or OCR damage";
    assert!(
        text.contains(note),
        "{DAMAGED}.snap.pgn no longer holds `{note}`"
    );
    std::fs::write(&snap, text.replacen(note, "{repaired: other words for", 1)).unwrap();
    let (code, out) = qa(dir, &[]);
    assert_eq!(code, 0, "notes are not moves: {out}");
    assert!(change_lines(&out).is_empty(), "{out}");
    assert!(
        out.contains("1 snapshots differ only in their notes (`--accept` rewrites them)"),
        "{out}"
    );
    let (_, json) = qa(dir, &["--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let stale = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["snapshot"] == "stale")
        .expect("a stale file");
    assert_eq!(stale["file"], format!("{DAMAGED}.txt"));
    let (code, out) = qa(dir, &["--accept"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("wrote {DAMAGED}.snap.pgn")), "{out}");
    assert_eq!(
        std::fs::read_to_string(&snap).unwrap(),
        text,
        "the note is back"
    );
    let (_, out) = qa(dir, &[]);
    assert!(!out.contains("differ only in their notes"), "{out}");
}

#[test]
fn an_expected_san_mismatch_fails_even_with_accept() {
    let tmp = temp_corpus("expected");
    let dir = tmp.path();
    alter(dir, "P-KB3 P-K4", "P-KB3 P-K3");
    let (code, out) = qa(dir, &["--accept"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("ply 2: got e6 want e5 (exact)"), "{out}");
    assert!(
        out.contains("1 games differ from their ExpectedSAN/ExpectedFlags"),
        "{out}"
    );
}

#[test]
fn qa_help_documents_the_snapshot_format_options_and_exit_status() {
    let out = Command::new(env!("CARGO_BIN_EXE_escriba-e2e"))
        .args(["qa", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "--accept",
        "--json",
        ".snap.pgn",
        "ExpectedSAN",
        "Exit status",
    ] {
        assert!(help.contains(needle), "`{needle}` missing from:\n{help}");
    }
}

/// A corpus of one file: fool's mate, without its snapshot.
fn one_file_corpus(name: &str) -> TempDir {
    let dir = TempDir::new(&format!("qa-{name}"));
    std::fs::create_dir_all(dir.path().join("corpus")).unwrap();
    std::fs::copy(corpus().join(FOOLS), dir.path().join("corpus/fools.txt")).unwrap();
    dir
}

#[test]
fn accept_never_writes_through_a_symlinked_snapshot() {
    let tmp = one_file_corpus("symlink");
    let dir = tmp.path();
    // The snapshot is a link to a file outside the corpus: a shell rc file, say.
    let victim = dir.join("victim.rc");
    std::fs::write(&victim, "precious\n").unwrap();
    let snap = dir.join("corpus/fools.snap.pgn");
    std::os::unix::fs::symlink(&victim, &snap).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_escriba-e2e"))
        .arg("qa")
        .arg(dir.join("corpus"))
        .arg("--accept")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "precious\n",
        "written through the link: {stderr}"
    );
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("fools.snap.pgn") && stderr.contains("symlink"),
        "{stderr}"
    );
    assert!(std::fs::symlink_metadata(&snap).unwrap().is_symlink());
}

#[test]
fn accept_writes_no_snapshot_outside_the_corpus_folder() {
    let tmp = one_file_corpus("outside");
    let dir = tmp.path();
    // A subfolder of the corpus swapped for a link to a folder outside it: walking the
    // corpus does not follow it, and nothing is written there.
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::copy(corpus().join(FOOLS), elsewhere.join("other.txt")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.join("corpus/linked")).unwrap();
    let (code, out) = qa(&dir.join("corpus"), &["--accept"]);
    assert_eq!(code, 0, "{out}");
    assert!(dir.join("corpus/fools.snap.pgn").is_file());
    assert_eq!(
        std::fs::read_dir(&elsewhere).unwrap().count(),
        1,
        "nothing written outside the corpus: {out}"
    );
}
