//! The snapshot format: a file's games as `x.snap.pgn` records them (see [`super`]),
//! written from a transcription, read back with `pgn-reader`, and compared ply by ply.

use std::fmt;

use escriba_pipeline::config::Config;
use escriba_pipeline::game::{GameResult, Item};
use escriba_pipeline::pgn::write_game_with;
use escriba_pipeline::segment::{BlockSegmenter, segment_text};
use escriba_resolve::Status;
use serde::Serialize;

use crate::pgn::{Lexeme, main_line};

/// One ply as a snapshot records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyState {
    /// The SAN (for a `failed` ply: the first word of the token where the game stopped).
    pub san: String,
    /// How the ply was read (`failed` for the token where the game stopped).
    pub status: Status,
}

/// One game as a snapshot records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SnapGame {
    /// The plies, plus a final `failed` ply when the game stopped early.
    pub plies: Vec<PlyState>,
    /// The result token.
    pub result: String,
}

/// A difference between the stored snapshot and the current transcription.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The corpus file, relative to the corpus folder.
    pub file: String,
    /// 1-based game within the file (0 for a change to the whole file).
    pub game: usize,
    /// 1-based ply, for a ply change.
    pub ply: Option<usize>,
    /// The ply in the snapshot (`None`: the snapshot's game is shorter).
    pub before: Option<PlyState>,
    /// The ply now (`None`: the game is now shorter).
    pub after: Option<PlyState>,
    /// For a change that is not about one ply: what changed.
    pub detail: Option<String>,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if self.game == 0 {
            return write!(f, "{}", self.detail.as_deref().unwrap_or(""));
        }
        write!(f, "game {}", self.game)?;
        let Some(ply) = self.ply else {
            return write!(f, ": {}", self.detail.as_deref().unwrap_or(""));
        };
        let san = |p: &Option<PlyState>| p.as_ref().map_or("—".to_owned(), |p| p.san.clone());
        let status = |p: &Option<PlyState>| {
            p.as_ref()
                .map_or("—".to_owned(), |p| p.status.as_str().to_owned())
        };
        let (sb, sa) = (san(&self.before), san(&self.after));
        let (tb, ta) = (status(&self.before), status(&self.after));
        write!(f, " ply {ply}: ")?;
        if sb == sa {
            write!(f, "{sa}")?;
        } else {
            write!(f, "{sb} → {sa}")?;
        }
        if tb == ta {
            write!(f, " (status {ta})")
        } else {
            write!(f, " (status {tb} → {ta})")
        }
    }
}

/// The status a status comment's first word names, if it names one.
fn status_word(comment: &str) -> Option<Status> {
    let w = comment
        .split_whitespace()
        .next()?
        .trim_end_matches([':', ';', ',']);
    Status::ALL.into_iter().find(|s| s.as_str() == w)
}

const UNTRANSCRIBED: &str = "escriba: untranscribed from ";

/// The snapshot PGN of a file's games: see the module documentation.
pub fn snapshot_pgn(results: &[GameResult], cfg: &Config) -> String {
    let mut out = String::new();
    for r in results {
        let mut r = r.clone();
        for t in ["ExpectedSAN", "ExpectedFlags", "EscribaGame"] {
            r.tags.remove(t);
        }
        write_game_with(&r, cfg, &mut out, |p| match p.status {
            Status::Exact => None,
            Status::Ambiguous if !p.alternatives.is_empty() => {
                Some(format!("ambiguous: also {}", p.alternatives.join(", ")))
            }
            s => Some(match &p.note {
                Some(n) => format!("{}: {n}", s.as_str()),
                None => s.as_str().to_owned(),
            }),
        });
    }
    out
}

/// What a transcription records, in the snapshot's terms.
pub fn game_state(r: &GameResult) -> SnapGame {
    let mut plies: Vec<PlyState> = r
        .plies
        .iter()
        .map(|p| PlyState {
            san: p.ply.san.to_string(),
            status: p.ply.status,
        })
        .collect();
    for item in &r.items {
        if let Item::Untranscribed { text, .. } = item {
            plies.push(PlyState {
                san: text.split_whitespace().next().unwrap_or("").to_owned(),
                status: Status::Failed,
            });
        }
    }
    SnapGame {
        plies,
        result: r.result.to_owned(),
    }
}

/// Reads a snapshot PGN back into its games (see the module documentation).
pub fn parse_snapshot(text: &str) -> Vec<SnapGame> {
    segment_text(&mut BlockSegmenter::new(), text)
        .into_iter()
        .map(|seg| parse_movetext(&seg.movetext))
        .collect()
}

fn parse_movetext(movetext: &str) -> SnapGame {
    let mut g = SnapGame {
        plies: Vec::new(),
        result: "*".to_owned(),
    };
    // True right after a ply: its status comment may follow.
    let mut after_ply = false;
    // A snapshot is escriba's own PGN: what the reader cannot read of it is not there.
    for lexeme in main_line(movetext).0 {
        match lexeme {
            Lexeme::Comment(body) => {
                if let Some(rest) = body.strip_prefix(UNTRANSCRIBED) {
                    let token = rest.split_once(" : ").map_or("", |(_, t)| t);
                    g.plies.push(PlyState {
                        san: token.split_whitespace().next().unwrap_or("").to_owned(),
                        status: Status::Failed,
                    });
                } else if after_ply && let Some(s) = status_word(&body) {
                    g.plies.last_mut().expect("after a ply").status = s;
                }
                after_ply = false;
            }
            Lexeme::Result(r) => {
                g.result = r.to_string();
                after_ply = false;
            }
            Lexeme::Move(m) => {
                g.plies.push(PlyState {
                    san: m.to_string(),
                    status: Status::Exact,
                });
                after_ply = true;
            }
        }
    }
    g
}

/// The changes from `before` (the snapshot) to `after` (now), in game and ply order.
pub fn diff(file: &str, before: &[SnapGame], after: &[SnapGame]) -> Vec<Change> {
    let mut out = Vec::new();
    let change = |game, ply, b: Option<&PlyState>, a: Option<&PlyState>, detail| Change {
        file: file.to_owned(),
        game,
        ply,
        before: b.cloned(),
        after: a.cloned(),
        detail,
    };
    for g in 0..before.len().max(after.len()) {
        match (before.get(g), after.get(g)) {
            (Some(b), Some(a)) => {
                for k in 0..b.plies.len().max(a.plies.len()) {
                    let (pb, pa) = (b.plies.get(k), a.plies.get(k));
                    if pb != pa {
                        out.push(change(g + 1, Some(k + 1), pb, pa, None));
                    }
                }
                if b.result != a.result {
                    let d = format!("result {} → {}", b.result, a.result);
                    out.push(change(g + 1, None, None, None, Some(d)));
                }
            }
            (None, Some(a)) => {
                let d = format!("new game ({} plies)", a.plies.len());
                out.push(change(g + 1, None, None, None, Some(d)));
            }
            (Some(b), None) => {
                let d = format!("game gone (had {} plies)", b.plies.len());
                out.push(change(g + 1, None, None, None, Some(d)));
            }
            (None, None) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_round_trips_moves_statuses_and_stops() {
        let text = "[Event \"E\"]\n\n1. e4 {inferred} e5 $1 {ambiguous: also Nc6} 2. Nf3 {a book note} Nc6 {escriba: untranscribed from 3. : Zz9 Bb5} *\n";
        let g = &parse_snapshot(text)[0];
        let got: Vec<(&str, &str)> = g
            .plies
            .iter()
            .map(|p| (p.san.as_str(), p.status.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("e4", "inferred"),
                ("e5", "ambiguous"),
                ("Nf3", "exact"),
                ("Nc6", "exact"),
                ("Zz9", "failed")
            ]
        );
        assert_eq!(g.result, "*");
    }

    #[test]
    fn changes_name_game_ply_moves_and_statuses() {
        let before = parse_snapshot("1. e4 e5 {inferred} 2. Nf3 1-0\n");
        let after = parse_snapshot("1. e4 e6 {ambiguous} 2. Nf3 Nc6 1-0\n");
        let shown: Vec<String> = diff("a.txt", &before, &after)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            shown,
            [
                "a.txt: game 1 ply 2: e5 → e6 (status inferred → ambiguous)",
                "a.txt: game 1 ply 4: — → Nc6 (status — → exact)",
            ]
        );
    }
}
