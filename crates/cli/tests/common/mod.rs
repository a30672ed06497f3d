//! Running the built binary, shared by the CLI's test files.

#![allow(dead_code)] // each test file uses a part

use std::io::Write;
use std::process::{Command, Stdio};

/// What one run of the binary gave.
pub struct Out {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary with `args`, `stdin` written to its standard input.
pub fn cli(args: &[&str], stdin: &str) -> Out {
    cli_bytes(args, stdin.as_bytes())
}

/// [`cli`] with any bytes on standard input.
pub fn cli_bytes(args: &[&str], stdin: &[u8]) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_algebraic-hash"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // Written from a thread, so a large input and a large output cannot
    // block each other; the binary may stop reading early (a bad line).
    let mut pipe = child.stdin.take().expect("stdin piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || match pipe.write_all(&stdin) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("stdin: {e}"),
        _ => {}
    });
    let out = child.wait_with_output().expect("binary finishes");
    writer.join().expect("stdin writer");
    Out {
        code: out.status.code().expect("exit status"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

/// The binary refuses `args`: exit 2, nothing on stdout, one line on stderr
/// containing `needle`, no panic.
pub fn assert_refused(args: &[&str], stdin: &str, needle: &str) {
    let out = cli(args, stdin);
    assert_eq!(
        out.code, 2,
        "{args:?}: exit status (stderr: {})",
        out.stderr
    );
    assert!(out.stdout.is_empty(), "{args:?}: printed {:?}", out.stdout);
    assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {:?}", out.stderr);
    assert!(
        out.stderr.contains(needle),
        "{args:?}: {:?} lacks {needle:?}",
        out.stderr
    );
    assert!(!out.stderr.contains("panicked"), "{args:?}: panic");
}

/// A small xorshift generator: inputs, not secrets.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
