//! The print-and-scan harness: generated books printed as page images and read back by
//! Tesseract, so that the truth of every page is known.
//!
//! A book's text ([`crate::bookgen`]) is cut into pages of [`LINES_PER_PAGE`] lines; each
//! page is printed by Tesseract's `text2image` (the Debian package `tesseract-ocr`) at
//! 300 dpi in DejaVu Serif (`fonts-dejavu-core`), damaged at a [`Level`], and the book's
//! pages are read by `tesseract` in one run, as escriba reads a page image (`--psm 6`,
//! the English model), into one hOCR and one ALTO file. Beside them stay the page
//! texts as printed (`page-NNN.txt`), the page images (`page-NNN.tif`), and the book's
//! text and reference PGN (`book.txt`, `book.reference.pgn`).
//!
//! The damage levels, all from `text2image`'s own photocopier model (its random source
//! has a fixed seed: the same page damages the same way):
//! - [`Level::Clean`]: none (`--degrade_image=false`, no rotation);
//! - [`Level::Mild`]: speckle noise, dilation or erosion of the strokes at normal
//!   exposure, and a random skew of up to about a degree (`--degrade_image`,
//!   `--rotate_image`, `--exposure=0`);
//! - [`Level::Harsh`]: the same at a light exposure (thin, broken strokes: low
//!   contrast, `--exposure=-2`), plus Gaussian white noise, smoothed noise and blur
//!   (`--distort_image --white_noise --smooth_noise --blur`, not inverted).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use crate::bookgen::Book;

/// Lines of a book printed on one page (at 11 pt with text2image's leading, a page of
/// 3300 px holds about 60; a book's page holds fewer, with its margins).
pub const LINES_PER_PAGE: usize = 48;

/// How much a page is damaged after it is printed (see the module's doc for the
/// `text2image` settings of each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// No damage.
    Clean,
    /// Speckle, stroke weight and skew at normal exposure.
    Mild,
    /// Light exposure, noise and blur on top of the mild damage.
    Harsh,
}

impl Level {
    /// Every level, cleanest first.
    pub const ALL: [Level; 3] = [Level::Clean, Level::Mild, Level::Harsh];

    /// The level's name on the command line and in folder names.
    pub fn label(self) -> &'static str {
        match self {
            Level::Clean => "clean",
            Level::Mild => "mild",
            Level::Harsh => "harsh",
        }
    }

    /// The level named `label`.
    pub fn parse(label: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.label() == label)
    }

    /// `text2image`'s damage flags for the level.
    fn flags(self) -> &'static [&'static str] {
        match self {
            Level::Clean => &["--degrade_image=false", "--rotate_image=false"],
            Level::Mild => &[
                "--degrade_image=true",
                "--rotate_image=true",
                "--exposure=0",
                "--distort_image=false",
            ],
            Level::Harsh => &[
                "--degrade_image=true",
                "--rotate_image=true",
                "--exposure=-2",
                "--distort_image=true",
                "--white_noise=true",
                "--smooth_noise=true",
                "--blur=true",
                "--invert=false",
            ],
        }
    }
}

/// A book printed and read back: where its files are.
#[derive(Debug, Clone)]
pub struct ScannedBook {
    /// The book's folder.
    pub dir: PathBuf,
    /// Its page images, in order.
    pub pages: Vec<PathBuf>,
    /// Tesseract's hOCR of all its pages.
    pub hocr: PathBuf,
    /// Tesseract's ALTO of all its pages.
    pub alto: PathBuf,
    /// The reference PGN of its games.
    pub reference: PathBuf,
}

/// The book's text cut into pages of [`LINES_PER_PAGE`] lines; a page of blank lines only
/// is none.
pub fn pages(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .chunks(LINES_PER_PAGE)
        .filter(|c| c.iter().any(|l| !l.trim().is_empty()))
        .map(|c| c.join("\n") + "\n")
        .collect()
}

/// True when `program` runs (its `--version`).
pub fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Fails with the Debian package to install when `text2image` or `tesseract` is missing.
pub fn check_tools() -> Result<()> {
    for tool in ["text2image", "tesseract"] {
        if !have(tool) {
            bail!("`{tool}` is missing: install the Debian package tesseract-ocr");
        }
    }
    Ok(())
}

/// Runs `cmd`, quietly; an error with what it said when it fails.
fn run(cmd: &mut Command, what: &str) -> Result<()> {
    let out = cmd
        .stdout(Stdio::null())
        .output()
        .with_context(|| format!("running {what}"))?;
    if !out.status.success() {
        bail!(
            "{what} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(())
}

/// Prints the text of `page` (a file) as the page image `OUT.tif`, damaged at `level`.
pub fn print_page(page: &Path, out: &Path, level: Level) -> Result<()> {
    run(
        Command::new("text2image")
            .args(["--font", "DejaVu Serif", "--fonts_dir", "/usr/share/fonts"])
            .args(["--ptsize", "11", "--resolution", "300"])
            .args(["--xsize", "2550", "--ysize", "3300", "--margin", "150"])
            .args(["--strip_unrenderable_words=false"])
            // text2image writes a fontconfig file there (the working folder by default).
            .arg("--fontconfig_tmpdir")
            .arg(out.parent().unwrap_or(Path::new(".")))
            .args(level.flags())
            .arg("--text")
            .arg(page)
            .arg("--outputbase")
            .arg(out),
        &format!("text2image on {}", page.display()),
    )?;
    // text2image also writes the boxes of the characters it printed: not the truth kept.
    let _ = std::fs::remove_file(out.with_extension("box"));
    Ok(())
}

/// Reads the page images `pages` with Tesseract in one run, as escriba reads a page
/// image (one block of rows, the English model), into `OUT.hocr` and `OUT.xml` (ALTO).
pub fn read_pages(pages: &[PathBuf], out: &Path) -> Result<()> {
    let list = out.with_extension("pages");
    let names: Vec<String> = pages.iter().map(|p| p.display().to_string()).collect();
    std::fs::write(&list, names.join("\n") + "\n")?;
    run(
        Command::new("tesseract")
            .arg(&list)
            .arg(out)
            .args(["--psm", "6", "-l", "eng", "hocr", "alto"])
            // One thread a page run: the harness runs books side by side.
            .env("OMP_THREAD_LIMIT", "1"),
        &format!("tesseract on {}", list.display()),
    )
}

/// `book` as [`scan_book`] left it in `dir` already, if it did: the same text, with its
/// hOCR and ALTO (the damage level is the folder's, as the caller named it).
pub fn scanned_already(book: &Book, dir: &Path) -> Option<ScannedBook> {
    let ocr = dir.join("ocr");
    let (hocr, alto) = (ocr.with_extension("hocr"), ocr.with_extension("xml"));
    let same = std::fs::read_to_string(dir.join("book.txt")).ok()? == book.text;
    if !same || !hocr.is_file() || !alto.is_file() {
        return None;
    }
    let pages = (1..=pages(&book.text).len())
        .map(|k| dir.join(format!("page-{k:03}.tif")))
        .collect();
    Some(ScannedBook {
        dir: dir.to_owned(),
        pages,
        hocr,
        alto,
        reference: dir.join("book.reference.pgn"),
    })
}

/// Prints `book` into `dir` (created) at `level` and reads it back with Tesseract; `name`
/// is its name in the reference PGN.
pub fn scan_book(book: &Book, name: &str, dir: &Path, level: Level) -> Result<ScannedBook> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    std::fs::write(dir.join("book.txt"), &book.text)?;
    let reference = dir.join("book.reference.pgn");
    std::fs::write(&reference, book.reference_pgn(name))?;
    let mut images = Vec::new();
    for (k, page) in pages(&book.text).iter().enumerate() {
        let text = dir.join(format!("page-{:03}.txt", k + 1));
        std::fs::write(&text, page)?;
        let base = dir.join(format!("page-{:03}", k + 1));
        print_page(&text, &base, level)?;
        images.push(base.with_extension("tif"));
    }
    let ocr = dir.join("ocr");
    read_pages(&images, &ocr)?;
    Ok(ScannedBook {
        dir: dir.to_owned(),
        pages: images,
        hocr: ocr.with_extension("hocr"),
        alto: ocr.with_extension("xml"),
        reference,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_is_cut_into_pages_of_whole_lines_and_blank_pages_are_dropped() {
        let text: String = (0..LINES_PER_PAGE * 2 + 3)
            .map(|i| format!("line {i}\n"))
            .chain((0..LINES_PER_PAGE).map(|_| "\n".to_owned()))
            .collect();
        let p = pages(&text);
        assert_eq!(p.len(), 3);
        assert!(p[0].starts_with("line 0\n"));
        assert!(p[1].starts_with(&format!("line {LINES_PER_PAGE}\n")));
        assert_eq!(
            p.concat().lines().filter(|l| !l.is_empty()).count(),
            LINES_PER_PAGE * 2 + 3,
            "every printed line is on a page"
        );
    }

    #[test]
    fn levels_round_trip_through_their_labels() {
        for l in Level::ALL {
            assert_eq!(Level::parse(l.label()), Some(l));
        }
        assert_eq!(Level::parse("medium"), None);
    }
}
