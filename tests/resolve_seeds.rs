//! The user's seed documents: every game and fragment in them replays to the right SAN.
//! The Capablanca game is also typed here (as facts) so that it is pinned without `shared/`.

use escriba_notation::{AlgLang, DescLang, Dialect};
use escriba_resolve::{Options, Status, resolve, start_position};

use crate::common::{sans, shared};

const ES_DESC: Dialect = Dialect::Descriptive(DescLang::Es);
const ES_ALG: Dialect = Dialect::Algebraic(AlgLang::Es);
const PT_ALG: Dialect = Dialect::Algebraic(AlgLang::Pt);

/// Capablanca–N.N., New York 1918, as Bruguera printed it in 1975.
const CAPABLANCA: &str = "1.P4R P4R 2.C3AR C3AD 3.C3A C3A 4.A5C A5C 5.O-O O-O 6.P3D P3D \
    7.A5C A5C 8.C5D C5D 9.CXA CXA 10.C5D C5D 11.D2D D2D 12.AXC AXC 13.C7R+ R1T 14.AXP+ RXA \
    15.D5C+ R1T 16.D6A#";

const CAPABLANCA_SAN: &str = "e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4 O-O O-O d3 d6 Bg5 Bg4 Nd5 Nd4 \
    Nxb4 Nxb5 Nd5 Nd4 Qd2 Qd7 Bxf6 Bxf3 Ne7+ Kh8 Bxg7+ Kxg7 Qg5+ Kh8 Qf6#";

fn numbered(sans: &[String]) -> String {
    let mut out = String::new();
    for (i, s) in sans.iter().enumerate() {
        if i % 2 == 0 {
            out.push_str(&format!("{}.", i / 2 + 1));
        }
        out.push_str(s);
        out.push(if i % 2 == 0 { ' ' } else { '\n' });
    }
    out
}

#[test]
fn capablanca_spanish_descriptive_replays_to_exact_san() {
    let d = resolve(
        CAPABLANCA,
        ES_DESC,
        start_position(None, false).unwrap(),
        &Options::default(),
    );
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(sans(&d).join(" "), CAPABLANCA_SAN);
    assert!(d.plies.iter().all(|p| !p.status.is_flagged()));
    insta::assert_snapshot!("capablanca_nn_1918", numbered(&sans(&d)));
}

#[test]
fn seed_003_game_replays_from_the_document() {
    let Some(path) = shared("seeds/003_ea5fa614358d20dc.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("1.P4R"))
        .expect("the game line");
    let d = resolve(
        line,
        ES_DESC,
        start_position(None, false).unwrap(),
        &Options::default(),
    );
    assert_eq!(sans(&d).join(" "), CAPABLANCA_SAN);
}

#[test]
fn seed_002_game_with_split_castling_and_en_passant() {
    let Some(path) = shared("seeds/002_50683bb534b49a22.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find("1. e4 e5 2. Cf3").expect("the game");
    let end = text[start..].find("(=)").expect("the draw offer") + start + 3;
    let game = &text[start..end];
    let d = resolve(
        game,
        ES_ALG,
        start_position(None, false).unwrap(),
        &Options::default(),
    );
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(
        sans(&d).join(" "),
        "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1"
    );
    // The castling split across a space is a repair, and says so.
    let castle = &d.plies[18];
    assert_eq!(castle.status, Status::Repaired, "{castle:?}");
    assert!(
        castle.note.as_deref().unwrap_or("").contains("0-0-0"),
        "{castle:?}"
    );
    // `exd6 a.p.` is read as the en passant capture.
    assert!(d.plies[10].mv.is_en_passant());
    assert!(!d.plies[10].status.is_flagged());
}

#[test]
fn seed_001_pastor_mate_repairs_the_misprint_and_flags_it() {
    let Some(path) = shared("seeds/001_b2bf042f9dc4ac25.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find("1. e4-e4").expect("the game");
    let end = text[start..].find("f7#").expect("the mate") + start + 3;
    let d = resolve(
        &text[start..end],
        ES_ALG,
        start_position(None, false).unwrap(),
        &Options::default(),
    );
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(sans(&d).join(" "), "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    assert_eq!(d.plies[0].status, Status::Repaired);
    assert!(
        d.plies[1..].iter().all(|p| !p.status.is_flagged()),
        "{:?}",
        d.plies
    );
}

#[test]
fn seed_004_portuguese_examples_each_resolve() {
    // (position, movetext, expected SAN of the last ply, flagged?)
    let cases: [(Option<&str>, &str, &str, bool); 7] = [
        (None, "1. e4 e5 2. De2", "Qe2", false),
        (None, "1. e4 a6 2. e5 d5 3. exd6", "exd6", false),
        (None, "1. d4 a5 2. Dd2 h6 3. Dxa5", "Qxa5", false),
        (None, "1. Cf3 a6 2. d3 a5 3. Cbd2", "Nbd2", false),
        (
            Some("4k3/8/8/8/8/8/p7/4K3 b - - 0 1"),
            "1... a1=D",
            "a1=Q+",
            false,
        ),
        (None, "1. e4 e5 2. Bc4", "Bc4", false),
        // `bc4+` in lower case: the literal pawn reading is illegal; the bishop is meant.
        (
            Some("6k1/8/8/8/8/1P6/8/4KB2 w - - 0 1"),
            "1. bc4+",
            "Bc4+",
            true,
        ),
    ];
    for (fen, text, want, flagged) in cases {
        let d = resolve(
            text,
            PT_ALG,
            start_position(fen, false).unwrap(),
            &Options::default(),
        );
        assert!(d.failure.is_none(), "{text}: {:?}", d.failure);
        let last = d.plies.last().expect("plies");
        assert_eq!(last.san, want, "{text}");
        assert_eq!(last.status.is_flagged(), flagged, "{text}: {last:?}");
    }
}

/// The games of a whole seed document, as `escriba transcribe DOC` finds them: for each
/// game or fragment, its kind, White's name, its status and its SAN.
fn document_games(doc: &str) -> Option<Vec<(String, String, String, String)>> {
    use crate::cli_support::{GAME_COLUMNS, PLY_COLUMNS, csv_rows, run};
    use escriba_testkit::TempDir;
    let path = shared(doc)?;
    let tmp = TempDir::new("seeds");
    let (games, plies) = (tmp.file("games.csv"), tmp.file("plies.csv"));
    let path = path.to_string_lossy().into_owned();
    let r = run(
        &[
            "transcribe",
            &path,
            "-o",
            "/dev/null",
            "--games-csv",
            &games,
            "--plies-csv",
            &plies,
        ],
        None,
    );
    assert!(r.stderr.contains("book mode (detected)"), "{}", r.stderr);
    let plies = csv_rows(&tmp.read("plies.csv"), &PLY_COLUMNS);
    Some(
        csv_rows(&tmp.read("games.csv"), &GAME_COLUMNS)
            .into_iter()
            .map(|g| {
                let san: Vec<&str> = plies
                    .iter()
                    .filter(|p| p["game"] == g["game"])
                    .map(|p| p["san"].as_str())
                    .collect();
                (
                    g["kind"].clone(),
                    g["white"].clone(),
                    g["status"].clone(),
                    san.join(" "),
                )
            })
            .collect(),
    )
}

#[test]
fn each_seed_document_read_whole_gives_its_example_games_and_no_prose_games() {
    let game = |white: &str, san: &str| {
        (
            "game".to_owned(),
            white.to_owned(),
            "complete".to_owned(),
            san.split_whitespace().collect::<Vec<_>>().join(" "),
        )
    };
    // Rule books with moves only as examples inside prose: no game at all.
    for doc in [
        "seeds/000_8a99305f32531388.txt",
        "seeds/004_607c52bc82959b8b.txt",
    ] {
        let Some(games) = document_games(doc) else {
            return;
        };
        assert_eq!(games, [], "{doc}");
    }
    // The Scholar's mate in long algebraic, introduced by a line of prose, after a
    // two-move illustration of the ellipsis (a fragment); before them, the same three
    // example moves in extended and in short algebraic, each in a list with its
    // explanation in parentheses: moves found in prose, read as fragments.
    let Some(games) = document_games("seeds/001_b2bf042f9dc4ac25.txt") else {
        return;
    };
    assert_eq!(games.len(), 4, "{games:?}");
    for example in &games[..2] {
        assert_eq!(
            (example.0.as_str(), example.3.as_str()),
            ("fragment", "e4 e5 Nf3 Nc6 Bb5 Nf6")
        );
    }
    assert_eq!(games[2].0, "fragment");
    assert_eq!(games[3], game("", "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"));
    // The FIDE example game, with `0- 0-0` and `exd6 a.p.`.
    let Some(games) = document_games("seeds/002_50683bb534b49a22.txt") else {
        return;
    };
    assert_eq!(
        games,
        [game(
            "",
            "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O \
             Re8 Kb1"
        )]
    );
    // Capablanca's game, its players on two header lines: White moves first.
    let Some(games) = document_games("seeds/003_ea5fa614358d20dc.txt") else {
        return;
    };
    assert_eq!(games, [game("Capablanca", CAPABLANCA_SAN)]);
}
