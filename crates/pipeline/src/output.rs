//! Output files: atomic replacement for regular files, direct writes for everything else.
//!
//! A regular file (or a path that does not exist yet) is written to a temporary file in
//! the same directory and renamed over the target on [`OutputFile::commit`], so readers
//! never see half a file and a failed run leaves the old file intact. A target that exists
//! and is not a regular file — `/dev/null`, a FIFO, a terminal — is written directly:
//! renaming over a device node would replace it.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Result};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A file being written; see the module docs.
#[derive(Debug)]
pub struct OutputFile {
    target: PathBuf,
    /// The temporary file, for atomic writes.
    temp: Option<PathBuf>,
    file: Option<BufWriter<File>>,
}

impl OutputFile {
    /// Opens `path` for writing (atomically when it is or will be a regular file).
    pub fn create(path: &Path) -> Result<OutputFile> {
        let err = |e| Error::io(path, e);
        match fs::metadata(path) {
            Ok(m) if !m.is_file() => {
                let file = fs::OpenOptions::new().write(true).open(path).map_err(err)?;
                return Ok(OutputFile {
                    target: path.to_owned(),
                    temp: None,
                    file: Some(BufWriter::new(file)),
                });
            }
            Ok(_) | Err(_) => {}
        }
        // Write through a symlink to its target, keeping the link.
        let target = if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            fs::canonicalize(path).map_err(err)?
        } else {
            path.to_owned()
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "out".to_owned());
        let temp = dir.join(format!(
            ".{name}.escriba-{}-{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let file = File::create(&temp).map_err(err)?;
        Ok(OutputFile {
            target,
            temp: Some(temp),
            file: Some(BufWriter::new(file)),
        })
    }

    /// True when the file is written in place (not a regular file).
    pub fn is_direct(&self) -> bool {
        self.temp.is_none()
    }

    /// Flushes and, for atomic writes, renames the temporary file over the target.
    pub fn commit(mut self) -> Result<()> {
        let err = |e| Error::io(&self.target, e);
        let file = self.file.take().expect("file present until commit");
        let file = file.into_inner().map_err(|e| err(e.into_error()))?;
        if let Some(temp) = self.temp.take() {
            file.sync_all().map_err(err)?;
            drop(file);
            if let Err(e) = fs::rename(&temp, &self.target) {
                let _ = fs::remove_file(&temp);
                return Err(err(e));
            }
        }
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.as_mut().expect("open").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().expect("open").flush()
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // Not committed: leave the target untouched and remove the temporary file.
        if let Some(temp) = self.temp.take() {
            self.file.take();
            let _ = fs::remove_file(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("escriba-out-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn regular_file_is_replaced_atomically_on_commit() {
        let d = scratch("atomic");
        let p = d.join("games.pgn");
        fs::write(&p, "old").unwrap();
        let mut f = OutputFile::create(&p).unwrap();
        assert!(!f.is_direct());
        f.write_all(b"new").unwrap();
        f.flush().unwrap();
        assert_eq!(
            fs::read_to_string(&p).unwrap(),
            "old",
            "target untouched before commit"
        );
        f.commit().unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new");
        assert_eq!(
            fs::read_dir(&d).unwrap().count(),
            1,
            "no temporary file left"
        );
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn uncommitted_file_leaves_the_old_one_and_no_temp() {
        let d = scratch("abort");
        let p = d.join("x.csv");
        fs::write(&p, "old").unwrap();
        {
            let mut f = OutputFile::create(&p).unwrap();
            f.write_all(b"half").unwrap();
        }
        assert_eq!(fs::read_to_string(&p).unwrap(), "old");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn dev_null_is_written_directly_and_survives() {
        let p = Path::new("/dev/null");
        if !p.exists() {
            eprintln!("skipped: no /dev/null on this system");
            return;
        }
        let mut f = OutputFile::create(p).unwrap();
        assert!(f.is_direct());
        f.write_all(b"anything").unwrap();
        f.commit().unwrap();
        let m = fs::metadata(p).unwrap();
        assert!(!m.is_file(), "/dev/null must still be a device");
    }
}
