//! `escriba compare ALTERED REFERENCE --json`: three corpus games are transcribed (the
//! reference), then altered on purpose — two moves of one side transposed (two plies
//! wrong, the position restored after), the last move of another replaced by a different
//! legal move (one ply wrong), the last two plies of a third cut (two missing) — and the
//! comparison must report exactly those plies and counts (and exit 1: differences).

use escriba_resolve::shakmaty::fen::Epd;
use escriba_resolve::shakmaty::san::SanPlus;
use escriba_resolve::shakmaty::{Chess, EnPassantMode, Move, Position};
use serde_json::Value;

use crate::cli_support::{PgnGame, parse_pgn, run};
use escriba_testkit::TempDir;

const FILES: [&str; 3] = [
    "corpus/en-descriptive/compact/morphy-brunswick-isouard-1858.txt",
    "corpus/es-descriptive/manual/trampa-owen.txt",
    "corpus/de-algebraic/short/rotlewi-rubinstein-1907.txt",
];

/// The moves of SAN strings from the standard position.
fn moves_of(sans: &[String]) -> Vec<Move> {
    let mut pos = Chess::default();
    sans.iter()
        .map(|s| {
            let m = SanPlus::from_ascii(s.as_bytes())
                .unwrap_or_else(|e| panic!("{s}: {e}"))
                .san
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("{s}: {e}"));
            pos.play_unchecked(m);
            m
        })
        .collect()
}

/// SAN and the position (EPD: FEN without counters) after each ply, or `None` if some
/// move is illegal.
fn replay(moves: &[Move]) -> Option<(Vec<String>, Vec<String>)> {
    let mut pos = Chess::default();
    let mut sans = Vec::new();
    let mut epds = Vec::new();
    for &m in moves {
        if !pos.is_legal(m) {
            return None;
        }
        sans.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        epds.push(Epd::from_position(&pos, EnPassantMode::Legal).to_string());
    }
    Some((sans, epds))
}

/// Transposes plies `i` and `i + 2` (two moves of one side) at the first `i >= 4` where
/// both orders are legal and meet again in the same position after ply `i + 2`.
/// Returns the new SAN and the 0-based `i`.
fn transpose_two_moves(sans: &[String]) -> (Vec<String>, usize) {
    let moves = moves_of(sans);
    let (_, original) = replay(&moves).expect("the reference replays");
    for i in 4..moves.len().saturating_sub(2) {
        let mut swapped = moves.clone();
        swapped.swap(i, i + 2);
        if moves[i] == moves[i + 2] {
            continue;
        }
        if let Some((new_sans, epds)) = replay(&swapped)
            && epds[i] != original[i]
            && epds[i + 1] != original[i + 1]
            && epds[i + 2..] == original[i + 2..]
        {
            return (new_sans, i);
        }
    }
    panic!("no transposable pair of moves in {sans:?}");
}

/// Replaces the last move with the first other legal move (by SAN) that is not the same.
fn replace_last_move(sans: &[String]) -> Vec<String> {
    let moves = moves_of(sans);
    let n = moves.len();
    let mut pos = Chess::default();
    for &m in &moves[..n - 1] {
        pos.play_unchecked(m);
    }
    let other = pos
        .legal_moves()
        .into_iter()
        .find(|&m| m != moves[n - 1])
        .expect("another legal move");
    let mut altered = moves;
    altered[n - 1] = other;
    replay(&altered).expect("legal").0
}

fn write_pgn(games: &[(&PgnGame, Vec<String>)]) -> String {
    let mut s = String::new();
    for (g, sans) in games {
        s.push_str(&format!(
            "[Event \"{}\"]\n\n",
            g.tag("Event").expect("Event tag")
        ));
        for (i, san) in sans.iter().enumerate() {
            if i % 2 == 0 {
                s.push_str(&format!("{}. ", i / 2 + 1));
            }
            s.push_str(san);
            s.push(' ');
        }
        s.push_str("*\n\n");
    }
    s
}

#[test]
fn compare_reports_exactly_the_altered_plies() {
    let tmp = TempDir::new("compare");
    let reference = tmp.file("reference.pgn");
    let mut args = vec!["transcribe", "-q", "-o", &reference];
    args.extend(FILES);
    let r = run(&args, None);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let games = parse_pgn(&tmp.read("reference.pgn"));
    assert_eq!(games.len(), 3);
    let n: Vec<usize> = games.iter().map(|g| g.sans.len()).collect();

    let (transposed, i) = transpose_two_moves(&games[0].sans);
    let replaced = replace_last_move(&games[1].sans);
    let truncated = games[2].sans[..n[2] - 2].to_vec();
    let altered = tmp.file("altered.pgn");
    std::fs::write(
        &altered,
        write_pgn(&[
            (&games[0], transposed.clone()),
            (&games[1], replaced.clone()),
            (&games[2], truncated),
        ]),
    )
    .expect("write altered.pgn");

    // The reference against itself: everything right.
    let same = run(&["compare", &reference, &reference, "--json"], None);
    assert_eq!(same.code, Some(0), "{}", same.stderr);
    let same: Value = serde_json::from_str(&same.stdout).expect("JSON");
    assert_eq!(same["games_exact"], 3);
    assert_eq!(same["plies_right"], n.iter().sum::<usize>());
    assert_eq!(same["discrepancies"], Value::Array(vec![]));

    let r = run(&["compare", &altered, &reference, "--json"], None);
    assert_eq!(r.code, Some(1), "differences exit 1: {}", r.stderr);
    let c: Value = serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("compare --json: {e}:\n{}", r.stdout));
    let total: usize = n.iter().sum();
    assert_eq!(c["games"], 3, "{c:#}");
    assert_eq!(c["games_exact"], 0, "{c:#}");
    assert_eq!(c["plies_wrong"], 2 + 1, "{c:#}");
    assert_eq!(c["plies_missing"], 2, "{c:#}");
    assert_eq!(c["plies_right"], total - 5, "{c:#}");
    assert_eq!(c["plies_extra"], 0, "{c:#}");
    assert_eq!(c["reference_errors"], Value::Array(vec![]), "{c:#}");

    let d = c["discrepancies"].as_array().expect("discrepancies");
    assert_eq!(d.len(), 3, "{c:#}");
    let label = |ply: usize| {
        let number = (ply - 1) / 2 + 1;
        format!("{number}{}", if ply % 2 == 1 { "." } else { "..." })
    };
    // Game 1: first wrong at ply i + 1 (1-based), the transposed move.
    assert_eq!(d[0]["game"], 1);
    assert_eq!(d[0]["output_game"], 1);
    assert_eq!(d[0]["ply"], i + 1);
    assert_eq!(d[0]["move_label"], label(i + 1));
    assert_eq!(d[0]["output_san"], transposed[i].as_str());
    assert_eq!(d[0]["reference_san"], games[0].sans[i].as_str());
    // Game 2: the last ply.
    assert_eq!(d[1]["game"], 2);
    assert_eq!(d[1]["ply"], n[1]);
    assert_eq!(d[1]["move_label"], label(n[1]));
    assert_eq!(d[1]["output_san"], replaced[n[1] - 1].as_str());
    assert_eq!(d[1]["reference_san"], games[1].sans[n[1] - 1].as_str());
    // Game 3: the first cut ply, missing from the output.
    assert_eq!(d[2]["game"], 3);
    assert_eq!(d[2]["ply"], n[2] - 1);
    assert_eq!(d[2]["output_san"], Value::Null);
    assert_eq!(d[2]["reference_san"], games[2].sans[n[2] - 2].as_str());

    // The text report says the same.
    let text = run(&["compare", &altered, &reference], None);
    assert_eq!(text.code, Some(1));
    assert!(
        text.stdout.contains("games exactly right: 0/3")
            && text
                .stdout
                .contains(&format!("plies right: {} (", total - 5))
            && text.stdout.contains(&format!(
                "game 2 ply {} ({}): book `?` output {} reference {}",
                n[1],
                label(n[1]),
                replaced[n[1] - 1],
                games[1].sans[n[1] - 1]
            )),
        "{}",
        text.stdout
    );
}

#[test]
fn compare_with_the_plies_csv_names_the_book_token_of_a_wrong_ply() {
    // A transcription whose plies.csv flags no ply; altering its last move makes that ply
    // "silently wrong" from compare's point of view, with the book's token.
    let file = "corpus/es-descriptive/manual/trampa-owen.txt";
    let tmp = TempDir::new("compare-csv");
    let reference = tmp.file("reference.pgn");
    let plies = tmp.file("plies.csv");
    let r = run(
        &[
            "transcribe",
            "-q",
            file,
            "-o",
            &reference,
            "--plies-csv",
            &plies,
        ],
        None,
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let games = parse_pgn(&tmp.read("reference.pgn"));
    let n = games[0].sans.len();
    let altered = tmp.file("altered.pgn");
    // Keep the EscribaGame tag's meaning: game 1 of the transcription.
    std::fs::write(
        &altered,
        write_pgn(&[(&games[0], replace_last_move(&games[0].sans))]),
    )
    .expect("write");
    let r = run(
        &[
            "compare",
            &altered,
            &reference,
            "--plies-csv",
            &plies,
            "--json",
        ],
        None,
    );
    assert_eq!(r.code, Some(1), "differences exit 1: {}", r.stderr);
    let c: Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(c["silently_wrong"], 1, "{c:#}");
    let d = &c["discrepancies"][0];
    assert_eq!(d["ply"], n);
    assert_eq!(
        d["book_token"], "A6C#",
        "the book's last move, `8. A6C#`: {c:#}"
    );
    // `A6C#` prints no wing: the position filled it in, so the ply is inferred, and no
    // flag (inferred is not flagged) warned of the change.
    assert_eq!(d["status"], "inferred");
}
