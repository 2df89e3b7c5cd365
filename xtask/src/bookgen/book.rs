//! A generated book and the truth of every game in it, with its reference PGN.

use std::fmt::Write as _;

use super::layouts;

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
    /// The families the game belongs to (see [`families`](super::mix::families)).
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
