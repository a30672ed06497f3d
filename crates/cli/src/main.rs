//! The `algebraic-hash` binary: see the crate README.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match algebraic_hash_cli::run(std::env::args_os(), &mut stdin.lock(), &mut out) {
        Ok(()) => match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("algebraic-hash: i/o error: {e}");
                ExitCode::from(2)
            }
        },
        Err(e) => {
            eprintln!("algebraic-hash: {e}");
            ExitCode::from(e.exit_status())
        }
    }
}
