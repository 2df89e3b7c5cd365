//! `cargo xtask gen --book --pages DIR` and `cargo xtask scan-bench`: generated books
//! printed as page images, read back by Tesseract ([`xtask::scan`]), and (the bench)
//! read by the release `escriba` from Tesseract's hOCR and ALTO, scored by position
//! against the books' truth ([`xtask::position`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Instant;

use crate::bookgen_cli::{BookArgs, render};
use anyhow::{Context, Result, bail};
use xtask::bookgen::Book;
use xtask::position::{self, Line};
use xtask::scan::{Level, ScannedBook, check_tools, pages, scan_book, scanned_already};

/// Games a book of the harness holds: a few pages each.
const GAMES_PER_BOOK: usize = 4;

/// The books of `games` games from `seed`, [`GAMES_PER_BOOK`] a book, of the families
/// `only` names (all when empty).
fn books(games: usize, seed: u64, only: &[String]) -> Result<Vec<Book>> {
    render(&BookArgs {
        games,
        per_book: GAMES_PER_BOOK,
        seed,
        from: None,
        output: None,
        score: false,
        examples: None,
        only: only.to_vec(),
        forced: false,
    })
}

/// Books from `seed` whose pages add up to at least `pages_wanted`, whole books.
fn books_for(pages_wanted: usize, seed: u64, only: &[String]) -> Result<Vec<Book>> {
    // A game takes about a page: ask for as many games as pages, and more if short.
    let mut games = pages_wanted.max(GAMES_PER_BOOK);
    loop {
        let books = books(games, seed, only)?;
        let mut total = 0;
        for (k, b) in books.iter().enumerate() {
            total += pages(&b.text).len();
            if total >= pages_wanted {
                return Ok(books[..=k].to_vec());
            }
        }
        games *= 2;
    }
}

/// Prints and reads `books` at `level` into `dir/book-NNNN/`, two books at a time; with
/// `reuse`, a book printed and read there already is kept as it is.
fn scan_all(books: &[Book], dir: &Path, level: Level, reuse: bool) -> Result<Vec<ScannedBook>> {
    check_tools()?;
    let next = Mutex::new(0usize);
    let done = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| -> Result<()> {
                loop {
                    let k = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(book) = books.get(k) else {
                        return Ok(());
                    };
                    let name = format!("book-{:04}", k + 1);
                    let here = dir.join(&name);
                    let kept = reuse.then(|| scanned_already(book, &here)).flatten();
                    let scanned = match kept {
                        Some(b) => b,
                        None => scan_book(book, &name, &here, level)?,
                    };
                    done.lock().unwrap().push((k, scanned));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    if done.len() != books.len() {
        bail!(
            "{} of {} books were printed and read",
            done.len(),
            books.len()
        );
    }
    done.sort_by_key(|(k, _)| *k);
    Ok(done.into_iter().map(|(_, b)| b).collect())
}

/// `cargo xtask gen --book --pages DIR`: the books of `games` games from `seed`, printed
/// at `level` and read by Tesseract into `DIR/book-NNNN/`.
pub fn gen_pages(dir: &Path, games: usize, seed: u64, level: Level, only: &[String]) -> Result<()> {
    let books = books(games, seed, only)?;
    let t = Instant::now();
    let scanned = scan_all(&books, dir, level, false)?;
    let n: usize = scanned.iter().map(|b| b.pages.len()).sum();
    eprintln!(
        "scan: {} books of {GAMES_PER_BOOK} games, {n} pages at {} in {}, read by Tesseract in {:.0} s",
        scanned.len(),
        level.label(),
        dir.display(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What one level and one OCR format score.
#[derive(Debug, Default, Clone, Copy)]
struct Figures {
    pages: usize,
    games: usize,
    printed: usize,
    matched: usize,
    unflagged_wrong: usize,
}

impl Figures {
    fn add(&mut self, f: &Figures) {
        self.pages += f.pages;
        self.games += f.games;
        self.printed += f.printed;
        self.matched += f.matched;
        self.unflagged_wrong += f.unflagged_wrong;
    }

    fn percent(&self) -> f64 {
        100.0 * self.matched as f64 / self.printed.max(1) as f64
    }
}

/// Reads `input` with `escriba transcribe` (default mode) into `jsonl`, and scores it
/// against the book's reference games, each printed whole; with `list`, prints each
/// unflagged wrong ply.
fn score_file(
    escriba: &Path,
    input: &Path,
    reference: &[Line],
    jsonl: &Path,
    list: bool,
) -> Result<Figures> {
    let status = Command::new(escriba)
        .arg("transcribe")
        .arg(input)
        .arg("--jsonl")
        .arg(jsonl)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .with_context(|| format!("running {}", escriba.display()))?;
    if !matches!(status.code(), Some(0 | 1)) {
        bail!("escriba transcribe {} failed: {status}", input.display());
    }
    let written = std::fs::read_to_string(jsonl)?;
    let outputs = position::output_lines(&written)
        .with_context(|| format!("the JSONL of {}", input.display()))?;
    let pairs: Vec<(&Line, usize)> = reference.iter().map(|l| (l, l.positions.len())).collect();
    let mut f = Figures {
        games: reference.len(),
        ..Figures::default()
    };
    let paired = position::pair_text(&pairs, &outputs);
    for (ri, (g, oi)) in paired.iter().enumerate() {
        f.printed += g.printed;
        f.matched += g.matched;
        f.unflagged_wrong += g.unflagged_wrong;
        if let (true, Some(oi)) = (list && g.unflagged_wrong > 0, *oi) {
            list_wrong(input, &written, (ri, &reference[ri]), (oi, &outputs[oi]))?;
        }
    }
    Ok(f)
}

/// Prints the unflagged wrong plies of reference game `ri` as output game `oi` read it:
/// the file, the game, the ply, the page and word the ply was read from, the book's move
/// and escriba's.
fn list_wrong(
    input: &Path,
    jsonl: &str,
    (ri, r): (usize, &Line),
    (oi, o): (usize, &Line),
) -> Result<()> {
    let game: serde_json::Value = serde_json::from_str(
        jsonl
            .lines()
            .filter(|l| !l.trim().is_empty())
            .nth(oi)
            .context("the paired game's JSONL line")?,
    )?;
    for i in position::unflagged_wrong_plies(r, o, r.positions.len()) {
        let ply = &game["moves"][i];
        println!(
            "    wrong: {} game {} ply {} page {} word {} box {}: book {} / escriba {} ({})",
            input.display(),
            ri + 1,
            i + 1,
            ply["page"],
            ply["input"],
            ply["box"],
            r.moves[i],
            ply["san"],
            o.moves[i]
        );
    }
    Ok(())
}

/// One line of the bench's table.
fn print_row(level: &str, from: &str, f: &Figures) {
    println!(
        "  {level:<6} {from:<5} {:>6} {:>6} {:>8} {:>8} {:>6.1}% {:>10}",
        f.pages,
        f.games,
        f.printed,
        f.matched,
        f.percent(),
        f.unflagged_wrong
    );
}

/// The books' texts as printed, read by escriba and scored in `dir`: what the pages hold
/// before they are printed and scanned.
fn score_texts(escriba: &Path, books: &[Book], dir: &Path) -> Result<Figures> {
    std::fs::create_dir_all(dir)?;
    let mut total = Figures::default();
    for (k, book) in books.iter().enumerate() {
        let name = format!("book-{:04}", k + 1);
        let text = dir.join(format!("{name}.txt"));
        std::fs::write(&text, &book.text)?;
        let reference = position::reference_lines(&book.reference_pgn(&name))?;
        let f = score_file(escriba, &text, &reference, &dir.join("out.jsonl"), false)?;
        total.add(&Figures {
            pages: pages(&book.text).len(),
            ..f
        });
    }
    Ok(total)
}

/// The scanned books read from their hOCR (`alto` false) or ALTO files, scored; with
/// `list`, each unflagged wrong ply printed.
fn score_scans(escriba: &Path, scanned: &[ScannedBook], alto: bool, list: bool) -> Result<Figures> {
    let mut total = Figures::default();
    for b in scanned {
        let reference = position::reference_lines(&std::fs::read_to_string(&b.reference)?)?;
        let input = if alto { &b.alto } else { &b.hocr };
        let f = score_file(escriba, input, &reference, &b.dir.join("out.jsonl"), list)?;
        total.add(&Figures {
            pages: b.pages.len(),
            ..f
        });
    }
    Ok(total)
}

/// What `cargo xtask scan-bench` is asked for besides the books.
#[derive(Debug, Clone, Default)]
pub struct BenchOptions {
    /// The folder of the printed books, one folder a level; books printed and read there
    /// already (the same text, with their hOCR and ALTO) are read again, not printed again.
    /// `None`: `target/scan`, printed afresh.
    pub dir: Option<PathBuf>,
    /// Print each unflagged wrong ply (file, game, ply, page, word, the book's move and
    /// escriba's).
    pub list: bool,
}

/// `cargo xtask scan-bench --pages N`: at each level, books of at least `pages` pages
/// printed, read by Tesseract, and read by escriba from its hOCR and its ALTO; and the
/// same books' text as printed, for comparison.
pub fn bench(
    pages_wanted: usize,
    levels: &[Level],
    seed: u64,
    only: &[String],
    opts: &BenchOptions,
) -> Result<()> {
    let reuse = opts.dir.is_some();
    let root = opts
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/scan"));
    let escriba = crate::bench::build_escriba()?;
    let books = books_for(pages_wanted, seed, only)?;
    println!(
        "scan-bench: {} books of {GAMES_PER_BOOK} games (seed {seed}), printed at 300 dpi in \
         DejaVu Serif 11 pt, read by Tesseract (--psm 6, eng), then by `escriba transcribe` \
         (default mode)",
        books.len()
    );
    println!(
        "  text = the books' text as printed, not scanned; right = plies matched by position \
         from the game's start (exact, or flagged with the right move); unflagged wrong = \
         another move with no flag"
    );
    println!(
        "  {:<6} {:<5} {:>6} {:>6} {:>8} {:>8} {:>7} {:>10}",
        "level", "from", "pages", "games", "printed", "right", "%", "unfl.wrong"
    );
    print_row(
        "-",
        "text",
        &score_texts(&escriba, &books, &root.join("text"))?,
    );
    for &level in levels {
        let dir = root.join(level.label());
        if !reuse {
            let _ = std::fs::remove_dir_all(&dir);
        }
        let t = Instant::now();
        let scanned = scan_all(&books, &dir, level, reuse)?;
        let scan_time = t.elapsed().as_secs_f64();
        print_row(
            level.label(),
            "hOCR",
            &score_scans(&escriba, &scanned, false, opts.list)?,
        );
        print_row(
            level.label(),
            "ALTO",
            &score_scans(&escriba, &scanned, true, opts.list)?,
        );
        println!(
            "  ({} printed and read by Tesseract in {scan_time:.0} s)",
            level.label()
        );
    }
    Ok(())
}
