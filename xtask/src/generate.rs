//! `cargo xtask gen`: PGN in, games in another notation out, with their tags.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use escriba_notation::{Dialect, Form, KnightLetter, Style};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::Chess;

use crate::pgn;

/// Parses a style name.
pub fn style(name: &str) -> Result<Style> {
    Ok(match name {
        "compact" => Style::default(),
        "compact-n" => Style {
            form: Form::Compact,
            knight: KnightLetter::N,
        },
        "spaced" => Style {
            form: Form::Spaced,
            knight: KnightLetter::Kt,
        },
        "long" => Style {
            form: Form::LongHand,
            knight: KnightLetter::Kt,
        },
        other => bail!("unknown style `{other}`: compact, compact-n, spaced or long"),
    })
}

/// Writes every game of `pgn_text` in `dialect`: its tags, then the movetext and result.
pub fn generate(
    pgn_text: &str,
    dialect: Dialect,
    style: Style,
    out: &mut impl Write,
) -> Result<usize> {
    let start = Chess::default();
    let mut plies = 0;
    for g in pgn::read(pgn_text) {
        for (k, v) in &g.tags {
            writeln!(out, "[{k} \"{}\"]", v.replace('"', "\\\""))?;
        }
        let text =
            write_game(&start, &g.moves, dialect, style).context("an illegal move in the input")?;
        plies += g.moves.len();
        writeln!(out, "\n{text} {}\n", g.result)?;
    }
    Ok(plies)
}

/// xorshift64*: the deterministic random source of the damaged bench text.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// One game's movetext, clean and damaged, for the bench.
pub struct BenchGame {
    /// The movetext as written.
    pub clean: String,
    /// The same with damaged tokens.
    pub damaged: String,
    /// Its plies.
    pub plies: usize,
    /// Its moves, from the standard start.
    pub moves: Vec<escriba_resolve::shakmaty::Move>,
}

/// Writes every game of `pgn_text` in `dialect` twice, into `clean` and `damaged`: the second
/// time with about `per_mille`/1000 of its move tokens damaged by the corruption test's model
/// ([`escriba_notation::damage`]). Returns the games' movetexts.
pub fn generate_damaged(
    pgn_text: &str,
    dialect: Dialect,
    style: Style,
    per_mille: usize,
    clean: &mut impl Write,
    damaged: &mut impl Write,
) -> Result<Vec<BenchGame>> {
    let start = Chess::default();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for g in pgn::read(pgn_text) {
        let text =
            write_game(&start, &g.moves, dialect, style).context("an illegal move in the input")?;
        let bad = escriba_notation::damage::damage_movetext(dialect, &text, per_mille, &mut |n| {
            rng.below(n)
        });
        let write = |out: &mut dyn Write, text: &str| -> std::io::Result<()> {
            for (k, v) in &g.tags {
                writeln!(out, "[{k} \"{}\"]", v.replace('"', "\\\""))?;
            }
            writeln!(out, "\n{text} {}\n", g.result)
        };
        write(clean, &text)?;
        write(damaged, &bad)?;
        out.push(BenchGame {
            clean: text,
            damaged: bad,
            plies: g.moves.len(),
            moves: g.moves,
        });
    }
    Ok(out)
}

/// `cargo xtask gen --notation ID [--style S] IN.pgn [-o OUT]`.
pub fn run(notation: &str, style_name: &str, input: &Path, output: Option<&Path>) -> Result<()> {
    let dialect: Dialect = notation.parse()?;
    let style = style(style_name)?;
    let text = std::fs::read(input).with_context(|| format!("reading {}", input.display()))?;
    let text = String::from_utf8_lossy(&text);
    match output {
        Some(p) => {
            let mut f = std::io::BufWriter::new(std::fs::File::create(p)?);
            generate(&text, dialect, style, &mut f)?;
            f.flush()?;
        }
        None => {
            let stdout = std::io::stdout();
            generate(&text, dialect, style, &mut stdout.lock())?;
        }
    }
    Ok(())
}
