//! What a run of the generator may print: the choices of each dimension, and the family
//! names (`layout:paired`, `notation:es`, …) the scorer and the tests count by.

use super::diagrams::Drawing;
use super::headers::{HeadingForm, PlayerForm};
use super::layouts::Layout;
use super::notation::Notation;
use super::odds::Odds;

/// What the generator may print: the choices of each dimension, and how often the
/// optional parts appear.
#[derive(Debug, Clone)]
pub struct Mix {
    /// Layouts of the tables.
    pub layouts: Vec<Layout>,
    /// Notations (one per book).
    pub notations: Vec<Notation>,
    /// Player forms.
    pub players: Vec<PlayerForm>,
    /// Heading forms.
    pub headings: Vec<HeadingForm>,
    /// Odds: the first is [`Odds::None`]; the others are drawn for `odds_share` % of games.
    pub odds: Vec<Odds>,
    /// Per cent of games at odds (when `odds` has more than the even game).
    pub odds_share: usize,
    /// Diagram drawings (empty: no diagrams).
    pub drawings: Vec<Drawing>,
    /// Per cent of games with a diagram inside.
    pub diagram_share: usize,
    /// Notes between the moves.
    pub notes: bool,
    /// Footnotes at the moves.
    pub footnotes: bool,
    /// Page marks and running heads at page breaks.
    pub page_marks: bool,
    /// OCR marks (`[ocr errors]`, `[graphic]`, `[merged small]`).
    pub ocr_marks: bool,
    /// Prose between the games.
    pub prose: bool,
}

impl Mix {
    /// Everything the generator can print.
    pub fn full() -> Mix {
        Mix {
            layouts: Layout::ALL.to_vec(),
            notations: Notation::ALL.to_vec(),
            players: PlayerForm::ALL.to_vec(),
            headings: HeadingForm::ALL.to_vec(),
            odds: Odds::ALL.to_vec(),
            odds_share: 15,
            drawings: Drawing::all(),
            diagram_share: 20,
            notes: true,
            footnotes: true,
            page_marks: true,
            ocr_marks: true,
            prose: true,
        }
    }

    /// The mix restricted to the families named in `enabled` (`layout:paired`,
    /// `notation:en-compact`, `players:colon`, `heading:game`, `odds:queen-rook`,
    /// `diagram:boxed-hash`, `feature:notes`, …; see [`families`]). A dimension with no
    /// family enabled keeps its first choice. Returns an error for an unknown family.
    pub fn only(enabled: &[&str]) -> Result<Mix, String> {
        let known = families();
        if let Some(bad) = enabled.iter().find(|f| !known.iter().any(|k| k == *f)) {
            return Err(format!("unknown family `{bad}`"));
        }
        let on = |dim: &str, label: &str| enabled.contains(&format!("{dim}:{label}").as_str());
        let full = Mix::full();
        let layouts = keep(
            full.layouts
                .iter()
                .copied()
                .filter(|l| on("layout", l.label()))
                .collect(),
            Layout::Paired,
        );
        let notations = keep(
            full.notations
                .iter()
                .copied()
                .filter(|n| on("notation", n.label()))
                .collect(),
            Notation::Compact,
        );
        let players = keep(
            full.players
                .iter()
                .copied()
                .filter(|p| on("players", p.label()))
                .collect(),
            PlayerForm::Colon,
        );
        let headings = keep(
            full.headings
                .iter()
                .copied()
                .filter(|h| on("heading", h.label()))
                .collect(),
            HeadingForm::Game,
        );
        let mut odds = vec![Odds::None];
        odds.extend(
            Odds::ALL[1..]
                .iter()
                .copied()
                .filter(|o| on("odds", o.label())),
        );
        let drawings: Vec<Drawing> = Drawing::all()
            .into_iter()
            .filter(|d| on("diagram", &d.label()))
            .collect();
        Ok(Mix {
            layouts,
            notations,
            players,
            headings,
            odds,
            drawings,
            notes: on("feature", "notes"),
            footnotes: on("feature", "footnote"),
            page_marks: on("feature", "page-break"),
            ocr_marks: on("feature", "ocr-mark"),
            prose: on("feature", "prose"),
            ..full
        })
    }
}

/// `v`, or `[first]` when it is empty.
fn keep<T>(mut v: Vec<T>, first: T) -> Vec<T> {
    if v.is_empty() {
        v.push(first);
    }
    v
}

/// Every family name, `dimension:label`, of every dimension.
pub fn families() -> Vec<String> {
    let mut v = Vec::new();
    v.extend(Layout::ALL.iter().map(|l| format!("layout:{}", l.label())));
    v.extend(
        Notation::ALL
            .iter()
            .map(|n| format!("notation:{}", n.label())),
    );
    v.extend(
        PlayerForm::ALL
            .iter()
            .map(|p| format!("players:{}", p.label())),
    );
    v.push(format!("players:{}", PlayerForm::Inline.label()));
    v.extend(
        HeadingForm::ALL
            .iter()
            .map(|h| format!("heading:{}", h.label())),
    );
    v.extend(Odds::ALL.iter().map(|o| format!("odds:{}", o.label())));
    v.extend(
        Drawing::all()
            .iter()
            .map(|d| format!("diagram:{}", d.label())),
    );
    v.push("diagram:none".into());
    for f in [
        "notes",
        "analysis",
        "footnote",
        "diagram",
        "page-break",
        "ocr-mark",
        "prose",
    ] {
        v.push(format!("feature:{f}"));
    }
    v
}
