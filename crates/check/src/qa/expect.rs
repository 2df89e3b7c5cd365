//! The expectation checks: a game against its `ExpectedSAN` and `ExpectedFlags` tags, and
//! its flagged plies for humans.

use escriba_notation::Dialect;
use escriba_pipeline::game::{GameResult, GameStatus};
use escriba_resolve::Status;
use serde::Serialize;

use super::snapshot::{SnapGame, game_state};

/// A game's moves against its `ExpectedSAN` tag.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ExpectedCheck {
    /// Expected plies.
    pub plies: usize,
    /// Plies whose SAN equals the expected SAN at the same index.
    pub right: usize,
    /// Every difference, one line each.
    pub problems: Vec<String>,
}

/// A game's flagged plies against its `ExpectedFlags` tag (`ply:status`, sorted by ply).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlagCheck {
    /// As the tag states them.
    pub want: Vec<String>,
    /// As transcribed.
    pub got: Vec<String>,
}

impl FlagCheck {
    /// True when the flags are exactly the expected ones.
    pub fn ok(&self) -> bool {
        self.want == self.got
    }
}

/// A flagged ply or the point where a game stopped, for humans.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FlaggedPly {
    /// 1-based ply.
    pub ply: usize,
    /// `line:column` in the corpus file.
    pub location: String,
    /// The book's token.
    pub token: String,
    /// The reading (empty for a failure).
    pub san: String,
    /// `repaired`, `ambiguous` or `failed`.
    pub status: Status,
    /// The resolver's note, alternatives, or failure message.
    pub note: String,
}

/// One game's QA.
#[derive(Debug, Clone, Serialize)]
pub struct GameQa {
    /// 1-based game within its file.
    pub game: usize,
    /// 1-based line of the game in its file.
    pub line: usize,
    /// The dialect the game was read in.
    pub dialect: Option<String>,
    /// What became of the game.
    pub status: GameStatus,
    /// The game as transcribed.
    pub state: SnapGame,
    /// Against `ExpectedSAN`, when the game has the tag.
    pub expected: Option<ExpectedCheck>,
    /// Against `ExpectedFlags`, for games with `ExpectedSAN` or `ExpectedFlags`.
    pub flags: Option<FlagCheck>,
    /// Flagged plies and the failure, in ply order.
    pub diagnostics: Vec<FlaggedPly>,
}

impl GameQa {
    /// True when the expectation checks pass (or the game has none).
    pub fn expectations_ok(&self) -> bool {
        self.expected.as_ref().is_none_or(|e| e.problems.is_empty())
            && self.flags.as_ref().is_none_or(FlagCheck::ok)
    }
}

/// A game against its `ExpectedSAN` tag, if it has one.
pub fn check_expected(r: &GameResult) -> Option<ExpectedCheck> {
    let expected: Vec<&str> = r.tags.get("ExpectedSAN")?.split_whitespace().collect();
    let mut e = ExpectedCheck {
        plies: expected.len(),
        ..ExpectedCheck::default()
    };
    if let Some(n) = r.tags.get("Notation")
        && n.parse::<Dialect>().is_err()
    {
        e.problems.push(format!("unknown Notation `{n}`"));
    }
    for (i, want) in expected.iter().enumerate() {
        match r.plies.get(i) {
            Some(p) if p.ply.san == *want => e.right += 1,
            Some(p) => e.problems.push(format!(
                "ply {}: got {} want {want} ({})",
                i + 1,
                p.ply.san,
                p.ply.status.as_str()
            )),
            None => {
                e.problems.push(format!(
                    "ply {}: missing (want {want}); {}",
                    i + 1,
                    r.failure.as_ref().map_or("no failure".into(), |f| format!(
                        "stopped at `{}`: {}",
                        f.token, f.message
                    ))
                ));
                break;
            }
        }
    }
    if r.plies.len() > expected.len() {
        e.problems.push(format!(
            "{} plies read, {} expected",
            r.plies.len(),
            expected.len()
        ));
    } else if r.plies.len() == expected.len()
        && let Some(f) = &r.failure
    {
        e.problems.push(format!(
            "every expected ply read, then stopped at `{}`: {}",
            f.token, f.message
        ));
    }
    Some(e)
}

fn ply_key(flag: &str) -> (usize, String) {
    let (n, s) = flag.split_once(':').unwrap_or(("0", flag));
    (n.parse().unwrap_or(0), s.to_owned())
}

/// A game's flagged plies against its `ExpectedFlags` tag, for games that have
/// `ExpectedSAN` or `ExpectedFlags`.
pub fn check_flags(r: &GameResult) -> Option<FlagCheck> {
    let tag = r.tags.get("ExpectedFlags");
    if tag.is_none() && r.tags.get("ExpectedSAN").is_none() {
        return None;
    }
    let mut want: Vec<String> = tag
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    want.sort_by_key(|f| ply_key(f));
    let got: Vec<String> = r
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.ply.status.is_flagged())
        .map(|(i, p)| format!("{}:{}", i + 1, p.ply.status.as_str()))
        .collect();
    Some(FlagCheck { want, got })
}

fn diagnostics(r: &GameResult) -> Vec<FlaggedPly> {
    let mut out: Vec<FlaggedPly> = r
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.ply.status.is_flagged())
        .map(|(i, p)| {
            let mut note = p.ply.note.as_deref().unwrap_or_default().to_owned();
            if !p.ply.alternatives.is_empty() {
                if !note.is_empty() {
                    note.push_str("; ");
                }
                note.push_str(&format!("also possible: {}", p.ply.alternatives.join(", ")));
            }
            FlaggedPly {
                ply: i + 1,
                location: format!("{}:{}", p.line, p.column),
                token: r.input(p).to_owned(),
                san: p.ply.san.to_string(),
                status: p.ply.status,
                note,
            }
        })
        .collect();
    if let Some(f) = &r.failure {
        out.push(FlaggedPly {
            ply: f.ply + 1,
            location: format!("{}:{}", f.line, f.column),
            token: f.token.clone(),
            san: String::new(),
            status: Status::Failed,
            note: f.message.clone(),
        });
    }
    out
}

/// The QA of one game.
pub fn game_qa(r: &GameResult) -> GameQa {
    GameQa {
        game: r.index as usize,
        line: r.line,
        dialect: r
            .dialect
            .map(|d| d.id().to_owned())
            .or_else(|| r.tags.get("Notation").map(str::to_owned)),
        status: r.status,
        state: game_state(r),
        expected: check_expected(r),
        flags: check_flags(r),
        diagnostics: diagnostics(r),
    }
}
