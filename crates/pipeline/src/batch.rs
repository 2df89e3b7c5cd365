//! The batch driver: inputs in, games cut and processed in parallel, outputs written in
//! input order, with memory bounded by the chunk sizes.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::config::{Config, MAX_JOBS};
use crate::csv_out::{
    GAME_COLUMNS, PLY_COLUMNS, game_row, header_bytes, rows_bytes, write_ply_rows,
};
use crate::error::{Error, Result};
use crate::game::record::{GameResult, GameText};
use crate::game::{SourceNotation, process_game_in, process_game_owned};
use crate::jsonl::{SourceDigest, game_line_of_source};
use crate::pgn::{size_hint, write_game};
use crate::report::{PlyCounts, SourceEncoding, Summary};
use crate::segment::{SegmentReport, Segmenter};
use escriba_book::UnitKind;
use escriba_ocr::scan::ImageKind;
use escriba_ocr::{OcrLayout, OcrText, read_image, sniff_ocr};
use escriba_source::Encoding;
use escriba_source::{LineReader, sniff_gzip, sniff_utf16};

/// One input.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
    /// A text held in memory, under the name the outputs give it (for library callers:
    /// the Python API, a Spark task).
    Text {
        /// The name used in outputs.
        name: String,
        /// The text's bytes, decoded as a file's would be.
        bytes: Arc<[u8]>,
    },
}

impl Input {
    /// The name used in outputs: the path as given, or `-`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".to_owned(),
            Input::File(p) => p.display().to_string(),
            Input::Text { name, .. } => name.clone(),
        }
    }
}

/// True for the names of files that hold games, as a directory is read: `.txt` and
/// `.pgn` (any case), but not escriba's own `*.snap.pgn` snapshots nor the
/// `*.reference.pgn` references that `qa` and `compare` read.
pub fn is_game_file(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    (lower.ends_with(".txt") || lower.ends_with(".pgn"))
        && !lower.ends_with(".snap.pgn")
        && !lower.ends_with(".reference.pgn")
}

/// The `--glob` patterns as one set, matched against file names: `*` is any run of
/// characters, `?` any one, `[…]` a class and `{a,b}` a choice (globset's syntax). A
/// malformed pattern is a usage error that names it.
pub(crate) fn glob_set(patterns: &[String]) -> Result<globset::GlobSet> {
    let mut set = globset::GlobSetBuilder::new();
    for p in patterns {
        let glob = globset::Glob::new(p).map_err(|e| Error::Usage {
            option: "--glob",
            message: format!("`{p}`: {}", e.kind()),
        })?;
        set.add(glob);
    }
    set.build().map_err(|e| Error::Usage {
        option: "--glob",
        message: e.to_string(),
    })
}

/// The inputs of a run, and the files of the directories given that were left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inputs {
    /// What to read, in order.
    pub inputs: Vec<Input>,
    /// Files found in directories that are not game files (see [`is_game_file`]) and match
    /// no `--glob` pattern.
    pub skipped: u64,
    /// Entries of the directories that are neither folders nor regular files (a FIFO, a
    /// socket, a device), which are not read, with what they are.
    pub not_regular: Vec<(PathBuf, &'static str)>,
}

/// What a directory entry that is neither a folder nor a regular file is.
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    let _ = t;
    "something else"
}

/// Expands command-line arguments: `-` is stdin, a file is read whatever its name, a
/// directory is walked recursively (hidden files and directories skipped) for its game
/// files ([`is_game_file`], or a name matching one of `globs`), sorted by path; no
/// argument means stdin.
pub fn expand_inputs_with(args: &[PathBuf], globs: &[String]) -> Result<Inputs> {
    if args.is_empty() {
        return Ok(Inputs {
            inputs: vec![Input::Stdin],
            ..Inputs::default()
        });
    }
    let globs = glob_set(globs)?;
    let mut out = Inputs::default();
    for a in args {
        if a.as_os_str() == "-" {
            out.inputs.push(Input::Stdin);
            continue;
        }
        let meta = std::fs::metadata(a).map_err(|e| Error::io(a, e))?;
        if !meta.is_dir() {
            out.inputs.push(Input::File(a.clone()));
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
            let kind = entry.file_type();
            if kind.is_dir() {
                continue;
            }
            if !kind.is_file() {
                out.not_regular.push((entry.into_path(), kind_of(kind)));
                continue;
            }
            let name = entry.file_name().to_string_lossy();
            if is_game_file(&name) || globs.is_match(&*name) {
                files.push(entry.into_path());
            } else {
                out.skipped += 1;
            }
        }
        files.sort();
        out.inputs.extend(files.into_iter().map(Input::File));
    }
    Ok(out)
}

/// [`expand_inputs_with`] without patterns: the inputs only.
pub fn expand_inputs(args: &[PathBuf]) -> Result<Vec<Input>> {
    expand_inputs_with(args, &[]).map(|i| i.inputs)
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

/// One game's outputs, rendered in the parallel stage; the writer only copies bytes.
#[derive(Default)]
struct Rendered {
    /// The game's plies by status, counted here rather than by the writer.
    plies_by_status: PlyCounts,
    pgn: Option<String>,
    plies: Option<csv::Result<Vec<u8>>>,
    games: Option<csv::Result<Vec<u8>>>,
    jsonl: Option<String>,
}

/// Which outputs a run writes.
#[derive(Clone, Copy)]
struct Wants {
    pgn: bool,
    plies: bool,
    games: bool,
    jsonl: bool,
}

/// A game's outputs; `digest` is its source's, for the JSONL.
fn render(r: &GameResult, cfg: &Config, wants: Wants, digest: Option<&SourceDigest>) -> Rendered {
    Rendered {
        plies_by_status: PlyCounts::of(r),
        pgn: (wants.pgn && !(cfg.drop_broken && r.status.is_broken())).then(|| {
            let mut s = String::with_capacity(size_hint(r));
            write_game(r, cfg, &mut s);
            s
        }),
        plies: wants.plies.then(|| {
            let mut rows = Vec::new();
            write_ply_rows(r, cfg.csv_safe, &mut rows).map(|()| rows)
        }),
        games: wants.games.then(|| {
            let row = game_row(r);
            rows_bytes([if cfg.csv_safe { row.csv_safe() } else { row }])
        }),
        jsonl: wants.jsonl.then(|| game_line_of_source(r, digest)),
    }
}

struct Writers<'s, 'a> {
    pgn: Option<(&'s Path, &'s mut (dyn Write + 'a))>,
    plies: Option<(&'s Path, &'s mut (dyn Write + 'a))>,
    games: Option<(&'s Path, &'s mut (dyn Write + 'a))>,
    jsonl: Option<(&'s Path, &'s mut (dyn Write + 'a))>,
}

fn csv_err(path: &Path, e: csv::Error) -> Error {
    Error::Csv {
        path: path.to_owned(),
        source: e,
    }
}

fn put(target: &mut Option<(&Path, &mut (dyn Write + '_))>, bytes: &[u8]) -> Result<()> {
    if let Some((path, w)) = target {
        w.write_all(bytes).map_err(|e| Error::io(*path, e))?;
    }
    Ok(())
}

fn put_csv(
    target: &mut Option<(&Path, &mut (dyn Write + '_))>,
    rows: &mut Option<csv::Result<Vec<u8>>>,
) -> Result<()> {
    let Some((path, w)) = target else {
        return Ok(());
    };
    match rows {
        Some(Ok(bytes)) => w.write_all(bytes).map_err(|e| Error::io(*path, e)),
        Some(Err(_)) => match rows.take() {
            Some(Err(e)) => Err(csv_err(path, e)),
            _ => Ok(()),
        },
        None => Ok(()),
    }
}

impl Writers<'_, '_> {
    fn wants(&self) -> Wants {
        Wants {
            pgn: self.pgn.is_some(),
            plies: self.plies.is_some(),
            games: self.games.is_some(),
            jsonl: self.jsonl.is_some(),
        }
    }

    fn write(
        &mut self,
        r: &GameResult,
        out: &mut Rendered,
        cfg: &Config,
        summary: &mut Summary,
    ) -> Result<()> {
        if self.pgn.is_some() && cfg.drop_broken && r.status.is_broken() {
            summary.dropped += 1;
        }
        if let Some(pgn) = &out.pgn {
            put(&mut self.pgn, pgn.as_bytes())?;
        }
        put_csv(&mut self.plies, &mut out.plies)?;
        put_csv(&mut self.games, &mut out.games)?;
        if let Some(line) = &out.jsonl {
            put(&mut self.jsonl, line.as_bytes())?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        for (path, w) in [
            &mut self.pgn,
            &mut self.plies,
            &mut self.games,
            &mut self.jsonl,
        ]
        .into_iter()
        .flatten()
        {
            w.flush().map_err(|e| Error::io(*path, e))?;
        }
        Ok(())
    }
}

/// Shared bytes as a reader's buffer.
struct ArcBytes(Arc<[u8]>);

impl AsRef<[u8]> for ArcBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// Opens an input by lines: a gzip file as the text it holds, UTF-16 with or without a
/// byte-order mark as such, an OCR file (ALTO, hOCR, PAGE XML) or a page image (PNG,
/// TIFF, JPEG, PDF: read by Tesseract) as the text laid out from its words, with the map
/// back to them.
fn open_input(input: &Input, cfg: &Config) -> Result<(LineReader<Box<dyn BufRead + Send>>, Ocr)> {
    if let Input::File(p) = input
        && ImageKind::of(p).is_some()
    {
        let OcrText { text, layout } =
            read_image(p, cfg.ocr_lang()).map_err(|source| Error::Ocr {
                path: p.clone(),
                source,
            })?;
        let reader: Box<dyn BufRead + Send> = Box::new(io::Cursor::new(text.into_bytes()));
        let lines = LineReader::new(reader, cfg.chunk_bytes).with_max_line(cfg.max_line_bytes);
        return Ok((lines, Some(Arc::new(layout))));
    }
    let raw: Box<dyn BufRead + Send> = match input {
        Input::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
        Input::File(p) => Box::new(BufReader::with_capacity(
            1 << 16,
            File::open(p).map_err(|e| Error::io(p, e))?,
        )),
        Input::Text { bytes, .. } => Box::new(io::Cursor::new(ArcBytes(bytes.clone()))),
    };
    let (raw, _) = sniff_gzip(raw).map_err(|e| Error::io(input.name(), e))?;
    let (reader, utf16) = sniff_utf16(raw).map_err(|e| Error::io(input.name(), e))?;
    let (reader, ocr) = sniff_ocr(reader).map_err(|source| Error::Ocr {
        path: input.name().into(),
        source,
    })?;
    let (reader, layout): (Box<dyn BufRead + Send>, Ocr) = match ocr {
        Some(OcrText { text, mut layout }) => {
            if let Input::File(p) = input
                && let Some(folder) = p.parent()
            {
                layout.images_relative_to(folder);
            }
            (
                Box::new(io::Cursor::new(text.into_bytes())),
                Some(Arc::new(layout)),
            )
        }
        None => (reader, None),
    };
    let lines = LineReader::new(reader, cfg.chunk_bytes)
        .with_max_line(cfg.max_line_bytes)
        .with_encoding(utf16);
    Ok((lines, layout))
}

/// The layout of an OCR input, shared with the workers that render its games.
type Ocr = Option<Arc<OcrLayout>>;

/// The size and SHA-256 of an input, which the JSONL records: read once before the
/// input is read for its games (a file that is not a regular file, such as a pipe, cannot
/// be read twice, and stdin neither: their digest is not known).
fn source_digest(input: &Input) -> Result<Option<SourceDigest>> {
    match input {
        Input::Stdin => Ok(None),
        Input::File(p) => {
            let err = |e| Error::io(p, e);
            if !std::fs::metadata(p).map_err(err)?.is_file() {
                return Ok(None);
            }
            let file = File::open(p).map_err(err)?;
            SourceDigest::of_reader(file).map(Some).map_err(err)
        }
        Input::Text { bytes, .. } => Ok(Some(SourceDigest::of_bytes(bytes))),
    }
}

/// Cuts one input into chunks of games: lines in, segments out, numbered and sharded.
struct Cutter<'c> {
    reader: LineReader<Box<dyn BufRead + Send>>,
    segmenter: Box<dyn Segmenter>,
    name: Arc<str>,
    cfg: &'c Config,
    next_index: u64,
    other_shards: u64,
    eof: bool,
    /// The book report of this input, once its segmenter has finished.
    book: Option<SegmentReport>,
    /// The input's notation, chosen once (on the games cut) and confirmed per game.
    notation: SourceNotation,
    /// The input's OCR layout, when it is an OCR file.
    ocr: Ocr,
}

impl<'c> Cutter<'c> {
    /// The cutter of `input`, its first game numbered `next_index`.
    fn new(input: &Input, cfg: &'c Config, next_index: u64) -> Result<Cutter<'c>> {
        let name: Arc<str> = Arc::from(input.name());
        let mut segmenter = cfg.new_segmenter();
        segmenter.set_source(&name);
        let (reader, ocr) = open_input(input, cfg)?;
        Ok(Cutter {
            reader,
            ocr,
            segmenter,
            name,
            cfg,
            next_index,
            other_shards: 0,
            eof: false,
            book: None,
            notation: SourceNotation::new(),
        })
    }

    /// The next chunk: at least `chunk_games` games unless the input ends first.
    fn next_chunk(&mut self) -> Result<Vec<GameText>> {
        let mut pending = Vec::new();
        let mut segments = Vec::new();
        while !self.eof && pending.len() < self.cfg.chunk_games.max(1) {
            let lines = self
                .reader
                .next_chunk()
                .map_err(|e| Error::io(&*self.name, e))?;
            self.eof = lines.is_empty();
            for line in lines.lines() {
                self.segmenter.push_line(&line, &mut segments);
            }
            if self.eof {
                self.segmenter.finish(&mut segments);
                self.book = self.segmenter.take_report();
            }
            for segment in segments.drain(..) {
                self.notation.observe(&segment, self.cfg);
                let index = self.next_index;
                self.next_index += 1;
                if self.cfg.shard.contains(index) {
                    pending.push(GameText {
                        source: self.name.clone(),
                        index,
                        segment,
                    });
                } else {
                    self.other_shards += 1;
                }
            }
        }
        Ok(pending)
    }
}

/// Transcribes every game of `inputs` (in order) into `sinks`, returning the totals.
///
/// Each input is read in chunks of about `cfg.chunk_bytes`, cut into games by the
/// configured segmenter, `cfg.chunk_games` games at a time. With one job, each game is
/// processed, rendered and written in turn; with more, a chunk's games are processed and
/// rendered in parallel in batches (the next chunk read beside the last batch), each
/// batch written in input order while the next is processed.
pub fn transcribe(inputs: &[Input], cfg: &Config, sinks: &mut Sinks<'_>) -> Result<Summary> {
    let start = Instant::now();
    let (pool, threads) = pool_of(cfg)?;
    let total_bytes = input_bytes(inputs);
    let Sinks {
        pgn,
        plies_csv,
        games_csv,
        jsonl,
        observer,
    } = sinks;
    let writers = writers_of([pgn, plies_csv, games_csv, jsonl])?;
    let wants = writers.wants();
    let observer: &mut dyn Observer = match observer.as_mut() {
        Some(o) => &mut **o,
        None => &mut NoObserver,
    };
    let mut out = Delivery {
        writers,
        summary: Summary::default(),
        observer,
        start,
        total_bytes,
        bytes_before: 0,
    };
    let mut next_index = 1u64;
    for input in inputs {
        let digest = if wants.jsonl {
            source_digest(input)?
        } else {
            None
        };
        let cutter = Cutter::new(input, cfg, next_index)?;
        let run = InputRun {
            cfg,
            pool: &pool,
            overlap: threads > 1,
            wants,
            digest: digest.as_ref(),
        };
        next_index = out.input(input, cutter, &run)?;
    }
    out.writers.flush()?;
    let mut summary = out.summary;
    summary.set_elapsed(start.elapsed());
    Ok(summary)
}

/// The worker pool of a run, and its threads: `--jobs`, or fewer when a chunk holds fewer
/// games (more threads would have nothing to do).
fn pool_of(cfg: &Config) -> Result<(rayon::ThreadPool, usize)> {
    if cfg.jobs > MAX_JOBS {
        return Err(Error::Usage {
            option: "--jobs",
            message: format!("{} worker threads: at most {MAX_JOBS}", cfg.jobs),
        });
    }
    let threads = cfg.jobs.min(cfg.chunk_games.max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Usage {
            option: "--jobs",
            message: e.to_string(),
        })?;
    Ok((pool, threads))
}

/// The writers of a run's sinks (the PGN, `plies.csv`, `games.csv`, the JSONL), the CSV
/// files' headers written.
fn writers_of<'s, 'a>(sinks: [&'s mut Option<Sink<'a>>; 4]) -> Result<Writers<'s, 'a>> {
    let [pgn, plies, games, jsonl] =
        sinks.map(|s| s.as_mut().map(|s| (s.path.as_path(), &mut *s.writer)));
    let mut writers = Writers {
        pgn,
        plies,
        games,
        jsonl,
    };
    for (target, columns) in [
        (&mut writers.plies, &PLY_COLUMNS[..]),
        (&mut writers.games, &GAME_COLUMNS[..]),
    ] {
        if let Some((path, _)) = target {
            let header = header_bytes(columns).map_err(|e| csv_err(path, e))?;
            put(target, &header)?;
        }
    }
    Ok(writers)
}

/// What every input of a run is read with.
struct InputRun<'r> {
    cfg: &'r Config,
    pool: &'r rayon::ThreadPool,
    /// More than one job: a chunk is written while the pool processes the next.
    overlap: bool,
    wants: Wants,
    /// The input's size and hash, for the JSONL.
    digest: Option<&'r SourceDigest>,
}

/// The inputs' total size in bytes, when every size is known (not for stdin).
fn input_bytes(inputs: &[Input]) -> Option<u64> {
    inputs
        .iter()
        .map(|i| match i {
            Input::Stdin => None,
            Input::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            Input::Text { bytes, .. } => Some(bytes.len() as u64),
        })
        .sum::<Option<u64>>()
}

/// What the summary keeps of an input read to its end: its encodings (when not plain
/// UTF-8, or with bytes replaced), its games left to other shards, and its book report
/// with the units `left_out` of the outputs settled.
fn close_input(
    summary: &mut Summary,
    input: &Input,
    cutter: &mut Cutter<'_>,
    left_out: Vec<LeftOut>,
) {
    let report = cutter.reader.encoding_report();
    if report.replaced > 0 || report.encodings.iter().any(|&e| e != Encoding::Utf8) {
        summary.encodings.push(SourceEncoding {
            source: input.name(),
            encodings: report.encodings.clone(),
            replaced: report.replaced,
            first_replaced: report
                .first_replaced
                .map(|(l, c)| format!("{}:{l}:{c}", input.name())),
        });
    }
    summary.other_shards += cutter.other_shards;
    if let Some(mut report) = cutter.book.take() {
        for (line, game, reason) in left_out {
            report.book.settle(line, game, reason);
        }
        // The book's own claim check: every line held by one span.
        for (from, to, what) in report.book.breaches() {
            summary.warnings += 1;
            summary.failed += 1;
            summary.failures.push(crate::report::FailureRef {
                location: format!("{}:{from}:1", report.source),
                game: 0,
                status: crate::GameStatus::Partial,
                token: String::new(),
                message: format!(
                    "escriba's accounting: lines {from}-{to} of the book are {what}: \
                     what they hold may be lost"
                ),
            });
        }
        summary.unread_moves += report.book.unread_moves() as u64;
        summary.books.push(report);
    }
}

/// A processed game and its rendered outputs.
type Done = (GameResult, Rendered);

/// A book's unit as the report settles it: its line, the game it became (if written), and
/// why it was left out.
type LeftOut = (usize, Option<u64>, Option<String>);

/// The serial end of a run, on the calling thread: the writers, the totals and the
/// observer see the processed games in input order.
struct Delivery<'o, 's, 'a> {
    writers: Writers<'s, 'a>,
    summary: Summary,
    observer: &'o mut dyn Observer,
    start: Instant,
    total_bytes: Option<u64>,
    /// Input bytes of the inputs finished before this one.
    bytes_before: u64,
}

impl Delivery<'_, '_, '_> {
    /// Reads one input through `cutter`: each batch of games processed in the pool while
    /// the last is written, and the next chunk cut beside the last batch of each chunk (a
    /// chunk is processed in batches of [`batch_games`]: the results of three batches are
    /// held at a time, not of three chunks). Returns the index of the next input's first
    /// game.
    fn input(&mut self, input: &Input, mut cutter: Cutter<'_>, run: &InputRun<'_>) -> Result<u64> {
        if !run.overlap {
            return self.input_serial(input, cutter, run);
        }
        let (cfg, wants, digest) = (run.cfg, run.wants, run.digest);
        let ocr = cutter.ocr.clone();
        let ocr = &ocr;
        // Units of a book left out of the outputs, settled in the report at the end.
        let mut left_out: Vec<LeftOut> = Vec::new();
        let mut current = cutter.next_chunk()?;
        // The batch processed last, not yet written, and the input bytes read by then.
        let mut ready: Option<(Vec<Done>, u64)> = None;
        // The batch written last, freed by the pool in the next step.
        let mut written: Option<Vec<Done>> = None;
        let batch = batch_games(cfg, run.pool.current_num_threads());
        while !current.is_empty() {
            // The chunk's next batch; the next chunk is cut beside its last.
            let rest = current.split_off(batch.min(current.len()));
            let chunk = std::mem::replace(&mut current, rest);
            let cut_next = current.is_empty();
            // Chosen on the input's games as cut (before sharding), before the next cut.
            let hint = cutter.notation.chosen();
            // The writers, the summary and the observer stay on this thread, which only
            // copies the rendered bytes: the chunk processed last is written while the pool
            // processes the next one (the pool would otherwise stand idle for every
            // chunk's writing).
            let to_free = written.take();
            let cutter_ref = &mut cutter;
            // Processing and rendering one chunk in parallel while the next is cut. Freeing
            // the chunk written is the pool's work, beside the cut of the next chunk.
            let step = move || {
                let work = |g: GameText| {
                    let mut r = process_game_owned(g, cfg, hint);
                    r.ocr.clone_from(ocr);
                    let out = render(&r, cfg, wants, digest);
                    (r, out)
                };
                let (next, done) = rayon::join(
                    || {
                        drop(to_free);
                        cut_next.then(|| cutter_ref.next_chunk())
                    },
                    || chunk.into_par_iter().map(work).collect::<Vec<_>>(),
                );
                let consumed = cutter_ref.reader.consumed();
                (done, next, consumed)
            };
            let mut stepped = None;
            let mut delivered = Ok(None);
            run.pool.in_place_scope(|s| {
                s.spawn(|_| stepped = Some(step()));
                delivered = self.deliver(ready.take(), cfg, &mut left_out);
            });
            written = delivered?;
            let (done, next, consumed) = stepped.expect("a scope ends when its work has run");
            ready = Some((done, consumed));
            if let Some(next) = next {
                current = next?;
            }
        }
        self.deliver(ready.take(), cfg, &mut left_out)?;
        close_input(&mut self.summary, input, &mut cutter, left_out);
        self.bytes_before += cutter.reader.consumed();
        Ok(cutter.next_index)
    }

    /// [`Delivery::input`] with one job: each game of a chunk processed, rendered and
    /// written in turn on this thread, so that one game's results are held at a time, not
    /// a chunk's (some 40 KB a game). The chunks are cut as with more jobs: the next before
    /// the games of this one are processed, each read in the notation chosen on the games
    /// cut before it.
    fn input_serial(
        &mut self,
        input: &Input,
        mut cutter: Cutter<'_>,
        run: &InputRun<'_>,
    ) -> Result<u64> {
        let (cfg, wants, digest) = (run.cfg, run.wants, run.digest);
        let ocr = cutter.ocr.clone();
        let mut left_out: Vec<LeftOut> = Vec::new();
        let mut current = cutter.next_chunk()?;
        while !current.is_empty() {
            let hint = cutter.notation.chosen();
            let next = cutter.next_chunk()?;
            let consumed = cutter.reader.consumed();
            for g in std::mem::replace(&mut current, next) {
                let mut r = process_game_owned(g, cfg, hint);
                r.ocr.clone_from(&ocr);
                let mut out = render(&r, cfg, wants, digest);
                self.deliver_game(&r, &mut out, cfg, &mut left_out)?;
            }
            self.chunk_delivered(consumed)?;
        }
        close_input(&mut self.summary, input, &mut cutter, left_out);
        self.bytes_before += cutter.reader.consumed();
        Ok(cutter.next_index)
    }

    /// Writes a processed chunk (if any) in order, counts it and tells the observer;
    /// `consumed` is the bytes of the current input read by then. Returns the chunk, for
    /// the caller to drop where it likes.
    fn deliver(
        &mut self,
        ready: Option<(Vec<Done>, u64)>,
        cfg: &Config,
        left_out: &mut Vec<LeftOut>,
    ) -> Result<Option<Vec<Done>>> {
        let Some((mut done, consumed)) = ready else {
            return Ok(None);
        };
        for (r, out) in &mut done {
            self.deliver_game(r, out, cfg, left_out)?;
        }
        self.chunk_delivered(consumed)?;
        Ok(Some(done))
    }

    /// Writes one processed game `r` (its rendered outputs `out`), counts it and tells the
    /// observer; a book's unit left out of the outputs goes to `left_out` instead.
    fn deliver_game(
        &mut self,
        r: &GameResult,
        out: &mut Rendered,
        cfg: &Config,
        left_out: &mut Vec<LeftOut>,
    ) -> Result<()> {
        if r.book.is_some() {
            let leave = leave_out(r, cfg);
            let written = leave.is_none().then_some(r.index);
            left_out.push((r.line, written, leave.clone()));
            if leave.is_some() {
                self.summary.left_out += 1;
                return Ok(());
            }
        }
        self.writers.write(r, out, cfg, &mut self.summary)?;
        self.summary.add_counted(r, out.plies_by_status);
        self.observer.game(r);
        Ok(())
    }

    /// The end of a chunk's delivery: the writers flushed and the observer told of the
    /// progress; `consumed` is the bytes of the current input read by then.
    fn chunk_delivered(&mut self, consumed: u64) -> Result<()> {
        self.writers.flush()?;
        self.observer.progress(&Progress {
            bytes: self.bytes_before + consumed,
            total_bytes: self.total_bytes,
            games: self.summary.games,
            plies: self.summary.plies,
            elapsed: self.start.elapsed(),
        });
        Ok(())
    }
}

/// The games of a batch with more than one job: a quarter of a chunk, but at least 16 a
/// thread (fewer would leave threads idle at the end of each batch, whose games differ in
/// length). A chunk is cut whole, and every batch of it read in the notation chosen by
/// then: the batches change no output.
fn batch_games(cfg: &Config, threads: usize) -> usize {
    (cfg.chunk_games / 4).max(16 * threads).max(1)
}

/// Why a book's unit is left out of the outputs: a fragment whose first move does not
/// replay, or any fragment under `--no-fragments`. `None`: the unit is written.
fn leave_out(r: &GameResult, cfg: &Config) -> Option<String> {
    let book = r.book.as_ref()?;
    if book.kind != UnitKind::Fragment {
        return None;
    }
    if cfg.no_fragments {
        return Some("fragment left out (--no-fragments)".into());
    }
    // A fragment that replays some plies and stops is kept up to the stop, its failure
    // said where it stops; one whose first move does not replay holds nothing read.
    let f = r.failure.as_ref()?;
    r.plies.is_empty().then(|| {
        format!(
            "analysis that does not replay ({}:{}: {})",
            f.line, f.column, f.message
        )
    })
}

/// Processes already-cut games in parallel (in order), for callers that segment themselves.
/// The games of each source (consecutive games with the same `source`) are read as
/// [`transcribe`] reads them: in the source's notation ([`SourceNotation`]).
pub fn process_games(games: &[GameText], cfg: &Config) -> Vec<GameResult> {
    let mut out = Vec::with_capacity(games.len());
    for source in games.chunk_by(|a, b| a.source == b.source) {
        let hint = SourceNotation::new().hint(source, cfg);
        out.par_extend(source.par_iter().map(|g| process_game_in(g, cfg, hint)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_files_are_text_and_pgn_but_not_snapshots_or_references() {
        for yes in ["a.txt", "B.PGN", "x.y.pgn", "notes.TXT"] {
            assert!(is_game_file(yes), "{yes}");
        }
        for no in [
            "a.snap.pgn",
            "a.reference.pgn",
            "README.md",
            "pgn",
            "a.txt~",
        ] {
            assert!(!is_game_file(no), "{no}");
        }
    }

    #[test]
    fn glob_patterns_match_names_with_stars_and_question_marks() {
        let matches = |p: &str, name: &str| glob_set(&[p.to_owned()]).unwrap().is_match(name);
        assert!(matches("*.md", "notes.md"));
        assert!(matches("*", ""));
        assert!(matches("g?me*.t*t", "game-01.txt"));
        assert!(matches("*a*b*c", "xxaybzzc"));
        assert!(!matches("*.md", "notes.mdx"));
        assert!(!matches("?", ""));
        assert!(!matches("a*b", "acbx"));
        // Classes and choices, and a pattern that cannot be read is an error naming it.
        assert!(matches("*.{md,tex}", "a.tex") && matches("ch[0-9].txt", "ch7.txt"));
        let err = glob_set(&["[a".to_owned()]).unwrap_err().to_string();
        assert!(err.contains("--glob") && err.contains("`[a`"), "{err}");
    }
}
