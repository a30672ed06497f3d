#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]

pub mod element;
mod families;
pub mod registry;

use std::ffi::OsString;
use std::fmt;
use std::io::{Read, Write};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use crate::registry::{Instance, Op, OpError};

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "algebraic-hash",
    version,
    about = "Hash, permute and compress with any algebraic-hash instance"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Every instance name, one per line, with a short description.
    List,
    /// Full-width state in, state out.
    Permute(OpArgs),
    /// The instance's hash of a sequence of elements.
    Hash(OpArgs),
    /// The instance's 2-to-1 / (t-1)-to-1 compression.
    Compress(OpArgs),
    /// A short timing table of every family (criterion is the real measurement).
    Bench {
        /// Fewer repetitions: a smoke run.
        #[arg(long)]
        quick: bool,
    },
}

#[derive(Debug, Args)]
struct OpArgs {
    /// Instance name (see `list`).
    instance: String,
    /// Field elements, decimal or 0x-hex; read from stdin when none are given.
    elements: Vec<String>,
    /// Print 0x-prefixed lowercase hex instead of decimal.
    #[arg(long, conflicts_with = "json")]
    hex: bool,
    /// Print one JSON array of decimal strings.
    #[arg(long)]
    json: bool,
}

/// Why the CLI stopped; `Display` is the one-line message for stderr.
#[derive(Debug)]
pub enum CliError {
    /// The command line does not parse (unknown operation, flag, ...).
    Usage(String),
    /// No instance of that name.
    UnknownInstance {
        /// The name given.
        name: String,
        /// The closest valid names.
        suggestions: Vec<String>,
    },
    /// The instance has no such operation.
    UnsupportedOp {
        /// The instance.
        instance: String,
        /// The operation asked for.
        op: &'static str,
    },
    /// Bad input elements or counts.
    Input(OpError),
    /// Reading stdin or writing stdout failed.
    Io(std::io::Error),
}

impl fmt::Display for CliError {
    /// One line: control characters that came with the user's text (a
    /// newline in an argument, say) are shown escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = RawMessage(self).to_string();
        for c in message.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// The message of a [`CliError`] before control characters are escaped.
struct RawMessage<'a>(&'a CliError);

impl fmt::Display for RawMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            CliError::Usage(msg) => write!(f, "{msg}"),
            CliError::UnknownInstance { name, suggestions } => {
                write!(f, "unknown instance `{name}`")?;
                if !suggestions.is_empty() {
                    write!(f, "; closest: {}", suggestions.join(", "))?;
                }
                write!(f, " (`algebraic-hash list` prints all)")
            }
            CliError::UnsupportedOp { instance, op } => {
                write!(f, "instance `{instance}` has no `{op}` operation")
            }
            CliError::Input(OpError::Element { index, text, error }) => {
                let shown: String = text.chars().take(80).collect();
                let more = if shown.len() < text.len() { "…" } else { "" };
                write!(f, "element {} (`{shown}{more}`): {error}", index + 1)
            }
            CliError::Input(OpError::Input(error)) => write!(f, "{error}"),
            CliError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Io(e)
    }
}

/// Every instance, built once.
pub fn instances() -> &'static [Instance] {
    static ALL: OnceLock<Vec<Instance>> = OnceLock::new();
    ALL.get_or_init(families::all)
}

/// Edit distance, for suggesting instance names.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == *cb {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// The instance called `name`, or [`CliError::UnknownInstance`] with the
/// closest names (the Python and JavaScript bindings look names up here).
pub fn find(name: &str) -> Result<&'static Instance, CliError> {
    let all = instances();
    if let Some(i) = all.iter().find(|i| i.name == name) {
        return Ok(i);
    }
    Err(unknown_instance(name, all.iter().map(|i| i.name.as_str())))
}

/// [`CliError::UnknownInstance`] for `name`, with the closest of `names`
/// (the JavaScript package, one module per family, passes every family's
/// names here).
pub fn unknown_instance<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> CliError {
    let mut scored: Vec<(usize, &str)> =
        names.into_iter().map(|n| (distance(name, n), n)).collect();
    scored.sort();
    let suggestions = scored
        .iter()
        .take(3)
        .filter(|(d, _)| *d <= name.len().max(3))
        .map(|(_, n)| (*n).to_owned())
        .collect();
    CliError::UnknownInstance {
        name: name.to_owned(),
        suggestions,
    }
}

fn run_op(
    op: Op,
    args: OpArgs,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    let instance = find(&args.instance)?;
    if !instance.ops().any(|o| o == op) {
        return Err(CliError::UnsupportedOp {
            instance: instance.name.clone(),
            op: op.name(),
        });
    }
    let mut text = String::new();
    let inputs: Vec<&str> = if args.elements.is_empty() {
        stdin.read_to_string(&mut text)?;
        text.split_whitespace().collect()
    } else {
        args.elements.iter().map(String::as_str).collect()
    };
    let out = instance
        .run(op, &inputs)
        .expect("operation checked above")
        .map_err(CliError::Input)?;
    let mut buf = String::new();
    if args.json {
        let strings: Vec<String> = out.iter().map(|e| e.to_decimal()).collect();
        buf.push_str(&serde_json::to_string(&strings).expect("strings serialize"));
        buf.push('\n');
    } else {
        for e in &out {
            buf.push_str(&if args.hex { e.to_hex() } else { e.to_decimal() });
            buf.push('\n');
        }
    }
    stdout.write_all(buf.as_bytes())?;
    Ok(())
}

/// Mean time of `f`, or `None` if the operation refuses the benchmark input.
fn time_it(f: &(dyn Fn() -> bool + Send + Sync), budget: Duration) -> Option<Duration> {
    if !f() {
        return None;
    }
    let start = Instant::now();
    let mut runs = 0u32;
    while start.elapsed() < budget || runs < 3 {
        f();
        runs += 1;
    }
    Some(start.elapsed() / runs)
}

fn show(d: Duration) -> String {
    let ns = d.as_nanos();
    if ns < 10_000 {
        format!("{ns} ns")
    } else if ns < 10_000_000 {
        format!("{:.1} µs", ns as f64 / 1e3)
    } else {
        format!("{:.1} ms", ns as f64 / 1e6)
    }
}

fn bench(quick: bool, stdout: &mut dyn Write) -> Result<(), CliError> {
    let budget = Duration::from_millis(if quick { 5 } else { 200 });
    writeln!(
        stdout,
        "{:<28} {:>12} {:>12} {:>14}",
        "instance", "permute", "compress", "hash 10 KiB"
    )?;
    for instance in instances()
        .iter()
        .filter(|i| families::BENCHED.contains(&i.name.as_str()))
    {
        let cell = |op| {
            instance
                .bench_fn(op)
                .and_then(|f| time_it(f, budget))
                .map_or_else(|| "-".to_owned(), show)
        };
        let (p, c, h) = (cell(Op::Permute), cell(Op::Compress), cell(Op::Hash));
        writeln!(stdout, "{:<28} {p:>12} {c:>12} {h:>14}", instance.name)?;
    }
    writeln!(
        stdout,
        "(one thread, wall-clock mean; noisy: `cargo bench` in benches/ is the measurement)"
    )?;
    Ok(())
}

/// Runs the CLI on `args` (the program name first), reading elements from
/// `stdin` when none are given and writing results to `stdout`.
///
/// `--help` and `--version` are written to `stdout` and succeed.
pub fn run<I, T>(args: I, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    write!(stdout, "{}", e.render())?;
                    Ok(())
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Err(CliError::Usage(
                    "no operation given: list, permute, hash, compress or bench (see --help)"
                        .to_owned(),
                )),
                _ => {
                    // clap's message is several lines (message, details,
                    // usage, tip): keep what precedes the usage, on one line.
                    let rendered = e.render().to_string();
                    let parts: Vec<&str> = rendered
                        .lines()
                        .map(str::trim)
                        .take_while(|l| !l.starts_with("Usage:"))
                        .filter(|l| !l.is_empty() && !l.starts_with("tip:"))
                        .collect();
                    let line = parts.join(" ");
                    let line = line.trim_start_matches("error: ");
                    Err(CliError::Usage(if line.is_empty() {
                        "invalid arguments (see --help)".to_owned()
                    } else {
                        line.to_owned()
                    }))
                }
            };
        }
    };
    match cli.command {
        Command::List => {
            let mut buf = String::new();
            for i in instances() {
                buf.push_str(&format!("{:<28} {}\n", i.name, i.description));
            }
            stdout.write_all(buf.as_bytes())?;
            Ok(())
        }
        Command::Permute(a) => run_op(Op::Permute, a, stdin, stdout),
        Command::Hash(a) => run_op(Op::Hash, a, stdin, stdout),
        Command::Compress(a) => run_op(Op::Compress, a, stdin, stdout),
        Command::Bench { quick } => bench(quick, stdout),
    }
}
