//! The native half of the `escriba` Python package (`escriba._native`): one call that runs
//! the same pipeline as `escriba transcribe` and hands back the PGN, the games and plies
//! as Arrow IPC streams, and the report as JSON. The Python half (`python/escriba`) turns
//! them into `pyarrow.Table`s, dicts and exceptions.
//!
//! The run itself holds no Python object and releases the GIL ([`Python::detach`]), so
//! other Python threads go on while it works.
#![deny(missing_docs)]

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use escriba_pipeline::book::BookMode;
use escriba_pipeline::corrections::Corrections;
use escriba_pipeline::{
    Config, Error, GameResult, Input, Notation, Observer, PieceLetters, Shard, Sink, Sinks, Strict,
    Summary, exit_code, expand_inputs_with,
};
use escriba_tables::{RecordBatch, Tables, games_schema, ipc_stream, plies_schema};
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// jemalloc, as the command line has it: a repair search makes and drops many small
/// buffers, which it serves faster than the system allocator.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, as the command line has them (see crates/cli/src/main.rs): one arena
/// for every thread, so that a batch's peak memory does not grow with its input.
#[cfg(not(target_env = "msvc"))]
#[allow(unsafe_code)]
#[unsafe(export_name = "_rjem_malloc_conf")]
// SAFETY: a NUL-terminated string that lives as long as the module, as jemalloc needs.
static MALLOC_CONF: &std::ffi::c_char = unsafe { &*c"narenas:1".as_ptr() };

pyo3::create_exception!(
    _native,
    EscribaError,
    PyException,
    "A run that could not be done: a usage or I/O error, with the message the command line prints after `escriba: error:`."
);

/// The options of a run, as `escriba transcribe` takes them.
struct Options {
    notation: Notation,
    book: Option<bool>,
    jobs: usize,
    corrections: Option<PathBuf>,
    glob: Vec<String>,
    drop_broken: bool,
    annotate_flags: bool,
    letters: PieceLetters,
    no_fragments: bool,
    shard: Shard,
}

/// What a run hands back to Python.
struct Outcome {
    pgn: Vec<u8>,
    games: Vec<u8>,
    plies: Vec<u8>,
    report: String,
    warnings: Vec<String>,
    exit_code: i32,
}

/// A failure of the run, or of building its tables.
enum Failed {
    Run(Error),
    Tables(escriba_tables::Error),
}

impl From<Error> for Failed {
    fn from(e: Error) -> Failed {
        Failed::Run(e)
    }
}

impl From<escriba_tables::Error> for Failed {
    fn from(e: escriba_tables::Error) -> Failed {
        Failed::Tables(e)
    }
}

/// The tables, and the places corrections pinned (for the warnings at the end).
struct Collect {
    tables: Tables,
    batches: Vec<(RecordBatch, RecordBatch)>,
    corrected: HashSet<(String, usize, usize)>,
    error: Option<escriba_tables::Error>,
}

impl Observer for Collect {
    fn game(&mut self, r: &GameResult) {
        self.corrected.extend(r.corrected_places());
        if self.error.is_some() {
            return;
        }
        let step = self.tables.push(r).and_then(|()| {
            if self.tables.plies_len() >= 64 * 1024 {
                self.batches.push(self.tables.finish()?);
            }
            Ok(())
        });
        if let Err(e) = step {
            self.error = Some(e);
        }
    }
}

/// One input as Python gives it: a path (a file or a folder, as on the command line), or
/// a named text.
type Item = (String, Option<Vec<u8>>);

/// The run's settings from `opts` (corrections apart); a usage error past the most
/// worker threads.
fn config(opts: &Options) -> Result<Config, Failed> {
    let cfg = Config {
        notation: opts.notation,
        drop_broken: opts.drop_broken,
        annotate_flags: opts.annotate_flags,
        letters: opts.letters.clone(),
        jobs: opts.jobs,
        shard: opts.shard,
        book: match opts.book {
            Some(true) => BookMode::On,
            Some(false) => BookMode::Off,
            None => BookMode::Auto,
        },
        no_fragments: opts.no_fragments,
        ..Config::default()
    };
    if cfg.jobs > escriba_pipeline::config::MAX_JOBS {
        return Err(Error::Usage {
            option: "--jobs",
            message: format!(
                "{} worker threads: at most {}",
                cfg.jobs,
                escriba_pipeline::config::MAX_JOBS
            ),
        }
        .into());
    }
    Ok(cfg)
}

/// The run's inputs from `items`: named texts as they are, paths expanded (folders through
/// `glob`); and how many files the expansion skipped.
fn inputs(items: Vec<Item>, glob: &[String]) -> Result<(Vec<Input>, u64), Failed> {
    let mut inputs = Vec::new();
    let mut skipped = 0;
    for (name, text) in items {
        match text {
            Some(bytes) => inputs.push(Input::Text {
                name,
                bytes: Arc::from(bytes),
            }),
            None => {
                let expanded = expand_inputs_with(&[PathBuf::from(name)], glob)?;
                inputs.extend(expanded.inputs);
                skipped += expanded.skipped;
            }
        }
    }
    Ok((inputs, skipped))
}

/// Transcribes `items` with `opts`: the run's settings, its inputs, then the run, with
/// its tables collected.
fn run(items: Vec<Item>, opts: Options) -> Result<Outcome, Failed> {
    let mut cfg = config(&opts)?;
    let (inputs, skipped) = inputs(items, &opts.glob)?;
    let mut warnings = Vec::new();
    if let Some(path) = &opts.corrections {
        let cwd = std::env::current_dir().map_err(|e| Error::io(".", e))?;
        let mut c = Corrections::load(path, &cwd)?;
        let names: Vec<String> = inputs.iter().map(Input::name).collect();
        warnings.extend(c.bind(&names).iter().map(|w| format!("correction {w}")));
        cfg.corrections = Some(Arc::new(c));
    }
    let mut collect = Collect {
        tables: Tables::new(),
        batches: Vec::new(),
        corrected: HashSet::new(),
        error: None,
    };
    let mut pgn = Vec::new();
    let summary = {
        let mut sinks = Sinks {
            pgn: Some(Sink::new("-", &mut pgn)),
            observer: Some(&mut collect),
            ..Sinks::default()
        };
        escriba_pipeline::transcribe(&inputs, &cfg, &mut sinks)
    };
    let mut summary: Summary = summary?;
    summary.files_skipped = skipped;
    if let Some(e) = collect.error.take() {
        return Err(e.into());
    }
    if let Some(c) = &cfg.corrections {
        warnings.extend(
            c.unapplied(&collect.corrected)
                .iter()
                .map(|w| format!("correction {w}")),
        );
    }
    let last = collect.tables.finish()?;
    collect.batches.push(last);
    let (games, plies): (Vec<_>, Vec<_>) = collect.batches.into_iter().unzip();
    let report = serde_json::to_string_pretty(&summary)
        .map_err(|e| Error::io("report", std::io::Error::other(e)))?;
    Ok(Outcome {
        pgn,
        games: ipc_stream(&games_schema(), &games)?,
        plies: ipc_stream(&plies_schema(), &plies)?,
        report,
        warnings,
        exit_code: exit_code(&Ok(summary), Strict::default()),
    })
}

/// What [`transcribe`] returns to Python: `(pgn, games_ipc, plies_ipc, report_json,
/// warnings, exit_code)`.
type Returned<'py> = (
    String,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    String,
    Vec<String>,
    i32,
);

/// Transcribes `items` (each `(path, None)` or `(name, bytes)`) as `escriba transcribe`
/// does; returns `(pgn, games_ipc, plies_ipc, report_json, warnings, exit_code)`.
#[pyfunction]
#[pyo3(signature = (
    items, *, notation = "auto", book = None, jobs = None, corrections = None, glob = Vec::new(),
    drop_broken = false, annotate_flags = false, piece_letters = None, figurine = false,
    no_fragments = false, shard = None
))]
#[allow(clippy::too_many_arguments)]
fn transcribe<'py>(
    py: Python<'py>,
    items: Vec<Item>,
    notation: &str,
    book: Option<bool>,
    jobs: Option<usize>,
    corrections: Option<PathBuf>,
    glob: Vec<String>,
    drop_broken: bool,
    annotate_flags: bool,
    piece_letters: Option<String>,
    figurine: bool,
    no_fragments: bool,
    shard: Option<String>,
) -> PyResult<Returned<'py>> {
    let notation = notation
        .parse::<Notation>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    if figurine && piece_letters.is_some() {
        return Err(PyValueError::new_err(
            "piece_letters and figurine cannot be used together",
        ));
    }
    let letters = if figurine {
        PieceLetters::figurine()
    } else {
        match piece_letters {
            Some(s) => s
                .parse::<PieceLetters>()
                .map_err(|e| PyValueError::new_err(Error::from(e).to_string()))?,
            None => PieceLetters::default(),
        }
    };
    let shard = match shard {
        Some(s) => s
            .parse()
            .map_err(|e: Error| PyValueError::new_err(e.to_string()))?,
        None => Shard::default(),
    };
    let opts = Options {
        notation,
        book,
        jobs: jobs.unwrap_or(0),
        corrections,
        glob,
        drop_broken,
        annotate_flags,
        letters,
        no_fragments,
        shard,
    };
    let out = py.detach(move || run(items, opts)).map_err(|e| match e {
        Failed::Run(e) => EscribaError::new_err(e.to_string()),
        Failed::Tables(e) => EscribaError::new_err(e.to_string()),
    })?;
    let pgn = String::from_utf8(out.pgn)
        .map_err(|e| EscribaError::new_err(format!("the PGN is not UTF-8: {e}")))?;
    Ok((
        pgn,
        PyBytes::new(py, &out.games),
        PyBytes::new(py, &out.plies),
        out.report,
        out.warnings,
        out.exit_code,
    ))
}

/// The `escriba._native` module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(transcribe, m)?)?;
    m.add("EscribaError", m.py().get_type::<EscribaError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
