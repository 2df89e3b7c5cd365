//! `escriba transcribe`: books and PGN-like files in; PGN, CSV, JSONL, the report, the
//! review page and tables out.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use escriba_pipeline::book::BookMode;
use escriba_pipeline::corrections::Corrections;
use escriba_pipeline::{
    Config, Error, GameResult, Input, Observer, OutputFile, PieceLetters, Progress, Sink, Sinks,
    Summary, exit_code, expand_inputs_with, transcribe,
};
use escriba_review::{GameIn, SourceLines, render_page};

use crate::args::{TranscribeArgs, strictness};
use crate::console::{Console, say};
use crate::out::Out;

pub(crate) fn run(args: TranscribeArgs) -> i32 {
    let strict = strictness(&args.strict);
    let quiet = args.quiet;
    let outcome = transcribe_inner(args);
    match &outcome {
        Ok(s) if !quiet => {
            if s.files_skipped > 0 {
                say(&format!(
                    "escriba: {} files of the input directories not read (not .txt or .pgn, or a snapshot or reference; --glob reads more)",
                    s.files_skipped
                ));
            }
            for line in s.unread_lines() {
                say(&format!("warning: {line}"));
            }
            for e in &s.encodings {
                say(&format!("warning: {}", e.line()));
            }
            say(&format!("escriba: {}", s.line()));
        }
        Ok(_) => {}
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => say(&format!("escriba: error: {e}")),
    }
    exit_code(&outcome, strict)
}

/// The same file, as far as the file system tells: the canonical path of an existing
/// file, else that of its folder joined with its name.
pub(crate) fn identity(p: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(p) {
        return c;
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = p.file_name().map(PathBuf::from).unwrap_or_default();
    std::fs::canonicalize(dir).map_or_else(|_| p.to_owned(), |d| d.join(name))
}

/// Refuses outputs that would overwrite an input or each other, and more than one output
/// on stdout. `outputs` pairs each option with its path (`-` for stdout).
pub(crate) fn check_outputs(
    inputs: &[Input],
    outputs: &[(&'static str, &Path)],
) -> Result<(), Error> {
    let usage = |option, message| Error::Usage { option, message };
    let stdout: Vec<&str> = outputs
        .iter()
        .filter(|(_, p)| p.as_os_str() == "-")
        .map(|(o, _)| *o)
        .collect();
    if stdout.len() > 1 {
        return Err(usage(
            stdout[1],
            format!(
                "`-` (stdout) already carries {}; give one of them a file",
                if stdout[0] == "--output" {
                    "the PGN".to_owned()
                } else {
                    stdout[0].to_owned()
                }
            ),
        ));
    }
    let files: Vec<(&'static str, &Path, PathBuf)> = outputs
        .iter()
        .filter(|(_, p)| p.as_os_str() != "-")
        .map(|&(o, p)| (o, p, identity(p)))
        .collect();
    // A device such as /dev/null may take several outputs.
    let device = |p: &Path| std::fs::metadata(p).is_ok_and(|m| !m.is_file());
    for (i, (o, p, id)) in files.iter().enumerate() {
        if device(p) {
            continue;
        }
        if let Some((o2, ..)) = files[..i].iter().find(|(_, _, id2)| id2 == id) {
            return Err(usage(
                o,
                format!("{} is also the file of {o2}", p.display()),
            ));
        }
        for input in inputs {
            if let Input::File(f) = input
                && identity(f) == *id
            {
                return Err(usage(
                    o,
                    format!(
                        "{} is an input: writing it would replace the text being read",
                        p.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

pub(crate) fn transcribe_inner(args: TranscribeArgs) -> Result<Summary, Error> {
    let mut cfg = config_of(&args)?;
    let expanded = expand_inputs_with(&args.inputs, &args.glob)?;
    if !args.quiet {
        say_not_regular(&expanded.not_regular);
    }
    let inputs = expanded.inputs;
    if let Some(path) = &args.corrections {
        cfg.corrections = Some(Arc::new(load_corrections(path, &inputs, args.quiet)?));
    }
    let pgn_path = args.output.clone().unwrap_or_else(|| PathBuf::from("-"));
    let parquet_files = parquet_files(args.parquet.as_deref())?;
    let mut outs = Outputs::open(&args, &inputs, &pgn_path, parquet_files.as_ref())?;
    let mut observer = Collect {
        console: Console::new(args.quiet),
        games: args.html.as_ref().map(|_| Vec::new()),
        corrected: HashSet::new(),
        tables: recorder(&args, &inputs, parquet_files.as_ref())?,
    };
    let summary = outs.run(&args, &inputs, &cfg, &pgn_path, &mut observer);
    observer.console.finish();
    let mut summary = summary?;
    if let Some(c) = &cfg.corrections
        && !args.quiet
    {
        say_unapplied(c, &observer.corrected);
    }
    if let (Some(h), Some(games)) = (outs.html.take(), observer.games.take()) {
        write_review_page(h, &name(args.html.as_deref()), &games, &inputs)?;
    }
    summary.files_skipped = expanded.skipped;
    let tables = finish_tables(&args, observer.tables, outs.sqlite.take(), &summary)?;
    if let Some(r) = outs.report.take() {
        write_report(r, &name(args.report.as_deref()), &summary)?;
    }
    outs.commit(args.quiet, tables)?;
    Ok(summary)
}

/// The output files of a run, opened before anything is read so that a bad path fails
/// fast.
struct Outputs {
    pgn: Out,
    plies: Option<Out>,
    games: Option<Out>,
    jsonl: Option<Out>,
    report: Option<Out>,
    html: Option<Out>,
    sqlite: Option<Out>,
}

impl Outputs {
    /// Opens every output the command line names (the PGN at `pgn_path`), once none of
    /// them is found to be an input ([`check_outputs`]).
    fn open(
        args: &TranscribeArgs,
        inputs: &[Input],
        pgn_path: &Path,
        parquet_files: Option<&[PathBuf; 2]>,
    ) -> Result<Outputs, Error> {
        let named = named_outputs(args, pgn_path, parquet_files);
        let mut read = inputs.to_vec();
        read.extend(args.corrections.clone().map(Input::File));
        check_outputs(&read, &named)?;
        // With files to write besides stdout, a closed stdout does not stop the run.
        let tolerant = named.iter().any(|(_, p)| p.as_os_str() != "-");
        let open = |o: &'static str, p: &Option<PathBuf>| {
            p.as_deref()
                .map(|p| Out::open_for(o, p, tolerant))
                .transpose()
        };
        Ok(Outputs {
            pgn: Out::open_for("--output", pgn_path, tolerant)?,
            plies: open("--plies-csv", &args.plies_csv)?,
            games: open("--games-csv", &args.games_csv)?,
            jsonl: open("--jsonl", &args.jsonl)?,
            report: open("--report", &args.report)?,
            html: open("--html", &args.html)?,
            sqlite: open("--sqlite", &args.sqlite)?,
        })
    }

    /// Runs the batch on `inputs`, writing the PGN, the CSV files and the JSON Lines, and
    /// showing each game to `observer`.
    fn run(
        &mut self,
        args: &TranscribeArgs,
        inputs: &[Input],
        cfg: &Config,
        pgn_path: &Path,
        observer: &mut Collect,
    ) -> Result<Summary, Error> {
        let mut sinks = Sinks {
            pgn: Some(Sink::new(pgn_path.to_path_buf(), &mut self.pgn)),
            plies_csv: self
                .plies
                .as_mut()
                .map(|f| Sink::new(name(args.plies_csv.as_deref()), f)),
            games_csv: self
                .games
                .as_mut()
                .map(|f| Sink::new(name(args.games_csv.as_deref()), f)),
            jsonl: self
                .jsonl
                .as_mut()
                .map(|f| Sink::new(name(args.jsonl.as_deref()), f)),
            observer: Some(observer),
        };
        transcribe(inputs, cfg, &mut sinks)
    }

    /// Commits every file written (a closed stdout is said, unless `quiet`), the tables'
    /// last.
    fn commit(self, quiet: bool, tables: Tables) -> Result<(), Error> {
        let outs = [
            Some(self.pgn),
            self.plies,
            self.games,
            self.jsonl,
            self.html,
        ];
        if !quiet && outs.iter().flatten().any(Out::closed) {
            say("escriba: stdout was closed before the end: that output is incomplete");
        }
        for f in outs.into_iter().flatten().chain(tables.sqlite) {
            f.commit()?;
        }
        for f in tables.parquet {
            f.commit()?;
        }
        Ok(())
    }
}

/// The table files of a run, written and waiting to be committed.
struct Tables {
    sqlite: Option<Out>,
    parquet: Vec<OutputFile>,
}

/// An I/O error of the tables' file at `path`.
fn tables_err(path: &Path, e: escriba_tables::Error) -> Error {
    Error::io(path, io::Error::other(e))
}

/// The recorder of the SQLite database and the Parquet files the command line asks for
/// (the Parquet folder made and its files created).
fn recorder(
    args: &TranscribeArgs,
    inputs: &[Input],
    parquet_files: Option<&[PathBuf; 2]>,
) -> Result<escriba_tables::Recorder<OutputFile>, Error> {
    let names: Vec<String> = inputs.iter().map(Input::name).collect();
    let parquet = open_parquet(args.parquet.as_deref(), parquet_files)?;
    let sqlite_db = match &args.sqlite {
        Some(p) => Some(escriba_tables::SqliteOut::new(&names).map_err(|e| tables_err(p, e))?),
        None => None,
    };
    Ok(escriba_tables::Recorder::new(None, parquet, sqlite_db))
}

/// Finishes the tables of a run: the SQLite database written to `sqlite`, the Parquet
/// files closed.
fn finish_tables(
    args: &TranscribeArgs,
    recorder: escriba_tables::Recorder<OutputFile>,
    sqlite: Option<Out>,
    summary: &Summary,
) -> Result<Tables, Error> {
    let tables = recorder.finish().map_err(|e| {
        let path = args.sqlite.as_deref().or(args.parquet.as_deref());
        tables_err(path.unwrap_or(Path::new("-")), e)
    })?;
    let mut out = Tables {
        sqlite: None,
        parquet: Vec::new(),
    };
    if let (Some(mut file), Some(db), Some(path)) = (sqlite, tables.sqlite, &args.sqlite) {
        let bytes = db.finish(summary).map_err(|e| tables_err(path, e))?;
        file.write_all(&bytes).map_err(|e| Error::io(path, e))?;
        out.sqlite = Some(file);
    }
    if let (Some(p), Some(dir)) = (tables.parquet, &args.parquet) {
        let (g, p) = p.finish().map_err(|e| tables_err(dir, e))?;
        out.parquet = vec![g, p];
    }
    Ok(out)
}

/// Names each input that is no regular file (a FIFO, a socket, a device in an input
/// folder): not read.
fn say_not_regular(not_regular: &[(PathBuf, &str)]) {
    for (path, kind) in not_regular {
        say(&format!(
            "escriba: {} not read: it is {kind}, not a regular file",
            path.display()
        ));
    }
}

/// Warns of each correction that no game of the run took.
fn say_unapplied(
    c: &escriba_pipeline::corrections::Corrections,
    corrected: &HashSet<(String, usize, usize)>,
) {
    for w in c.unapplied(corrected) {
        say(&format!("warning: correction {w}"));
    }
}

/// The two files `--parquet DIR` writes; `-` is refused (stdout cannot hold two files).
fn parquet_files(dir: Option<&Path>) -> Result<Option<[PathBuf; 2]>, Error> {
    match dir {
        Some(dir) if dir.as_os_str() == "-" => Err(Error::Usage {
            option: "--parquet",
            message: "a folder is needed: `-` (stdout) cannot hold two files".into(),
        }),
        Some(dir) => Ok(Some([dir.join("games.parquet"), dir.join("plies.parquet")])),
        None => Ok(None),
    }
}

/// The Parquet writer of `--parquet DIR`, its folder made and its two files created; a
/// `DIR` that is a file is refused with what to do.
fn open_parquet(
    dir: Option<&Path>,
    files: Option<&[PathBuf; 2]>,
) -> Result<Option<escriba_tables::ParquetOut<OutputFile>>, Error> {
    let (Some(dir), Some([g, p])) = (dir, files) else {
        return Ok(None);
    };
    if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(Error::Usage {
            option: "--parquet",
            message: format!(
                "{} is a file, not a folder: --parquet names the folder that will hold \
                 games.parquet and plies.parquet (give a new or an existing folder)",
                dir.display()
            ),
        });
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| crate::out::for_option("--parquet", Error::io(dir, e)))?;
    let create =
        |f: &Path| OutputFile::create(f).map_err(|e| crate::out::for_option("--parquet", e));
    let out = escriba_tables::ParquetOut::new(create(g)?, create(p)?)
        .map_err(|e| Error::io(dir, io::Error::other(e)))?;
    Ok(Some(out))
}

/// Every output file the command line names, with its option (the PGN's is `-` for
/// stdout), for [`check_outputs`].
fn named_outputs<'a>(
    args: &'a TranscribeArgs,
    pgn_path: &'a Path,
    parquet_files: Option<&'a [PathBuf; 2]>,
) -> Vec<(&'static str, &'a Path)> {
    let mut named: Vec<(&'static str, &Path)> = vec![("--output", pgn_path)];
    for (o, p) in [
        ("--plies-csv", &args.plies_csv),
        ("--games-csv", &args.games_csv),
        ("--jsonl", &args.jsonl),
        ("--report", &args.report),
        ("--html", &args.html),
        ("--sqlite", &args.sqlite),
    ] {
        if let Some(p) = p {
            named.push((o, p.as_path()));
        }
    }
    for p in parquet_files.into_iter().flatten() {
        named.push(("--parquet", p.as_path()));
    }
    named
}

/// The run's settings from the command line (`--jobs` checked against its limit).
fn config_of(args: &TranscribeArgs) -> Result<Config, Error> {
    let letters = if args.figurine {
        PieceLetters::figurine()
    } else {
        args.piece_letters.clone().unwrap_or_default()
    };
    let jobs = args.jobs.unwrap_or(0);
    if jobs > escriba_pipeline::config::MAX_JOBS {
        return Err(Error::Usage {
            option: "--jobs",
            message: format!(
                "{jobs} worker threads: at most {}",
                escriba_pipeline::config::MAX_JOBS
            ),
        });
    }
    Ok(Config {
        notation: args.notation,
        drop_broken: args.drop_broken,
        annotate_flags: args.annotate_flags,
        letters,
        jobs,
        shard: args.shard.unwrap_or_default(),
        book: if args.book {
            BookMode::On
        } else if args.no_book {
            BookMode::Off
        } else {
            BookMode::Auto
        },
        no_fragments: args.no_fragments,
        csv_safe: args.csv_safe,
        ocr_lang: args.ocr_lang.clone(),
        ..Config::default()
    })
}

/// The corrections file at `path` (its sources relative to the working directory), bound
/// to the inputs; a correction that names no input is warned of (unless `quiet`).
fn load_corrections(path: &Path, inputs: &[Input], quiet: bool) -> Result<Corrections, Error> {
    let cwd = std::env::current_dir().map_err(|e| Error::io(".", e))?;
    let mut c = Corrections::load(path, &cwd)?;
    let names: Vec<String> = inputs.iter().map(Input::name).collect();
    for w in c.bind(&names) {
        if !quiet {
            say(&format!("warning: correction {w}"));
        }
    }
    Ok(c)
}

/// Writes the review page of `games` (titled by the inputs' names) to `h`, at `path`.
fn write_review_page(
    mut h: Out,
    path: &Path,
    games: &[GameIn],
    inputs: &[Input],
) -> Result<(), Error> {
    let sources = SourceLines::load(games, None);
    let title = inputs
        .iter()
        .map(Input::name)
        .collect::<Vec<_>>()
        .join(", ");
    // Rendering fails only on a template bug; it is told as a failure to write the page.
    let page =
        render_page(games, &sources, &title).map_err(|e| Error::io(path, io::Error::other(e)))?;
    h.write_all(page.as_bytes())
        .map_err(|e| Error::io(path, e))?;
    h.commit()?;
    Ok(())
}

/// Writes the run's report (`--report`) to `r`, at `path`.
fn write_report(mut r: Out, path: &Path, summary: &Summary) -> Result<(), Error> {
    let json = serde_json::to_string_pretty(summary).map_err(|e| Error::io(path, e.into()))?;
    r.write_all(json.as_bytes())
        .and_then(|()| r.write_all(b"\n"))
        .map_err(|e| Error::io(path, e))?;
    r.commit()?;
    Ok(())
}

pub(crate) fn name(p: Option<&Path>) -> PathBuf {
    p.map_or_else(|| PathBuf::from("-"), Path::to_owned)
}

/// The console, plus what the end of a run needs: the games for the review page, and the
/// places of the plies that corrections pinned.
pub(crate) struct Collect {
    pub(crate) console: Console,
    pub(crate) games: Option<Vec<GameIn>>,
    pub(crate) corrected: HashSet<(String, usize, usize)>,
    /// The SQLite database and Parquet files being built.
    pub(crate) tables: escriba_tables::Recorder<OutputFile>,
}

impl Observer for Collect {
    fn game(&mut self, r: &GameResult) {
        self.console.game(r);
        self.corrected.extend(r.corrected_places());
        if let Some(g) = &mut self.games {
            g.push(GameIn::of(r));
        }
        if !self.tables.is_empty() {
            self.tables.game(r);
        }
    }

    fn progress(&mut self, p: &Progress) {
        self.console.progress(p);
    }
}
