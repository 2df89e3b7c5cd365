//! The batch driver: inputs in, games cut and processed in parallel, outputs written in
//! input order, with memory bounded by the chunk sizes.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::config::Config;
use crate::csv_out::{CsvSink, game_row, ply_rows};
use crate::error::{Error, Result};
use crate::game::{GameResult, GameText, process_game};
use crate::jsonl::game_line;
use crate::pgn::write_game;
use crate::report::Summary;
use crate::source::LineReader;

/// One input.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name used in outputs: the path as given, or `-`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".to_owned(),
            Input::File(p) => p.display().to_string(),
        }
    }
}

/// Expands command-line arguments: `-` is stdin, a directory is walked recursively (hidden
/// files and directories skipped) and its files sorted by path; no argument means stdin.
pub fn expand_inputs(args: &[PathBuf]) -> Result<Vec<Input>> {
    if args.is_empty() {
        return Ok(vec![Input::Stdin]);
    }
    let mut out = Vec::new();
    for a in args {
        if a.as_os_str() == "-" {
            out.push(Input::Stdin);
            continue;
        }
        let meta = std::fs::metadata(a).map_err(|e| Error::io(a, e))?;
        if !meta.is_dir() {
            out.push(Input::File(a.clone()));
            continue;
        }
        let mut files = Vec::new();
        let walk = walkdir::WalkDir::new(a).follow_links(true).into_iter();
        let visible = |e: &walkdir::DirEntry| {
            e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.')
        };
        for entry in walk.filter_entry(visible) {
            let entry = entry.map_err(|e| {
                let path = e.path().map_or_else(|| a.clone(), Path::to_owned);
                Error::io(path, e.into())
            })?;
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
        files.sort();
        out.extend(files.into_iter().map(Input::File));
    }
    Ok(out)
}

/// A named output writer.
pub struct Sink<'a> {
    /// The name used in errors.
    pub path: PathBuf,
    /// The writer.
    pub writer: Box<dyn Write + 'a>,
}

impl<'a> Sink<'a> {
    /// Wraps a writer with its name.
    pub fn new(path: impl Into<PathBuf>, writer: impl Write + 'a) -> Sink<'a> {
        Sink {
            path: path.into(),
            writer: Box::new(writer),
        }
    }
}

/// Progress of a run, for progress bars.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Input bytes read so far.
    pub bytes: u64,
    /// Total input bytes, when every input is a file.
    pub total_bytes: Option<u64>,
    /// Games processed.
    pub games: u64,
    /// Plies transcribed.
    pub plies: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

/// Watches a run: every game in output order, and progress after each chunk.
pub trait Observer {
    /// Called once per processed game, in input order.
    fn game(&mut self, _result: &GameResult) {}
    /// Called after each chunk.
    fn progress(&mut self, _progress: &Progress) {}
}

/// An observer that ignores everything.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoObserver;

impl Observer for NoObserver {}

/// Where a run's outputs go; every field is optional.
#[derive(Default)]
pub struct Sinks<'a> {
    /// The PGN.
    pub pgn: Option<Sink<'a>>,
    /// `plies.csv`.
    pub plies_csv: Option<Sink<'a>>,
    /// `games.csv`.
    pub games_csv: Option<Sink<'a>>,
    /// JSON Lines, one object per game.
    pub jsonl: Option<Sink<'a>>,
    /// Sees every game and the progress.
    pub observer: Option<&'a mut dyn Observer>,
}

struct Writers<'s, 'a> {
    pgn: Option<(&'s Path, &'s mut (dyn Write + 'a))>,
    plies: Option<(&'s Path, CsvSink<&'s mut (dyn Write + 'a)>)>,
    games: Option<(&'s Path, CsvSink<&'s mut (dyn Write + 'a)>)>,
    jsonl: Option<(&'s Path, &'s mut (dyn Write + 'a))>,
}

fn csv_err(path: &Path, e: csv::Error) -> Error {
    Error::Csv {
        path: path.to_owned(),
        source: e,
    }
}

impl Writers<'_, '_> {
    fn write(&mut self, r: &GameResult, cfg: &Config, summary: &mut Summary) -> Result<()> {
        if let Some((path, w)) = &mut self.pgn {
            if cfg.drop_broken && r.status.is_broken() {
                summary.dropped += 1;
            } else {
                let mut s = String::new();
                write_game(r, cfg, &mut s);
                w.write_all(s.as_bytes()).map_err(|e| Error::io(*path, e))?;
            }
        }
        if let Some((path, w)) = &mut self.plies {
            for row in ply_rows(r) {
                w.row(&row).map_err(|e| csv_err(path, e))?;
            }
        }
        if let Some((path, w)) = &mut self.games {
            w.row(&game_row(r)).map_err(|e| csv_err(path, e))?;
        }
        if let Some((path, w)) = &mut self.jsonl {
            w.write_all(game_line(r).as_bytes())
                .map_err(|e| Error::io(*path, e))?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        if let Some((path, w)) = &mut self.pgn {
            w.flush().map_err(|e| Error::io(*path, e))?;
        }
        if let Some((path, w)) = &mut self.plies {
            w.flush().map_err(|e| Error::io(*path, e))?;
        }
        if let Some((path, w)) = &mut self.games {
            w.flush().map_err(|e| Error::io(*path, e))?;
        }
        if let Some((path, w)) = &mut self.jsonl {
            w.flush().map_err(|e| Error::io(*path, e))?;
        }
        Ok(())
    }
}

fn open_input(input: &Input) -> Result<Box<dyn BufRead>> {
    Ok(match input {
        Input::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        Input::File(p) => Box::new(BufReader::with_capacity(
            1 << 16,
            File::open(p).map_err(|e| Error::io(p, e))?,
        )),
    })
}

/// Transcribes every game of `inputs` (in order) into `sinks`, returning the totals.
///
/// Each input is read in chunks of about `cfg.chunk_bytes`, cut into games by the
/// configured segmenter; up to `cfg.chunk_games` games are processed in parallel at a time
/// and written in input order before the next chunk is read.
pub fn transcribe(inputs: &[Input], cfg: &Config, sinks: &mut Sinks<'_>) -> Result<Summary> {
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.jobs)
        .build()
        .map_err(|e| Error::Usage {
            option: "--jobs",
            message: e.to_string(),
        })?;
    let total_bytes = inputs
        .iter()
        .map(|i| match i {
            Input::Stdin => None,
            Input::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        })
        .sum::<Option<u64>>();
    let mut writers = Writers {
        pgn: sinks
            .pgn
            .as_mut()
            .map(|s| (s.path.as_path(), &mut *s.writer)),
        plies: match sinks.plies_csv.as_mut() {
            Some(s) => Some((
                s.path.as_path(),
                CsvSink::plies(&mut *s.writer).map_err(|e| csv_err(&s.path, e))?,
            )),
            None => None,
        },
        games: match sinks.games_csv.as_mut() {
            Some(s) => Some((
                s.path.as_path(),
                CsvSink::games(&mut *s.writer).map_err(|e| csv_err(&s.path, e))?,
            )),
            None => None,
        },
        jsonl: sinks
            .jsonl
            .as_mut()
            .map(|s| (s.path.as_path(), &mut *s.writer)),
    };
    let observer: &mut dyn Observer = match sinks.observer.as_mut() {
        Some(o) => &mut **o,
        None => &mut NoObserver,
    };
    let mut summary = Summary::default();
    let mut next_index = 1u64;
    let mut bytes_before = 0u64;
    for input in inputs {
        let name: Arc<str> = Arc::from(input.name());
        let mut reader = LineReader::new(open_input(input)?, cfg.chunk_bytes);
        let mut segmenter = (cfg.segmenter)();
        let mut pending: Vec<GameText> = Vec::new();
        let mut segments = Vec::new();
        loop {
            let lines = reader
                .next_chunk()
                .map_err(|e| Error::io(input.name(), e))?;
            let eof = lines.is_empty();
            for line in &lines {
                segmenter.push_line(line, &mut segments);
            }
            drop(lines);
            if eof {
                segmenter.finish(&mut segments);
            }
            for segment in segments.drain(..) {
                let index = next_index;
                next_index += 1;
                if cfg.shard.contains(index) {
                    pending.push(GameText {
                        source: name.clone(),
                        index,
                        segment,
                    });
                } else {
                    summary.other_shards += 1;
                }
            }
            if pending.len() >= cfg.chunk_games.max(1) || (eof && !pending.is_empty()) {
                let results: Vec<GameResult> =
                    pool.install(|| pending.par_iter().map(|g| process_game(g, cfg)).collect());
                pending.clear();
                for r in &results {
                    writers.write(r, cfg, &mut summary)?;
                    summary.add(r);
                    observer.game(r);
                }
                writers.flush()?;
            }
            observer.progress(&Progress {
                bytes: bytes_before + reader.consumed(),
                total_bytes,
                games: summary.games,
                plies: summary.plies,
                elapsed: start.elapsed(),
            });
            if eof {
                break;
            }
        }
        bytes_before += reader.consumed();
    }
    writers.flush()?;
    drop(writers);
    summary.set_elapsed(start.elapsed());
    Ok(summary)
}

/// Processes already-cut games in parallel (in order), for callers that segment themselves.
pub fn process_games(games: &[GameText], cfg: &Config) -> Vec<GameResult> {
    games.par_iter().map(|g| process_game(g, cfg)).collect()
}
