//! `cargo xtask gen --book` and `cargo xtask bookgen-bench`: books written to files with
//! their reference PGN, and the scorer's tables.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use xtask::bookgen::score::{Tally, score_book};
use xtask::bookgen::{Book, Mix, generate, source_games};

/// What `gen --book` is asked for.
pub struct BookArgs {
    /// Games in all.
    pub games: usize,
    /// Games per book.
    pub per_book: usize,
    /// The seed.
    pub seed: u64,
    /// The PGN to take the games from (default: the Lichess file and the shared books').
    pub from: Option<PathBuf>,
    /// Where to write (`OUT.txt`, or `OUT-0001.txt`, … for several books).
    pub output: Option<PathBuf>,
    /// Score the books after writing them.
    pub score: bool,
    /// Where to write the failure examples when scoring.
    pub examples: Option<PathBuf>,
    /// The families to print (empty: all).
    pub only: Vec<String>,
    /// Score with book mode asked for (`--book`) rather than detected.
    pub forced: bool,
}

/// The books' file names: `OUT.txt` for one book, `OUT-0001.txt`, … for several.
fn book_path(out: &Path, k: usize, n: usize) -> PathBuf {
    if n == 1 {
        return out.to_owned();
    }
    let stem = out
        .file_stem()
        .map_or_else(|| "book".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-{:04}.txt", k + 1))
}

fn reference_path(book: &Path) -> PathBuf {
    book.with_extension("reference.pgn")
}

/// The books `args` asks for (their text and truth, not written).
pub fn render(args: &BookArgs) -> Result<Vec<Book>> {
    let (games, from) = source_games(args.from.as_deref(), args.games, args.seed)?;
    eprintln!(
        "bookgen: {} games from {from}, {} a book, seed {}",
        games.len(),
        args.per_book,
        args.seed
    );
    let mix = if args.only.is_empty() {
        Mix::full()
    } else {
        let only: Vec<&str> = args.only.iter().map(String::as_str).collect();
        Mix::only(&only).map_err(anyhow::Error::msg)?
    };
    Ok(generate(&games, args.per_book, &mix, args.seed))
}

/// Scores `books` (default mode, or `--book` when `forced`) and prints the tables;
/// writes the examples to `examples` if given.
fn score_all(books: &[Book], examples: Option<&Path>, forced: bool) -> Result<Tally> {
    let t = Instant::now();
    let mut tally = Tally::default();
    for book in books {
        let scored = score_book(book, forced)?;
        tally.add(book, &scored, 3);
    }
    println!(
        "book generator: {} games in {} books, read back by `escriba transcribe{} in {:.1} s",
        tally.all.games,
        books.len(),
        if forced {
            " --book`"
        } else {
            "` (default mode)"
        },
        t.elapsed().as_secs_f64()
    );
    println!(
        "  exact = same moves from the same start, complete, players right; moves = moves and \
         start right; false-complete = called complete with moves skipped or wrong"
    );
    print!("{}", tally.table());
    if let Some(p) = examples {
        std::fs::write(p, tally.examples()).with_context(|| format!("writing {}", p.display()))?;
        println!("  failure examples: {}", p.display());
    }
    Ok(tally)
}

/// `cargo xtask gen --book …`.
pub fn gen_book(args: &BookArgs) -> Result<()> {
    let books = render(args)?;
    let out = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("target/bookgen/book.txt"));
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    for (k, book) in books.iter().enumerate() {
        let path = book_path(&out, k, books.len());
        std::fs::write(&path, &book.text).with_context(|| format!("writing {}", path.display()))?;
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        std::fs::write(reference_path(&path), book.reference_pgn(&name))?;
    }
    eprintln!(
        "bookgen: wrote {} book(s): {}{}",
        books.len(),
        book_path(&out, 0, books.len()).display(),
        if books.len() > 1 { ", …" } else { "" }
    );
    if args.score {
        score_all(&books, args.examples.as_deref(), args.forced)?;
    }
    Ok(())
}

/// `cargo xtask bookgen-bench`: 10,000 games, 250 a book, the fixed seed, scored.
pub fn bench(games: usize, per_book: usize, seed: u64, examples: Option<PathBuf>) -> Result<()> {
    let args = BookArgs {
        games,
        per_book,
        seed,
        from: None,
        output: None,
        score: true,
        examples,
        only: Vec::new(),
        forced: false,
    };
    let books = render(&args)?;
    score_all(&books, args.examples.as_deref(), false)?;
    println!();
    let forced = args.examples.as_ref().map(|p| p.with_extension("book.txt"));
    score_all(&books, forced.as_deref(), true)?;
    Ok(())
}
