//! `cargo xtask anchor IN.pgn [-o OUT]`: the bench's anchor, a SAN stack of the project's
//! own built on `pgn-reader` and `shakmaty`.
//!
//! It reads SAN PGN, validates every move, and writes SAN PGN holding what escriba's output
//! holds: the tags, each move's SAN made afresh from the move, check marks from
//! `checkers()` (a mate test only when in check), the result; movetext wrapped at 80
//! columns. `cargo xtask bench --anchor` times it against escriba on the same games: the
//! per-ply cost of a lean SAN stack doing escriba's job on text already in SAN.

use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{Context, Result};
use escriba_resolve::shakmaty::san::San;
use escriba_resolve::shakmaty::{Chess, Color, Position};
use pgn_reader::{Outcome, RawTag, Reader, SanPlus, Visitor};

/// The width movetext is wrapped at, as escriba's PGN writer does.
const WIDTH: usize = 80;

/// What a run read and wrote.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Games written.
    pub games: usize,
    /// Moves validated and written.
    pub plies: usize,
    /// Games whose main line stopped at a move that is not legal (the rest of the line is
    /// left out).
    pub stopped: usize,
}

/// The visitor: it writes each game into `out`, which the caller empties game by game.
#[derive(Default)]
struct Anchor {
    /// The text of the game being read.
    out: Vec<u8>,
    /// Columns on the current movetext line.
    column: usize,
    /// The position after the moves read so far.
    pos: Chess,
    /// Whether the main line stopped at an illegal move.
    stopped: bool,
    /// The game's termination marker, if it has one.
    outcome: Option<Outcome>,
    /// A SAN token being written (kept to reuse its buffer).
    token: String,
    /// The run's counts.
    stats: Stats,
}

impl Anchor {
    /// Appends a movetext token, after a space or a line break (at [`WIDTH`]).
    fn push(&mut self, token: &[u8]) {
        if self.column > 0 {
            if self.column + 1 + token.len() > WIDTH {
                self.out.push(b'\n');
                self.column = 0;
            } else {
                self.out.push(b' ');
                self.column += 1;
            }
        }
        self.out.extend_from_slice(token);
        self.column += token.len();
    }

    /// Appends the move number before a move: `12.` before White's, `12...` before a
    /// line's first move when Black is to play.
    fn push_number(&mut self, first: bool) {
        let black = self.pos.turn() == Color::Black;
        if black && !first {
            return;
        }
        // Written on the stack: no allocation per move.
        let mut buf = [0u8; 16];
        let mut at = std::io::Cursor::new(&mut buf[..]);
        let dots = if black { "..." } else { "." };
        write!(at, "{}{dots}", self.pos.fullmoves()).expect("16 bytes hold a move number");
        let len = at.position() as usize;
        self.push(&buf[..len]);
    }
}

impl Visitor for Anchor {
    type Tags = ();
    type Movetext = bool;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        self.pos = Chess::default();
        self.stopped = false;
        self.outcome = None;
        self.column = 0;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.out.push(b'[');
        self.out.extend_from_slice(name);
        self.out.extend_from_slice(b" \"");
        self.out.extend_from_slice(value.as_bytes());
        self.out.extend_from_slice(b"\"]\n");
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), bool> {
        self.out.push(b'\n');
        // The movetext is the first item of the line still to come.
        ControlFlow::Continue(true)
    }

    fn san(&mut self, first: &mut bool, san_plus: SanPlus) -> ControlFlow<()> {
        if self.stopped {
            return ControlFlow::Continue(());
        }
        let Ok(m) = san_plus.san.to_move(&self.pos) else {
            self.stopped = true;
            self.stats.stopped += 1;
            return ControlFlow::Continue(());
        };
        self.push_number(*first);
        *first = false;
        let mut token = std::mem::take(&mut self.token);
        token.clear();
        San::from_move(&self.pos, m).append_to_string(&mut token);
        self.pos.play_unchecked(m);
        if self.pos.checkers().any() {
            token.push(if self.pos.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        self.push(token.as_bytes());
        self.token = token;
        self.stats.plies += 1;
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut bool, outcome: Outcome) -> ControlFlow<()> {
        self.outcome.get_or_insert(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: bool) {
        let result = self.outcome.unwrap_or(Outcome::Unknown).to_string();
        self.push(result.as_bytes());
        self.out.extend_from_slice(b"\n\n");
        self.stats.games += 1;
    }
}

/// Reads the SAN PGN of `input` and writes each game to `out` as the anchor does.
pub fn write_pgn(input: impl Read, out: &mut impl Write) -> Result<Stats> {
    let mut reader = Reader::new(input);
    let mut anchor = Anchor::default();
    while reader
        .read_game(&mut anchor)
        .context("reading the PGN")?
        .is_some()
    {
        out.write_all(&anchor.out)?;
        anchor.out.clear();
    }
    out.flush()?;
    Ok(anchor.stats)
}

/// `cargo xtask anchor IN.pgn [-o OUT]` (stdout by default); `quiet` leaves out the counts
/// on stderr.
pub fn run(input: &Path, output: Option<&Path>, quiet: bool) -> Result<()> {
    let file =
        std::fs::File::open(input).with_context(|| format!("reading {}", input.display()))?;
    let stats = match output {
        Some(p) => {
            let f =
                std::fs::File::create(p).with_context(|| format!("creating {}", p.display()))?;
            write_pgn(file, &mut std::io::BufWriter::new(f))?
        }
        None => write_pgn(file, &mut std::io::BufWriter::new(std::io::stdout().lock()))?,
    };
    if !quiet {
        eprintln!(
            "anchor: {} games, {} plies, {} stopped at an illegal move",
            stats.games, stats.plies, stats.stopped
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchor(text: &str) -> (String, Stats) {
        let mut out = Vec::new();
        let stats = write_pgn(text.as_bytes(), &mut out).expect("reads");
        (String::from_utf8(out).expect("ASCII"), stats)
    }

    #[test]
    fn checks_and_mate_are_computed_and_the_output_round_trips() {
        let input = "[Event \"Fool's\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4 0-1\n\n\
                     [Event \"Checks\"]\n[Result \"*\"]\n\n\
                     1. e4 f5 2. Qh5 g6 3. Qxg6 hxg6 4. Nf3 Rxh2 *\n";
        let (out, stats) = anchor(input);
        assert_eq!(
            out,
            "[Event \"Fool's\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
             [Event \"Checks\"]\n[Result \"*\"]\n\n\
             1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 4. Nf3 Rxh2 *\n\n"
        );
        assert_eq!(
            stats,
            Stats {
                games: 2,
                plies: 12,
                stopped: 0
            }
        );
        assert_eq!(anchor(&out).0, out);
    }

    #[test]
    fn san_is_made_afresh_and_long_lines_wrap() {
        // Over-specified SAN comes out canonical; 30 moves wrap at 80 columns.
        let (out, _) = anchor("1. Ng1f3 Ng8f6 2. Nf3g1 Nf6g8 *\n");
        assert_eq!(out, "\n1. Nf3 Nf6 2. Ng1 Ng8 *\n\n");
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(8);
        let (out, stats) = anchor(&format!("{shuffle}*\n"));
        assert_eq!(stats.plies, 32);
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{out}");
        assert_eq!(anchor(&out).0, out);
    }

    #[test]
    fn an_illegal_move_stops_the_line() {
        let (out, stats) = anchor("1. e4 e5 2. Ke3 Nc6 1-0\n");
        assert_eq!(out, "\n1. e4 e5 1-0\n\n");
        assert_eq!(stats.stopped, 1);
    }
}
