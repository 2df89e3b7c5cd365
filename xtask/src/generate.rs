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
