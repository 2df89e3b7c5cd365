//! The `escriba` binary: see the library's `main`.

/// The allocator (but on MSVC, which jemalloc does not build for). A repair search makes
/// and drops many small buffers of many sizes (beams, readings, notes): jemalloc serves
/// them faster than the system allocator, for a few MB more at peak.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> std::process::ExitCode {
    escriba::main()
}
