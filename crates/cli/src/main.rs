//! The `escriba` binary: see the library's `main`.

fn main() -> std::process::ExitCode {
    escriba::main()
}
