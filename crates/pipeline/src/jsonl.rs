//! JSON Lines output: one object per game with its tags, moves and diagnostics.

use serde_json::{Map, Value, json};

use crate::csv_out::ply_rows;
use crate::game::GameResult;

/// The JSON object of one game:
/// `{source, game, line, status, notation, result, encoding, tags, moves, flagged, failure}`.
/// `moves` holds the `plies.csv` fields per ply plus `alternatives` and `nag`; `failure`
/// holds the location, the message and the resolver's diagnostic (FEN, legal moves, nearest
/// readings), or is `null`.
pub fn game_json(r: &GameResult) -> Value {
    let tags: Map<String, Value> = r
        .tags
        .0
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    let rows = ply_rows(r);
    let moves: Vec<Value> = r
        .plies
        .iter()
        .zip(&rows)
        .map(|(p, row)| {
            json!({
                "ply": row.ply,
                "move_number": row.move_number,
                "side": row.side,
                "input": row.input,
                "san": row.san,
                "uci": row.uci,
                "status": row.status,
                "cost": row.cost,
                "line": row.line,
                "column": row.column,
                "note": p.ply.note,
                "alternatives": p.ply.alternatives,
                "nag": p.ply.nag,
            })
        })
        .collect();
    json!({
        "source": &*r.source,
        "game": r.index,
        "line": r.line,
        "status": r.status,
        "notation": r.dialect.map(|d| d.id()),
        "result": r.result,
        "encoding": r.encoding,
        "tags": tags,
        "moves": moves,
        "flagged": r.flagged,
        "beam_capped": r.beam_capped,
        "failure": r.failure,
    })
}

/// The game as one line of JSON, newline included.
pub fn game_line(r: &GameResult) -> String {
    let mut s = game_json(r).to_string();
    s.push('\n');
    s
}
