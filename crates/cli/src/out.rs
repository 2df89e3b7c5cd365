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

/// True when stdout was closed when the process started. The Rust runtime then opens
/// `/dev/null` read-write on it, so that writes vanish without an error; a shell's
/// `>/dev/null` opens it write-only. Known on Linux only (elsewhere: false).
fn stdout_closed_at_start() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let on_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|t| t == Path::new("/dev/null"));
    on_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("flags:"))
                .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                .is_some_and(|flags| flags & 0o3 == 0o2)
        })
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
            if stdout_closed_at_start() {
                return Err(Error::io(
                    "-",
                    io::Error::other(
                        "stdout was closed when escriba started: the output would be lost \
                         (give a file with -o, or redirect stdout)",
                    ),
                ));
            }
            Ok(Out::Stdout(Stdout {
                w: BufWriter::new(io::stdout()),
                tolerant,
                closed: false,
            }))
        } else {
            OutputFile::create(path).map(Out::File)
        }
    }

    /// [`Out::open`] for the option `option`: an error opening the file names the option
    /// as well as the path.
    pub(crate) fn open_for(
        option: &'static str,
        path: &Path,
        tolerant: bool,
    ) -> Result<Out, Error> {
        Out::open(path, tolerant).map_err(|e| for_option(option, e))
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

/// An error opening the output of `option`, naming the option: `--output out.pgn: …`.
pub(crate) fn for_option(option: &'static str, e: Error) -> Error {
    match e {
        Error::Io { .. } => Error::Usage {
            option,
            message: e.to_string(),
        },
        other => other,
    }
}

/// A report for humans (`qa`, `compare`) to stdout: on a terminal, every control
/// character a book's text or file name brings is escaped ([`crate::console::visible`]);
/// into a pipe or a file it is written as it is.
pub(crate) fn print_report(text: &str) -> anyhow::Result<()> {
    use std::io::IsTerminal as _;
    if !io::stdout().is_terminal() {
        return print_out(text);
    }
    let shown: Vec<String> = text
        .split('\n')
        .map(|l| crate::console::visible(l).into_owned())
        .collect();
    print_out(&shown.join("\n"))
}

/// JSON text with every character a terminal does not show as itself that serde_json
/// writes raw (DEL, C1 controls, bidi controls: they can only be inside strings) written
/// as a `\uXXXX` escape: the same JSON, safe on a terminal.
pub(crate) fn json_visible(json: String) -> String {
    use std::fmt::Write as _;
    // C0 controls are escaped in strings by serde_json already: outside them they are
    // the layout's line breaks.
    let raw = |c: char| c >= ' ' && crate::console::is_hidden(c);
    if !json.chars().any(raw) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if raw(c) {
            // Outside the BMP no character is hidden, so one escape is enough.
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

/// Writes `text` to stdout; a reader that went away is no error (the verdict stands).
pub(crate) fn print_out(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
