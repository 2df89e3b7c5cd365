//! Headless Chromium for the tests that open a review page in a browser: where it is, how
//! it runs on a page (its DOM or a screenshot), and a page's `file://` address.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use escriba_testkit::TempDir;

/// Headless Chromium, where installed.
pub fn chromium() -> Option<PathBuf> {
    let found = std::env::var_os("ESCRIBA_CHROMIUM")
        .map(PathBuf::from)
        .into_iter()
        .chain(["/usr/bin/chromium", "/usr/bin/chromium-browser"].map(PathBuf::from))
        .find(|p| p.exists());
    if found.is_none() {
        crate::common::absent("Chromium (/usr/bin/chromium)");
    }
    found
}

/// Runs headless Chromium on `url` with `extra` arguments; returns its stdout, or `None`
/// (with a notice) when the browser could not run at all.
fn browse(browser: &Path, url: &str, extra: &[&str]) -> Option<String> {
    let profile = TempDir::new("chromium-profile");
    let out = TempDir::new("chromium-out");
    let stdout = std::fs::File::create(out.path().join("stdout")).unwrap();
    let mut child = Command::new(browser)
        .args(escriba_review::HEADLESS_CHROMIUM)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let start = Instant::now();
    loop {
        if child.try_wait().ok()?.is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not finish with {url} in 120 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let dom = std::fs::read_to_string(out.path().join("stdout")).unwrap_or_default();
    if !dom.contains("<html") && extra.contains(&"--dump-dom") {
        crate::common::absent("a Chromium that runs here");
        return None;
    }
    Some(dom)
}

/// The page at `url` as it stands once its scripts have run (Chromium's `--dump-dom`), or
/// `None` (with a notice) when the browser could not run.
pub fn dom_after_scripts(browser: &Path, url: &str) -> Option<String> {
    browse(browser, url, &["--virtual-time-budget=10000", "--dump-dom"])
}

/// The `file://` address of the file at `p`.
pub fn file_url(p: &Path) -> String {
    format!("file://{}", p.canonicalize().unwrap().display())
}

/// A screenshot of the page at `url` as Chromium draws it in a window of `size` pixels
/// (width, height), or `None` (with a notice) when the browser could not take one.
pub fn screenshot(browser: &Path, url: &str, size: [u32; 2]) -> Option<image::RgbImage> {
    let out = TempDir::new("chromium-shot");
    let png = out.path().join("shot.png");
    let window = format!("--window-size={},{}", size[0], size[1]);
    let to = format!("--screenshot={}", png.display());
    browse(browser, url, &[&window, &to, "--virtual-time-budget=10000"])?;
    match image::open(&png) {
        Ok(shot) => Some(shot.to_rgb8()),
        Err(_) => {
            crate::common::absent("a Chromium that takes screenshots here");
            None
        }
    }
}
