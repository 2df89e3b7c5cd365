//! The book generator of issue 21 §5: real games rendered into books in every layout,
//! notation, header and player form, with notes, diagrams, footnotes, odds and page
//! furniture; the truth of every game it prints; and the scorer that reads the books back
//! with escriba's default `transcribe` and measures each game against its truth.
//!
//! - [`rng`]: the seeded random source; [`games`]: the games (PGN or random);
//! - [`notation`]: the printed notations; [`layouts`]: the tables of §3;
//! - [`notes`]: notes, numbered analysis and prose; [`diagrams`]: the drawings of §1;
//! - [`headers`]: headings, players and event lines of §4; [`odds`]: the odds of §2;
//! - [`render`]: a book from games; [`score`]: the scorer and its tables.
//!
//! Generate, don't tune: the generator prints what books print, and nothing here knows what
//! the reader accepts.

pub mod diagrams;
pub mod games;
pub mod headers;
pub mod layouts;
pub mod notation;
pub mod notes;
pub mod odds;
pub mod render;
pub mod rng;
pub mod score;

use std::fmt::Write as _;

use diagrams::Drawing;
use games::SourceGame;
use headers::{HeadingForm, PlayerForm};
use layouts::Layout;
use notation::Notation;
use odds::Odds;

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

/// What the generator printed of one game: the facts to read back.
#[derive(Debug, Clone)]
pub struct Truth {
    /// The moves in SAN, from the start position.
    pub sans: Vec<String>,
    /// The start position of an odds game (`None`: the standard one).
    pub fen: Option<String>,
    /// White's name, when printed.
    pub white: Option<String>,
    /// Black's name, when printed.
    pub black: Option<String>,
    /// The source game's result (`*` for a line carried on at random).
    pub result: String,
    /// The layout's label.
    pub layout: &'static str,
    /// The notation's label.
    pub notation: &'static str,
    /// The player form's label.
    pub players: &'static str,
    /// The heading form's label.
    pub heading: &'static str,
    /// The odds' label.
    pub odds: &'static str,
    /// The drawing of the diagram inside the game, if any.
    pub diagram: Option<String>,
    /// The optional parts it has: `notes`, `analysis`, `footnote`, `diagram`,
    /// `page-break`, `ocr-mark`.
    pub features: Vec<&'static str>,
    /// 1-based first line in the book (its heading, or its first header or move line).
    pub first_line: usize,
    /// 1-based last line (its result, or its footnotes).
    pub last_line: usize,
    /// Where the game came from.
    pub origin: String,
}

impl Truth {
    /// The families the game belongs to (see [`families`]).
    pub fn families(&self) -> Vec<String> {
        let mut v = vec![
            format!("layout:{}", self.layout),
            format!("notation:{}", self.notation),
            format!("players:{}", self.players),
            format!("heading:{}", self.heading),
            format!("odds:{}", self.odds),
            format!("diagram:{}", self.diagram.as_deref().unwrap_or("none")),
        ];
        v.extend(self.features.iter().map(|f| format!("feature:{f}")));
        v
    }
}

/// A generated book: its text and the truth of each game in it.
#[derive(Debug, Clone)]
pub struct Book {
    /// The book's text.
    pub text: String,
    /// Its games, in book order.
    pub games: Vec<Truth>,
}

impl Book {
    /// The reference PGN: each game's truth with `[BookLines]` and the generator's labels
    /// (`[BookgenLayout]`, `[BookgenNotation]`, `[BookgenPlayers]`, …); `source` names
    /// the book file.
    pub fn reference_pgn(&self, source: &str) -> String {
        let mut out = String::new();
        for (i, t) in self.games.iter().enumerate() {
            let tag = |out: &mut String, k: &str, v: &str| {
                let _ = writeln!(
                    out,
                    "[{k} \"{}\"]",
                    v.replace('\\', "\\\\").replace('"', "\\\"")
                );
            };
            tag(&mut out, "Event", &format!("bookgen game {}", i + 1));
            tag(&mut out, "Site", source);
            tag(&mut out, "White", t.white.as_deref().unwrap_or("?"));
            tag(&mut out, "Black", t.black.as_deref().unwrap_or("?"));
            tag(&mut out, "Result", &t.result);
            if let Some(f) = &t.fen {
                tag(&mut out, "SetUp", "1");
                tag(&mut out, "FEN", f);
            }
            tag(
                &mut out,
                "BookLines",
                &format!("{}-{}", t.first_line, t.last_line),
            );
            tag(&mut out, "BookgenLayout", t.layout);
            tag(&mut out, "BookgenNotation", t.notation);
            tag(&mut out, "BookgenPlayers", t.players);
            tag(&mut out, "BookgenHeading", t.heading);
            tag(&mut out, "BookgenOdds", t.odds);
            tag(
                &mut out,
                "BookgenDiagram",
                t.diagram.as_deref().unwrap_or("none"),
            );
            tag(&mut out, "BookgenFeatures", &t.features.join(" "));
            tag(&mut out, "BookgenOrigin", &t.origin);
            out.push('\n');
            let black_first = t.fen.as_deref().is_some_and(|f| f.contains(" b "));
            let mut line = String::new();
            for (k, san) in t.sans.iter().enumerate() {
                let ply = k + black_first as usize;
                if ply.is_multiple_of(2) {
                    let _ = write!(line, "{}. ", ply / 2 + 1);
                } else if k == 0 {
                    let _ = write!(line, "{}... ", ply / 2 + 1);
                }
                line.push_str(san);
                line.push(' ');
            }
            line.push_str(&t.result);
            for l in layouts::wrap_tokens(
                &line.split(' ').map(str::to_owned).collect::<Vec<_>>(),
                79,
                "",
            ) {
                out.push_str(&l);
                out.push('\n');
            }
            out.push('\n');
        }
        out
    }
}

/// Renders `games` into books of `per_book` games each, book `k` seeded from `seed` and
/// `k` and printed in the mix's notations in turn: the same arguments give the same books.
pub fn generate(games: &[SourceGame], per_book: usize, mix: &Mix, seed: u64) -> Vec<Book> {
    games
        .chunks(per_book.max(1))
        .enumerate()
        .map(|(k, chunk)| {
            let notation = mix.notations[(k + seed as usize) % mix.notations.len()];
            render::book(
                chunk,
                mix,
                notation,
                seed.wrapping_mul(0x100_0000_01B3).wrapping_add(k as u64),
            )
        })
        .collect()
}

/// `n` source games: the games of `from` (or, when `None`, the Lichess bulk file and the
/// shared books' reference PGNs), taken in order and cycled when there are fewer than `n`;
/// random legal games when `from` is `None` and the shared files are absent. The second
/// value names where they came from.
pub fn source_games(
    from: Option<&std::path::Path>,
    n: usize,
    seed: u64,
) -> anyhow::Result<(Vec<SourceGame>, String)> {
    let (pool, name) = match from {
        Some(p) => (games::from_pgn(p, 6)?, p.display().to_string()),
        None => {
            let lichess = games::lichess_path();
            if lichess.exists() {
                let mut pool = Vec::new();
                for p in games::shared_reference_paths() {
                    pool.extend(games::from_pgn(&p, 6)?);
                }
                pool.extend(games::from_pgn(&lichess, 6)?);
                (
                    pool,
                    format!("{} and the shared books' references", lichess.display()),
                )
            } else {
                (games::random(n, seed), "random legal games".to_owned())
            }
        }
    };
    anyhow::ensure!(!pool.is_empty(), "no games in {name}");
    Ok((pool.iter().cycle().take(n).cloned().collect(), name))
}
