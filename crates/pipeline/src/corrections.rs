//! Corrections: plies a proofreader chose (on the review page, or by hand), applied to the
//! next run so that the decision sticks.
//!
//! A corrections file is TOML, one `[[correction]]` table per ply:
//!
//! ```toml
//! [[correction]]
//! source = "morphy.txt"   # the source as the run names it (or a path to the same file)
//! line = 6                # 1-based line of the token
//! column = 10             # 1-based column, in characters
//! token = "Kt-KBS"        # the token as printed
//! move = "Nf6"            # the move chosen: SAN or UCI
//! ```
//!
//! A relative `source` is resolved against a base directory (the current directory for
//! `transcribe`, the corpus folder for `qa`). Before a run, [`Corrections::bind`] checks each
//! correction against its source text: one whose token is no longer printed at its line and
//! column (the text was edited), or whose source is not read by the run, is reported and not
//! applied. The decoder pins each applied ply ([`escriba_resolve::Pin`]); after the run,
//! [`Corrections::unapplied`] reports the ones no game used (a token the decoder never
//! reached, a place that is no move).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use escriba_source::text_from_bytes;

/// One chosen ply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    /// The source file, as the run names it (or any path to the same file).
    pub source: String,
    /// 1-based line of the token.
    pub line: usize,
    /// 1-based column of the token, in characters.
    pub column: usize,
    /// The token as printed.
    pub token: String,
    /// The move chosen: SAN (`Nf3`, `O-O`) or UCI (`g1f3`).
    #[serde(rename = "move")]
    pub mv: String,
}

impl Correction {
    /// `source:line:col`.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.source, self.line, self.column)
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CorrectionsFile {
    #[serde(default, rename = "correction")]
    corrections: Vec<Correction>,
}

/// A correction that was not applied, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CorrectionWarning {
    /// The corrections file and the entry's 1-based number in it.
    pub entry: String,
    /// Where the correction points: `source:line:col`.
    pub location: String,
    /// One sentence.
    pub message: String,
}

impl std::fmt::Display for CorrectionWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.location, self.message, self.entry)
    }
}

/// The corrections of one file, bound to the sources of a run.
#[derive(Debug, Clone, Default)]
pub struct Corrections {
    /// The file they were read from (for messages).
    pub path: PathBuf,
    /// The entries, in file order.
    pub entries: Vec<Correction>,
    base: PathBuf,
    /// The run's source name → the entries that apply to it.
    bound: HashMap<String, Vec<usize>>,
}

/// Where a source path leads: the canonical path when the file exists, else the path as
/// joined.
fn resolve(base: &Path, source: &str) -> PathBuf {
    let p = Path::new(source);
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        base.join(p)
    };
    joined.canonicalize().unwrap_or(joined)
}

impl Corrections {
    /// Reads a corrections file; relative sources in it are resolved against `base`.
    pub fn load(path: &Path, base: &Path) -> Result<Corrections> {
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        let (text, _) = text_from_bytes(&bytes);
        Corrections::parse(&text, path, base)
    }

    /// Parses the text of a corrections file (`path` names it in messages).
    pub fn parse(text: &str, path: &Path, base: &Path) -> Result<Corrections> {
        let bad = |line: usize, message: String| Error::Corrections {
            path: path.to_path_buf(),
            line,
            message,
        };
        let file: CorrectionsFile = toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| {
                text[..s.start.min(text.len())].matches('\n').count() + 1
            });
            bad(line, e.message().to_owned())
        })?;
        for (i, c) in file.corrections.iter().enumerate() {
            let what = if c.line == 0 || c.column == 0 {
                Some("line and column count from 1")
            } else if c.token.trim().is_empty() {
                Some("the token is empty")
            } else if c.mv.trim().is_empty() {
                Some("the move is empty")
            } else if c.source.is_empty() {
                Some("the source is empty")
            } else {
                None
            };
            if let Some(what) = what {
                // The line of the entry's table header, for the message.
                let line = text
                    .match_indices("[[correction]]")
                    .nth(i)
                    .map_or(1, |(at, _)| text[..at].matches('\n').count() + 1);
                return Err(bad(line, format!("correction {}: {what}", i + 1)));
            }
        }
        Ok(Corrections {
            path: path.to_path_buf(),
            entries: file.corrections,
            base: base.to_path_buf(),
            bound: HashMap::new(),
        })
    }

    /// Writes corrections as a corrections file (what the review page saves).
    pub fn to_toml(entries: &[Correction]) -> String {
        let file = CorrectionsFile {
            corrections: entries.to_vec(),
        };
        format!(
            "# escriba corrections: each entry pins one ply (escriba transcribe --corrections)\n\n{}",
            toml::to_string(&file).expect("corrections serialize as TOML")
        )
    }

    fn entry(&self, i: usize) -> String {
        format!("{} entry {}", self.path.display(), i + 1)
    }

    /// Binds the corrections to the sources of a run (named as the run names them, paths
    /// relative to the current directory) and checks each against its source text. Returns
    /// a warning for each correction that will not be applied: its source is not read by
    /// the run, or its token is not printed at its line and column.
    pub fn bind(&mut self, sources: &[String]) -> Vec<CorrectionWarning> {
        let cwd = std::env::current_dir().unwrap_or_default();
        let sources: Vec<(String, PathBuf)> =
            sources.iter().map(|s| (s.clone(), cwd.join(s))).collect();
        self.bind_paths(&sources)
    }

    /// [`Corrections::bind`] for sources named apart from their paths: each pair is the
    /// name the run gives the source (as in its games' `source`) and the file's path.
    pub fn bind_paths(&mut self, sources: &[(String, PathBuf)]) -> Vec<CorrectionWarning> {
        let by_path: HashMap<PathBuf, &String> = sources
            .iter()
            .filter(|(s, _)| s.as_str() != "-")
            .map(|(s, p)| (p.canonicalize().unwrap_or_else(|_| p.clone()), s))
            .collect();
        let files: HashMap<&String, &PathBuf> = sources.iter().map(|(s, p)| (s, p)).collect();
        let mut texts: HashMap<String, Option<Vec<String>>> = HashMap::new();
        let mut warnings = Vec::new();
        self.bound.clear();
        for (i, c) in self.entries.iter().enumerate() {
            let named = by_path
                .get(&resolve(&self.base, &c.source))
                .copied()
                .or_else(|| sources.iter().map(|(s, _)| s).find(|s| **s == c.source));
            let Some(name) = named else {
                warnings.push(CorrectionWarning {
                    entry: self.entry(i),
                    location: c.location(),
                    message: "not applied: the run does not read this source".into(),
                });
                continue;
            };
            let lines = texts
                .entry(name.clone())
                .or_insert_with(|| source_lines(files.get(name)?));
            if let Some(message) = lines.as_deref().and_then(|lines| token_gone(c, lines)) {
                warnings.push(CorrectionWarning {
                    entry: self.entry(i),
                    location: format!("{name}:{}:{}", c.line, c.column),
                    message,
                });
                continue;
            }
            // One ply, one correction: a second for the same place is not applied.
            let earlier = self.bound.get(name.as_str()).and_then(|bound| {
                bound.iter().copied().find(|&j| {
                    let e = &self.entries[j];
                    (e.line, e.column) == (c.line, c.column)
                })
            });
            if let Some(j) = earlier {
                warnings.push(CorrectionWarning {
                    entry: self.entry(i),
                    location: format!("{name}:{}:{}", c.line, c.column),
                    message: format!(
                        "not applied: `{}` is already corrected to `{}` by entry {}, so `{}` \
                         is not",
                        c.token,
                        self.entries[j].mv.trim(),
                        j + 1,
                        c.mv.trim()
                    ),
                });
                continue;
            }
            self.bound.entry(name.clone()).or_default().push(i);
        }
        warnings
    }

    /// The corrections that apply to the source the run names `source`.
    pub fn for_source<'s>(&'s self, source: &str) -> impl Iterator<Item = &'s Correction> + 's {
        self.bound
            .get(source)
            .into_iter()
            .flatten()
            .map(|&i| &self.entries[i])
    }

    /// True when any correction applies to the run.
    pub fn is_empty(&self) -> bool {
        self.bound.values().all(Vec::is_empty)
    }

    /// After a run: a warning for each bound correction that no game applied, given the
    /// places (`source`, line, column) of the plies the run marked corrected.
    pub fn unapplied(&self, applied: &HashSet<(String, usize, usize)>) -> Vec<CorrectionWarning> {
        let mut out = Vec::new();
        for (name, entries) in &self.bound {
            for &i in entries {
                let c = &self.entries[i];
                if !applied.contains(&(name.clone(), c.line, c.column)) {
                    out.push(CorrectionWarning {
                        entry: self.entry(i),
                        location: format!("{name}:{}:{}", c.line, c.column),
                        message: format!(
                            "not applied: no game read `{}` there as a move (it is not a move \
                             token, its game stopped before it, or `{}` is not a legal move \
                             there)",
                            c.token,
                            c.mv.trim()
                        ),
                    });
                }
            }
        }
        out.sort_by(|a, b| a.entry.cmp(&b.entry));
        out
    }
}

/// The lines of the source at `path`, decoded as a run decodes it; `None` when it does not
/// read.
fn source_lines(path: &Path) -> Option<Vec<String>> {
    let bytes = std::fs::read(path).ok()?;
    Some(
        text_from_bytes(&bytes)
            .0
            .lines()
            .map(str::to_owned)
            .collect(),
    )
}

/// Why the token that `c` corrects is not printed at its line and column of `lines` (the
/// source's text) any more; `None` when it is.
fn token_gone(c: &Correction, lines: &[String]) -> Option<String> {
    let at: Option<String> = lines
        .get(c.line - 1)
        .map(|l| l.chars().skip(c.column - 1).collect());
    match at {
        Some(s) if s.starts_with(&c.token) => None,
        None => Some(format!(
            "not applied: `{}` is no longer there (the source has no line {})",
            c.token, c.line
        )),
        Some(s) => {
            let printed = s.split_whitespace().next().unwrap_or("");
            Some(format!(
                "not applied: the source now reads `{printed}` here, not `{}` \
                 (was the text edited?)",
                c.token
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Corrections> {
        Corrections::parse(text, Path::new("c.toml"), Path::new("."))
    }

    #[test]
    fn a_corrections_file_reads_back_what_it_was_written_from() {
        let entries = vec![Correction {
            source: "books/a \"b\"\\c\td.txt".into(),
            line: 6,
            column: 10,
            token: "Kt-KBS".into(),
            mv: "Nf6".into(),
        }];
        let text = Corrections::to_toml(&entries);
        assert_eq!(parse(&text).unwrap().entries, entries);
    }

    #[test]
    fn a_malformed_corrections_file_is_an_error_with_its_line() {
        let err = parse("[[correction]]\nsource = \"a.txt\"\nline = \"six\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("c.toml:3: "), "{err}");
        let err = parse(
            "[[correction]]\nsource = \"a.txt\"\nline = 1\ncolumn = 1\ntoken = \"P-K4\"\nmove = \"\"\n",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(err, "c.toml:1: correction 1: the move is empty");
        let err = parse("[[correction]]\nsource = \"a\"\nline = 1\ncolumn = 1\ntoken = \"x\"\nmove = \"e4\"\nply = 3\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field `ply`"), "{err}");
    }

    #[test]
    fn a_correction_whose_token_is_no_longer_printed_there_is_reported_and_not_bound() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("g.txt");
        std::fs::write(&src, "1. P-K4 P-K4\n2. Kt-KB3 Kt-QBS\n").unwrap();
        let name = src.to_string_lossy().into_owned();
        let mk = |line, column, token: &str| Correction {
            source: name.clone(),
            line,
            column,
            token: token.into(),
            mv: "Nc6".into(),
        };
        let mut c = Corrections {
            path: "c.toml".into(),
            entries: vec![
                mk(2, 11, "Kt-QBS"),
                mk(2, 11, "Kt-QB5"),
                mk(9, 1, "P-K4"),
                Correction {
                    source: "elsewhere.txt".into(),
                    ..mk(1, 1, "1.")
                },
            ],
            base: dir.path().to_path_buf(),
            bound: HashMap::new(),
        };
        let w = c.bind(std::slice::from_ref(&name));
        let messages: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), 3, "{messages:#?}");
        assert_eq!(
            messages[0],
            format!(
                "{name}:2:11: not applied: the source now reads `Kt-QBS` here, not `Kt-QB5` \
                 (was the text edited?) (c.toml entry 2)"
            )
        );
        assert!(
            messages[1].contains("the source has no line 9"),
            "{}",
            messages[1]
        );
        assert!(
            messages[2].contains("the run does not read this source"),
            "{}",
            messages[2]
        );
        assert_eq!(c.for_source(&name).count(), 1);
        let applied = HashSet::from([(name.clone(), 2, 11)]);
        assert!(c.unapplied(&applied).is_empty());
        assert_eq!(c.unapplied(&HashSet::new()).len(), 1);
    }
}
