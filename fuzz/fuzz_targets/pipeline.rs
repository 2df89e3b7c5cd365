//! The whole pipeline on arbitrary bytes: decode (any encoding, UTF-16 by BOM), cut into
//! games, tokenize, decode each game, write PGN, CSV and JSONL. No panic, no hang, and:
//! every move token of a game is accounted for once; a game that lost tokens to a comment
//! is flagged; the PGN written reads back to the plies transcribed.
//!
//! The same bytes also seed a generated game (a legal game in SAN with notes, variations
//! that replay or not, NAGs, results inside and after, `;` comments and damaged moves),
//! read through the same path, with the oracle of issue 22: every move token of the input
//! is found in the output's main line, a variation or a comment.
#![no_main]

use std::io::BufRead;
use std::sync::Arc;

use escriba_notation::movetext;
use escriba_check::compare::replay_pgn;
use escriba_notation::{Dialect, TokenKind};
use escriba_pipeline::csv_out::{game_row, ply_rows, rows_bytes};
use escriba_pipeline::game::{GameResult, Item, comment_safe};
use escriba_pipeline::game::{GameText, count_move_tokens, process_game};
use escriba_pipeline::jsonl::game_line;
use escriba_pipeline::pgn::write_game;
use escriba_pipeline::segment::{BlockSegmenter, Segmenter};
use escriba_pipeline::source::{LineReader, sniff_utf16};
use escriba_pipeline::{Config, GameStatus};
use escriba_resolve::shakmaty::{Chess, Position, san::San};
use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let cfg = Config {
        jobs: 1,
        ..Config::default()
    };
    let generated = generate(&mut Unstructured::new(data));
    for r in read(generated.as_bytes(), &cfg) {
        nothing_lost(&r, &generated);
    }
    read(data, &cfg);
});

/// A legal game in SAN from the fuzz bytes, with what books and PGN files put around moves.
fn generate(u: &mut Unstructured<'_>) -> String {
    let mut pos = Chess::default();
    let mut s = String::new();
    let plies = u.int_in_range(0..=40u8).unwrap_or(0);
    for ply in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let before = pos.clone();
        let Ok(i) = u.choose_index(legal.len()) else {
            break;
        };
        let mv = legal[i];
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            s.push_str(&format!("{number}. "));
        }
        let mut san = San::from_move(&pos, mv).to_string();
        // Damage: a letter lost or a wrong one.
        match u.int_in_range(0..=15u8).unwrap_or(0) {
            0 if san.len() > 2 => {
                san.remove(u.choose_index(san.len()).unwrap_or(0));
            }
            1 => san.push('z'),
            _ => {}
        }
        s.push_str(&san);
        pos.play_unchecked(mv);
        let pieces = u.int_in_range(0..=2u8).unwrap_or(0);
        for _ in 0..pieces {
            match u.int_in_range(0..=9u8).unwrap_or(0) {
                0 => s.push_str(" $1"),
                1 => s.push_str(" !?"),
                2 => s.push_str(&format!(" {{{number}. Nf3 was the move}}")),
                3 | 4 => {
                    // A variation from the position before this ply: another legal move,
                    // perhaps a reply, perhaps a result inside it.
                    let others = before.legal_moves();
                    let Ok(k) = u.choose_index(others.len()) else {
                        continue;
                    };
                    let alt = San::from_move(&before, others[k]).to_string();
                    let dots = if ply % 2 == 0 { "." } else { "..." };
                    s.push_str(&format!(" ({number}{dots} {alt}"));
                    if u.ratio(1, 3).unwrap_or(false) {
                        s.push_str(" *");
                    }
                    let mut after = before.clone();
                    after.play_unchecked(others[k]);
                    if let Some(&reply) = after.legal_moves().first() {
                        s.push(' ');
                        s.push_str(&San::from_move(&after, reply).to_string());
                    }
                    s.push(')');
                }
                5 => s.push_str(" ; a remark, Nf3 d5\n"),
                6 => s.push_str(" zz9"),
                7 => s.push('\n'),
                8 => s.push_str(" )"),
                _ => s.push_str(" {160}"),
            }
        }
        s.push(' ');
    }
    s.push_str(match u.int_in_range(0..=4u8).unwrap_or(0) {
        0 => "",
        1 => "1-0",
        2 => "1/2-1/2",
        3 => "* 30. Nf3 Nc6",
        _ => "*",
    });
    s.push('\n');
    s
}

/// The oracle: every move token of a game's text (and every note) is in the outputs: the
/// token is inside a ply of the main line or of a variation, or its text is in a comment.
fn nothing_lost(r: &GameResult, input: &str) {
    let d = r.dialect.unwrap_or(Dialect::ALL[0]);
    let mut spans = Vec::new();
    let mut comments = Vec::new();
    for p in &r.plies {
        spans.push(p.ply.span.range());
    }
    gather(&r.items, &mut spans, &mut comments);
    let comments = comments.join(" ");
    for t in movetext::tokenize(d, &r.movetext) {
        let (s, e) = (t.span.start as usize, t.span.end as usize);
        let text = &r.movetext[s..e];
        let found = match t.kind {
            TokenKind::Move(_) | TokenKind::Unknown => {
                spans.iter().any(|p| p.start <= s && e <= p.end)
                    || comments.contains(&comment_safe(text))
            }
            TokenKind::Comment { text: inner } => {
                comments.contains(&comment_safe(&r.movetext[inner.range()]))
            }
            _ => true,
        };
        assert!(
            found || r.failure.as_ref().is_some_and(|f| f.diagnostic.is_none()),
            "`{text}` at {s} is in no ply, variation or comment of the output:\n{input}\n{:?}",
            r.items
        );
    }
}

/// The plies' spans and the comments' texts of `items`, variations included.
fn gather(items: &[Item], spans: &mut Vec<std::ops::Range<usize>>, comments: &mut Vec<String>) {
    for i in items {
        match i {
            Item::Variation { plies, items } => {
                spans.extend(plies.iter().map(|p| p.ply.span.range()));
                gather(items, spans, comments);
            }
            Item::Comment { text } | Item::Untranscribed { text, .. } => {
                comments.push(text.clone())
            }
            Item::Ply { .. } | Item::Nag { .. } => {}
        }
    }
}

/// Reads `data` as the batch does, checks each game's outputs, and returns the games.
fn read(data: &[u8], cfg: &Config) -> Vec<GameResult> {
    let mut games = Vec::new();
    let raw: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(data.to_vec()));
    let Ok((reader, utf16)) = sniff_utf16(raw) else {
        return games;
    };
    // Small chunks, so that games span chunks and encodings are decided chunk by chunk.
    let mut lines = LineReader::new(reader, 64)
        .with_max_line(2048)
        .with_encoding(utf16);
    let mut seg = BlockSegmenter::with_max_game_bytes(2048);
    let mut segments = Vec::new();
    loop {
        let chunk = lines.next_chunk().expect("reading memory cannot fail");
        if chunk.is_empty() {
            break;
        }
        for l in chunk.lines() {
            seg.push_line(&l, &mut segments);
        }
    }
    seg.finish(&mut segments);
    for (i, segment) in segments.into_iter().enumerate() {
        let g = GameText {
            source: Arc::from("fuzz"),
            index: i as u64 + 1,
            segment,
        };
        let r = process_game(&g, cfg);
        if let Some(d) = r.dialect {
            let tokens = movetext::tokenize(d, &r.movetext);
            assert_eq!(
                r.tokens.total(),
                count_move_tokens(d, &r.movetext, &tokens),
                "{:?}",
                r.movetext
            );
        }
        if r.tokens.comments + r.tokens.skipped > 0 {
            assert!(
                r.failure.is_some() || !r.issues.is_empty(),
                "lost without a flag: {:?}",
                r.movetext
            );
            assert!(!r.first_issue().is_empty());
        }
        if r.status == GameStatus::Complete {
            assert!(r.failure.is_none());
        }
        let mut pgn = String::new();
        write_game(&r, cfg, &mut pgn);
        let back = replay_pgn(&pgn);
        assert_eq!(
            back.len(),
            1,
            "one game written, {} read back:\n{pgn}",
            back.len()
        );
        let sans: Vec<&str> = r.plies.iter().map(|p| p.ply.san.as_str()).collect();
        assert_eq!(
            back[0].sans, sans,
            "the PGN reads back to the plies:\n{pgn}"
        );
        // A game not read at all (a bad FEN) keeps its FEN, which cannot be replayed.
        let unread = r.failure.as_ref().is_some_and(|f| f.diagnostic.is_none());
        assert!(
            unread || back[0].error.is_none(),
            "{:?}\n{pgn}",
            back[0].error
        );
        let _ = rows_bytes(ply_rows(&r)).expect("CSV");
        let _ = rows_bytes([game_row(&r)]).expect("CSV");
        let line = game_line(&r);
        assert!(serde_json::from_str::<serde_json::Value>(&line).is_ok());
        games.push(r);
    }
    games
}
