//! The layouts books print: how a game's plies stand on the page. Each layout lays out a
//! *run* of plies (the plies between two interruptions — a note, a diagram); a run that
//! starts with Black's move is the continuation after a note (`6. ...  Kt-B3`).

use super::headers::two_columns;
use super::notation::PlyText;
use super::notes::continuation;
use escriba_testkit::Rng;

/// A layout of a game's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Two columns, numbered on the left: `  1. P-K4        P-K4`.
    Paired,
    /// Two columns numbered on both sides: `1. P. to K's 4th.     1. P. to K's 4th.`
    PairedBoth,
    /// One column: White's move numbered, Black's alone on the line under it.
    Single,
    /// Four columns: the first half of the moves in the left pairs, the rest on the right.
    FourColumns,
    /// White's whole column, then Black's.
    WhiteThenBlack,
    /// Black's *n* with White's *n+1* on one line.
    Staggered,
    /// The whole game in one paragraph.
    Paragraph,
    /// One token per line.
    TokenPerLine,
    /// The header words on the same line as the moves, numbered on both sides, in one
    /// paragraph: `WHITE. (Mr. M.) BLACK. (Mr. H.) 1. P. to K's 4th. 1. P. to K's 4th. …`
    InlineHeader,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 9] = [
        Layout::Paired,
        Layout::PairedBoth,
        Layout::Single,
        Layout::FourColumns,
        Layout::WhiteThenBlack,
        Layout::Staggered,
        Layout::Paragraph,
        Layout::TokenPerLine,
        Layout::InlineHeader,
    ];

    /// The label in the reference PGN and the report.
    pub fn label(self) -> &'static str {
        match self {
            Layout::Paired => "paired",
            Layout::PairedBoth => "paired-both",
            Layout::Single => "single",
            Layout::FourColumns => "four-columns",
            Layout::WhiteThenBlack => "white-then-black",
            Layout::Staggered => "staggered",
            Layout::Paragraph => "paragraph",
            Layout::TokenPerLine => "token-per-line",
            Layout::InlineHeader => "inline-header",
        }
    }

    /// True when notes and diagrams may stand between the moves; the others print the
    /// table whole.
    pub fn breaks(self) -> bool {
        !matches!(
            self,
            Layout::FourColumns | Layout::WhiteThenBlack | Layout::InlineHeader
        )
    }

    /// True for the layouts whose columns a `WHITE.  BLACK.` line may head.
    pub fn columns(self) -> bool {
        matches!(
            self,
            Layout::Paired | Layout::PairedBoth | Layout::FourColumns
        )
    }
}

/// The look of one game's table, drawn once per game.
#[derive(Debug, Clone)]
pub struct Look {
    /// Blanks before each row.
    pub indent: String,
    /// Width of White's column (number included).
    pub width: usize,
    /// `1.` or `1` before a move.
    pub period: bool,
    /// The paragraph's line width.
    pub wrap: usize,
    /// The column words: `WHITE.`, `BLACK.`
    pub words: (&'static str, &'static str),
}

impl Look {
    /// A look for `plies`.
    pub fn new(rng: &mut Rng, plies: &[PlyText], spanish: bool) -> Look {
        let longest = plies
            .iter()
            .filter(|p| p.white)
            .map(|p| p.text.chars().count())
            .max()
            .unwrap_or(4);
        Look {
            indent: " ".repeat(rng.range(0, 9)),
            width: longest + 5 + rng.range(2, 10),
            period: rng.chance(85),
            wrap: rng.range(58, 78),
            words: if spanish {
                ("BLANCAS.", "NEGRAS.")
            } else {
                ("WHITE.", "BLACK.")
            },
        }
    }

    fn num(&self, n: u32) -> String {
        if self.period {
            format!("{n}.")
        } else {
            format!("{n}")
        }
    }
}

/// The rows of one run of plies in `layout`.
pub fn lay(layout: Layout, run: &[PlyText], look: &Look, rng: &mut Rng) -> Vec<String> {
    match layout {
        Layout::Paired | Layout::PairedBoth => paired(layout, run, look, rng),
        Layout::Single => single(run, look),
        Layout::Staggered => staggered(run, look),
        Layout::Paragraph => paragraph(run, look),
        Layout::TokenPerLine => token_per_line(run, look),
        Layout::FourColumns => four_columns(run, look),
        Layout::WhiteThenBlack => white_then_black(run, look),
        Layout::InlineHeader => inline_header(run, look),
    }
}

/// Move pairs side by side in two columns, Black in the right one (numbered too in `PairedBoth`).
fn paired(layout: Layout, run: &[PlyText], look: &Look, rng: &mut Rng) -> Vec<String> {
    let ind = &look.indent;
    // Black's ply in the right column, numbered in `PairedBoth`.
    let black = |b: &PlyText| {
        if layout == Layout::PairedBoth {
            format!("{} {}", look.num(b.number), b.text)
        } else {
            b.text.clone()
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < run.len() {
        let p = &run[i];
        if !p.white {
            let left = if layout == Layout::Paired {
                continuation(rng, p)
            } else {
                String::new()
            };
            out.push(format!(
                "{ind}{}",
                two_columns(&left, &black(p), look.width)
            ));
            i += 1;
            continue;
        }
        let left = format!("{:>3} {}", look.num(p.number), p.text);
        match run.get(i + 1) {
            Some(b) if !b.white => {
                out.push(format!(
                    "{ind}{}",
                    two_columns(&left, &black(b), look.width)
                ));
                i += 2;
            }
            _ => {
                out.push(format!("{ind}{left}"));
                i += 1;
            }
        }
    }
    out
}

/// One ply a line, White numbered, Black indented under it.
fn single(run: &[PlyText], look: &Look) -> Vec<String> {
    let ind = &look.indent;
    let mut out = Vec::new();
    for p in run {
        if p.white {
            out.push(format!("{ind}{} {}", look.num(p.number), p.text));
        } else if out.is_empty() {
            out.push(format!("{ind}{} ... {}", look.num(p.number), p.text));
        } else {
            out.push(format!("{ind}    {}", p.text));
        }
    }
    out
}

/// Black beside the next White move, one line a move number.
fn staggered(run: &[PlyText], look: &Look) -> Vec<String> {
    let ind = &look.indent;
    let mut out = Vec::new();
    let mut line = String::new();
    for p in run {
        if p.white {
            let w = format!("{} {}", look.num(p.number), p.text);
            if line.is_empty() {
                out.push(format!("{ind}{w}"));
            } else {
                out.push(format!(
                    "{ind}{}",
                    two_columns(&std::mem::take(&mut line), &w, look.width)
                ));
            }
        } else if out.is_empty() {
            line = format!("{} ... {}", look.num(p.number), p.text);
        } else {
            line = format!("    {}", p.text);
        }
    }
    if !line.is_empty() {
        out.push(format!("{ind}{line}"));
    }
    out
}

/// Running text, Black plies unnumbered, wrapped.
fn paragraph(run: &[PlyText], look: &Look) -> Vec<String> {
    let mut words = Vec::new();
    for (i, p) in run.iter().enumerate() {
        if p.white {
            words.push(format!("{} {}", look.num(p.number), p.text));
        } else if i == 0 {
            words.push(format!("{}... {}", p.number, p.text));
        } else {
            words.push(p.text.clone());
        }
    }
    wrap_tokens(&words, look.wrap, &look.indent)
}

/// Every number and every ply on a line of its own.
fn token_per_line(run: &[PlyText], look: &Look) -> Vec<String> {
    let ind = &look.indent;
    let mut out = Vec::new();
    // A bare number alone on a line is a page number: these rows keep their period.
    for (i, p) in run.iter().enumerate() {
        if p.white {
            out.push(format!("{ind}{}.", p.number));
        } else if i == 0 {
            out.push(format!("{ind}{}. ...", p.number));
        }
        out.push(format!("{ind}{}", p.text));
    }
    out
}

/// Two columns of move pairs, the second half of the run beside the first.
fn four_columns(run: &[PlyText], look: &Look) -> Vec<String> {
    let ind = &look.indent;
    let mut out = Vec::new();
    // Move numbers, each with its White and Black ply (either may be missing).
    let mut pairs: Vec<(u32, String, String)> = Vec::new();
    for p in run {
        if p.white || pairs.is_empty() {
            pairs.push((p.number, String::new(), String::new()));
        }
        let last = pairs.last_mut().expect("a pair");
        if p.white {
            last.1 = p.text.clone();
        } else {
            last.2 = p.text.clone();
        }
    }
    let half = pairs.len().div_ceil(2);
    let w = run
        .iter()
        .map(|p| p.text.chars().count())
        .max()
        .unwrap_or(4)
        + 2;
    let cell = |(n, a, b): &(u32, String, String)| {
        let num = if a.is_empty() {
            format!("{:>3} ...", look.num(*n))
        } else {
            format!("{:>3}", look.num(*n))
        };
        format!("{num} {a:<w$}{b}").trim_end().to_owned()
    };
    for k in 0..half {
        let left = cell(&pairs[k]);
        match pairs.get(k + half) {
            Some(r) => out.push(format!("{ind}{}", two_columns(&left, &cell(r), 2 * w + 8))),
            None => out.push(format!("{ind}{}", left.trim_end())),
        }
    }
    out
}

/// White's column under its heading, then Black's.
fn white_then_black(run: &[PlyText], look: &Look) -> Vec<String> {
    let ind = &look.indent;
    let mut out = Vec::new();
    let (w, b) = look.words;
    out.push(format!("{ind}    {w}"));
    for p in run.iter().filter(|p| p.white) {
        out.push(format!("{ind}{:>3} {}", look.num(p.number), p.text));
    }
    out.push(String::new());
    out.push(format!("{ind}    {b}"));
    for p in run.iter().filter(|p| !p.white) {
        out.push(format!("{ind}{:>3} {}", look.num(p.number), p.text));
    }
    out
}

/// Running text, every ply numbered, wrapped.
fn inline_header(run: &[PlyText], look: &Look) -> Vec<String> {
    let mut words = Vec::new();
    for p in run {
        words.push(format!("{} {}", look.num(p.number), p.text));
    }
    wrap_tokens(&words, look.wrap, &look.indent)
}

/// Wraps move tokens (each kept whole) into lines of about `width`.
pub fn wrap_tokens(words: &[String], width: usize, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(indent);
    for w in words {
        if line.len() > indent.len() && line.len() + 1 + w.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(indent)));
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if line.len() > indent.len() {
        lines.push(line);
    }
    lines
}
