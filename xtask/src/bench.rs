//! `cargo xtask bench`: escriba's descriptive→SAN throughput against pgn-extract's SAN→SAN,
//! with the text's notation given and in the default mode (`--notation auto`), on texts
//! printed with the variety real books have, and escriba's speed-up from one job to two; the same games with 2% of their plies damaged
//! (the corruption test's model), on one core, against the clean ones; the slowest game's
//! decode time, clean and damaged; in process, the decoder's ns/ply beside shakmaty's
//! move generation on the same plies, and the tokenizer's MB/s; book mode; the review page's
//! size and ready time; with `--scale`, throughput and peak RSS on ~1 MB and ~1 GB of text;
//! the book generator's 10,000 games read back (`bookgen-bench`).
//! Then the divan micro-benchmarks.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use escriba_notation::{DescLang, Dialect, movetext};
use escriba_resolve::shakmaty::{Chess, Position};

use crate::generate::{BenchGame, generate_realistic, style};

/// Damaged plies per thousand in the damaged bench text (2%, the corpus's rate).
const DAMAGE_PER_MILLE: usize = 20;

/// The seed of the bench texts' variety ([`generate_realistic`]): identity prefixes,
/// `Kt` or `N`, `Castles` or `O-O`, check and mate words or signs, promotions written out.
const REALISTIC_SEED: u64 = 25;

/// The slowest decode of one game, in process, over `games` (clean or damaged movetext).
fn worst_game(games: &[BenchGame], dialect: Dialect, damaged: bool) -> (Duration, usize) {
    let mut worst = (Duration::ZERO, 0);
    for (i, g) in games.iter().enumerate() {
        let text = if damaged { &g.damaged } else { &g.clean };
        let start = escriba_resolve::start_position(None, false).expect("the standard start");
        let t = Instant::now();
        let d =
            escriba_resolve::resolve(text, dialect, start, &escriba_resolve::Options::default());
        let dt = t.elapsed();
        std::hint::black_box(d);
        if dt > worst.0 {
            worst = (dt, i);
        }
    }
    worst
}

/// In process, on the same games, best of `runs`: decode each clean movetext from its
/// tokens (made beforehand: the tokenizer has its own figure), and shakmaty's
/// `legal_moves()` plus playing the move over the same games' moves (the floor).
/// Nanoseconds per ply, in that order.
fn decode_vs_movegen(games: &[BenchGame], dialect: Dialect, runs: usize) -> (f64, f64) {
    let plies: usize = games.iter().map(|g| g.plies).sum::<usize>().max(1);
    let opts = escriba_resolve::Options::default();
    let tokens: Vec<_> = games
        .iter()
        .map(|g| movetext::tokenize(dialect, &g.clean))
        .collect();
    let mut decode = Duration::MAX;
    let mut movegen = Duration::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        let mut n = 0;
        for (g, tokens) in games.iter().zip(&tokens) {
            let game = escriba_resolve::Game {
                text: &g.clean,
                tokens,
                dialect,
                start: Chess::default(),
            };
            n += escriba_resolve::decode(&game, &opts).plies.len();
        }
        decode = decode.min(t.elapsed());
        std::hint::black_box(n);
        let t = Instant::now();
        let mut n = 0;
        for g in games {
            let mut pos = Chess::default();
            for &m in &g.moves {
                n += pos.legal_moves().len();
                pos.play_unchecked(m);
            }
        }
        movegen = movegen.min(t.elapsed());
        std::hint::black_box(n);
    }
    let ns = |d: Duration| d.as_secs_f64() * 1e9 / plies as f64;
    (ns(decode), ns(movegen))
}

/// In process, best of `runs`: bytes per second of [`movetext::tokenize`] over every clean
/// movetext.
fn tokenizer_rate(games: &[BenchGame], dialect: Dialect, runs: usize) -> f64 {
    let bytes: usize = games.iter().map(|g| g.clean.len()).sum();
    let mut best = Duration::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        let mut n = 0;
        for g in games {
            n += movetext::tokenize(dialect, &g.clean).len();
        }
        best = best.min(t.elapsed());
        std::hint::black_box(n);
    }
    bytes as f64 / best.as_secs_f64()
}

/// One run of `inner`, whose output is thrown away: its wall-clock time and, when
/// `/usr/bin/time` is there to tell them, its peak resident set in KiB and its CPU time
/// (user + system).
fn run_timed(inner: Command) -> Result<(Duration, Option<(u64, Duration)>)> {
    let gnu_time = Path::new("/usr/bin/time");
    let cmd = if gnu_time.exists() {
        let mut c = Command::new(gnu_time);
        c.args(["-f", "%M %U %S"])
            .arg(inner.get_program())
            .args(inner.get_args());
        c
    } else {
        inner
    };
    let (dt, out) = run_once(cmd)?;
    let measured = gnu_time
        .exists()
        .then(|| {
            let err = String::from_utf8_lossy(&out.stderr);
            let last = err.lines().last()?.to_owned();
            let mut it = last.split_whitespace();
            let kib = it.next()?.parse::<u64>().ok()?;
            let user = it.next()?.parse::<f64>().ok()?;
            let sys = it.next()?.parse::<f64>().ok()?;
            Some((kib, Duration::from_secs_f64(user + sys)))
        })
        .flatten();
    Ok((dt, measured))
}

/// One run of `escriba transcribe --jobs JOBS` on `file`: wall-clock time and, when
/// `/usr/bin/time` is there to tell them, the process's peak resident set in KiB and its
/// CPU time.
fn time_with_rss(
    escriba: &Path,
    dialect: Dialect,
    jobs: usize,
    file: &Path,
) -> Result<(Duration, Option<(u64, Duration)>)> {
    let mut cmd = Command::new(escriba);
    let jobs = jobs.to_string();
    cmd.args([
        "transcribe",
        "--quiet",
        "--notation",
        dialect.id(),
        "--jobs",
        &jobs,
        "-o",
        "/dev/null",
    ])
    .arg(file);
    run_timed(cmd)
}

/// `--scale`: the compact text cut to ~1 MB and repeated to ~1 GB (streamed to the file),
/// with one job and with two: plies/s, their ratio, and escriba's peak RSS.
fn scale(
    escriba: &Path,
    dir: &Path,
    compact: &Path,
    games: &[BenchGame],
    dialect: Dialect,
) -> Result<()> {
    let text = std::fs::read_to_string(compact)?;
    // Where each game starts: its first tag line. The generator writes one game per input
    // game, so the n-th start belongs to `games[n]`.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices("\n[Event ").map(|(at, _)| at + 1))
        .collect();
    if starts.len() != games.len() || !text.starts_with("[Event ") {
        bail!(
            "{}: {} game starts for {} games",
            compact.display(),
            starts.len(),
            games.len()
        );
    }
    const MB: usize = 1_000_000;
    // The first games up to ~1 MB (the whole text repeated, if it is shorter).
    let cut = starts
        .iter()
        .position(|&at| at >= MB)
        .unwrap_or(games.len());
    let (one_text, one_plies) = if cut < games.len() {
        (
            text[..starts[cut]].to_owned(),
            games[..cut].iter().map(|g| g.plies).sum::<usize>(),
        )
    } else {
        let reps = MB.div_ceil(text.len());
        (
            text.repeat(reps),
            reps * games.iter().map(|g| g.plies).sum::<usize>(),
        )
    };
    let small = dir.join("scale-1mb.txt");
    std::fs::write(&small, &one_text)?;
    let big = dir.join("scale-1gb.txt");
    let reps = (1000 * MB).div_ceil(text.len());
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&big)?);
        for _ in 0..reps {
            f.write_all(text.as_bytes())?;
        }
        f.flush()?;
    }
    let big_plies = reps * games.iter().map(|g| g.plies).sum::<usize>();
    for jobs in [1, 2] {
        scale_jobs(
            escriba,
            dialect,
            jobs,
            [(&small, one_plies), (&big, big_plies)],
        )?;
    }
    std::fs::remove_file(&big)?;
    Ok(())
}

/// The `--scale` figures of `jobs` jobs on the small and the big text, with their plies.
fn scale_jobs(
    escriba: &Path,
    dialect: Dialect,
    jobs: usize,
    texts: [(&Path, usize); 2],
) -> Result<()> {
    println!(
        "scale (English compact, {jobs} job{}):",
        if jobs == 1 { "" } else { "s" }
    );
    let mut rates = Vec::new();
    let mut cpu_rates = Vec::new();
    let mut peaks = Vec::new();
    for ((file, plies), runs) in texts.into_iter().zip([5, 1]) {
        // The fastest run's time and CPU time; the largest peak RSS of all runs.
        let mut best: Option<(Duration, Option<Duration>, Option<u64>)> = None;
        for _ in 0..runs {
            let (dt, m) = time_with_rss(escriba, dialect, jobs, file)?;
            let (rss, cpu) = (m.map(|m| m.0), m.map(|m| m.1));
            best = Some(match best {
                Some((b, c, r)) if b <= dt => (b, c, r.max(rss)),
                Some((_, _, r)) => (dt, cpu, r.max(rss)),
                None => (dt, cpu, rss),
            });
        }
        let (dt, cpu, rss) = best.expect("at least one run");
        let bytes = std::fs::metadata(file)?.len();
        let rate = per_sec(plies, dt);
        rates.push(rate);
        cpu_rates.push(cpu.map(|c| per_sec(plies, c)));
        peaks.push(rss);
        println!(
            "  {}: {:.1} MB, {plies} plies, {:>10.0} plies/s ({:.3} s{}), peak RSS {}",
            file.file_name().unwrap_or_default().to_string_lossy(),
            bytes as f64 / 1e6,
            rate,
            dt.as_secs_f64(),
            cpu_note(cpu),
            rss.map_or("? (no /usr/bin/time)".to_owned(), |k| format!(
                "{:.1} MB",
                k as f64 / 1024.0
            ))
        );
    }
    println!(
        "  ratio 1 GB / 1 MB plies/s: {:.2} (target: within 10%)",
        rates[1] / rates[0]
    );
    if let [Some(small), Some(big)] = cpu_rates[..] {
        println!(
            "  the same by CPU time (plies per CPU second): {:.2}",
            big / small
        );
    }
    if let [Some(small), Some(big)] = peaks[..] {
        println!(
            "  peak RSS 1 GB / 1 MB: {:.2} (target: flat)",
            big as f64 / small as f64
        );
    }
    Ok(())
}

/// The workspace root.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One run of `cmd`, its output thrown away and its stderr kept: the wall-clock time and
/// what it printed.
fn run_once(mut cmd: Command) -> Result<(Duration, std::process::Output)> {
    cmd.stdout(Stdio::null()).stderr(Stdio::piped());
    let t = Instant::now();
    let out = cmd.output().context("running the benchmark command")?;
    let dt = t.elapsed();
    // escriba exits 1 when some game is partial; that still measured the work.
    if !matches!(out.status.code(), Some(0 | 1)) {
        bail!("{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok((dt, out))
}

/// Best wall-clock time of `runs` runs of a command whose output is thrown away.
fn time(runs: usize, mut make: impl FnMut() -> Command) -> Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..runs {
        best = best.min(run_once(make())?.0);
    }
    Ok(best)
}

/// [`time`], also giving the CPU time (user + system) of the fastest run when
/// `/usr/bin/time` is there to measure it: on a shared machine the wall-clock time is
/// inflated by the other processes' load, the CPU time much less.
fn time_cpu(
    runs: usize,
    mut make: impl FnMut() -> Command,
) -> Result<(Duration, Option<Duration>)> {
    let mut best = (Duration::MAX, None);
    for _ in 0..runs {
        let (dt, measured) = run_timed(make())?;
        if dt < best.0 {
            best = (dt, measured.map(|(_, cpu)| cpu));
        }
    }
    Ok(best)
}

/// The machine's 1-minute load average, from `/proc/loadavg`.
fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// ` (CPU 0.61 s)`, or nothing when unknown.
fn cpu_note(cpu: Option<Duration>) -> String {
    cpu.map_or(String::new(), |c| format!(", CPU {:.3} s", c.as_secs_f64()))
}

/// The `pgn-extract` binary, installed with apt-get when missing.
pub(crate) fn pgn_extract() -> Result<PathBuf> {
    let found = |p: &str| {
        Command::new("sh")
            .args(["-c", &format!("command -v {p}")])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim().to_owned()))
    };
    if let Some(p) = found("pgn-extract") {
        return Ok(p);
    }
    // Debian installs it as a game.
    let games = PathBuf::from("/usr/games/pgn-extract");
    if games.exists() {
        return Ok(games);
    }
    eprintln!("pgn-extract is missing: apt-get install pgn-extract");
    let _ = Command::new("apt-get")
        .arg("update")
        .stdout(Stdio::null())
        .status();
    let st = Command::new("apt-get")
        .args(["install", "-y", "pgn-extract"])
        .stdout(Stdio::null())
        .status()?;
    if !st.success() {
        bail!("could not install pgn-extract");
    }
    found("pgn-extract")
        .or_else(|| games.exists().then_some(games))
        .context("pgn-extract not found after installing it")
}

/// Book mode on the shared books and on both joined (about 550 KB), one job: bytes of
/// book text per second, beside the clean movetext's bytes per second of the same run.
fn books(escriba: &Path, dir: &Path, movetext_rates: &[(&str, f64)]) -> Result<()> {
    let shared = root().join("../shared/corpus/books");
    let names = ["chess-fundamentals.txt", "blue-book-part1.txt"];
    if !names.iter().all(|n| shared.join(n).exists()) {
        println!("books: {} is absent; skipped", shared.display());
        return Ok(());
    }
    let joined = dir.join("two-books.txt");
    let mut all = Vec::new();
    for n in names {
        all.extend(std::fs::read(shared.join(n))?);
        all.push(b'\n');
    }
    std::fs::write(&joined, &all)?;
    println!("book mode (one job, best of 5):");
    let mut files: Vec<PathBuf> = names.iter().map(|n| shared.join(n)).collect();
    files.push(joined);
    for file in files {
        let bytes = std::fs::metadata(&file)?.len() as f64;
        let t = time(5, || {
            let mut c = Command::new(escriba);
            c.args([
                "transcribe",
                "--book",
                "--quiet",
                "--jobs",
                "1",
                "-o",
                "/dev/null",
            ])
            .arg(&file);
            c
        })?;
        println!(
            "  {}: {:.0} bytes in {:.3} s: {:.2} MB/s of book text",
            file.file_name().unwrap_or_default().to_string_lossy(),
            bytes,
            t.as_secs_f64(),
            bytes / t.as_secs_f64() / 1e6
        );
    }
    for (name, rate) in movetext_rates {
        println!("  clean movetext, {name}: {:.2} MB/s", rate / 1e6);
    }
    Ok(())
}

/// The review page (`--html`): its size and the time headless Chromium takes to make it
/// ready (parse, lay out what is on screen, run the page's script; the page records it as
/// `data-review-ms`), on 1,000 flagged plies and on the shared books.
fn review_page(escriba: &Path, dir: &Path) -> Result<()> {
    // A note printed 1,000 times: `2. P-B4` ties c4 and f4 in each.
    let tie = "[Notation \"en-descriptive\"]\n\n1. P-K4 P-K4 2. P-B4 *\n\n";
    let flagged = dir.join("review-1000.txt");
    std::fs::write(&flagged, tie.repeat(1000))?;
    let mut inputs: Vec<(String, Vec<PathBuf>, bool)> =
        vec![("1,000 ambiguous plies".into(), vec![flagged], false)];
    let shared = root().join("../shared/corpus/books");
    for n in ["chess-fundamentals.txt", "blue-book-part1.txt"] {
        if shared.join(n).exists() {
            inputs.push((n.to_owned(), vec![shared.join(n)], true));
        }
    }
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .map(PathBuf::from)
        .into_iter()
        .find(|p| p.exists());
    println!("review page (--html; ready time in headless Chromium, best of 3):");
    for (name, files, book) in inputs {
        let page = dir.join("review.html");
        let t = time(3, || {
            let mut c = Command::new(escriba);
            c.args(["transcribe", "--quiet", "-o", "/dev/null", "--html"])
                .arg(&page)
                .args(&files);
            if book {
                c.arg("--book");
            }
            c
        })?;
        let html = std::fs::read_to_string(&page)?;
        let entries = html.matches("<article class=\"entry").count();
        let mut ready = None;
        if let Some(browser) = &chromium {
            for k in 0..3 {
                let profile = dir.join(format!("chromium-profile-{k}"));
                let _ = std::fs::remove_dir_all(&profile);
                let out = Command::new(browser)
                    .args(escriba_review::HEADLESS_CHROMIUM)
                    .arg("--dump-dom")
                    .arg(format!("--user-data-dir={}", profile.display()))
                    .arg(format!("file://{}", page.canonicalize()?.display()))
                    .stderr(Stdio::null())
                    .output()?;
                let _ = std::fs::remove_dir_all(&profile);
                let dom = String::from_utf8_lossy(&out.stdout);
                let ms = dom
                    .split("data-review-ms=\"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .and_then(|v| v.parse::<u64>().ok());
                if let Some(ms) = ms {
                    ready = Some(ready.map_or(ms, |r: u64| r.min(ms)));
                }
            }
        }
        println!(
            "  {name}: {entries} entries, {:.2} MB, written in {:.3} s, ready in {}",
            html.len() as f64 / 1e6,
            t.as_secs_f64(),
            ready.map_or("? (no Chromium)".to_owned(), |ms| format!("{ms} ms"))
        );
    }
    Ok(())
}

fn per_sec(plies: usize, d: Duration) -> f64 {
    plies as f64 / d.as_secs_f64()
}

/// Runs the benchmark.
pub fn run(
    input: Option<PathBuf>,
    games: Option<usize>,
    no_micro: bool,
    with_scale: bool,
) -> Result<()> {
    let input =
        input.unwrap_or_else(|| root().join("../shared/corpus/bulk/lichess-2017-01-31.pgn"));
    let text = first_games(&input, games)?;
    let dir = root().join("target/bench");
    std::fs::create_dir_all(&dir)?;
    let original = dir.join("original.pgn");
    std::fs::write(&original, &text)?;

    let escriba = build_escriba()?;
    let pgn_extract = pgn_extract()?;

    let t_ref = time(3, || {
        let mut c = Command::new(&pgn_extract);
        c.args(["-Wsan", "-s"]).arg(&original);
        c
    })?;

    let cases = [
        (
            "English compact descriptive",
            Dialect::Descriptive(DescLang::En),
            "compact",
        ),
        (
            "English 19th-century long-hand",
            Dialect::Descriptive(DescLang::En),
            "long",
        ),
        (
            "Spanish descriptive",
            Dialect::Descriptive(DescLang::Es),
            "compact",
        ),
    ];
    println!("input: {} ({} bytes)", input.display(), text.len());
    print_load("before the runs");
    // Bytes per second of clean movetext on one core, for the book figures.
    let mut movetext_rates: Vec<(&str, f64)> = Vec::new();
    let mut compact = None;
    for (name, dialect, style_name) in cases {
        let case = Case {
            name,
            dialect,
            style_name,
        };
        let (file, bench_games, rate) = case.run(&text, &dir, &escriba, t_ref)?;
        movetext_rates.push((name, rate));
        if compact.is_none() {
            compact = Some((file, bench_games, dialect));
        }
    }

    print_load("after the runs");
    books(&escriba, &dir, &movetext_rates)?;
    review_page(&escriba, &dir)?;
    if with_scale && let Some((file, games, dialect)) = &compact {
        scale(&escriba, &dir, file, games, *dialect)?;
    }
    // Generated books: 10,000 games rendered into books of 250 and read back.
    crate::bookgen_cli::bench(10_000, 250, 21, Some(dir.join("bookgen-examples.txt")))?;

    if no_micro {
        return Ok(());
    }
    micro_benchmarks()
}

/// The text of `input`, cut to its first `games` games when asked.
pub(crate) fn first_games(input: &Path, games: Option<usize>) -> Result<String> {
    let mut text =
        std::fs::read_to_string(input).with_context(|| format!("reading {}", input.display()))?;
    if let Some(n) = games {
        // Keep the first n games: cut before the (n+1)-th `[Event` line.
        if let Some((at, _)) = text.match_indices("[Event ").nth(n) {
            text.truncate(at);
        }
    }
    Ok(text)
}

/// Builds the release `escriba` binary and returns its path; `ESCRIBA_BIN` names a binary
/// built already instead.
pub(crate) fn build_escriba() -> Result<PathBuf> {
    // A binary already built (a test build, while iterating): no release build.
    if let Some(bin) = std::env::var_os("ESCRIBA_BIN") {
        eprintln!("escriba: {} (ESCRIBA_BIN)", bin.to_string_lossy());
        return Ok(PathBuf::from(bin));
    }
    eprintln!("building escriba (release)…");
    let st = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "-p", "escriba"])
        .current_dir(root())
        .status()?;
    if !st.success() {
        bail!("cargo build failed");
    }
    Ok(root().join("target/release/escriba"))
}

/// Prints the machine's load `when`, with the warning that goes with it.
pub(crate) fn print_load(when: &str) {
    if let Some(l) = load_average() {
        println!(
            "machine load {when}: {l:.2} (1-minute average, {} cores): wall-clock figures \
             and the speed-up hold only on an idle machine",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
    }
}

/// One bench text: the games written in a dialect and style.
struct Case {
    /// The name in the printed figures.
    name: &'static str,
    /// The text's dialect.
    dialect: Dialect,
    /// The layout, a [`style`] name.
    style_name: &'static str,
}

/// The best times of `escriba transcribe` on one bench text, with the CPU times when
/// measured: the text's notation given (`fixed`) and `auto`, with 1 and 2 jobs, and on the
/// damaged text with 1 job.
struct Timings {
    fixed1: (Duration, Option<Duration>),
    auto1: (Duration, Option<Duration>),
    fixed2: (Duration, Option<Duration>),
    auto2: (Duration, Option<Duration>),
    fixed_bad: Duration,
    auto_bad: Duration,
}

impl Case {
    /// Writes the case's clean and damaged texts into `dir`, times escriba on them, prints
    /// the figures against pgn-extract's `t_ref`, and returns the clean text's path, its
    /// games and escriba's clean bytes per second on one job.
    fn run(
        &self,
        text: &str,
        dir: &Path,
        escriba: &Path,
        t_ref: Duration,
    ) -> Result<(PathBuf, Vec<BenchGame>, f64)> {
        let Case {
            name,
            dialect,
            style_name,
        } = *self;
        let file = dir.join(format!("{}-{style_name}.txt", dialect.id()));
        let damaged_file = dir.join(format!("{}-{style_name}-damaged.txt", dialect.id()));
        let mut out = std::io::BufWriter::new(std::fs::File::create(&file)?);
        let mut bad = std::io::BufWriter::new(std::fs::File::create(&damaged_file)?);
        let bench_games = generate_realistic(
            text,
            dialect,
            style(style_name)?.form,
            REALISTIC_SEED,
            DAMAGE_PER_MILLE,
            &mut out,
            &mut bad,
        )?;
        drop((out, bad));
        let plies: usize = bench_games.iter().map(|g| g.plies).sum();
        let fixed = dialect.id();
        let times = Timings::measure(escriba, fixed, &file, &damaged_file)?;
        let bytes = std::fs::metadata(&file)?.len() as f64;
        let rate = bytes / times.fixed1.0.as_secs_f64();
        println!("{name}: {plies} plies");
        times.print(fixed, plies, t_ref);
        for damaged in [false, true] {
            let (dt, at) = worst_game(&bench_games, dialect, damaged);
            println!(
                "  slowest game, {}: game {} ({} plies), {:.2} ms",
                if damaged { "damaged" } else { "clean" },
                at + 1,
                bench_games[at].plies,
                dt.as_secs_f64() * 1e3
            );
        }
        println!(
            "  speed-up 1 → 2 jobs:   {:.2}× fixed, {:.2}× auto",
            times.fixed1.0.as_secs_f64() / times.fixed2.0.as_secs_f64(),
            times.auto1.0.as_secs_f64() / times.auto2.0.as_secs_f64()
        );
        let (decode_ns, movegen_ns) = decode_vs_movegen(&bench_games, dialect, 3);
        println!(
            "  in process: decode {decode_ns:.0} ns/ply, shakmaty move generation {movegen_ns:.0} ns/ply: {:.2}×",
            decode_ns / movegen_ns
        );
        println!(
            "  in process: tokenizer {:.0} MB/s",
            tokenizer_rate(&bench_games, dialect, 5) / 1e6
        );
        Ok((file, bench_games, rate))
    }
}

impl Timings {
    /// Times `escriba` on `file` and `damaged_file`, `fixed` being the text's notation.
    fn measure(
        escriba: &Path,
        fixed: &'static str,
        file: &Path,
        damaged_file: &Path,
    ) -> Result<Timings> {
        // `notation`: `auto` (the default) or the text's dialect.
        let run = |notation: &'static str, jobs: &'static str, file: &Path| {
            let file = file.to_owned();
            let escriba = escriba.to_owned();
            move || {
                let mut c = Command::new(&escriba);
                c.args([
                    "transcribe",
                    "--quiet",
                    "--notation",
                    notation,
                    "--jobs",
                    jobs,
                    "-o",
                    "/dev/null",
                ])
                .arg(&file);
                c
            }
        };
        // Fixed and default modes one after the other, so that both see the same load.
        Ok(Timings {
            fixed1: time_cpu(3, run(fixed, "1", file))?,
            auto1: time_cpu(3, run("auto", "1", file))?,
            fixed2: time_cpu(3, run(fixed, "2", file))?,
            auto2: time_cpu(3, run("auto", "2", file))?,
            fixed_bad: time(3, run(fixed, "1", damaged_file))?,
            auto_bad: time(3, run("auto", "1", damaged_file))?,
        })
    }

    /// Prints the rates of `plies` plies against pgn-extract's `t_ref`.
    fn print(&self, fixed: &str, plies: usize, t_ref: Duration) {
        let (t1, a1) = (self.fixed1.0, self.auto1.0);
        let ours = per_sec(plies, t1);
        let theirs = per_sec(plies, t_ref);
        let auto = per_sec(plies, a1);
        for (mode, (t, cpu)) in [(fixed, self.fixed1), ("auto", self.auto1)] {
            println!(
                "  escriba {mode:<14}, 1 job:  {:>12.0} plies/s ({:.3} s{})",
                per_sec(plies, t),
                t.as_secs_f64(),
                cpu_note(cpu)
            );
        }
        for (mode, (t, cpu)) in [(fixed, self.fixed2), ("auto", self.auto2)] {
            println!(
                "  escriba {mode:<14}, 2 jobs: {:>12.0} plies/s ({:.3} s{})",
                per_sec(plies, t),
                t.as_secs_f64(),
                cpu_note(cpu)
            );
        }
        println!(
            "  pgn-extract -Wsan:     {:>12.0} plies/s ({:.3} s)",
            theirs,
            t_ref.as_secs_f64()
        );
        println!(
            "  ratio escriba/pgn-extract (1 job): {:.2} fixed, {:.2} auto",
            ours / theirs,
            auto / theirs
        );
        println!(
            "  auto / fixed time (1 job): {:.2} (target: at most 1.10)",
            a1.as_secs_f64() / t1.as_secs_f64()
        );
        for (mode, t, rate) in [(fixed, self.fixed_bad, ours), ("auto", self.auto_bad, auto)] {
            let bad_rate = per_sec(plies, t);
            println!(
                "  damaged (2% of plies), {mode}, 1 job: {:>5.0} plies/s ({:.3} s): {:.2}× the \
                 clean rate",
                bad_rate,
                t.as_secs_f64(),
                bad_rate / rate
            );
        }
    }
}

/// The divan micro-benchmarks of the resolver's parsing and decoding.
fn micro_benchmarks() -> Result<()> {
    eprintln!("divan micro-benchmarks…");
    let st = Command::new(env!("CARGO"))
        .args([
            "bench",
            "-p",
            "escriba-resolve",
            "--bench",
            "parse",
            "--bench",
            "decode",
        ])
        .current_dir(root())
        .status()?;
    if !st.success() {
        bail!("cargo bench failed");
    }
    Ok(())
}
