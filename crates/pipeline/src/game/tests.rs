//! Tests of one game through the resolver.

use std::sync::Arc;

use super::*;
use crate::segment::{BlockSegmenter, segment_text};

fn game(text: &str) -> GameText {
    let seg = segment_text(&mut BlockSegmenter::new(), text).remove(0);
    GameText {
        source: Arc::from("book.txt"),
        index: 1,
        segment: seg,
    }
}

#[test]
fn a_capped_search_is_reported_by_the_game_and_its_json() {
    let cfg = Config {
        notation: crate::Notation::Fixed("en-descriptive".parse().unwrap()),
        decoder: escriba_resolve::Options {
            beam: 8,
            ..escriba_resolve::Options::default()
        },
        ..Config::default()
    };
    let r = process_game(
        &game("1. P-R3 P-R3 2. P-Kt3 P-Kt3 3. P-B3 P-B3 4. P-R4 P-R4"),
        &cfg,
    );
    assert!(r.beam_capped);
    assert!(r.flagged > 0, "the unsettled plies are flagged");
    assert!(crate::jsonl::game_line(&r).contains("\"beam_capped\":true"));
}

#[test]
fn a_failed_games_json_lists_the_legal_moves_and_nearest_readings_after_its_fen() {
    let cfg = Config {
        notation: crate::Notation::Fixed("en-descriptive".parse().unwrap()),
        ..Config::default()
    };
    let r = process_game(&game("1. P-K4 P-K4 2. K-KR8"), &cfg);
    let line = crate::jsonl::game_line(&r);
    let json: serde_json::Value = serde_json::from_str(&line).unwrap();
    let d = &json["failure"]["diagnostic"];
    // White's 29 legal moves after 1. e4 e5, each written once, sorted.
    let legal: Vec<&str> = d["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(legal.len(), 29, "{legal:?}");
    assert!(legal.is_sorted(), "{legal:?}");
    assert!(legal.contains(&"Kt-KB3"), "{legal:?}");
    assert!(!d["nearest"].as_array().unwrap().is_empty(), "{d}");
    // In the diagnostic's object, in its fields' order.
    let diagnostic = &line[line.find("\"diagnostic\":").unwrap()..];
    let at = |key: &str| diagnostic.find(&format!("\"{key}\":")).unwrap();
    assert!(
        at("fen") < at("legal") && at("legal") < at("nearest") && at("nearest") < at("message")
    );
}

#[test]
fn a_game_ending_in_mate_gets_its_result_when_the_book_prints_none() {
    let cfg = Config {
        notation: crate::Notation::Fixed("en-descriptive".parse().unwrap()),
        ..Config::default()
    };
    let r = process_game(&game("1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate"), &cfg);
    assert_eq!(r.result, "0-1");
    let r = process_game(&game("1. P-KB3 P-K4 2. P-KKt4"), &cfg);
    assert_eq!(r.result, "*", "an unfinished game keeps `*`");
}

#[test]
fn a_game_without_move_tokens_is_empty() {
    let r = process_game(
        &game("[Event \"E\"]\n[Result \"1-0\"]\n\n{no moves} 1-0"),
        &Config::default(),
    );
    assert_eq!(r.status, GameStatus::Empty);
    assert_eq!(r.result, "1-0");
    assert_eq!(r.tags.get("Source"), Some("book.txt:1"));
    assert_eq!(r.tags.get("EscribaGame"), Some("1"));
    assert_eq!(
        r.items,
        [Item::Comment {
            text: "no moves".into()
        }]
    );
}

#[test]
fn a_bad_fen_fails_the_game_at_its_first_line() {
    let r = process_game(&game("[FEN \"not a fen\"]\n\n1. e4"), &Config::default());
    assert_eq!(r.status, GameStatus::Failed);
    let f = r.failure.unwrap();
    assert_eq!((f.line, f.column), (1, 1));
    // The bad FEN is not written back; the moves are kept.
    assert_eq!(r.tags.get("FEN"), None);
    assert_eq!(r.tags.get("SetUp"), None);
    assert_eq!(r.tags.get("EscribaBadFEN"), Some("not a fen"));
    assert_eq!(
        r.items,
        [Item::Untranscribed {
            from: "1.".into(),
            text: "1. e4".into()
        }]
    );
}

#[test]
fn an_unreadable_game_keeps_its_text_and_location() {
    // With no move parsers in this tree every move is unreadable; with parsers the
    // token is still nonsense. Either way the game fails at `zzz` on line 3, column 4.
    let r = process_game(
        &game("[Event \"E\"]\n\n1. zzz qqq\n"),
        &Config {
            notation: Notation::Fixed(Dialect::ALL[6]),
            ..Config::default()
        },
    );
    assert_eq!(r.status, GameStatus::Failed);
    let f = r.failure.as_ref().unwrap();
    assert_eq!((f.line, f.column, f.width), (3, 4, 3));
    assert_eq!(f.token, "zzz");
    assert_eq!(
        r.items,
        [Item::Untranscribed {
            from: "1.".into(),
            text: "zzz qqq".into()
        }]
    );
    assert_eq!(r.tags.get("Notation"), Some("en-algebraic"));
}

fn en(text: &str) -> GameResult {
    let cfg = Config {
        notation: Notation::Fixed("en-algebraic".parse().unwrap()),
        ..Config::default()
    };
    process_game(&game(text), &cfg)
}

#[test]
fn a_variation_that_replays_is_a_pgn_variation_and_its_moves_are_read() {
    let r = en("1. e4 e5 2. Nf3 (2. Nc3 Nc6 (2... Nf6)) 2... Nc6 *");
    assert_eq!(r.status, GameStatus::Complete);
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    assert_eq!(
        r.tokens,
        TokenCounts {
            moves: 7,
            comments: 0,
            skipped: 0
        }
    );
    let mut pgn = String::new();
    crate::pgn::write_game(&r, &Config::default(), &mut pgn);
    assert!(
        pgn.contains("2. Nf3 ( 2. Nc3 Nc6 ( 2... Nf6 ) ) 2... Nc6 *"),
        "{pgn}"
    );
    // The PGN's main line is still the book's.
    let back = crate::pgn::read_back(&pgn);
    assert_eq!(back[0].sans, ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn what_goes_into_a_comment_is_flagged_on_the_ply_before_it() {
    let r = en("1. e4 e5 (1... zz9) 2. Nf3 ) qq7 Nc6 *");
    assert_eq!(r.status, GameStatus::Complete);
    let on: Vec<(Option<usize>, usize)> = r.issues.iter().map(|i| (i.ply, i.column)).collect();
    // The variation after ply 2, the `)` and the skipped word after ply 3.
    assert_eq!(on, [(Some(1), 10), (Some(2), 28), (Some(2), 30)]);
    assert_eq!(
        r.tokens,
        TokenCounts {
            moves: 4,
            comments: 1,
            skipped: 1
        }
    );
    assert_eq!(r.flagged, 2, "two plies carry the three warnings");
    assert!(
        r.first_issue().starts_with("1:10: a variation"),
        "{}",
        r.first_issue()
    );
    // An issue before the first ply attaches to the ply after it.
    let r = en("zz9 1. e4 *");
    assert_eq!(r.issues[0].ply, Some(0));
}

#[test]
fn text_after_the_result_is_flagged_and_an_unclosed_brace_noted() {
    let r = en("1. e4 e5 1-0 2. Nf3");
    assert_eq!(r.tokens.comments, 1);
    assert!(r.issues[0].message.contains("after the result"));
    let r = en("1. e4 e5 {a note");
    assert_eq!(r.status, GameStatus::Complete);
    assert!(r.issues[0].message.contains("unclosed `{`"));
    let r = en("1. e4 e5 {a note 2. Nf3 Nc6");
    assert_eq!(r.status, GameStatus::Partial);
    // `a`, `note` (unread words) and the two moves.
    assert_eq!(r.tokens.comments, 4);
    assert_eq!(r.failure.unwrap().column, 10);
}

#[test]
fn a_game_cut_at_the_size_limit_fails_without_being_read() {
    let mut s = BlockSegmenter::with_max_game_bytes(8);
    let seg = segment_text(&mut s, "1. e4 e5 2. Nf3").remove(0);
    let r = process_game(
        &GameText {
            source: Arc::from("big.txt"),
            index: 1,
            segment: seg,
        },
        &Config::default(),
    );
    assert_eq!(r.status, GameStatus::Failed);
    assert!(r.failure.unwrap().message.contains("too large"));
}

#[test]
fn comment_text_loses_braces_and_newlines() {
    assert_eq!(comment_safe("a }b\n  c"), "a b c");
    // A book's page mark `{160}` inside unread text must not open a nested comment.
    assert_eq!(comment_safe("the {160} same"), "the 160 same");
}
