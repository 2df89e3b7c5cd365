//! Crops of page scans: for a doubtful ply (or the token a game stopped at) whose word an
//! OCR file or a page image placed, the part of the page around the word, shown beside
//! the text with the word outlined. What the OCR engine saw is what settles most doubts.
//!
//! The run's JSONL names each such word's page scan (`image`: `{path, frame, size}`) and
//! its box. Each scan is decoded once, every crop it gives is cut, and the scan is let go:
//! a page costs its pixels while its crops are made, not for the whole page. The crops go
//! into the page as PNG `data:` addresses, so the page stays one file that works offline.
//!
//! PNG, JPEG, PNM and (the first page of) TIFF are decoded here; a PDF's page is rendered
//! by poppler's `pdftoppm` at the resolution the run read it at. A scan that cannot be
//! read gives no crop and a note that says why; the page is written all the same.

use std::collections::HashMap;
use std::io::{Cursor, Read as _};
use std::path::{Path, PathBuf};
use std::process::Command;

use base64::Engine as _;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, Rgb, RgbImage};
use serde::Deserialize;

/// The most bytes of a scan file the page reads (a 600-dpi colour page is far less).
const MAX_SCAN_BYTES: u64 = 256 << 20;
/// The most pixels a decoded scan may hold (about 25,000 × 20,000).
const MAX_SCAN_ALLOC: u64 = 1 << 30;
/// The widest crop the page shows, in pixels; a wider one is scaled down.
const MAX_CROP_WIDTH: u32 = 720;
/// The resolution at which `escriba transcribe` renders a PDF's pages for Tesseract, and
/// so the one its boxes are in.
const PDF_DPI: u32 = 300;

/// A page's scan, as the JSONL names it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ScanIn {
    /// The file, as the run could open it.
    pub path: String,
    /// The page's 0-based index in the file.
    #[serde(default)]
    pub frame: u32,
    /// The page's size in the box's units, when the OCR file gives it.
    #[serde(default)]
    pub size: Option<[f64; 2]>,
}

/// Where a word stands on a page: the fields of a ply or of `failure_place` that the crop
/// reads.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct PlaceIn {
    /// The word's box, `[x0, y0, x1, y1]`, in the OCR file's units.
    #[serde(rename = "box", default)]
    pub bbox: Option<[f64; 4]>,
    /// The scan of the word's page.
    #[serde(default)]
    pub image: Option<ScanIn>,
}

/// Which spot of which game a crop is for: the source, the game, the 1-based ply, and
/// whether it is the token the game stopped at.
pub(crate) type SpotKey = (String, u64, usize, bool);

/// A crop as a PNG `data:` address, or why there is none.
pub(crate) type Crop = std::result::Result<String, String>;

/// How the names of scans are trusted.
pub(crate) enum Trust<'a> {
    /// The names of a run that has just read them: as named, else under this folder.
    Run(Option<&'a Path>),
    /// A JSONL read back from disk: only the sources whose size and SHA-256 it records
    /// and that passed that check (`read`, real paths: a page image is its own scan), tried
    /// as named and then under `base`. A scan an OCR file names has no digest in the
    /// JSONL, so a JSONL could name any image with it: it is not read.
    Verified { read: &'a [PathBuf], base: &'a Path },
}

/// The crops of every spot of `spots` whose word has a box on a named scan.
pub(crate) fn crops(
    spots: impl Iterator<Item = (SpotKey, PlaceIn)>,
    trust: &Trust<'_>,
) -> HashMap<SpotKey, Crop> {
    // The spots by scan page (file and frame): each word's key, box and page size.
    type Words = Vec<(SpotKey, [f64; 4], Option<[f64; 2]>)>;
    let mut by_scan: HashMap<(String, u32), Words> = HashMap::new();
    for (key, place) in spots {
        if let (Some(bbox), Some(scan)) = (place.bbox, &place.image) {
            by_scan
                .entry((scan.path.clone(), scan.frame))
                .or_default()
                .push((key, bbox, scan.size));
        }
    }
    let mut out = HashMap::new();
    for ((path, frame), spots) in by_scan {
        match open_scan(&path, frame, trust) {
            Ok(page) => {
                for (key, bbox, size) in spots {
                    out.insert(key, crop(&page, bbox, size));
                }
            }
            Err(why) => {
                for (key, ..) in spots {
                    out.insert(key, Err(format!("no scan shown: `{path}`: {why}")));
                }
            }
        }
    }
    out
}

/// The file a scan's name leads to, under `trust`.
fn locate(name: &str, trust: &Trust<'_>) -> std::result::Result<PathBuf, String> {
    let relative = Path::new(name).is_relative();
    let gone = || "the file is no longer there".to_owned();
    match trust {
        Trust::Run(alt) => {
            let mut tries = vec![PathBuf::from(name)];
            if let Some(b) = alt.filter(|_| relative) {
                tries.push(b.join(name));
            }
            tries.into_iter().find(|p| p.is_file()).ok_or_else(gone)
        }
        Trust::Verified { read, base } => {
            let mut tries = vec![PathBuf::from(name)];
            if relative {
                tries.push(base.join(name));
            }
            let real = tries
                .iter()
                .find_map(|p| std::fs::canonicalize(p).ok())
                .ok_or_else(gone)?;
            if read.contains(&real) {
                Ok(real)
            } else {
                Err(
                    "it is not a source of the run that the JSONL vouches for (a scan an \
                     OCR file names shows on the run's own page, `transcribe --html`)"
                        .to_owned(),
                )
            }
        }
    }
}

/// The page `frame` of the scan named `name`, decoded.
fn open_scan(
    name: &str,
    frame: u32,
    trust: &Trust<'_>,
) -> std::result::Result<DynamicImage, String> {
    let path = locate(name, trust)?;
    let is_pdf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdf"));
    let bytes = if is_pdf {
        render_pdf_page(&path, frame)?
    } else {
        if frame > 0 {
            return Err(format!(
                "it is page {} of a multi-page file, and only a file's first page is shown",
                frame + 1
            ));
        }
        read_bounded(&path)?
    };
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?;
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_SCAN_ALLOC);
    reader.limits(limits);
    reader
        .decode()
        .map_err(|e| format!("it cannot be read as an image: {e}"))
}

/// The bytes of a regular file of at most [`MAX_SCAN_BYTES`].
fn read_bounded(path: &Path) -> std::result::Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    // The file opened is checked, not the name: a name swapped for a device is not read.
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("it is not a regular file".to_owned());
    }
    if meta.len() > MAX_SCAN_BYTES {
        return Err(format!("it is larger than {} MiB", MAX_SCAN_BYTES >> 20));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SCAN_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Page `frame` (0-based) of a PDF, rendered by `pdftoppm` as PNG.
fn render_pdf_page(path: &Path, frame: u32) -> std::result::Result<Vec<u8>, String> {
    let page = (frame + 1).to_string();
    let out = Command::new("pdftoppm")
        .args(["-f", &page, "-l", &page, "-r", &PDF_DPI.to_string()])
        .args(["-png", "-singlefile"])
        .arg(path)
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                "a PDF's page is drawn by pdftoppm: install the package poppler-utils".to_owned()
            }
            _ => e.to_string(),
        })?;
    if !out.status.success() || out.stdout.is_empty() {
        return Err(format!(
            "pdftoppm could not draw page {page}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(out.stdout)
}

/// The crop of `page` around the word at `bbox` (in units of which the page measures
/// `size`, else in pixels): the word with a margin of a line above and below and a few
/// words' width on each side, the word outlined, as a PNG `data:` address.
fn crop(page: &DynamicImage, bbox: [f64; 4], size: Option<[f64; 2]>) -> Crop {
    let (width, height) = (page.width(), page.height());
    let (sx, sy) = match size {
        Some([w, h]) if w > 0.0 && h > 0.0 => (f64::from(width) / w, f64::from(height) / h),
        _ => (1.0, 1.0),
    };
    let [x0, y0, x1, y1] = bbox;
    let word = [x0 * sx, y0 * sy, x1 * sx, y1 * sy];
    if !word.iter().all(|v| v.is_finite()) || word[2] < word[0] || word[3] < word[1] {
        return Err("the word's box is not a box".to_owned());
    }
    let line = (word[3] - word[1]).max(8.0);
    let clamp_x = |v: f64| v.clamp(0.0, f64::from(width)) as u32;
    let clamp_y = |v: f64| v.clamp(0.0, f64::from(height)) as u32;
    let (cx0, cx1) = (clamp_x(word[0] - 8.0 * line), clamp_x(word[2] + 8.0 * line));
    let (cy0, cy1) = (clamp_y(word[1] - 1.5 * line), clamp_y(word[3] + 1.5 * line));
    if cx1 <= cx0 || cy1 <= cy0 {
        return Err("the word's box lies outside its page's scan".to_owned());
    }
    let mut out: RgbImage = page.crop_imm(cx0, cy0, cx1 - cx0, cy1 - cy0).to_rgb8();
    outline(
        &mut out,
        [
            word[0] - f64::from(cx0) - 2.0,
            word[1] - f64::from(cy0) - 2.0,
            word[2] - f64::from(cx0) + 2.0,
            word[3] - f64::from(cy0) + 2.0,
        ],
    );
    if out.width() > MAX_CROP_WIDTH {
        let h = (u64::from(out.height()) * u64::from(MAX_CROP_WIDTH) / u64::from(out.width()))
            .max(1) as u32;
        out = image::imageops::resize(
            &out,
            MAX_CROP_WIDTH,
            h,
            image::imageops::FilterType::Triangle,
        );
    }
    let mut png = Vec::new();
    DynamicImage::ImageRgb8(out)
        .write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    ))
}

/// Draws a red frame two pixels wide along `[x0, y0, x1, y1]` (clipped to the image).
fn outline(img: &mut RgbImage, [x0, y0, x1, y1]: [f64; 4]) {
    const RED: Rgb<u8> = Rgb([220, 30, 30]);
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    let (x0, y0, x1, y1) = (x0 as i64, y0 as i64, x1 as i64, y1 as i64);
    let mut put = |x: i64, y: i64| {
        if (0..w).contains(&x) && (0..h).contains(&y) {
            img.put_pixel(x as u32, y as u32, RED);
        }
    };
    for t in 0..2 {
        for x in x0..=x1 {
            put(x, y0 + t);
            put(x, y1 - t);
        }
        for y in y0..=y1 {
            put(x0 + t, y);
            put(x1 - t, y);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white page with a black word box at (100, 50)–(160, 70).
    fn page() -> DynamicImage {
        let mut img = RgbImage::from_pixel(400, 300, Rgb([255, 255, 255]));
        for x in 100..160 {
            for y in 50..70 {
                img.put_pixel(x, y, Rgb([0, 0, 0]));
            }
        }
        DynamicImage::ImageRgb8(img)
    }

    fn decoded(crop: &Crop) -> RgbImage {
        let uri = crop.as_ref().expect("a crop");
        let b64 = uri
            .strip_prefix("data:image/png;base64,")
            .expect("a PNG data address");
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .unwrap();
        image::load_from_memory(&png).unwrap().to_rgb8()
    }

    #[test]
    fn the_crop_holds_the_word_outlined_with_a_margin_of_lines_around_it() {
        let c = decoded(&crop(&page(), [100.0, 50.0, 160.0, 70.0], None));
        // A line is 20 px: 1.5 lines above (from y 20) and below (to y 100); 8 lines each
        // side, clipped at the page's left edge (x 0 to 320).
        assert_eq!((c.width(), c.height()), (320, 80));
        // The word's ink, at its place in the crop.
        assert_eq!(*c.get_pixel(130, 40), Rgb([0, 0, 0]));
        // The frame, two pixels outside the word's box.
        assert_eq!(*c.get_pixel(98, 40), Rgb([220, 30, 30]));
        // Paper elsewhere.
        assert_eq!(*c.get_pixel(10, 5), Rgb([255, 255, 255]));
    }

    #[test]
    fn a_box_in_other_units_is_scaled_by_the_page_size_the_file_gives() {
        // The OCR file measures the page 800 × 600 (twice the pixels): the box is halved.
        let c = decoded(&crop(
            &page(),
            [200.0, 100.0, 320.0, 140.0],
            Some([800.0, 600.0]),
        ));
        assert_eq!((c.width(), c.height()), (320, 80));
        assert_eq!(*c.get_pixel(130, 40), Rgb([0, 0, 0]));
    }

    #[test]
    fn a_box_off_the_page_or_not_a_box_gives_a_reason_not_a_crop() {
        assert!(crop(&page(), [900.0, 900.0, 950.0, 950.0], None).is_err());
        assert!(crop(&page(), [f64::NAN, 0.0, 1.0, 1.0], None).is_err());
        assert!(crop(&page(), [50.0, 50.0, 10.0, 60.0], None).is_err());
    }

    #[test]
    fn a_read_back_page_reads_no_scan_but_the_sources_the_jsonl_vouches_for() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let books = root.join("books");
        std::fs::create_dir(&books).unwrap();
        page().save(books.join("p1.png")).unwrap();
        page().save(books.join("p2.png")).unwrap();
        page().save(root.join("secret.png")).unwrap();
        let read = [books.join("p1.png")];
        let trust = Trust::Verified {
            read: &read,
            base: &books,
        };
        assert!(open_scan("p1.png", 0, &trust).is_ok());
        let secret = root.join("secret.png");
        for name in ["p2.png", "../secret.png", secret.to_str().unwrap()] {
            let e = open_scan(name, 0, &trust).unwrap_err();
            assert!(e.contains("not a source of the run"), "{name}: {e}");
        }
        let e = open_scan("gone.png", 0, &trust).unwrap_err();
        assert!(e.contains("no longer"), "{e}");
    }

    #[test]
    fn a_file_that_is_no_image_gives_a_reason() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("p1.png");
        std::fs::write(&p, b"not a png at all").unwrap();
        let e = open_scan(p.to_str().unwrap(), 0, &Trust::Run(None)).unwrap_err();
        assert!(e.contains("cannot be read as an image"), "{e}");
    }
}
