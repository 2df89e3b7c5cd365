//! Tokenizes a file in a dialect and prints throughput in CPU time (robust to a loaded
//! machine): `cargo run --release -p escriba-notation --example tokenize_file -- ID FILE`.

use std::time::Instant;

fn cpu_seconds() -> f64 {
    // utime + stime from /proc/self/stat, in clock ticks (100 per second on Linux).
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|u| u.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dialect: escriba_notation::Dialect =
        args.next().expect("dialect id").parse().expect("dialect");
    let file = std::fs::read_to_string(args.next().expect("file")).expect("readable UTF-8 file");
    // Movetext only: PGN tag lines are not what the grammar is for.
    let text: String = file
        .lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| [l, "\n"])
        .collect();
    let rounds = 10;
    let (t0, c0) = (Instant::now(), cpu_seconds());
    let mut tokens = 0;
    for _ in 0..rounds {
        tokens += escriba_notation::movetext::tokenize(dialect, std::hint::black_box(&text)).len();
    }
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds() - c0);
    let mb = (text.len() * rounds) as f64 / 1e6;
    println!(
        "{dialect}: {} bytes, {} tokens a round; {:.1} MB/s of CPU time, {:.1} MB/s wall",
        text.len(),
        tokens / rounds,
        mb / cpu,
        mb / wall
    );
}
