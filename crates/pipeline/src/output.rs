//! Output files: atomic replacement for regular files, direct writes for everything else.
//!
//! A regular file (or a path that does not exist yet) is written to a temporary file in
//! the same directory (made by the `tempfile` crate) and renamed over the target on
//! [`OutputFile::commit`], so readers never see half a file and a failed run leaves the old
//! file intact. A replaced file keeps its permissions; a new one gets those of any new file
//! (0666 less the umask). A target that exists and is not a regular file — `/dev/null`, a
//! FIFO, a terminal — is written directly: renaming over a device node would replace it.
//!
//! Every temporary file not yet committed is listed, so that a signal handler can remove
//! them all ([`remove_temporary_files`]) before the process exits.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, Result};

/// The bytes an output gathers before it writes them: a chunk's games in a few system
/// calls, not one for every few games.
const WRITE_BUFFER: usize = 1 << 18;

/// The temporary files of the outputs not yet committed.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn forget(path: &Path) {
    pending().retain(|p| p != path);
}

/// Removes every temporary file of an output not yet committed; returns how many were
/// removed. For signal handlers: the targets are left as they were.
pub fn remove_temporary_files() -> usize {
    let mut list = pending();
    let n = list.iter().filter(|p| fs::remove_file(p).is_ok()).count();
    list.clear();
    n
}

/// A file being written; see the module docs.
#[derive(Debug)]
pub struct OutputFile {
    target: PathBuf,
    /// The temporary file, for atomic writes, and the permissions to give it.
    temp: Option<(tempfile::TempPath, Option<fs::Permissions>)>,
    file: Option<BufWriter<File>>,
}

impl OutputFile {
    /// Opens `path` for writing (atomically when it is or will be a regular file).
    pub fn create(path: &Path) -> Result<OutputFile> {
        let err = |e| Error::io(path, e);
        let existing = match fs::metadata(path) {
            Ok(m) if !m.is_file() => {
                let file = fs::OpenOptions::new().write(true).open(path).map_err(err)?;
                return Ok(OutputFile {
                    target: path.to_owned(),
                    temp: None,
                    file: Some(BufWriter::with_capacity(WRITE_BUFFER, file)),
                });
            }
            Ok(m) => Some(m.permissions()),
            Err(_) => None,
        };
        // Write through a symlink to its target, keeping the link.
        let target = if fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            match fs::canonicalize(path) {
                Ok(t) => t,
                Err(_) => dangling_target(path).map_err(err)?,
            }
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
        let prefix = format!(".{name}.escriba-");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // As `File::create` would: 0666 less the umask.
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        // Listed before it exists, so that a signal cannot come between the two.
        let mut list = pending();
        let temp = builder.tempfile_in(&dir).map_err(err)?;
        let (file, temp) = temp.into_parts();
        list.push(temp.to_path_buf());
        drop(list);
        Ok(OutputFile {
            target,
            temp: Some((temp, existing)),
            file: Some(BufWriter::with_capacity(WRITE_BUFFER, file)),
        })
    }

    /// True when the file is written in place (not a regular file).
    #[cfg(test)]
    fn is_direct(&self) -> bool {
        self.temp.is_none()
    }

    /// Flushes and, for atomic writes, renames the temporary file over the target (which
    /// keeps the permissions it had).
    pub fn commit(mut self) -> Result<()> {
        let err = |e| Error::io(&self.target, e);
        let file = self.file.take().expect("file present until commit");
        let file = file.into_inner().map_err(|e| err(e.into_error()))?;
        if let Some((temp, perms)) = self.temp.take() {
            if let Some(p) = perms {
                file.set_permissions(p).map_err(err)?;
            }
            file.sync_all().map_err(err)?;
            drop(file);
            let path = temp.to_path_buf();
            // On failure the temporary path is dropped, which removes the file.
            let persisted = temp.persist(&self.target);
            forget(&path);
            persisted.map_err(|e| err(e.error))?;
        }
        Ok(())
    }
}

/// The file a dangling symlink points to, which is written (as a shell's `>` would) when
/// its folder exists; else an error that says so.
fn dangling_target(link: &Path) -> io::Result<PathBuf> {
    let to = fs::read_link(link)?;
    let target = match link.parent() {
        Some(d) if to.is_relative() => d.join(&to),
        _ => to,
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if dir.is_dir() {
        Ok(target)
    } else {
        Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "it is a symlink to {}, whose folder does not exist: create the folder, or \
                 remove the link",
                target.display()
            ),
        ))
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
        // Not committed: leave the target untouched; dropping the temporary path removes
        // the temporary file.
        if let Some((temp, _)) = self.temp.take() {
            self.file.take();
            let path = temp.to_path_buf();
            drop(temp);
            forget(&path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list of temporary files is global: tests that create or remove them run one
    /// at a time.
    static SERIAL: Mutex<()> = Mutex::new(());

    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A scratch folder, removed when dropped.
    fn scratch(name: &str) -> escriba_testkit::TempDir {
        escriba_testkit::TempDir::new(&format!("out-{name}"))
    }

    #[test]
    fn regular_file_is_replaced_atomically_on_commit() {
        let _serial = serial();
        let dir = scratch("atomic");
        let d = dir.path();
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
            fs::read_dir(d).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn uncommitted_file_leaves_the_old_one_and_no_temp() {
        let _serial = serial();
        let dir = scratch("abort");
        let d = dir.path();
        let p = d.join("x.csv");
        fs::write(&p, "old").unwrap();
        {
            let mut f = OutputFile::create(&p).unwrap();
            f.write_all(b"half").unwrap();
        }
        assert_eq!(fs::read_to_string(&p).unwrap(), "old");
        assert_eq!(fs::read_dir(d).unwrap().count(), 1);
    }

    #[test]
    fn temporary_files_are_listed_until_committed_and_can_be_removed() {
        let _serial = serial();
        let dir = scratch("pending");
        let d = dir.path();
        let p = d.join("a.pgn");
        let mut f = OutputFile::create(&p).unwrap();
        f.write_all(b"x").unwrap();
        assert_eq!(fs::read_dir(d).unwrap().count(), 1, "the temporary file");
        assert!(remove_temporary_files() >= 1);
        assert_eq!(fs::read_dir(d).unwrap().count(), 0, "removed");
        // Committing a file whose temporary file is gone is an error, not a panic.
        assert!(f.commit().is_err());
    }

    #[test]
    fn dev_null_is_written_directly_and_survives() {
        let _serial = serial();
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
