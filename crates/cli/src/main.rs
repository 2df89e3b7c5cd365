//! The `escriba` binary: see the library's `main`.

/// The allocator (but on MSVC, which jemalloc does not build for). A repair search makes
/// and drops many small buffers of many sizes (beams, readings, notes): jemalloc serves
/// them faster than the system allocator, for a few MB more at peak.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, which it reads before `main` (`_RJEM_MALLOC_CONF` in the environment
/// still overrides them): one arena for every thread. With `--jobs 2`, a chunk's games are
/// cut on one worker, processed on either and freed on either, and jemalloc gives what a
/// thread frees back to the arena of the thread that allocated it. With an arena per thread,
/// peak RSS grew with the input: 24 MB for 1 MB of text, 44 MB for 1 GB; with one, 22 MB and
/// 25 MB to 27 MB from 10 MB of text on. Small buffers keep their per-thread caches.
#[cfg(not(target_env = "msvc"))]
#[allow(unsafe_code)]
#[unsafe(export_name = "_rjem_malloc_conf")]
static MALLOC_CONF: &std::ffi::c_char = {
    // SAFETY: a pointer to the first byte of a NUL-terminated string that lives as long as
    // the program, which is what jemalloc's `malloc_conf` must be.
    unsafe { &*c"narenas:1".as_ptr() }
};

fn main() -> std::process::ExitCode {
    escriba::main()
}
