//! `escriba transcribe FILE -o … --plies-csv … --games-csv …` on six corpus files across
//! dialects (one OCR-damaged, one long-hand): the PGN, both CSVs and stderr are pinned by
//! snapshots, and the moves are checked against each file's `[ExpectedSAN]` and its
//! flags against `[ExpectedFlags]`, so a wrong snapshot cannot be accepted by accident.

use crate::cli_support::{GAME_COLUMNS, PLY_COLUMNS, csv_rows, parse_pgn, redact, run};
use escriba_testkit::TempDir;

/// (snapshot name, corpus file).
const FILES: [(&str, &str); 6] = [
    (
        "en_descriptive_ocr_damaged_morphy_kbs",
        "corpus/en-descriptive/ocr-damaged/morphy-brunswick-isouard-1858-kbs.txt",
    ),
    (
        "en_descriptive_long_hand_englund_trap",
        "corpus/en-descriptive/long-hand/englund-trap.txt",
    ),
    (
        "es_descriptive_trampa_owen",
        "corpus/es-descriptive/manual/trampa-owen.txt",
    ),
    (
        "fr_descriptive_piege_blackburne",
        "corpus/fr-descriptive/manuel/piege-blackburne.txt",
    ),
    (
        "de_algebraic_rotlewi_rubinstein",
        "corpus/de-algebraic/short/rotlewi-rubinstein-1907.txt",
    ),
    (
        "fig_algebraic_steinitz_von_bardeleben",
        "corpus/fig-algebraic/short/steinitz-von-bardeleben-1895.txt",
    ),
];

/// A tag's value in a corpus file.
fn corpus_tag(text: &str, name: &str) -> Option<String> {
    let prefix = format!("[{name} \"");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .map(|v| v.trim_end_matches("\"]").to_owned())
}

#[test]
fn transcribe_outputs_of_corpus_files_match_their_snapshots_and_expected_san() {
    for (name, file) in FILES {
        let source = std::fs::read_to_string(crate::cli_support::repo_root().join(file))
            .expect("corpus file");
        let expected: Vec<String> = corpus_tag(&source, "ExpectedSAN")
            .expect("ExpectedSAN tag")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        // `[ExpectedFlags "12:repaired 30:ambiguous"]`: 1-based ply and status.
        let expected_flags: Vec<(String, String)> = corpus_tag(&source, "ExpectedFlags")
            .unwrap_or_default()
            .split_whitespace()
            .map(|f| {
                let (ply, status) = f.split_once(':').expect("ply:status");
                (ply.to_owned(), status.to_owned())
            })
            .collect();

        let tmp = TempDir::new(name);
        let r = run(
            &[
                "transcribe",
                file,
                "-o",
                &tmp.file("out.pgn"),
                "--plies-csv",
                &tmp.file("plies.csv"),
                "--games-csv",
                &tmp.file("games.csv"),
            ],
            None,
        );
        assert_eq!(r.code, Some(0), "{file}: exit code; stderr:\n{}", r.stderr);
        assert!(
            r.stdout.is_empty(),
            "{file}: the PGN went to -o, not stdout"
        );
        let pgn = tmp.read("out.pgn");
        let plies = tmp.read("plies.csv");
        let games = tmp.read("games.csv");

        // The facts the snapshot must agree with.
        let parsed = parse_pgn(&pgn);
        assert_eq!(parsed.len(), 1, "{file}: one game");
        assert_eq!(parsed[0].sans, expected, "{file}: PGN moves vs ExpectedSAN");
        assert!(
            parsed[0].comments.is_empty(),
            "{file}: nothing untranscribed"
        );
        let ply_rows = csv_rows(&plies, &PLY_COLUMNS);
        let csv_sans: Vec<&str> = ply_rows.iter().map(|r| r["san"].as_str()).collect();
        assert_eq!(csv_sans, expected, "{file}: plies.csv SAN vs ExpectedSAN");
        let flagged: Vec<(String, String)> = ply_rows
            .iter()
            .filter(|r| !matches!(r["status"].as_str(), "exact" | "inferred"))
            .map(|r| (r["ply"].clone(), r["status"].clone()))
            .collect();
        assert_eq!(flagged, expected_flags, "{file}: flagged plies");
        let game_rows = csv_rows(&games, &GAME_COLUMNS);
        assert_eq!(game_rows.len(), 1);
        assert_eq!(game_rows[0]["status"], "complete", "{file}");
        assert_eq!(game_rows[0]["plies"], expected.len().to_string(), "{file}");
        assert_eq!(game_rows[0]["flagged"], expected_flags.len().to_string());
        // One warning block per flagged ply, then the summary line.
        assert_eq!(
            r.stderr.matches("warning: ").count(),
            expected_flags.len(),
            "{file}: stderr:\n{}",
            r.stderr
        );

        let snapshot = format!(
            "exit code: {:?}\n\n--- out.pgn\n{pgn}--- plies.csv\n{plies}--- games.csv\n{games}--- stderr\n{}",
            r.code, r.stderr
        );
        insta::assert_snapshot!(name, redact(&snapshot, tmp.path()));
    }
}
