//! `--notation auto` chooses a source's dialect once and confirms it per game: a game in
//! another notation inside the source is still read in its own, the games after it in the
//! source's again, and the choice is the same whatever the jobs and chunks.

use escriba_notation::damage::damage_movetext;
use escriba_notation::{DescLang, Dialect, Style};
use escriba_pipeline::batch::{Input, Observer, Sinks, transcribe};
use escriba_pipeline::segment::segment_text;
use escriba_pipeline::{Config, GameResult, GameStatus, GameText, Notation, process_game};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::Chess;

use escriba_testkit::TempDir;
use escriba_testkit::{Rng, random_game};

/// Sees each game's notation and status, in order.
#[derive(Default)]
struct Seen(Vec<(String, GameStatus)>);

impl Observer for Seen {
    fn game(&mut self, r: &GameResult) {
        let notation = r.tags.get("Notation").unwrap_or("").to_owned();
        self.0.push((notation, r.status));
    }
}

/// `text` read as one source by `transcribe` with `cfg`, each game shown to `observer`.
fn read_source(name: &str, text: &str, cfg: &Config, observer: &mut dyn Observer) {
    let tmp = TempDir::new("source-notation");
    let path = tmp.path().join(format!("{name}.txt"));
    std::fs::write(&path, text).unwrap();
    {
        let mut sinks = Sinks {
            observer: Some(observer),
            ..Sinks::default()
        };
        transcribe(&[Input::File(path)], cfg, &mut sinks).unwrap();
    }
}

/// The notation and status of each game of `text`, read as one source by `transcribe`
/// with `jobs` threads and `chunk_games` games a chunk.
fn as_source(name: &str, text: &str, jobs: usize, chunk_games: usize) -> Vec<(String, GameStatus)> {
    let cfg = Config {
        jobs,
        chunk_games,
        chunk_bytes: 64,
        ..Config::default()
    };
    let mut seen = Seen::default();
    read_source(name, text, &cfg, &mut seen);
    seen.0
}

/// The same, each game read alone (it ranks the dialects itself).
fn alone(text: &str) -> Vec<(String, GameStatus)> {
    let cfg = Config::default();
    segment_text(&mut *cfg.new_segmenter(), text)
        .into_iter()
        .enumerate()
        .map(|(i, segment)| {
            let r = process_game(
                &GameText {
                    source: "alone".into(),
                    index: i as u64 + 1,
                    segment,
                },
                &cfg,
            );
            (r.tags.get("Notation").unwrap_or("").to_owned(), r.status)
        })
        .collect()
}

const EN: &str = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles B-K2 *";
const EN_N: &str = "1. P-Q4 P-Q4 2. P-QB4 P-K3 3. N-QB3 N-KB3 4. B-Kt5 QN-Q2 5. P-K3 B-K2 *";
const ES: &str = "1. P4R P4R 2. C3AR C3AD 3. C3A C3A 4. A5C A5C 5. O-O O-O 6. P3D P3D *";
const EN_LONG: &str = "1. P. to K's 4th.     P. to K's 4th.\n\
                       2. K. Kt. to B's 3d.     Q. Kt. to B's 3d.\n\
                       3. B. to Q. B's 4th.     B. to Q. B's 4th. *";

#[test]
fn a_spanish_game_inside_an_english_file_is_read_in_spanish_and_the_rest_in_english() {
    let text = [EN, EN_N, ES, EN_LONG, EN].join("\n\n");
    let want: Vec<(String, GameStatus)> = [
        "en-descriptive",
        "en-descriptive",
        "es-descriptive",
        "en-descriptive",
        "en-descriptive",
    ]
    .iter()
    .map(|d| ((*d).to_owned(), GameStatus::Complete))
    .collect();
    assert_eq!(alone(&text), want);
    // One game a chunk and a chunk of all, one job and two: the same reading.
    for (jobs, chunk) in [(1, 1), (2, 1), (1, 256), (2, 2)] {
        assert_eq!(
            as_source("mixed", &text, jobs, chunk),
            want,
            "{jobs} job(s), {chunk} game(s) a chunk"
        );
    }
    // An English game inside a Spanish file, first and last.
    let text = [EN, ES, ES, EN].join("\n\n");
    let got: Vec<String> = as_source("es-file", &text, 2, 1)
        .into_iter()
        .map(|(d, s)| {
            assert_eq!(s, GameStatus::Complete);
            d
        })
        .collect();
    assert_eq!(
        got,
        [
            "en-descriptive",
            "es-descriptive",
            "es-descriptive",
            "en-descriptive"
        ]
    );
}

#[test]
fn a_game_that_reads_alike_in_two_dialects_keeps_its_sources() {
    // Portuguese names the bishop `B`, Spanish `A`; a game that moves no bishop and names
    // no bishop's file reads the same in both, and alone the ranking's order picks Spanish.
    let pt = "1. P4R P4R 2. C3BR C3BD 3. B5C P3TD 4. B4T C3B 5. O-O B2R *";
    let both = "1. P4R P4R 2. P4D PxP 3. DxP C3TR *";
    let text = [pt, both].join("\n\n");
    let alone: Vec<String> = alone(&text).into_iter().map(|(d, _)| d).collect();
    assert_eq!(alone, ["pt-descriptive", "es-descriptive"]);
    for jobs in [1, 2] {
        let got: Vec<(String, GameStatus)> = as_source("pt", &text, jobs, 1);
        assert_eq!(
            got,
            [
                ("pt-descriptive".to_owned(), GameStatus::Complete),
                ("pt-descriptive".to_owned(), GameStatus::Complete)
            ]
        );
    }
}

/// Each game's notation, status and SAN, as `transcribe` reads `text` as one source under
/// `notation`.
fn readings(name: &str, text: &str, notation: Notation) -> Vec<(String, GameStatus, Vec<String>)> {
    #[derive(Default)]
    struct Plies(Vec<(String, GameStatus, Vec<String>)>);
    impl Observer for Plies {
        fn game(&mut self, r: &GameResult) {
            let notation = r.tags.get("Notation").unwrap_or("").to_owned();
            let sans = r.plies.iter().map(|p| p.ply.san.to_string()).collect();
            self.0.push((notation, r.status, sans));
        }
    }
    let cfg = Config {
        notation,
        jobs: 1,
        ..Config::default()
    };
    let mut seen = Plies::default();
    read_source(name, text, &cfg, &mut seen);
    seen.0
}

#[test]
fn a_damaged_game_leaves_its_sources_dialect_only_for_one_that_reads_it_further() {
    // Spanish and Italian descriptive share nearly every word: a damaged Spanish game may
    // read as far in Italian, with fewer plies flagged where a damaged word reads there as
    // another move, unflagged. Another dialect is taken only when it reads the game
    // further (to its end, or more of its plies): damage the source's repairs do not get
    // past may read in a sister dialect.
    let es = Dialect::Descriptive(DescLang::Es);
    let mut rng = Rng::new(25);
    let games: Vec<String> = (0..600)
        .map(|_| {
            let moves = random_game(&mut rng, 90);
            let text = write_game(&Chess::default(), &moves, es, Style::default()).unwrap();
            damage_movetext(es, &text, 60, &mut |n| rng.below(n))
        })
        .collect();
    let text = games.join("\n\n");
    let fixed = readings("es-fixed", &text, Notation::Fixed(es));
    let auto = readings("es-auto", &text, Notation::Auto);
    assert_eq!(fixed.len(), games.len());
    assert_eq!(auto.len(), games.len());
    let partial = fixed
        .iter()
        .filter(|(_, s, _)| *s != GameStatus::Complete)
        .count();
    assert!(partial > 0, "the damage stops some games");
    for (i, (a, f)) in auto.iter().zip(&fixed).enumerate() {
        if a.0 == "es-descriptive" {
            assert_eq!(a, f, "game {}", i + 1);
        } else {
            let further = match (a.1, f.1) {
                (GameStatus::Complete, GameStatus::Complete) => false,
                (GameStatus::Complete, _) => true,
                (_, GameStatus::Complete) => false,
                _ => a.2.len() > f.2.len(),
            };
            assert!(further, "game {}: {a:?} for {f:?}", i + 1);
        }
    }
}
