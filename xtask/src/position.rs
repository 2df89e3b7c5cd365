//! Scoring by position: a reference game and an output game are compared ply by ply on the
//! positions they reach, so that two notations of one move agree and a move read in the
//! wrong order does not.

use anyhow::{Context, Result, anyhow};
use escriba_resolve::shakmaty::fen::Epd;
use escriba_resolve::shakmaty::uci::UciMove;
use escriba_resolve::shakmaty::{Chess, EnPassantMode, Move, Position};
use escriba_resolve::start_position;
use serde_json::Value;

/// A game as the positions it reaches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    /// The position it starts from (EPD).
    pub start: String,
    /// The position after each ply (EPD).
    pub positions: Vec<String>,
    /// Each ply's move as the book names it: the man, the square it goes to and what it
    /// promotes to (`move_key`).
    pub moves: Vec<String>,
    /// For each ply, whether it carries no flag (status `exact` or `inferred`, and no
    /// warning attached to it).
    pub unflagged: Vec<bool>,
}

/// What one reference game scores.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameScore {
    /// Plies the text prints in order from the start (at most the reference's length).
    pub printed: usize,
    /// The longest prefix of those plies that an output game matches.
    pub matched: usize,
    /// Plies of that output game, among the printed ones, whose move (as a book names it:
    /// man, square, promotion) is another than the reference's at the same ply and that
    /// carry no flag. (After a flagged wrong ply the positions differ, but a move printed
    /// and read as the book gives it is no new error.)
    pub unflagged_wrong: usize,
}

/// A move as a book names it, whatever square its man comes from: castling by its side,
/// else the man, the square it goes to and its promotion (`Qg2` from g3 or from g4 is one
/// move as printed).
fn move_key(m: &Move) -> String {
    match m.castling_side() {
        Some(side) => format!("{side:?}"),
        None => format!("{:?} {} {:?}", m.role(), m.to(), m.promotion()),
    }
}

fn epd(pos: &Chess) -> String {
    Epd::from_position(pos, EnPassantMode::Legal).to_string()
}

fn start(fen: Option<&str>) -> Result<Chess> {
    start_position(fen, false).map_err(|e| anyhow!("{e}"))
}

/// Replays the main line of each game of a reference PGN, from its `FEN` tag if it has
/// one; a move that is not legal is an error (the references are checked legal).
pub fn reference_lines(pgn: &str) -> Result<Vec<Line>> {
    escriba_check::pgn::read(pgn)
        .games
        .iter()
        .map(|g| {
            let fen = g
                .tags
                .iter()
                .find(|(k, _)| k == "FEN")
                .map(|(_, v)| v.as_str());
            let mut pos = start(fen)?;
            let mut line = Line {
                start: epd(&pos),
                ..Line::default()
            };
            for san in g.moves() {
                let m = san
                    .san
                    .to_move(&pos)
                    .with_context(|| format!("`{san}` is not legal after {}", epd(&pos)))?;
                line.moves.push(move_key(&m));
                pos.play_unchecked(m);
                line.positions.push(epd(&pos));
                line.unflagged.push(true);
            }
            Ok(line)
        })
        .collect()
}

/// The games of `escriba transcribe --jsonl` output, each replayed from its `FEN` tag (if
/// any) by the UCI of its plies; a ply that does not replay ends the game.
pub fn output_lines(jsonl: &str) -> Result<Vec<Line>> {
    jsonl
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let v: Value =
                serde_json::from_str(l).with_context(|| format!("JSONL line {}", i + 1))?;
            output_line(&v).with_context(|| format!("JSONL line {}", i + 1))
        })
        .collect()
}

fn output_line(game: &Value) -> Result<Line> {
    let mut pos = start(game["tags"]["FEN"].as_str())?;
    let mut line = Line {
        start: epd(&pos),
        ..Line::default()
    };
    let moves = game["moves"].as_array().context("a game without `moves`")?;
    // A warning attached to a ply (text passed over after it) flags it, as escriba counts.
    let warned: Vec<u64> = game["issues"]
        .as_array()
        .map(|issues| issues.iter().filter_map(|i| i["ply"].as_u64()).collect())
        .unwrap_or_default();
    for (i, ply) in moves.iter().enumerate() {
        let uci = ply["uci"].as_str().unwrap_or_default();
        let Ok(m) = uci
            .parse::<UciMove>()
            .map_err(|_| ())
            .and_then(|u| u.to_move(&pos).map_err(|_| ()))
        else {
            break;
        };
        line.moves.push(move_key(&m));
        pos.play_unchecked(m);
        line.positions.push(epd(&pos));
        line.unflagged.push(
            matches!(ply["status"].as_str(), Some("exact" | "inferred"))
                && !warned.contains(&(i as u64)),
        );
    }
    Ok(line)
}

/// How many leading plies of `output`, up to `printed`, reach the reference's positions.
fn prefix(reference: &Line, output: &Line, printed: usize) -> usize {
    if reference.start != output.start {
        return 0;
    }
    reference
        .positions
        .iter()
        .zip(&output.positions)
        .take(printed)
        .take_while(|(r, o)| r == o)
        .count()
}

/// Plies of `output`, up to `printed`, whose move is another than the reference's at the
/// same ply and that carry no flag: their indices.
pub fn unflagged_wrong_plies(reference: &Line, output: &Line, printed: usize) -> Vec<usize> {
    if reference.start != output.start {
        return Vec::new();
    }
    reference
        .moves
        .iter()
        .zip(&output.moves)
        .zip(&output.unflagged)
        .take(printed)
        .enumerate()
        .filter(|(_, ((r, o), unflagged))| r != o && **unflagged)
        .map(|(i, _)| i)
        .collect()
}

/// Scores the reference games of one text, each with the plies it prints, against the
/// text's output games. Games are paired by the longest prefix of printed plies matched,
/// best pairs first (a reference game and an output game are paired once; ties go to the
/// earlier reference game, then the earlier output game), and only where that prefix is
/// not empty; the unflagged wrong plies are counted on the paired output game. A reference
/// game that pairs with none matches nothing.
pub fn score_text(references: &[(&Line, usize)], outputs: &[Line]) -> Vec<GameScore> {
    pair_text(references, outputs)
        .into_iter()
        .map(|(score, _)| score)
        .collect()
}

/// [`score_text`], with the output game each reference game is paired with (by index in
/// `outputs`), if any.
pub fn pair_text(
    references: &[(&Line, usize)],
    outputs: &[Line],
) -> Vec<(GameScore, Option<usize>)> {
    let printed: Vec<usize> = references
        .iter()
        .map(|(r, p)| (*p).min(r.positions.len()))
        .collect();
    let mut candidates: Vec<(usize, usize, usize)> = Vec::new();
    for (ri, (reference, _)) in references.iter().enumerate() {
        for (oi, output) in outputs.iter().enumerate() {
            let p = prefix(reference, output, printed[ri]);
            if p > 0 {
                candidates.push((p, ri, oi));
            }
        }
    }
    candidates.sort_by_key(|&(p, ri, oi)| (std::cmp::Reverse(p), ri, oi));
    let mut scores: Vec<(GameScore, Option<usize>)> = printed
        .iter()
        .map(|&printed| {
            let score = GameScore {
                printed,
                ..GameScore::default()
            };
            (score, None)
        })
        .collect();
    let mut output_paired = vec![false; outputs.len()];
    for (p, ri, oi) in candidates {
        if scores[ri].1.is_some() || output_paired[oi] {
            continue;
        }
        output_paired[oi] = true;
        let wrong = unflagged_wrong_plies(references[ri].0, &outputs[oi], printed[ri]).len();
        scores[ri].0.matched = p;
        scores[ri].0.unflagged_wrong = wrong;
        scores[ri].1 = Some(oi);
    }
    scores
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line through made-up positions `p0`, `p1`, …, each reached by a move of the same
    /// name, flagged where `flags` says `f`.
    fn line(positions: &[&str], flags: &str) -> Line {
        Line {
            start: "start".to_owned(),
            positions: positions.iter().map(|p| (*p).to_owned()).collect(),
            moves: positions.iter().map(|p| (*p).to_owned()).collect(),
            unflagged: flags.chars().map(|c| c != 'f').collect(),
        }
    }

    #[test]
    fn after_a_flagged_wrong_ply_the_moves_as_printed_are_no_new_errors() {
        let reference = line(&["a", "b", "c", "d"], "");
        // The second ply is read wrong, flagged; the positions differ from there on, but
        // the moves after it are the book's.
        let mut output = line(&["a", "x", "c2", "d2"], ".f..");
        output.moves = ["a", "x", "c", "d"].map(str::to_owned).to_vec();
        let scores = score_text(&[(&reference, 4)], &[output]);
        assert_eq!(scores[0].matched, 1);
        assert_eq!(scores[0].unflagged_wrong, 0);
    }

    #[test]
    fn the_longest_matching_prefix_counts_and_unflagged_wrong_plies_are_counted() {
        let reference = line(&["a", "b", "c", "d", "e"], "");
        // Right for two plies, then a wrong ply with no flag, a flagged one, and a
        // third ply past the four the text prints.
        let output = line(&["a", "b", "x", "y", "z"], "..f..");
        let scores = score_text(&[(&reference, 4)], &[output]);
        assert_eq!(
            scores,
            [GameScore {
                printed: 4,
                matched: 2,
                unflagged_wrong: 1
            }]
        );
    }

    #[test]
    fn each_reference_game_takes_its_best_output_game_once() {
        let first = line(&["a", "b", "c"], "");
        let second = line(&["a", "q", "r"], "");
        let outputs = [line(&["a", "q", "r"], ""), line(&["a", "b", "c"], "")];
        let scores = score_text(&[(&first, 3), (&second, 3), (&first, 3)], &outputs);
        let matched: Vec<usize> = scores.iter().map(|s| s.matched).collect();
        assert_eq!(
            matched,
            [3, 3, 0],
            "a game printed twice is matched once per output game"
        );
    }

    #[test]
    fn an_output_game_goes_to_the_reference_game_it_matches_furthest() {
        // The text's second game is the one read; it shares its first ply with the first.
        let first = line(&["a", "b", "c"], "");
        let second = line(&["a", "x", "y"], "");
        let scores = score_text(&[(&first, 3), (&second, 3)], std::slice::from_ref(&second));
        let matched: Vec<usize> = scores.iter().map(|s| s.matched).collect();
        assert_eq!(matched, [0, 3]);
        assert_eq!(
            scores[0].unflagged_wrong, 0,
            "an unpaired game has no wrong plies"
        );
    }

    #[test]
    fn another_start_position_matches_nothing_and_printed_plies_stop_at_the_reference() {
        let reference = line(&["a", "b"], "");
        let mut odds = line(&["a", "b"], "");
        odds.start = "without the queen's rook".to_owned();
        assert_eq!(
            score_text(&[(&reference, 9)], &[odds]),
            [GameScore {
                printed: 2,
                matched: 0,
                unflagged_wrong: 0
            }]
        );
    }

    #[test]
    fn references_and_outputs_replay_to_the_same_positions() {
        let reference = reference_lines("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
        let jsonl = concat!(
            r#"{"tags":{},"moves":[{"uci":"e2e4","status":"exact"},"#,
            r#"{"uci":"e7e5","status":"repaired"},{"uci":"g1f3","status":"inferred"}]}"#
        );
        let output = output_lines(jsonl).unwrap();
        assert_eq!(output[0].positions, reference[0].positions);
        assert_eq!(output[0].unflagged, [true, false, true]);
    }
}
