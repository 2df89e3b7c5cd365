//! Page images in: a PNG, TIFF or JPEG page (a TIFF may hold several), or a PDF's pages,
//! read by Tesseract run as a subprocess that writes hOCR, then parsed as any hOCR file.
//!
//! Tesseract (the Debian package `tesseract-ocr`, its language models `tesseract-ocr-spa`,
//! `tesseract-ocr-fra`, …) and, for PDF files, poppler's `pdftoppm` (`poppler-utils`) are
//! optional runtime dependencies: where one is missing, the error names the package.

use std::ffi::OsStr;
use std::io;
use std::path::Path;
use std::process::{Command, Output};

use crate::format::{OcrError, OcrFormat, parse};
use crate::words::{OcrPage, PageImage};

/// The resolution a PDF's pages are rendered at for Tesseract.
pub const PDF_DPI: u32 = 300;

/// What kind of page image a path names, by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// A raster image Tesseract reads itself: PNG, TIFF, JPEG, PNM.
    Raster,
    /// A PDF, whose pages are rendered by `pdftoppm` first.
    Pdf,
}

impl ImageKind {
    /// The kind of the file at `path`, told by its extension (any case); `None` for a
    /// file that is no page image.
    pub fn of(path: &Path) -> Option<ImageKind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "png" | "tif" | "tiff" | "jpg" | "jpeg" | "pnm" | "pbm" | "pgm" | "ppm" => {
                Some(ImageKind::Raster)
            }
            "pdf" => Some(ImageKind::Pdf),
            _ => None,
        }
    }
}

/// Tesseract's name for the language of a dialect's two-letter code (`en`, `es`, …), as
/// its models are named (`eng`, `spa`, …); English for a code it has no model for.
pub fn tesseract_lang(code: &str) -> &'static str {
    match code {
        "es" => "spa",
        "pt" => "por",
        "fr" => "fra",
        "it" => "ita",
        "ca" => "cat",
        "de" => "deu",
        "eo" => "epo",
        "pl" => "pol",
        "nl" => "nld",
        "ru" => "rus",
        "cs" => "ces",
        _ => "eng",
    }
}

/// The pages of the page image at `path`, read by Tesseract with the language model
/// `lang` (`eng`, `spa`, `eng+fra`, …).
pub fn read_image(path: &Path, lang: &str) -> Result<Vec<OcrPage>, OcrError> {
    match ImageKind::of(path) {
        Some(ImageKind::Pdf) => read_pdf(path, lang),
        _ => tesseract(path, lang),
    }
}

/// The pages of a PDF: each rendered at [`PDF_DPI`] by `pdftoppm` into a temporary
/// folder, read by Tesseract, and numbered in the PDF's order.
fn read_pdf(path: &Path, lang: &str) -> Result<Vec<OcrPage>, OcrError> {
    let dir = tempfile::tempdir()?;
    let prefix = dir.path().join("page");
    run(
        Command::new("pdftoppm")
            .args(["-r", &PDF_DPI.to_string(), "-png"])
            .arg(path)
            .arg(&prefix),
        "pdftoppm",
        "poppler-utils",
    )?;
    let mut images: Vec<_> = std::fs::read_dir(dir.path())?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    // pdftoppm pads the page numbers to one width: the names sort in page order.
    images.sort();
    let mut pages = Vec::new();
    for image in images
        .iter()
        .filter(|p| p.extension() == Some(OsStr::new("png")))
    {
        pages.extend(tesseract(image, lang)?);
    }
    for (page, number) in pages.iter_mut().zip(1..) {
        page.number = number;
        // The scan is the PDF's page: the rendered image is gone with the folder.
        if let Some(image) = &mut page.image {
            image.path = path.to_string_lossy().into_owned();
            image.frame = number - 1;
        }
    }
    Ok(pages)
}

/// The pages Tesseract reads in one image file. The page is read as one block of rows
/// (`--psm 6`): Tesseract's own page segmentation reads a table's column of move numbers
/// as a line turned on its side, and loses the numbers; the rows of a move table are what
/// a book prints, and the layout finds columns from the words' boxes.
fn tesseract(image_path: &Path, lang: &str) -> Result<Vec<OcrPage>, OcrError> {
    let out = run(
        Command::new("tesseract")
            .arg(image_path)
            .arg("stdout")
            .args(["--psm", "6", "-l", lang, "hocr"]),
        "tesseract",
        "tesseract-ocr",
    )
    .map_err(|e| match e {
        OcrError::Tool { stderr, .. } if stderr.contains("Failed loading language") => {
            OcrError::Language {
                lang: lang.to_owned(),
            }
        }
        e => e,
    })?;
    let hocr = String::from_utf8(out.stdout)?;
    let mut pages = parse(OcrFormat::Hocr, &hocr)?;
    // Each page's scan is the image as given, whatever Tesseract's hOCR says of its name
    // (a multi-page TIFF's frame and the page's size are the hOCR's).
    for page in &mut pages {
        let image = page.image.get_or_insert_with(|| PageImage {
            path: String::new(),
            frame: 0,
            size: None,
        });
        image.path = image_path.to_string_lossy().into_owned();
    }
    Ok(pages)
}

/// Runs `command` (the program `tool`, from the Debian package `package`): its output when
/// it succeeds, else an error that names the package when the program is missing, and
/// what it said when it failed.
fn run(
    command: &mut Command,
    tool: &'static str,
    package: &'static str,
) -> Result<Output, OcrError> {
    let out = command.output().map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => OcrError::Missing { tool, package },
        _ => OcrError::Io(e),
    })?;
    if out.status.success() {
        return Ok(out);
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    Err(OcrError::Tool {
        tool,
        status: out.status.to_string(),
        stderr: stderr.trim().to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_images_are_told_by_their_extension_in_any_case() {
        for name in [
            "p.png",
            "P-001.PNG",
            "scan.tif",
            "scan.TIFF",
            "a.jpeg",
            "a.pgm",
        ] {
            assert_eq!(
                ImageKind::of(Path::new(name)),
                Some(ImageKind::Raster),
                "{name}"
            );
        }
        assert_eq!(ImageKind::of(Path::new("book.Pdf")), Some(ImageKind::Pdf));
        for name in ["book.txt", "page.hocr", "png", "a.png.txt", "alto.xml"] {
            assert_eq!(ImageKind::of(Path::new(name)), None, "{name}");
        }
    }

    #[test]
    fn a_dialect_language_names_the_tesseract_model_of_its_language() {
        assert_eq!(tesseract_lang("en"), "eng");
        assert_eq!(tesseract_lang("es"), "spa");
        assert_eq!(tesseract_lang("de"), "deu");
        assert_eq!(tesseract_lang("fig"), "eng");
    }
}
