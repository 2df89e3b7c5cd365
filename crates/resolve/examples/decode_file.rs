//! Decodes every game of a generated file (`cargo xtask gen` output: tags, a blank line,
//! movetext) and prints plies per second of CPU time, robust to a loaded machine:
//! `cargo run --release -p escriba-resolve --example decode_file -- ID FILE`.

use std::time::Instant;

use escriba_notation::{Dialect, movetext};
use escriba_resolve::shakmaty::Chess;
use escriba_resolve::{Game, Options, decode};

fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|u| u.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dialect: Dialect = args.next().expect("dialect id").parse().expect("dialect");
    let file = std::fs::read_to_string(args.next().expect("file")).expect("readable UTF-8 file");
    let games: Vec<&str> = file
        .split("\n\n")
        .filter(|b| !b.trim().is_empty() && !b.trim_start().starts_with('['))
        .collect();
    let opts = Options::default();
    let (t0, c0) = (Instant::now(), cpu_seconds());
    let (mut plies, mut flagged, mut failed) = (0usize, 0usize, 0usize);
    for text in &games {
        let tokens = movetext::tokenize(dialect, text);
        let d = decode(
            &Game {
                text,
                tokens: &tokens,
                dialect,
                start: Chess::default(),
            },
            &opts,
        );
        plies += d.plies.len();
        flagged += d.plies.iter().filter(|p| p.status.is_flagged()).count();
        failed += usize::from(d.failure.is_some());
    }
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds() - c0);
    println!(
        "{dialect}: {} games, {plies} plies ({flagged} flagged, {failed} games failed); {:.0} ns/ply of CPU time ({:.0} plies/s), {:.0} ns/ply wall",
        games.len(),
        cpu * 1e9 / plies as f64,
        plies as f64 / cpu,
        wall * 1e9 / plies as f64
    );
}
