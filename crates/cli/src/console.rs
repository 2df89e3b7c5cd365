//! What a run tells on stderr: one-line errors, the diagnostics of each game (with the
//! book's line, annotated), and the progress bar.
//!
//! Everything a book or a path brings (its lines, tokens, notes, file names) is shown
//! with its control characters escaped ([`visible`]): a book cannot move the cursor,
//! retitle the terminal nor reorder the text around it.

use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use annotate_snippets::{Level, Renderer, Snippet};
use escriba_pipeline::game::{Failure, Issue, PlyRecord};
use escriba_pipeline::{GameResult, Observer, Progress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Writes a line to stderr, its control characters but line breaks and tabs escaped
/// ([`visible`]); a closed or failing stderr is ignored (a run never stops, nor panics,
/// because nobody reads its diagnostics).
pub(crate) fn say(s: &str) {
    let escaped: String = s
        .split('\n')
        .map(|l| visible(l).into_owned())
        .collect::<Vec<_>>()
        .join("\n");
    say_raw(&escaped);
}

/// Writes a line to stderr as it is: for text whose every part from a book is already
/// [`visible`] (a rendered diagnostic holds the renderer's own colour codes).
fn say_raw(s: &str) {
    let mut e = io::stderr().lock();
    let _ = e.write_all(s.as_bytes()).and_then(|()| e.write_all(b"\n"));
}

/// True for the characters that a terminal does not show as themselves: control
/// characters (C0 but the tab, DEL, C1) and the bidi controls that reorder the text
/// around them.
pub(crate) fn is_hidden(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}')
}

/// `s` with every hidden character escaped as text: `\x1b` for one below U+0100,
/// `\u{202e}` for the others.
pub(crate) fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    use std::fmt::Write as _;
    if !s.chars().any(is_hidden) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if !is_hidden(c) {
            out.push(c);
        } else if (c as u32) < 0x100 {
            let _ = write!(out, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A line of a book made [`visible`], and the byte range `at..end` of it moved to where
/// it is in the escaped line.
fn visible_span(line: &str, at: usize, end: usize) -> (String, usize, usize) {
    let (a, b, c) = (&line[..at], &line[at..end], &line[end..]);
    let (a, b, c) = (visible(a), visible(b), visible(c));
    let at = a.len();
    let end = at + b.len();
    (format!("{a}{b}{c}"), at, end)
}

/// The error and its causes as one line, each cause once: a message that already holds
/// its cause's text (as `path: No such file…` does) is not followed by it again.
pub(crate) fn error_line(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if out.contains(&c) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&c);
    }
    out
}

/// Diagnostics and progress on stderr.
pub(crate) struct Console {
    pub(crate) quiet: bool,
    pub(crate) tty: bool,
    pub(crate) renderer: Renderer,
    pub(crate) bar: Option<ProgressBar>,
}

impl Console {
    pub(crate) fn new(quiet: bool) -> Console {
        let tty = io::stderr().is_terminal();
        Console {
            quiet,
            tty,
            renderer: if tty {
                Renderer::styled()
            } else {
                Renderer::plain()
            },
            bar: None,
        }
    }

    pub(crate) fn print(&self, s: &str) {
        match &self.bar {
            Some(b) => b.suspend(|| say_raw(s)),
            None => say_raw(s),
        }
    }

    pub(crate) fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

/// The line containing byte `at` of `text`, and `at`'s offset within it.
pub(crate) fn line_at(text: &str, at: usize) -> (&str, usize) {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    (&text[start..end], at - start)
}

pub(crate) fn clip(list: &[String], n: usize) -> String {
    let mut s = list.iter().take(n).cloned().collect::<Vec<_>>().join(", ");
    if list.len() > n {
        s.push_str(&format!(", … ({} in all)", list.len()));
    }
    s
}

/// Where a place of a game read from an OCR file or a page image stands on the scan:
/// `on the scan: page 3, box [130, 100, 170, 120]` (the word's box, in the file's units,
/// rounded), and its confidence when the engine gave one.
fn scan_place(r: &GameResult, line: usize, column: usize) -> Option<String> {
    let place = r.place(line, column)?;
    let [x0, y0, x1, y1] = place.bbox.map(f64::round);
    let conf = place
        .conf
        .map(|c| format!(", confidence {:.0}%", c * 100.0))
        .unwrap_or_default();
    Some(format!(
        "on the scan: page {}, box [{x0}, {y0}, {x1}, {y1}]{conf}",
        place.page
    ))
}

impl Console {
    /// The diagnostic of a game that stopped: the token in its line, the position, the
    /// legal moves and the nearest readings.
    fn failure(&mut self, r: &GameResult, f: &Failure, dialect: &str) {
        let origin = visible(&r.source).into_owned();
        let scan = scan_place(r, f.line, f.column);
        let title = visible(&format!("game {} ({}): {}", r.index, dialect, f.message)).into_owned();
        let rendered = match &f.diagnostic {
            Some(d) => {
                let (line, at) = line_at(&r.movetext, d.span.start as usize);
                let end = (at + d.span.len()).min(line.len()).max(at);
                let (line, at, end) = visible_span(line, at, end);
                let line = line.as_str();
                let fen = format!("position: {}", d.fen);
                let shown: Vec<String> = d
                    .legal()
                    .iter()
                    .filter(|m| !m.is_empty())
                    .cloned()
                    .collect();
                let legal = visible(&format!("legal moves: {}", clip(&shown, 40))).into_owned();
                let nearest =
                    visible(&format!("nearest readings: {}", d.nearest().join("; "))).into_owned();
                let mut m = Level::Error.title(&title).snippet(
                    Snippet::source(line)
                        .line_start(f.line)
                        .origin(&origin)
                        .annotation(Level::Error.span(at..end).label("cannot go on here")),
                );
                m = m.footer(Level::Note.title(&fen));
                if !shown.is_empty() {
                    m = m.footer(Level::Help.title(&legal));
                }
                if !d.nearest().is_empty() {
                    m = m.footer(Level::Help.title(&nearest));
                }
                if let Some(scan) = &scan {
                    m = m.footer(Level::Note.title(scan));
                }
                self.renderer.render(m).to_string()
            }
            None => {
                let at = visible(&format!("at {}:{}:{}", r.source, f.line, f.column)).into_owned();
                let mut m = Level::Error.title(&title).footer(Level::Note.title(&at));
                if let Some(scan) = &scan {
                    m = m.footer(Level::Note.title(scan));
                }
                self.renderer.render(m).to_string()
            }
        };
        self.print(&rendered);
    }

    /// A warning about a game, on its line of the movetext when it is in it.
    fn issue(&mut self, r: &GameResult, issue: &Issue, dialect: &str) {
        let title = visible(&format!(
            "game {} ({}): {}",
            r.index, dialect, issue.message
        ))
        .into_owned();
        let origin = visible(&r.source).into_owned();
        // The line of the movetext the issue is on, when it is in the movetext.
        let text = issue
            .line
            .checked_sub(r.movetext_line)
            .and_then(|k| r.movetext.split('\n').nth(k));
        let shown = text.map(|line| {
            let at = line
                .char_indices()
                .nth(issue.column.saturating_sub(1))
                .map_or(line.len(), |(i, _)| i);
            let end = line[at..]
                .char_indices()
                .nth(1)
                .map_or(line.len(), |(i, _)| at + i);
            visible_span(line, at, end)
        });
        let mut m = match &shown {
            Some((line, at, end)) => Level::Warning.title(&title).snippet(
                Snippet::source(line)
                    .line_start(issue.line)
                    .origin(&origin)
                    .annotation(Level::Warning.span(*at..*end)),
            ),
            None => Level::Warning.title(&title),
        };
        let scan = scan_place(r, issue.line, issue.column);
        if let Some(scan) = &scan {
            m = m.footer(Level::Note.title(scan));
        }
        let s = self.renderer.render(m).to_string();
        self.print(&s);
    }

    /// A flagged ply: its token in its line, the reading and its note, the others possible.
    fn flagged(&mut self, r: &GameResult, p: &PlyRecord, dialect: &str) {
        let (line, at) = line_at(&r.movetext, p.ply.span.start as usize);
        let end = (at + p.ply.span.len()).min(line.len()).max(at);
        let (line, at, end) = visible_span(line, at, end);
        let title = visible(&format!(
            "game {} ({}): `{}` read as {} ({})",
            r.index,
            dialect,
            r.input(p),
            p.ply.san,
            p.ply.status.as_str()
        ))
        .into_owned();
        let origin = visible(&r.source).into_owned();
        let label = visible(p.ply.note.as_deref().unwrap_or_default()).into_owned();
        let alts =
            visible(&format!("also possible: {}", p.ply.alternatives.join(", "))).into_owned();
        let mut m = Level::Warning.title(&title).snippet(
            Snippet::source(&line)
                .line_start(p.line)
                .origin(&origin)
                .annotation(Level::Warning.span(at..end).label(&label)),
        );
        if !p.ply.alternatives.is_empty() {
            m = m.footer(Level::Note.title(&alts));
        }
        let scan = scan_place(r, p.line, p.column);
        if let Some(scan) = &scan {
            m = m.footer(Level::Note.title(scan));
        }
        let s = self.renderer.render(m).to_string();
        self.print(&s);
    }
}

impl Observer for Console {
    fn game(&mut self, r: &GameResult) {
        if self.quiet {
            return;
        }
        let dialect = r.dialect.map_or("no notation", |d| d.id());
        if let Some(f) = &r.failure {
            self.failure(r, f, dialect);
        }
        for issue in &r.issues {
            self.issue(r, issue, dialect);
        }
        for p in r.plies.iter().filter(|p| p.ply.status.is_flagged()) {
            self.flagged(r, p, dialect);
        }
    }

    fn progress(&mut self, p: &Progress) {
        if self.quiet || !self.tty {
            return;
        }
        if self.bar.is_none() {
            if p.elapsed < Duration::from_secs(2) {
                return;
            }
            let bar = match p.total_bytes {
                Some(t) => ProgressBar::new(t).with_style(
                    ProgressStyle::with_template(
                        "{elapsed_precise} [{wide_bar}] {percent}% {msg} ETA {eta}",
                    )
                    .expect("valid template"),
                ),
                None => ProgressBar::new_spinner().with_style(
                    ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                        .expect("valid template"),
                ),
            };
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar = Some(bar);
        }
        if let Some(b) = &self.bar {
            let secs = p.elapsed.as_secs_f64().max(1e-9);
            b.set_position(p.bytes);
            b.set_message(format!(
                "{} games, {:.0} games/s, {:.0} plies/s",
                p.games,
                p.games as f64 / secs,
                p.plies as f64 / secs
            ));
        }
    }
}
