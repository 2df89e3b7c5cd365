//! The escriba command line, as the end-to-end tests run it: the same `escriba::main` as
//! the installed binary.

fn main() -> std::process::ExitCode {
    escriba::main()
}
