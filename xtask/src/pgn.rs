//! Just enough PGN reading for test material: tag pairs and SAN main lines.

use escriba_resolve::shakmaty::san::San;
use escriba_resolve::shakmaty::{Chess, Move, Position};

/// One game of a PGN file.
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<Move>,
    /// The result token, if any.
    pub result: String,
}

fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_owned(), value.replace("\\\"", "\"")))
}

/// Reads every game with a standard start position; stops a main line at the first
/// token that is not a legal SAN move. Comments and variations are skipped.
pub fn read(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let flush =
        |tags: &mut Vec<(String, String)>, movetext: &mut String, games: &mut Vec<PgnGame>| {
            if tags.is_empty() && movetext.trim().is_empty() {
                return;
            }
            let mut pos = Chess::default();
            let mut moves = Vec::new();
            let mut result = String::from("*");
            let mut depth = 0i32;
            let mut in_comment = false;
            for word in movetext.split_whitespace() {
                if in_comment {
                    in_comment = !word.contains('}');
                    continue;
                }
                if word.starts_with('{') {
                    in_comment = !word.contains('}');
                    continue;
                }
                depth += word.matches('(').count() as i32 - word.matches(')').count() as i32;
                if depth > 0 || word.contains(')') {
                    continue;
                }
                if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    result = word.to_owned();
                    continue;
                }
                let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if w.is_empty() || w.starts_with('$') {
                    continue;
                }
                let Ok(san) = w.trim_end_matches(['!', '?']).parse::<San>() else {
                    break;
                };
                let Ok(m) = san.to_move(&pos) else { break };
                pos.play_unchecked(m);
                moves.push(m);
            }
            games.push(PgnGame {
                tags: std::mem::take(tags),
                moves,
                result,
            });
            movetext.clear();
        };
    for line in text.lines() {
        if let Some(t) = tag(line) {
            if !movetext.trim().is_empty() {
                flush(&mut tags, &mut movetext, &mut games);
            }
            tags.push(t);
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    flush(&mut tags, &mut movetext, &mut games);
    games
}
