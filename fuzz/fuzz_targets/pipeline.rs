//! The whole pipeline on arbitrary bytes: decode (any encoding, UTF-16 by BOM), cut into
//! games, tokenize, decode each game, write PGN, CSV and JSONL. No panic, no hang, and:
//! every move token of a game is accounted for once; a game that lost tokens to a comment
//! is flagged; the PGN written reads back to the plies transcribed.
//!
//! The same bytes also seed a generated game (a legal game in SAN with notes, variations
//! that replay or not, NAGs, results inside and after, `;` comments and damaged moves),
//! read through the same path, with an oracle: every move token of the input is found in
//! the output's main line, a variation or a comment.
//!
//! And the segmenter-versus-decoder oracle: a few generated games in a row, one to a block,
//! with braces, marks and `;` put inside and between their words (`x{y`, `see{p. 40`,
//! `[a{b]`, `; c {d`), read as a PGN file and as a plain text. Every move token that the
//! tokenizer reads in a game's own text is in a ply, a comment or a skipped word of one
//! output game, and no output game holds the lines of two generated games: the segmenter
//! and the decoder agree on where a comment is, and a comment left open does not swallow
//! the next game.
#![no_main]

use std::io::BufRead;
use std::sync::Arc;

use escriba_check::compare::replay_pgn;
use escriba_notation::movetext;
use escriba_notation::{AlgLang, Dialect, TokenKind};
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
    let mut u = Unstructured::new(data);
    let generated = generate(&mut u);
    for r in read(generated.as_bytes(), &cfg, "fuzz.pgn", 2048) {
        nothing_lost(&r, &generated);
    }
    let (text, games) = generate_games(&mut u);
    for name in ["fuzz.pgn", "fuzz.txt"] {
        let read_back = read(text.as_bytes(), &cfg, name, 1 << 20);
        same_game(&text, &games, &read_back, name);
    }
    read(data, &cfg, "fuzz.pgn", 2048);
});

/// What the segmenter and the decoder must read alike, put inside and between words.
const JUNK: [&str; 9] = [
    "x{y",
    "see{p. 40",
    "{",
    "}",
    "[a{b]",
    "; c {d",
    "{1. e4 e5}",
    "w;x",
    "(v{w)",
];

/// Two to four generated games, one to a block (no blank line inside a game), with junk
/// inserted between or inside words; returns the text and each game's byte range.
fn generate_games(u: &mut Unstructured<'_>) -> (String, Vec<std::ops::Range<usize>>) {
    let mut text = String::new();
    let mut ranges = Vec::new();
    let n = u.int_in_range(2..=4u8).unwrap_or(2);
    for _ in 0..n {
        let mut game: String = generate(u)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        // A game starts at its first move number: a "game" of a result alone has no
        // start that a reader could find after a comment left open before it.
        let starts = movetext::tokenize(Dialect::Algebraic(AlgLang::En), &game)
            .first()
            .is_some_and(|t| matches!(t.kind, TokenKind::MoveNumber { .. }));
        if !starts {
            continue;
        }
        for _ in 0..u.int_in_range(0..=3u8).unwrap_or(0) {
            let Ok(junk) = u.choose(&JUNK) else { break };
            let at = u.choose_index(game.len() + 1).unwrap_or(0);
            let at = (0..=at)
                .rev()
                .find(|&i| game.is_char_boundary(i))
                .unwrap_or(0);
            // Not before the game's first move number, which starts the game.
            let at = at.max(game.find(' ').map_or(game.len(), |i| i + 1));
            let glued = u.ratio(1, 2).unwrap_or(false);
            game.insert_str(at, &format!("{junk}{}", if glued { "" } else { " " }));
        }
        if game.trim().is_empty() {
            continue;
        }
        let start = text.len();
        text.push_str(&game);
        ranges.push(start..text.len());
        text.push_str("\n\n");
    }
    (text, ranges)
}

/// The segmenter-versus-decoder oracle over `text`, whose generated games stand at
/// `games`, read back as `read_back`.
fn same_game(text: &str, games: &[std::ops::Range<usize>], read_back: &[GameResult], name: &str) {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let game_lines: Vec<(usize, usize)> = games
        .iter()
        .map(|g| (line_of(g.start), line_of(g.end)))
        .collect();
    let game_of_line = |l: usize| game_lines.iter().position(|&(a, b)| a <= l && l <= b);
    // No output game holds the lines of two generated games.
    for r in read_back {
        let last = r.movetext_line + r.movetext.matches('\n').count();
        let held: std::collections::BTreeSet<usize> =
            (r.line..=last).filter_map(|l| game_of_line(l)).collect();
        assert!(
            held.len() <= 1,
            "{name}: game {} (lines {}-{last}) holds the lines of games {held:?}:\n{text}",
            r.index,
            r.line
        );
    }
    // Every move token of a generated game is in a ply, a comment or a skipped word of the
    // output game that holds its line.
    for (k, g) in games.iter().enumerate() {
        let own = &text[g.clone()];
        let r = read_back.iter().find(|r| {
            let last = r.movetext_line + r.movetext.matches('\n').count();
            (r.movetext_line..=last).contains(&game_lines[k].0)
        });
        let d = r.and_then(|r| r.dialect).unwrap_or(Dialect::ALL[0]);
        for t in movetext::tokenize(d, own) {
            if !matches!(t.kind, TokenKind::Move(_)) {
                continue;
            }
            let at = g.start + t.span.start as usize;
            let word = &text[at..g.start + t.span.end as usize];
            let line = line_of(at);
            let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
            let holders: Vec<&GameResult> = read_back
                .iter()
                .filter(|r| {
                    let last = r.movetext_line + r.movetext.matches('\n').count();
                    (r.movetext_line..=last).contains(&line)
                })
                .collect();
            assert!(
                !holders.is_empty(),
                "{name}: `{word}` at line {line} is in no game:\n{text}"
            );
            let found = holders.iter().any(|r| holds(r, line, column, word));
            assert!(
                found,
                "{name}: `{word}` at {line}:{} is in no ply or comment of its game:\n{text}\n{:?}",
                column + 1,
                holders.iter().map(|r| &r.items).collect::<Vec<_>>()
            );
        }
    }
}

/// True when `word`, at `line` and byte `column` of the source, is in a ply or a comment
/// of `r` (or `r` was not read at all: a bad FEN).
fn holds(r: &GameResult, line: usize, column: usize, word: &str) -> bool {
    if r.failure.as_ref().is_some_and(|f| f.diagnostic.is_none()) {
        return true;
    }
    let line_start: usize = r
        .movetext
        .split('\n')
        .take(line - r.movetext_line)
        .map(|l| l.len() + 1)
        .sum();
    let s = line_start + column;
    let e = s + word.len();
    let mut spans: Vec<_> = r.plies.iter().map(|p| p.ply.span.range()).collect();
    let mut comments = Vec::new();
    gather(&r.items, &mut spans, &mut comments);
    spans.iter().any(|p| p.start <= s && e <= p.end)
        || comments.join(" ").contains(&comment_safe(word))
}

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

/// Reads `data` as the batch does (a source named `name`, games cut at `max_game` bytes),
/// checks each game's outputs, and returns the games.
fn read(data: &[u8], cfg: &Config, name: &str, max_game: usize) -> Vec<GameResult> {
    let mut games = Vec::new();
    let raw: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(data.to_vec()));
    let Ok((reader, utf16)) = sniff_utf16(raw) else {
        return games;
    };
    // Small chunks, so that games span chunks and encodings are decided chunk by chunk.
    let mut lines = LineReader::new(reader, 64)
        .with_max_line(max_game)
        .with_encoding(utf16);
    let mut seg = BlockSegmenter::with_max_game_bytes(max_game);
    seg.set_source(&Arc::from(name));
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
