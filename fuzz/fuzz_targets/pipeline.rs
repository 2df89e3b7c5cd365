//! The whole pipeline on arbitrary bytes: decode (any encoding, UTF-16 by BOM), cut into
//! games, tokenize, decode each game, write PGN, CSV and JSONL. No panic, no hang, and:
//! every move token of a game is accounted for once; a game that lost tokens to a comment
//! is flagged; the PGN written reads back to the plies transcribed.
#![no_main]

use std::io::BufRead;
use std::sync::Arc;

use escriba_notation::movetext;
use escriba_check::compare::replay_pgn;
use escriba_pipeline::csv_out::{game_row, ply_rows, rows_bytes};
use escriba_pipeline::game::{GameText, count_move_tokens, process_game};
use escriba_pipeline::jsonl::game_line;
use escriba_pipeline::pgn::write_game;
use escriba_pipeline::segment::{BlockSegmenter, Segmenter};
use escriba_pipeline::source::{LineReader, sniff_utf16};
use escriba_pipeline::{Config, GameStatus};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let cfg = Config {
        jobs: 1,
        ..Config::default()
    };
    let raw: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(data.to_vec()));
    let Ok((reader, utf16)) = sniff_utf16(raw) else { return };
    // Small chunks, so that games span chunks and encodings are decided chunk by chunk.
    let mut lines = LineReader::new(reader, 64).with_max_line(2048).with_encoding(utf16);
    let mut seg = BlockSegmenter::with_max_game_bytes(2048);
    let mut segments = Vec::new();
    loop {
        let chunk = lines.next_chunk().expect("reading memory cannot fail");
        if chunk.is_empty() {
            break;
        }
        for l in &chunk {
            seg.push_line(l, &mut segments);
        }
    }
    seg.finish(&mut segments);
    for (i, segment) in segments.into_iter().enumerate() {
        let g = GameText {
            source: Arc::from("fuzz"),
            index: i as u64 + 1,
            segment,
        };
        let r = process_game(&g, &cfg);
        if let Some(d) = r.dialect {
            let tokens = movetext::tokenize(d, &r.movetext);
            assert_eq!(r.tokens.total(), count_move_tokens(d, &r.movetext, &tokens), "{:?}", r.movetext);
        }
        if r.tokens.comments + r.tokens.skipped > 0 {
            assert!(r.failure.is_some() || !r.issues.is_empty(), "lost without a flag: {:?}", r.movetext);
            assert!(!r.first_issue().is_empty());
        }
        if r.status == GameStatus::Complete {
            assert!(r.failure.is_none());
        }
        let mut pgn = String::new();
        write_game(&r, &cfg, &mut pgn);
        let back = replay_pgn(&pgn);
        assert_eq!(back.len(), 1, "one game written, {} read back:\n{pgn}", back.len());
        let sans: Vec<&str> = r.plies.iter().map(|p| p.ply.san.as_str()).collect();
        assert_eq!(back[0].sans, sans, "the PGN reads back to the plies:\n{pgn}");
        // A game not read at all (a bad FEN) keeps its FEN, which cannot be replayed.
        let unread = r.failure.as_ref().is_some_and(|f| f.diagnostic.is_none());
        assert!(unread || back[0].error.is_none(), "{:?}\n{pgn}", back[0].error);
        let _ = rows_bytes(ply_rows(&r)).expect("CSV");
        let _ = rows_bytes([game_row(&r)]).expect("CSV");
        let line = game_line(&r);
        assert!(serde_json::from_str::<serde_json::Value>(&line).is_ok());
    }
});
