//! The rows of a set's `cases.tsv`: one per reference game.

use std::path::Path;

use anyhow::{Context, Result, bail};

/// One reference game of a text, as a `cases.tsv` row names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The text, relative to the set's folder.
    pub text: String,
    /// The reference PGN, relative to the set's folder.
    pub reference: String,
    /// The game's index in the reference (1-based).
    pub game: usize,
    /// How many plies the text prints in order from the start.
    pub plies: usize,
    /// The kind of source.
    pub kind: String,
}

/// Reads `dir/cases.tsv`. Lines starting with `#` are comments. The columns are the text,
/// the reference, the game's index and the plies printed, then either the kind, the
/// language and what is hard (`corpus/real`), or only the layout (the shared set, whose
/// kind its file names tell: [`kind_from_name`]).
pub fn read(dir: &Path) -> Result<Vec<Case>> {
    let path = dir.join("cases.tsv");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        out.push(row(line).with_context(|| format!("{}:{}", path.display(), i + 1))?);
    }
    Ok(out)
}

fn row(line: &str) -> Result<Case> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() < 4 {
        bail!(
            "expected at least 4 tab-separated columns, found {}",
            f.len()
        );
    }
    let kind = if f.len() >= 7 {
        f[4].trim().to_owned()
    } else {
        kind_from_name(f[0]).to_owned()
    };
    Ok(Case {
        text: f[0].trim().to_owned(),
        reference: f[1].trim().to_owned(),
        game: f[2].trim().parse().context("the game's index")?,
        plies: f[3].trim().parse().context("the plies printed")?,
        kind,
    })
}

/// The kind of source a shared text's file name tells (its README names each source the
/// same way), in the names `corpus/real/cases.tsv` uses.
pub fn kind_from_name(name: &str) -> &'static str {
    const KINDS: [(&str, &str); 7] = [
        ("paperspast", "newspaper-ocr"),
        ("newspapers", "newspaper-ocr"),
        ("wikisource-eb9-ocr", "wikisource-ocr"),
        ("wikisource", "wikisource-proofread"),
        ("gbooks", "book-ocr"),
        ("pbooks", "pd-book"),
        ("ai-ocr", "ai-ocr"),
    ];
    KINDS
        .iter()
        .find(|(k, _)| name.contains(k))
        .map_or("other", |(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_both_layouts_read_and_the_shared_kind_comes_from_the_name() {
        let ours = row("a/b.text\ta/b.reference.pgn\t2\t40\tblog\tes\thard").unwrap();
        assert_eq!((ours.game, ours.plies, ours.kind.as_str()), (2, 40, "blog"));
        let shared = row("05-wikisource-eb9-ocr-x.txt\tx.pgn\t1\t40\tcolumns").unwrap();
        assert_eq!(shared.kind, "wikisource-ocr");
        assert_eq!(kind_from_name("01-paperspast-ow1886.txt"), "newspaper-ocr");
        assert!(row("a\tb\tone\t4").is_err());
    }
}
