//! `cargo xtask bench --anchor`: escriba on the games books print against the fastest SAN
//! stack.
//!
//! The master set (`../shared/bench/master.pgn`, 6,000 master games) is rendered with the
//! bench's realistic generator in compact English, long-hand English and Spanish
//! descriptive. Then, interleaved (A B C … A B C …) and best of [`RUNS`] by user CPU time:
//! the anchor (`cargo xtask anchor`, pgn-reader and shakmaty writing SAN PGN with check
//! marks) and `pgn-extract -s -Wsan` on the SAN, escriba's default mode on each rendering
//! with one job, and on the compact rendering with two. The report gives ns/ply, escriba's
//! per-ply time as a multiple of the anchor's (the figure to move: it does not drift with
//! the machine's load), escriba against pgn-extract in plies/s, the speed-up of two jobs,
//! peak RSS, and callgrind's instructions per ply on the first [`CALLGRIND_GAMES`] games.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use escriba_notation::{DescLang, Dialect};

use crate::bench::{build_escriba, first_games, pgn_extract, print_load, root};
use crate::generate::{generate_realistic, style};

/// Timed runs of each command; the best is kept.
const RUNS: usize = 7;

/// The games callgrind runs on (a full run under callgrind takes minutes).
const CALLGRIND_GAMES: usize = 1000;

/// The seed of the renderings' variety (the bench's, [`crate::bench`]).
const REALISTIC_SEED: u64 = 25;

/// One rendering of the master set.
struct Rendering {
    /// The name in the report.
    name: &'static str,
    /// The rendered text.
    file: PathBuf,
}

/// A command timed, with the best of its runs.
struct Timed {
    /// The name in the report.
    name: String,
    /// The program and its arguments.
    argv: Vec<OsString>,
    /// The least user CPU time of the runs.
    user: Duration,
    /// The least CPU time (user and system) of the runs.
    cpu: Duration,
    /// The least wall-clock time of the runs.
    wall: Duration,
    /// The largest peak resident set of the runs, KiB.
    rss_kib: u64,
}

impl Timed {
    fn new(name: impl Into<String>, argv: Vec<OsString>) -> Timed {
        Timed {
            name: name.into(),
            argv,
            user: Duration::MAX,
            cpu: Duration::MAX,
            wall: Duration::MAX,
            rss_kib: 0,
        }
    }

    /// One run, its output thrown away; keeps the best figures. Bash's `time` gives the
    /// CPU and wall-clock times to the millisecond (`/usr/bin/time` only to the
    /// hundredth), `/usr/bin/time` the peak resident set.
    fn run(&mut self) -> Result<()> {
        let out = Command::new("bash")
            .args([
                "-c",
                r#"TIMEFORMAT="%3U %3S %3R"; time /usr/bin/time -f "%M" "$@""#,
                "bash",
            ])
            .args(&self.argv)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .context("running bash and /usr/bin/time")?;
        // escriba exits 1 when some game is partial; that still measured the work.
        if !matches!(out.status.code(), Some(0 | 1)) {
            bail!(
                "{} failed: {}",
                self.name,
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let err = String::from_utf8_lossy(&out.stderr);
        // The last line is bash's; `/usr/bin/time`'s peak RSS ends the line before (after
        // what the command printed without a line break: pgn-extract's `\r` counts).
        let mut lines = err.lines().rev();
        let times = lines.next().unwrap_or_default();
        let rss = lines.next().unwrap_or_default().split_whitespace().last();
        let fields: Vec<f64> = rss
            .into_iter()
            .chain(times.split_whitespace())
            .filter_map(|f| f.parse().ok())
            .collect();
        let [kib, user, sys, wall] = fields[..] else {
            bail!("{}: no timing lines in `{err}`", self.name);
        };
        self.rss_kib = self.rss_kib.max(kib as u64);
        self.user = self.user.min(Duration::from_secs_f64(user));
        self.cpu = self.cpu.min(Duration::from_secs_f64(user + sys));
        self.wall = self.wall.min(Duration::from_secs_f64(wall));
        Ok(())
    }
}

/// `argv` of `escriba transcribe` in the default mode with `jobs` jobs on `file`.
fn escriba_argv(escriba: &Path, jobs: usize, file: &Path) -> Vec<OsString> {
    let mut argv: Vec<OsString> = vec![escriba.into()];
    for a in ["transcribe", "--quiet", "--jobs", &jobs.to_string()] {
        argv.push(a.into());
    }
    argv.extend(["-o".into(), "/dev/null".into(), file.into()]);
    argv
}

/// `argv` of the anchor on `file`, its output thrown away: `cargo xtask anchor` as this
/// binary was built, or the xtask binary `ANCHOR_BIN` names (`cargo build --release -p
/// xtask`: the anchor with fat LTO).
fn anchor_argv(file: &Path) -> Result<Vec<OsString>> {
    let exe = match std::env::var_os("ANCHOR_BIN") {
        Some(bin) => PathBuf::from(bin),
        None => std::env::current_exe().context("finding the xtask binary")?,
    };
    Ok(vec![
        exe.into(),
        "anchor".into(),
        "--quiet".into(),
        "-o".into(),
        "/dev/null".into(),
        file.into(),
    ])
}

/// `argv` of `pgn-extract -s -Wsan` on `file`.
fn pgn_extract_argv(pgn_extract: &Path, file: &Path) -> Vec<OsString> {
    vec![pgn_extract.into(), "-s".into(), "-Wsan".into(), file.into()]
}

/// Renders `text` in the three dialects into `dir`; returns the renderings and each
/// game's plies.
fn render(text: &str, dir: &Path, prefix: &str) -> Result<(Vec<Rendering>, Vec<usize>)> {
    let cases = [
        (
            "compact English",
            Dialect::Descriptive(DescLang::En),
            "compact",
        ),
        (
            "long-hand English",
            Dialect::Descriptive(DescLang::En),
            "long",
        ),
        ("Spanish", Dialect::Descriptive(DescLang::Es), "compact"),
    ];
    let mut renderings = Vec::new();
    let mut plies = Vec::new();
    for (name, dialect, style_name) in cases {
        let file = dir.join(format!("{prefix}-{}-{style_name}.txt", dialect.id()));
        let mut out = std::io::BufWriter::new(std::fs::File::create(&file)?);
        let games = generate_realistic(
            text,
            dialect,
            style(style_name)?.form,
            REALISTIC_SEED,
            0,
            &mut out,
            &mut std::io::sink(),
        )?;
        std::io::Write::flush(&mut out)?;
        plies = games.iter().map(|g| g.plies).collect();
        renderings.push(Rendering { name, file });
    }
    Ok((renderings, plies))
}

/// Checks that the anchor writes the same games as escriba: the SAN with check marks of
/// each game, from the anchor on `san` and from escriba on each rendering.
fn same_games(escriba: &Path, san: &Path, renderings: &[Rendering], dir: &Path) -> Result<()> {
    let anchor_out = dir.join("master-anchor.pgn");
    let mut argv = anchor_argv(san)?;
    argv[4] = anchor_out.clone().into();
    run_quietly(&argv)?;
    let theirs = moves_of(&anchor_out)?;
    for r in renderings {
        let out = dir.join("master-escriba.pgn");
        let mut argv = escriba_argv(escriba, 2, &r.file);
        let at = argv.len() - 2;
        argv[at] = out.clone().into();
        run_quietly(&argv)?;
        let ours = moves_of(&out)?;
        let same = ours.iter().zip(&theirs).filter(|(a, b)| a == b).count();
        let first = ours.iter().zip(&theirs).position(|(a, b)| a != b);
        println!(
            "  {}: escriba {} games, anchor {}: {same} the same moves and check marks{}",
            r.name,
            ours.len(),
            theirs.len(),
            first.map_or(String::new(), |i| format!(
                " (first difference: game {})",
                i + 1
            ))
        );
    }
    Ok(())
}

/// Each game's main line, as SAN with its check mark, read back from a PGN file.
fn moves_of(file: &Path) -> Result<Vec<Vec<String>>> {
    let text = std::fs::read_to_string(file)?;
    Ok(escriba_check::pgn::read(&text)
        .games
        .iter()
        .map(|g| g.moves().map(|m| m.to_string()).collect())
        .collect())
}

/// Runs `argv` with its output thrown away; fails unless it exits 0 or 1.
fn run_quietly(argv: &[OsString]) -> Result<()> {
    let st = Command::new(&argv[0])
        .args(&argv[1..])
        .stdout(Stdio::null())
        .status()?;
    if !matches!(st.code(), Some(0 | 1)) {
        bail!("{argv:?} failed");
    }
    Ok(())
}

/// The commands timed: the anchor and pgn-extract on the SAN, escriba on each rendering
/// with one job and on the first with two.
fn commands(
    escriba: &Path,
    pgn_extract: &Path,
    san: &Path,
    renderings: &[Rendering],
) -> Result<Vec<Timed>> {
    let mut cmds = vec![
        Timed::new("anchor (SAN)", anchor_argv(san)?),
        Timed::new(
            "pgn-extract -s -Wsan (SAN)",
            pgn_extract_argv(pgn_extract, san),
        ),
    ];
    for r in renderings {
        cmds.push(Timed::new(
            format!("escriba, {}, 1 job", r.name),
            escriba_argv(escriba, 1, &r.file),
        ));
    }
    cmds.push(Timed::new(
        format!("escriba, {}, 2 jobs", renderings[0].name),
        escriba_argv(escriba, 2, &renderings[0].file),
    ));
    Ok(cmds)
}

/// Runs every command [`RUNS`] times, interleaved, so that each sees the same load.
fn interleave(cmds: &mut [Timed]) -> Result<()> {
    for round in 0..RUNS {
        eprint!("\rround {}/{RUNS}", round + 1);
        for c in cmds.iter_mut() {
            c.run()?;
        }
    }
    eprintln!();
    Ok(())
}

/// Prints the table of `cmds` on `plies` plies and the issue's figures.
fn report(cmds: &[Timed], plies: usize) {
    let ns = |d: Duration| d.as_secs_f64() * 1e9 / plies as f64;
    let rate = |d: Duration| plies as f64 / d.as_secs_f64();
    println!(
        "{:<34} {:>7} {:>7} {:>10} {:>7} {:>7} {:>9}",
        "command", "user s", "ns/ply", "plies/s", "CPU s", "wall s", "peak RSS"
    );
    for c in cmds {
        println!(
            "{:<34} {:>7.3} {:>7.0} {:>10.0} {:>7.3} {:>7.3} {:>6.1} MB",
            c.name,
            c.user.as_secs_f64(),
            ns(c.user),
            rate(c.user),
            c.cpu.as_secs_f64(),
            c.wall.as_secs_f64(),
            c.rss_kib as f64 / 1024.0
        );
    }
    let [anchor, extract, compact, long, spanish, two] = cmds else {
        return;
    };
    println!(
        "escriba compact English per ply / the anchor's: {:.2}× (target: at most 2.5×)",
        ns(compact.user) / ns(anchor.user)
    );
    for (c, target) in [(compact, 2.0), (long, 1.5), (spanish, 2.0)] {
        println!(
            "{} plies/s / pgn-extract's: {:.2}× (target: at least {target:.1}×)",
            c.name,
            extract.user.as_secs_f64() / c.user.as_secs_f64()
        );
    }
    println!(
        "2 jobs / 1 job, compact English, by wall-clock time: {:.2}× (target: at least 1.85×)",
        compact.wall.as_secs_f64() / two.wall.as_secs_f64()
    );
    println!(
        "peak RSS, compact English: {:.1} MB with 1 job (target: under 12 MB), {:.1} MB with 2",
        compact.rss_kib as f64 / 1024.0,
        two.rss_kib as f64 / 1024.0
    );
}

/// Callgrind's instructions per ply of each command but the last (two jobs) on the first
/// [`CALLGRIND_GAMES`] games, run side by side (instruction counts do not depend on the
/// load).
fn callgrind(cmds: &[Timed], plies: &[usize], dir: &Path) -> Result<()> {
    let games = CALLGRIND_GAMES.min(plies.len());
    let subset_plies: usize = plies[..games].iter().sum();
    let mut children = Vec::new();
    for (i, c) in cmds[..cmds.len() - 1].iter().enumerate() {
        let mut argv = c.argv.clone();
        let file = PathBuf::from(argv.pop().context("a command with an input")?);
        let cut = dir.join(format!("callgrind-{i}.txt"));
        std::fs::write(&cut, first_games(&file, Some(games))?)?;
        let child = Command::new("valgrind")
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .args(&argv)
            .arg(&cut)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .context("running valgrind (apt-get install valgrind)")?;
        children.push((c, child));
    }
    println!("callgrind, the first {games} games ({subset_plies} plies):");
    let mut per_ply = Vec::new();
    for (c, child) in children {
        let out = child.wait_with_output()?;
        let err = String::from_utf8_lossy(&out.stderr);
        let collected = err
            .lines()
            .find_map(|l| l.split("Collected :").nth(1))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .with_context(|| format!("{}: no instruction count from callgrind", c.name))?;
        println!(
            "  {:<38} {:>14} instructions, {:>6.0} per ply",
            c.name,
            collected,
            collected as f64 / subset_plies as f64
        );
        per_ply.push(collected as f64 / subset_plies as f64);
    }
    if let [anchor, extract, compact, ..] = per_ply[..] {
        println!(
            "  escriba compact English / the anchor: {:.2}× the instructions; pgn-extract / \
             escriba compact English: {:.2}×",
            compact / anchor,
            extract / compact
        );
    }
    Ok(())
}

/// Runs the anchor bench on `input` (default: the master set), its first `games` games if
/// given.
pub fn run(input: Option<PathBuf>, games: Option<usize>) -> Result<()> {
    let input = input.unwrap_or_else(|| root().join("../shared/bench/master.pgn"));
    let text = first_games(&input, games)?;
    let dir = root().join("target/bench");
    std::fs::create_dir_all(&dir)?;
    let san = dir.join("master.pgn");
    std::fs::write(&san, &text)?;
    let escriba = build_escriba()?;
    let pgn_extract = pgn_extract()?;
    if !Path::new("/usr/bin/time").exists() {
        bail!("/usr/bin/time is missing: apt-get install time");
    }
    let (renderings, game_plies) = render(&text, &dir, "master")?;
    let plies: usize = game_plies.iter().sum();
    println!(
        "input: {} ({} games, {plies} plies)",
        input.display(),
        game_plies.len()
    );
    println!("anchor: {}", anchor_argv(&san)?[0].to_string_lossy());
    println!("the anchor's games against escriba's:");
    same_games(&escriba, &san, &renderings, &dir)?;
    let mut cmds = commands(&escriba, &pgn_extract, &san, &renderings)?;
    print_load("before the runs");
    interleave(&mut cmds)?;
    print_load("after the runs");
    println!("interleaved, best of {RUNS} (user CPU; wall-clock for the speed-up):");
    report(&cmds, plies);
    callgrind(&cmds, &game_plies, &dir)
}
