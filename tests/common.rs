//! Helpers shared by the end-to-end tests: the shared data folder, SAN of games, the
//! layouts of English print and books read whole. The random source and the random legal
//! games are the test kit's (`escriba_testkit`).

use std::path::PathBuf;

use escriba_notation::{Form, KnightLetter, Style};
use escriba_resolve::shakmaty::{Chess, Move};

/// `../shared/<rel>` beside the repository, or `None` when absent (see [`absent`]).
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        absent(p.display());
        None
    }
}

/// Says that a test's prerequisite (a file of `../shared`, a tool) is missing. In CI
/// (`CI=true`) that fails the test, since a test skipped there passes without checking;
/// elsewhere the test is skipped with a notice.
pub fn absent(what: impl std::fmt::Display) {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{what} is missing, and CI must check it"
    );
    eprintln!("notice: {what} is absent; skipping this test");
}

/// The SAN strings of a decoded game.
pub fn sans(d: &escriba_resolve::Decoded) -> Vec<String> {
    d.plies.iter().map(|p| p.san.to_string()).collect()
}

/// SAN of a move list from the standard position, via shakmaty (an independent writer).
pub fn reference_sans(start: &Chess, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let s =
                escriba_resolve::shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, m);
            s.to_string()
        })
        .collect()
}

/// The three layouts of English descriptive print, with the `Kt` of the old books.
pub const STYLES: [Style; 3] = [
    Style {
        form: Form::Compact,
        knight: KnightLetter::Kt,
    },
    Style {
        form: Form::Spaced,
        knight: KnightLetter::Kt,
    },
    Style {
        form: Form::LongHand,
        knight: KnightLetter::Kt,
    },
];

/// Cuts `text` as a book (`--book`) and transcribes every unit worth decoding, each
/// game named as coming from `source`; every line of the book is accounted for.
pub fn read_book(text: &str, source: &str) -> Vec<escriba_pipeline::GameResult> {
    use escriba_pipeline::{Config, GameText, Notation, book::cut_text, process_game};
    let cut = cut_text(text, Notation::Auto);
    assert!(
        cut.report.covers_every_line(),
        "every line accounted for: {:#?}",
        cut.report.spans
    );
    cut.segments
        .into_iter()
        .enumerate()
        .map(|(i, segment)| {
            process_game(
                &GameText {
                    source: std::sync::Arc::from(source),
                    index: i as u64 + 1,
                    segment,
                },
                &Config::default(),
            )
        })
        .collect()
}

/// The scan crops that a review page shows, decoded, in the page's order (the page's
/// attributes escape `/` as `&#x2f;`).
pub fn crops_on_page(html: &str) -> Vec<image::RgbImage> {
    use base64::Engine as _;
    html.replace("&#x2f;", "/")
        .split("<img src=\"data:image/png;base64,")
        .skip(1)
        .map(|rest| {
            let b64 = &rest[..rest.find('"').unwrap()];
            let png = base64::engine::general_purpose::STANDARD
                .decode(b64)
                .unwrap();
            image::load_from_memory(&png).unwrap().to_rgb8()
        })
        .collect()
}

/// The first game object of a run's JSONL file.
pub fn first_jsonl_game(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(text.lines().next().expect("a game object")).unwrap()
}
