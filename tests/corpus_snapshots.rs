//! Every corpus file's transcription, one insta snapshot per file: the readable PGN that
//! `escriba qa` stores as `*.snap.pgn` (non-exact plies carry their status in a comment),
//! then the diagnostics: each game's status and plies by status, its ExpectedSAN and
//! ExpectedFlags checks, every flagged ply with its note, and where it stopped. The
//! corpus's `corrections.toml` applies, as in `escriba qa`.

use std::path::Path;

use escriba_check::qa::{check_file, corpus_files, with_corrections};
use escriba_pipeline::Config;

#[test]
fn every_corpus_file_transcribes_as_its_snapshot_shows() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .canonicalize()
        .unwrap();
    let files = corpus_files(&corpus).unwrap();
    let (cfg, not_applied) = with_corrections(&corpus, &files, &Config::default()).unwrap();
    assert!(not_applied.is_empty(), "{not_applied:?}");
    insta::glob!("../corpus", "**/*.txt", |path| {
        let rel = path
            .strip_prefix(&corpus)
            .expect("insta's glob yields paths below the corpus folder");
        let name = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let (file, _) = check_file(path, &name, &cfg).unwrap();
        let text = format!(
            "{}--- diagnostics\n{}",
            file.snapshot_pgn,
            file.diagnostics()
        );
        insta::with_settings!({
            description => format!("corpus/{name}: transcription as snapshot PGN, then diagnostics"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(text);
        });
    });
}
