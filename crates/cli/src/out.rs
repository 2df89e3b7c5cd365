//! Where outputs go: stdout (tolerant of a reader that goes away, when other outputs are
//! being written) or an atomic output file.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use escriba_pipeline::{Error, OutputFile};

/// Stdout as an output. When `tolerant` (other outputs are being written), a reader that
/// goes away does not stop the run: the rest of this output is dropped, and `closed` says so.
pub(crate) struct Stdout {
    pub(crate) w: BufWriter<io::Stdout>,
    pub(crate) tolerant: bool,
    pub(crate) closed: bool,
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.w.write(buf) {
            Err(e) if self.tolerant && e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            other => other,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.w.flush() {
            Err(e) if self.tolerant && e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// An output: a file (committed at the end) or stdout.
pub(crate) enum Out {
    File(OutputFile),
    Stdout(Stdout),
}

impl Out {
    /// Opens `path` (`-` is stdout); `tolerant` as for [`Stdout`].
    pub(crate) fn open(path: &Path, tolerant: bool) -> Result<Out, Error> {
        if path.as_os_str() == "-" {
            Ok(Out::Stdout(Stdout {
                w: BufWriter::new(io::stdout()),
                tolerant,
                closed: false,
            }))
        } else {
            OutputFile::create(path).map(Out::File)
        }
    }

    /// True when this is stdout and its reader went away.
    pub(crate) fn closed(&self) -> bool {
        matches!(self, Out::Stdout(s) if s.closed)
    }

    pub(crate) fn commit(self) -> Result<(), Error> {
        match self {
            Out::File(f) => f.commit(),
            Out::Stdout(mut w) => w.flush().map_err(|e| Error::io("-", e)),
        }
    }
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::File(f) => f.write(buf),
            Out::Stdout(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::File(f) => f.flush(),
            Out::Stdout(w) => w.flush(),
        }
    }
}

/// Writes `text` to stdout; a reader that went away is no error (the verdict stands).
pub(crate) fn print_out(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
