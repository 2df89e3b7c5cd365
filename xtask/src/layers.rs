//! `cargo xtask bench --layers`: plies/s of the same texts through each layer: the
//! command line with 2 jobs, the Python API with `jobs=2`, and `escriba.spark` in
//! `local[2]` mode, so that the overhead of each layer is known.
//!
//! The texts are the corpus and the shared books, `REPS` times over. The Python half is
//! `xtask/layers.py`, run with the Python of `ESCRIBA_PYTHON` (default `target/venv`),
//! where the `escriba` package is built first (`maturin develop --release`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

/// How many times the texts are read in one measured run.
const REPS: usize = 20;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn texts(root: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for dir in ["corpus", "../shared/corpus/books"] {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).with_context(|| format!("reading {}", d.display()))? {
                let p = e?.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "txt") {
                    let rel = p.strip_prefix(root).unwrap_or(&p);
                    out.push(rel.display().to_string());
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

fn report_plies(path: &Path) -> Result<u64> {
    let text = std::fs::read_to_string(path)?;
    let v: serde_json::Value = serde_json::from_str(&text)?;
    v["plies"].as_u64().context("no `plies` in the report")
}

fn show(layer: &str, plies: u64, d: Duration, extra: &str) {
    let rate = plies as f64 / d.as_secs_f64().max(1e-9);
    println!(
        "{layer:<34} {plies:>8} plies in {:>6.2}s = {rate:>8.0} plies/s{extra}",
        d.as_secs_f64()
    );
}

/// The Python to run the layers with: `ESCRIBA_PYTHON`, else the venv under `target/`.
fn python(root: &Path) -> Result<PathBuf> {
    let python = std::env::var_os("ESCRIBA_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/venv/bin/python"));
    if !python.exists() {
        bail!(
            "no Python at {} (set ESCRIBA_PYTHON, or: python3 -m venv target/venv && \
             target/venv/bin/pip install maturin pyspark pyarrow)",
            python.display()
        );
    }
    Ok(python)
}

/// Builds the release `escriba` and installs the Python package into `python`'s venv.
fn build(root: &Path, python: &Path) -> Result<()> {
    eprintln!("building escriba (release) and the Python package (maturin develop --release)…");
    let st = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "-p", "escriba"])
        .current_dir(root)
        .status()?;
    if !st.success() {
        bail!("cargo build failed");
    }
    let st = Command::new(python)
        .args(["-m", "maturin", "develop", "--release", "--quiet", "-m"])
        .arg("crates/python/Cargo.toml")
        .env(
            "VIRTUAL_ENV",
            python.parent().and_then(Path::parent).unwrap_or(root),
        )
        .current_dir(root)
        .status()?;
    if !st.success() {
        bail!("maturin develop failed");
    }
    Ok(())
}

/// The best of 3 times of the command line on `texts` × [`REPS`], `--jobs 2`, with its
/// report written to `report`.
fn time_cli(root: &Path, texts: &[String], report: &Path) -> Result<Duration> {
    let mut args: Vec<String> = ["transcribe", "-q", "--jobs", "2", "-o", "/dev/null"]
        .map(String::from)
        .to_vec();
    for _ in 0..REPS {
        args.extend(texts.iter().cloned());
    }
    args.push("--report".into());
    args.push(report.display().to_string());
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        let out = Command::new(root.join("target/release/escriba"))
            .args(&args)
            .current_dir(root)
            .output()?;
        let dt = t.elapsed();
        if !matches!(out.status.code(), Some(0 | 1)) {
            bail!("escriba failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        best = best.min(dt);
    }
    Ok(best)
}

/// Runs the layers bench.
pub fn run() -> Result<()> {
    let root = root().canonicalize()?;
    let texts = texts(&root)?;
    if !texts.iter().any(|t| t.contains("shared/corpus/books")) {
        bail!("../shared/corpus/books is missing");
    }
    let python = python(&root)?;
    build(&root, &python)?;
    let dir = root.join("target/bench");
    std::fs::create_dir_all(&dir)?;
    let report = dir.join("layers-report.json");
    let best = time_cli(&root, &texts, &report)?;
    let cli_plies = report_plies(&report)?;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "layers: {} texts (the corpus and the shared books) x {REPS}; best of 3 (Spark: of 2); load {}",
        texts.len(),
        load.split_whitespace().next().unwrap_or("?")
    );
    show("CLI --jobs 2", cli_plies, best, "");

    let out = Command::new(&python)
        .arg(root.join("xtask/layers.py"))
        .arg(REPS.to_string())
        .args(&texts)
        .current_dir(&root)
        .output()?;
    if !out.status.success() {
        bail!(
            "xtask/layers.py failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().context("no output from layers.py")?;
    let v: serde_json::Value = serde_json::from_str(line)?;
    let secs = |k: &str, f: &str| Duration::from_secs_f64(v[k][f].as_f64().unwrap_or(0.0));
    let py_plies = v["python"]["plies"].as_u64().unwrap_or(0);
    show(
        "Python escriba.transcribe(jobs=2)",
        py_plies,
        secs("python", "seconds"),
        "",
    );
    let spark_plies = v["spark"]["plies"].as_u64().unwrap_or(0);
    show(
        "Spark local[2] (escriba.spark)",
        spark_plies,
        secs("spark", "seconds"),
        &format!(
            " (+ {:.1}s to start the session)",
            v["spark"]["startup"].as_f64().unwrap_or(0.0)
        ),
    );
    if py_plies != cli_plies || spark_plies != cli_plies {
        bail!(
            "the layers transcribed different plies: CLI {cli_plies}, Python {py_plies}, Spark {spark_plies}"
        );
    }
    Ok(())
}
