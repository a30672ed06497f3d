#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]

pub mod element;
mod families;
pub mod registry;

#[cfg(any(feature = "circom", feature = "circom-wide"))]
pub use families::{CIRCOM_WIDTHS, circom_permute};

/// The root README's Rust example, compiled and run as a doctest of this
/// crate (which depends on every family); `scripts/readme/check.py` runs
/// the README's other blocks.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use crate::element::Element;
use crate::registry::{
    CapProofInput, CapProofRefusal, CapRefusal, Elements, Instance, MerkleProof, MerkleRefusal, Op,
    OpError, ProofInput, ProofRefusal,
};

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
    /// The Merkle root of the leaves (one digest a line) with the instance's
    /// 2-to-1 compression; with --proof a leaf's path, with --verify a check
    /// of proofs.
    Merkle(MerkleArgs),
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
    /// Field elements, decimal or 0x-hex, or one JSON array of them (as
    /// --json prints); read from stdin when none are given.
    #[arg(conflicts_with = "lines")]
    elements: Vec<String>,
    /// One input per line (from stdin or --input), one answer per line.
    #[arg(long)]
    lines: bool,
    /// Read the lines from FILE instead of stdin.
    #[arg(long, value_name = "FILE", requires = "lines")]
    input: Option<PathBuf>,
    #[command(flatten)]
    format: Format,
}

#[derive(Debug, Args)]
struct MerkleArgs {
    /// Instance name (see `list`); it needs a 2-to-1 compression.
    instance: String,
    /// Read the leaves (with --verify, the proofs) from FILE instead of
    /// stdin.
    #[arg(long, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Print the authentication path of leaf INDEX (0-based: the line's
    /// number less one) instead of the root: its root, leaf, siblings and
    /// their sides, the fields of a LeanIMT (Semaphore v4) proof.
    #[arg(long, value_name = "INDEX")]
    proof: Option<usize>,
    /// Check proofs instead of building a tree: one JSON object a line
    /// with LeanIMT's fields (as `--proof INDEX --json` prints them; a
    /// one-element digest may be a bare number) or the lines `--proof
    /// INDEX` prints (with --cap-height: plonky2's proofs to a cap),
    /// `valid` or `invalid` printed for each; the exit status is 1 if any
    /// is invalid.
    #[arg(long, conflicts_with_all = ["proof", "hex", "json"])]
    verify: bool,
    /// Plonky2's capped tree (poseidon-plonky2): each line a leaf of any
    /// number of elements (a matrix row, hashed by hash_or_noop; four
    /// elements are their own digest), a power-of-two count of them; print
    /// the cap, the 2^H nodes H levels below the root, one a line (with
    /// --proof: the leaf's siblings up to the cap, and the cap).
    #[arg(long, value_name = "H", conflicts_with = "verify")]
    cap_height: Option<usize>,
    #[command(flatten)]
    format: Format,
}

#[derive(Debug, Args)]
struct Format {
    /// Print 0x-prefixed lowercase hex instead of decimal.
    #[arg(long, conflicts_with = "json")]
    hex: bool,
    /// Print one JSON array of decimal strings (with --lines: one a line).
    #[arg(long)]
    json: bool,
}

impl Format {
    /// One answer: one element a line, or one JSON array.
    fn write_answer(&self, out: &[Element], buf: &mut String) {
        if self.json {
            buf.push_str(&self.json_array(out));
            buf.push('\n');
        } else {
            for e in out {
                buf.push_str(&self.element(e));
                buf.push('\n');
            }
        }
    }

    /// One answer on one line: elements separated by spaces, or one JSON
    /// array.
    fn write_line(&self, out: &[Element], buf: &mut String) {
        if self.json {
            buf.push_str(&self.json_array(out));
        } else {
            let texts: Vec<String> = out.iter().map(|e| self.element(e)).collect();
            buf.push_str(&texts.join(" "));
        }
        buf.push('\n');
    }

    fn element(&self, e: &Element) -> String {
        if self.hex { e.to_hex() } else { e.to_decimal() }
    }

    fn json_array(&self, out: &[Element]) -> String {
        serde_json::to_string(&decimals(out)).expect("strings serialize")
    }

    /// One `label: elements` line of a proof's text form.
    fn write_labelled(&self, label: &str, d: &[Element], buf: &mut String) {
        buf.push_str(label);
        buf.push_str(": ");
        let texts: Vec<String> = d.iter().map(|e| self.element(e)).collect();
        buf.push_str(&texts.join(" "));
        buf.push('\n');
    }

    /// A Merkle proof: one JSON object with LeanIMT's fields (`root`,
    /// `leaf`, `index`, `siblings`), or one line per field (`sibling: ` one
    /// a line, bottom first), elements separated by spaces.
    fn write_proof(&self, proof: &MerkleProof, buf: &mut String) {
        let top = Top::Root(proof.root.as_slice());
        self.write_path(top, &proof.leaf, proof.sides_bits(), &proof.siblings, buf);
    }

    /// A proof's fields: one JSON object (`root`, or plonky2's `cap` of
    /// many digests, then `leaf`, `index` and `siblings`), or one line per
    /// field (`cap: ` and `sibling: ` one a line, bottom first).
    fn write_path(
        &self,
        top: Top<&[Element], &[Vec<Element>]>,
        leaf: &[Element],
        index: u64,
        siblings: &[Vec<Element>],
        buf: &mut String,
    ) {
        let all = |ds: &[Vec<Element>]| ds.iter().map(|d| decimals(d)).collect::<Vec<_>>();
        if self.json {
            let (name, top) = match top {
                Top::Root(root) => ("root", serde_json::json!(decimals(root))),
                Top::Cap(cap) => ("cap", serde_json::json!(all(cap))),
            };
            let mut object = serde_json::Map::new();
            object.insert(name.to_owned(), top);
            object.insert("leaf".to_owned(), serde_json::json!(decimals(leaf)));
            object.insert("index".to_owned(), serde_json::json!(index));
            object.insert("siblings".to_owned(), serde_json::json!(all(siblings)));
            buf.push_str(&serde_json::Value::Object(object).to_string());
            buf.push('\n');
        } else {
            match top {
                Top::Root(root) => self.write_labelled("root", root, buf),
                Top::Cap(cap) => {
                    for node in cap {
                        self.write_labelled("cap", node, buf);
                    }
                }
            }
            self.write_labelled("leaf", leaf, buf);
            buf.push_str(&format!("index: {index}\n"));
            for sibling in siblings {
                self.write_labelled("sibling", sibling, buf);
            }
        }
    }
}

/// Elements as decimal texts (the JSON forms').
fn decimals(d: &[Element]) -> Vec<String> {
    d.iter().map(Element::to_decimal).collect()
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
    /// Bad input on line `line` (1-based) of a `--lines` or `merkle` input.
    Line {
        /// The line number.
        line: usize,
        /// What is wrong with it.
        error: OpError,
    },
    /// `merkle` was given no leaves.
    NoLeaves,
    /// `merkle --proof` was given a leaf index past the end.
    Merkle(algebraic_hash::MerkleError),
    /// A proof to check was refused (the bindings' `verify` calls).
    Proof(ProofRefusal),
    /// `merkle --verify`: line `line` (1-based) is not a proof it can check.
    ProofLine {
        /// The line number.
        line: usize,
        /// What is wrong with it.
        problem: ProofProblem,
    },
    /// `merkle --verify` was given no proof.
    NoProofs,
    /// `merkle --verify` found proofs that do not lead to their roots (exit
    /// status 1, not 2: the input was read, the answer is no).
    ProofsInvalid {
        /// Proofs that do not lead to their roots.
        invalid: usize,
        /// Proofs checked.
        checked: usize,
    },
    /// `merkle --cap-height`: the tree was refused as the ecosystem's
    /// library refuses it (leaf count, cap height, leaf index).
    Cap(Box<dyn std::error::Error + Send + Sync>),
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
            CliError::Input(error) => write_op_error(f, error),
            CliError::Line { line, error } => {
                write!(f, "line {line}: ")?;
                write_op_error(f, error)
            }
            CliError::NoLeaves => write!(f, "no leaves: a Merkle tree needs at least one"),
            CliError::Merkle(e) => write!(f, "{e}"),
            CliError::Proof(refusal) => write_proof_refusal(f, refusal),
            CliError::ProofLine { line, problem } => {
                write!(f, "line {line}: ")?;
                match problem {
                    ProofProblem::Shape(what) => write!(f, "not a Merkle proof: {what}"),
                    ProofProblem::Refused(refusal) => write_proof_refusal(f, refusal),
                    ProofProblem::CapRefused(CapProofRefusal::Digest { part, error }) => {
                        write!(f, "{part}: ")?;
                        write_op_error(f, error)
                    }
                    ProofProblem::CapRefused(CapProofRefusal::Tree(e)) => write!(f, "{e}"),
                }
            }
            CliError::NoProofs => write!(f, "no proofs to check"),
            CliError::ProofsInvalid { invalid, checked } => {
                write!(f, "{invalid} of {checked} proofs invalid")
            }
            CliError::Cap(e) => write!(f, "{e}"),
            CliError::Io(e) => write!(f, "i/o error: {e}"),
        }
    }
}

fn write_op_error(f: &mut fmt::Formatter<'_>, error: &OpError) -> fmt::Result {
    match error {
        OpError::Element { index, text, error } => {
            let shown: String = text.chars().take(80).collect();
            let more = if shown.len() < text.len() { "…" } else { "" };
            write!(f, "element {} (`{shown}{more}`): {error}", index + 1)
        }
        OpError::Input(error) => write!(f, "{error}"),
    }
}

fn write_proof_refusal(f: &mut fmt::Formatter<'_>, refusal: &ProofRefusal) -> fmt::Result {
    match refusal {
        ProofRefusal::Digest { part, error } => {
            write!(f, "{part}: ")?;
            write_op_error(f, error)
        }
        ProofRefusal::Sides { index, siblings } => write!(
            f,
            "proof index {index} has a bit set beyond its {siblings} siblings"
        ),
    }
}

impl std::error::Error for CliError {}

impl CliError {
    /// The process's exit status for this error: 1 when proofs were checked
    /// and some are invalid, 2 for everything else (bad input or usage,
    /// i/o).
    pub fn exit_status(&self) -> u8 {
        match self {
            CliError::ProofsInvalid { .. } => 1,
            _ => 2,
        }
    }
}

/// Why a line of `merkle --verify` is not a proof it can check.
#[derive(Debug)]
pub enum ProofProblem {
    /// Not a JSON object with LeanIMT's fields (what is wrong, in words).
    Shape(String),
    /// Read, but refused by the instance.
    Refused(ProofRefusal),
    /// A proof to a cap, read, but refused by the instance.
    CapRefused(CapProofRefusal),
}

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

/// How many of `query`'s words (split at `-` and `_`, any case) are not
/// words of `name`: `plonky2-poseidon` misses none of `poseidon-plonky2`,
/// which an edit distance alone ranks far away.
fn missing_words(query: &str, name: &str) -> usize {
    let words = |s: &str| {
        s.split(['-', '_'])
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect::<Vec<_>>()
    };
    let have = words(name);
    words(query).iter().filter(|w| !have.contains(w)).count()
}

/// [`CliError::UnknownInstance`] for `name`, with the closest of `names`:
/// first those with every word of `name` (in any order), then by edit
/// distance (the JavaScript package, one module per family, passes every
/// family's names here).
pub fn unknown_instance<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> CliError {
    let mut scored: Vec<(usize, usize, &str)> = names
        .into_iter()
        .map(|n| (missing_words(name, n), distance(name, n), n))
        .collect();
    scored.sort();
    let suggestions = scored
        .iter()
        .take(3)
        .filter(|(missing, d, _)| *missing == 0 || *d <= name.len().max(3))
        .map(|(_, _, n)| (*n).to_owned())
        .collect();
    CliError::UnknownInstance {
        name: name.to_owned(),
        suggestions,
    }
}

/// The instance called `name`, if it has operation `op`.
fn find_with(name: &str, op: &'static str, has: bool) -> Result<&'static Instance, CliError> {
    let instance = find(name)?;
    if has {
        Ok(instance)
    } else {
        Err(CliError::UnsupportedOp {
            instance: instance.name.clone(),
            op,
        })
    }
}

fn run_op(
    op: Op,
    args: OpArgs,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    let instance = find(&args.instance)?;
    let instance = find_with(&instance.name, op.name(), instance.ops().any(|o| o == op))?;
    if args.lines {
        let mut reader = open_input(args.input.as_deref(), stdin)?;
        return run_lines(instance, op, &args.format, &mut *reader, stdout);
    }
    let mut text = String::new();
    let inputs: Vec<&str> = if args.elements.is_empty() {
        stdin.read_to_string(&mut text)?;
        words(&text)
    } else if args.elements[0].starts_with('[') {
        // A JSON array, perhaps split into several arguments by the shell.
        text = args.elements.join(" ");
        words(&text)
    } else {
        args.elements.iter().map(String::as_str).collect()
    };
    let out = instance
        .run(op, &inputs)
        .expect("operation checked above")
        .map_err(CliError::Input)?;
    let mut buf = String::new();
    args.format.write_answer(&out, &mut buf);
    stdout.write_all(buf.as_bytes())?;
    Ok(())
}

/// Lines handed to one batch call: enough for the batch paths to pay off,
/// few enough to keep memory flat on any input size. A power of two: the
/// Merkle root is built from subtrees of this many leaves.
const LINES_PER_BATCH: usize = 4096;

/// `FILE`, or standard input.
fn open_input<'a>(
    path: Option<&Path>,
    stdin: &'a mut dyn Read,
) -> Result<Box<dyn BufRead + 'a>, CliError> {
    Ok(match path {
        Some(path) => Box::new(BufReader::new(File::open(path).map_err(|e| {
            CliError::Io(std::io::Error::new(
                e.kind(),
                format!("{}: {e}", path.display()),
            ))
        })?)),
        None => Box::new(BufReader::new(stdin)),
    })
}

/// Reads up to [`LINES_PER_BATCH`] lines into `lines` (cleared first);
/// returns the bytes read.
fn read_batch(reader: &mut dyn BufRead, lines: &mut Vec<String>) -> Result<usize, CliError> {
    lines.clear();
    let mut bytes = Vec::new();
    let mut total = 0;
    while lines.len() < LINES_PER_BATCH {
        bytes.clear();
        let n = reader.read_until(b'\n', &mut bytes)?;
        if n == 0 {
            break;
        }
        total += n;
        // Bytes that are not UTF-8 become U+FFFD, never a digit or a
        // space: the line is refused as a malformed number, in its turn.
        let line = String::from_utf8_lossy(&bytes).into_owned();
        lines.push(line);
    }
    Ok(total)
}

fn split(lines: &[String]) -> Vec<Vec<&str>> {
    lines.iter().map(|l| words(l)).collect()
}

/// The element texts of one input: its whitespace-separated words, or, when
/// the whole input is a JSON array (`[…]`, as `--json` prints an answer),
/// its comma-separated items, each a number or a number in double quotes.
/// Nothing else of JSON is read: any other item (empty, nested, escaped)
/// goes to the number parser as it stands and is refused there with its
/// position, and so is an input that opens a bracket it does not close.
fn words(text: &str) -> Vec<&str> {
    let text = text.trim();
    match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        Some(items) if items.trim().is_empty() => Vec::new(),
        Some(items) => items
            .split(',')
            .map(|item| {
                let item = item.trim();
                item.strip_prefix('"')
                    .and_then(|i| i.strip_suffix('"'))
                    .unwrap_or(item)
            })
            .collect(),
        None => text.split_whitespace().collect(),
    }
}

/// `--lines`: each batch of lines through the instance's batch call. On a
/// bad line the answers of the lines before it are printed, then the error.
fn run_lines(
    instance: &Instance,
    op: Op,
    format: &Format,
    reader: &mut dyn BufRead,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    let mut lines = Vec::new();
    let mut done = 0;
    loop {
        read_batch(reader, &mut lines)?;
        if lines.is_empty() {
            return Ok(());
        }
        let words = split(&lines);
        let inputs: Vec<&[&str]> = words.iter().map(Vec::as_slice).collect();
        let run = |inputs: &[&[&str]]| instance.run_many(op, inputs).expect("operation checked");
        let (answers, refused) = match run(&inputs) {
            Ok(answers) => (answers, None),
            Err(e) => {
                let before = run(&inputs[..e.input]).expect("the inputs before were accepted");
                (before, Some(e))
            }
        };
        let mut buf = String::new();
        for answer in &answers {
            format.write_line(answer, &mut buf);
        }
        stdout.write_all(buf.as_bytes())?;
        if let Some(e) = refused {
            return Err(CliError::Line {
                line: done + e.input + 1,
                error: e.error,
            });
        }
        done += lines.len();
    }
}

/// Leaves from which `merkle` shows a progress bar (when standard error is
/// a terminal).
#[cfg(not(target_family = "wasm"))]
const PROGRESS_FROM: usize = 1 << 16;

/// `merkle`'s progress bar on standard error, drawn only when that is a
/// terminal and the input has reached [`PROGRESS_FROM`] leaves: bytes of
/// FILE read, or leaves read from standard input (whose size is unknown).
/// Not on wasm, which has no terminal.
#[cfg_attr(target_family = "wasm", allow(dead_code))]
struct Progress {
    file_len: Option<u64>,
    shown: bool,
    #[cfg(not(target_family = "wasm"))]
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(file_len: Option<u64>) -> Self {
        Self {
            file_len,
            shown: std::io::stderr().is_terminal(),
            #[cfg(not(target_family = "wasm"))]
            bar: None,
        }
    }

    #[cfg(target_family = "wasm")]
    fn update(&mut self, _leaves: usize, _bytes: usize) {}

    #[cfg(not(target_family = "wasm"))]
    fn update(&mut self, leaves: usize, bytes: usize) {
        use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
        if !self.shown || leaves < PROGRESS_FROM {
            return;
        }
        let file_len = self.file_len;
        let bar = self.bar.get_or_insert_with(|| {
            let template = match file_len {
                Some(_) => "{bar:40} {bytes}/{total_bytes} {elapsed} {msg}",
                None => "{spinner} {msg} {elapsed}",
            };
            ProgressBar::with_draw_target(file_len, ProgressDrawTarget::stderr())
                .with_style(ProgressStyle::with_template(template).expect("valid template"))
        });
        bar.set_position(bytes as u64);
        bar.set_message(format!("{leaves} leaves"));
    }

    fn finish(self) {
        #[cfg(not(target_family = "wasm"))]
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `merkle`: the root of [`MerkleTree`](algebraic_hash::MerkleTree) over the
/// leaves. It reads [`LINES_PER_BATCH`] leaves at a time and keeps only
/// each batch's root: a full batch is a complete subtree (its size is a
/// power of two) whose root is the tree's node above it, and the last,
/// shorter batch's root is the node its leaves carry up, so the tree over
/// the batch roots has the root of the tree over all leaves (a test checks
/// it against one `MerkleTree` of every leaf). With `--proof`, the path of
/// the leaf in its batch's subtree, then that of its batch's root in the
/// tree over the batch roots: together, its path in the whole tree (the
/// levels a short last batch's root is carried up have no sibling).
fn merkle(args: MerkleArgs, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<(), CliError> {
    let instance = find(&args.instance)?;
    let instance = find_with(
        &instance.name,
        "merkle (2-to-1 compression)",
        instance.has_merkle_root(),
    )?;
    if args.verify {
        let mut reader = open_input(args.input.as_deref(), stdin)?;
        return verify_proofs(instance, &mut *reader, stdout);
    }
    if let Some(cap_height) = args.cap_height {
        return merkle_cap(&args, cap_height, stdin, stdout);
    }
    let file_len = match &args.input {
        Some(path) => std::fs::metadata(path).ok().map(|m| m.len()),
        None => None,
    };
    let mut reader = open_input(args.input.as_deref(), stdin)?;
    let mut progress = Progress::new(file_len);
    let mut lines = Vec::new();
    let mut roots: Vec<Vec<String>> = Vec::new();
    let mut in_batch: Option<MerkleProof> = None;
    let (mut done, mut bytes) = (0, 0);
    loop {
        bytes += read_batch(&mut *reader, &mut lines)?;
        if lines.is_empty() {
            break;
        }
        let words = split(&lines);
        let leaves: Vec<&[&str]> = words.iter().map(Vec::as_slice).collect();
        let bad_line = |e: registry::BatchError| CliError::Line {
            line: done + e.input + 1,
            error: e.error,
        };
        // The batch that holds the proof's leaf: its tree built once, for
        // the leaf's path and the batch root together.
        let root = match args
            .proof
            .filter(|i| (done..done + lines.len()).contains(i))
        {
            Some(i) => {
                let proof = (instance.merkle_proof(&leaves, i - done))
                    .expect("checked above")
                    .map_err(|refusal| match refusal {
                        MerkleRefusal::Leaf(e) => bad_line(e),
                        MerkleRefusal::Index(e) => CliError::Merkle(e),
                    })?;
                let root = proof.root.clone();
                in_batch = Some(proof);
                root
            }
            None => (instance.merkle_root(&leaves))
                .expect("checked above")
                .map_err(bad_line)?,
        };
        roots.push(root.iter().map(Element::to_decimal).collect());
        done += lines.len();
        progress.update(done, bytes);
    }
    progress.finish();
    if roots.is_empty() {
        return Err(CliError::NoLeaves);
    }
    // The tree over the batch roots (one of them: that root itself).
    let words: Vec<Vec<&str>> = roots
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect();
    let top: Vec<&[&str]> = words.iter().map(Vec::as_slice).collect();
    let mut buf = String::new();
    if let Some(index) = args.proof {
        let mut proof = in_batch.ok_or(CliError::Merkle(
            algebraic_hash::MerkleError::IndexOutOfRange {
                index,
                leaves: done,
            },
        ))?;
        let above = instance
            .merkle_proof(&top, index / LINES_PER_BATCH)
            .and_then(Result::ok)
            .expect("batch roots are canonical digests, one per batch");
        proof.root = above.root;
        proof.siblings.extend(above.siblings);
        proof.sides.extend(above.sides);
        args.format.write_proof(&proof, &mut buf);
    } else {
        let root = instance
            .merkle_root(&top)
            .expect("checked above")
            .expect("batch roots are canonical digests");
        args.format.write_answer(&root, &mut buf);
    }
    stdout.write_all(buf.as_bytes())?;
    Ok(())
}

/// `merkle --cap-height`: Plonky2's capped tree over every line (a leaf of
/// any length), built in memory (its leaves are rows, kept whole for the
/// proof), then its cap, or with `--proof` the leaf's proof to the cap.
fn merkle_cap(
    args: &MerkleArgs,
    cap_height: usize,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    let instance = find(&args.instance)?;
    let instance = find_with(
        &instance.name,
        "merkle --cap-height (Plonky2's capped trees: poseidon-plonky2)",
        instance.has_merkle_caps(),
    )?;
    let mut reader = open_input(args.input.as_deref(), stdin)?;
    let (mut lines, mut batch) = (Vec::new(), Vec::new());
    loop {
        read_batch(&mut *reader, &mut batch)?;
        if batch.is_empty() {
            break;
        }
        lines.append(&mut batch);
    }
    let words = split(&lines);
    let rows: Vec<Elements<'_>> = words.iter().map(|w| Elements::Texts(w)).collect();
    let answer = (instance.merkle_cap(&rows, cap_height, args.proof))
        .expect("checked above")
        .map_err(|refusal| match refusal {
            CapRefusal::Leaf(e) => CliError::Line {
                line: e.input + 1,
                error: e.error,
            },
            CapRefusal::Tree(e) => CliError::Cap(e),
        })?;
    let mut buf = String::new();
    match (&answer.proof, args.proof) {
        (Some(proof), Some(index)) => args.format.write_path(
            Top::Cap(&answer.cap),
            &proof.leaf,
            index as u64,
            &proof.siblings,
            &mut buf,
        ),
        _ => {
            for node in &answer.cap {
                args.format.write_line(node, &mut buf);
            }
        }
    }
    stdout.write_all(buf.as_bytes())?;
    Ok(())
}

/// `merkle --verify`: each proof checked, `valid` or `invalid` printed for
/// it. A proof is one JSON line, or `--proof`'s text form: a `root:` line,
/// then `leaf:`, `index:` and one `sibling:` line per level, up to the
/// next `root:`, JSON or blank line. On input that is not a proof, the
/// answers before it are printed, then the error.
fn verify_proofs(
    instance: &Instance,
    reader: &mut dyn BufRead,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    let mut tally = Tally::default();
    let mut open: Option<TextProof> = None;
    let mut bytes = Vec::new();
    let result = (|| {
        for line in 1.. {
            bytes.clear();
            if reader.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim();
            let label = text
                .split_once(':')
                .map(|(label, rest)| (label.trim(), rest));
            // A `cap:` line after the first of a proof's cap lines is more
            // of that cap.
            let more_cap = matches!(label, Some(("cap", _)))
                && open.as_ref().is_some_and(TextProof::reads_cap);
            let starts_proof = text.is_empty()
                || text.starts_with('{')
                || matches!(label, Some(("root" | "cap", _))) && !more_cap;
            if starts_proof && let Some(proof) = open.take() {
                tally.record(instance, proof.first_line, proof.finish(), stdout)?;
            }
            match label {
                _ if text.is_empty() => {}
                _ if text.starts_with('{') => {
                    tally.record(instance, line, json_proof(text), stdout)?;
                }
                Some(("root", rest)) => open = Some(TextProof::new(line, Top::Root(rest))),
                Some(("cap", rest)) if !more_cap => {
                    open = Some(TextProof::new(line, Top::Cap(rest)));
                }
                _ if open.is_some() => {
                    let (label, rest) = label.unwrap_or((text, ""));
                    let proof = open.as_mut().expect("matched");
                    proof
                        .read(label, rest)
                        .map_err(|problem| CliError::ProofLine { line, problem })?;
                }
                _ => {
                    return Err(CliError::ProofLine {
                        line,
                        problem: ProofProblem::Shape(
                            "expected a JSON object, or a `root:` (or `cap:`) line starting the \
                             text form --proof prints"
                                .to_owned(),
                        ),
                    });
                }
            }
        }
        if let Some(proof) = open.take() {
            tally.record(instance, proof.first_line, proof.finish(), stdout)?;
        }
        Ok(())
    })();
    stdout.write_all(tally.buf.as_bytes())?;
    result?;
    match (tally.checked, tally.invalid) {
        (0, _) => Err(CliError::NoProofs),
        (_, 0) => Ok(()),
        (checked, invalid) => Err(CliError::ProofsInvalid { invalid, checked }),
    }
}

/// The answers of `merkle --verify` so far, written out in blocks.
#[derive(Default)]
struct Tally {
    buf: String,
    checked: usize,
    invalid: usize,
}

impl Tally {
    /// Checks the proof read at `line` and records the answer; a proof that
    /// could not be read or checked is the error for that line.
    fn record(
        &mut self,
        instance: &Instance,
        line: usize,
        proof: Result<ProofTexts, ProofProblem>,
        stdout: &mut dyn Write,
    ) -> Result<(), CliError> {
        let valid = proof
            .and_then(|proof| proof.check(instance))
            .map_err(|problem| CliError::ProofLine { line, problem })?;
        self.checked += 1;
        self.invalid += usize::from(!valid);
        self.buf
            .push_str(if valid { "valid\n" } else { "invalid\n" });
        if self.buf.len() >= 1 << 16 {
            stdout.write_all(self.buf.as_bytes())?;
            self.buf.clear();
        }
        Ok(())
    }
}

/// A proof as `merkle --verify` read it, each digest as its elements'
/// texts (the instance's parser reads them): LeanIMT's fields, or with a
/// cap instead of a root, plonky2's proof to a cap.
struct ProofTexts {
    top: Top<Vec<String>, Vec<Vec<String>>>,
    leaf: Vec<String>,
    index: u64,
    siblings: Vec<Vec<String>>,
}

/// What a proof leads to: a root, or (Plonky2's trees) a cap.
enum Top<R, C> {
    Root(R),
    Cap(C),
}

impl ProofTexts {
    /// Whether the proof leads to its root (from its leaf on the sides its
    /// index gives) or to its cap (from leaf `index`).
    fn check(&self, instance: &Instance) -> Result<bool, ProofProblem> {
        let leaf = as_strs(&self.leaf);
        let siblings: Vec<Vec<&str>> = self.siblings.iter().map(|s| as_strs(s)).collect();
        let siblings: Vec<Elements<'_>> = siblings.iter().map(|s| Elements::Texts(s)).collect();
        match &self.top {
            Top::Root(root) => {
                let root = as_strs(root);
                let proof = ProofInput {
                    root: Elements::Texts(&root),
                    leaf: Elements::Texts(&leaf),
                    index: self.index,
                    siblings,
                };
                (instance.verify_merkle_proof(&proof))
                    .expect("merkle checked the compression")
                    .map_err(ProofProblem::Refused)
            }
            Top::Cap(cap) => {
                let cap: Vec<Vec<&str>> = cap.iter().map(|d| as_strs(d)).collect();
                let no_caps = || {
                    ProofProblem::Shape(format!(
                        "a proof to a cap, and `{}` has no capped trees (poseidon-plonky2 has)",
                        instance.name
                    ))
                };
                let proof = CapProofInput {
                    cap: cap.iter().map(|d| Elements::Texts(d)).collect(),
                    leaf: Elements::Texts(&leaf),
                    index: usize::try_from(self.index).map_err(|_| {
                        ProofProblem::Shape(format!("`index` {} does not fit usize", self.index))
                    })?,
                    siblings,
                };
                (instance.verify_cap_proof(&proof))
                    .ok_or_else(no_caps)?
                    .map_err(ProofProblem::CapRefused)
            }
        }
    }
}

/// A proof in `--proof`'s text form, read line by line from its `root:`
/// (or its first `cap:`).
struct TextProof {
    first_line: usize,
    top: Top<Vec<String>, Vec<Vec<String>>>,
    leaf: Option<Vec<String>>,
    index: Option<u64>,
    siblings: Vec<Vec<String>>,
}

impl TextProof {
    fn new(first_line: usize, top: Top<&str, &str>) -> Self {
        TextProof {
            first_line,
            top: match top {
                Top::Root(root) => Top::Root(digest_words(root)),
                Top::Cap(node) => Top::Cap(vec![digest_words(node)]),
            },
            leaf: None,
            index: None,
            siblings: Vec::new(),
        }
    }

    /// Whether a `cap:` line now is more of this proof's cap.
    fn reads_cap(&self) -> bool {
        matches!(self.top, Top::Cap(_)) && self.leaf.is_none()
    }

    /// One line after `root:` (or the first `cap:`), in the order --proof
    /// writes them.
    fn read(&mut self, label: &str, rest: &str) -> Result<(), ProofProblem> {
        let shape = |what: &str| Err(ProofProblem::Shape(what.to_owned()));
        match (label, &mut self.top) {
            ("cap", Top::Cap(cap)) if self.leaf.is_none() => cap.push(digest_words(rest)),
            ("leaf", _) if self.leaf.is_none() => self.leaf = Some(digest_words(rest)),
            ("index", _) if self.leaf.is_some() && self.index.is_none() => {
                let index = rest.trim().parse().map_err(|_| {
                    ProofProblem::Shape("`index:`: expected a non-negative integer".to_owned())
                })?;
                self.index = Some(index);
            }
            ("sibling", _) if self.index.is_some() => self.siblings.push(digest_words(rest)),
            ("leaf" | "index" | "sibling", _) => {
                return shape(
                    "expected `root:` (or `cap:` lines), `leaf:`, `index:`, then `sibling:` lines",
                );
            }
            _ => return shape("expected a `leaf:`, `index:` or `sibling:` line"),
        }
        Ok(())
    }

    fn finish(self) -> Result<ProofTexts, ProofProblem> {
        let top = match self.top {
            Top::Root(_) => "root",
            Top::Cap(_) => "cap",
        };
        let missing = |what: &str| ProofProblem::Shape(format!("no `{what}:` line after `{top}:`"));
        Ok(ProofTexts {
            leaf: self.leaf.ok_or_else(|| missing("leaf"))?,
            index: self.index.ok_or_else(|| missing("index"))?,
            top: self.top,
            siblings: self.siblings,
        })
    }
}

/// A digest's element texts on a line of the text form (read as the
/// elements of an input are: [`words`]).
fn digest_words(text: &str) -> Vec<String> {
    words(text).into_iter().map(str::to_owned).collect()
}

/// One JSON line of `merkle --verify`: an object with LeanIMT's fields (or
/// a `cap` instead of a `root`: plonky2's proof to a cap). Read as raw
/// values, so that a bare number keeps its digits: a digest element may be
/// far above 2^64 (Semaphore's proofs, Python's `json.dumps` of ints),
/// which a parsed JSON number would round to a float.
fn json_proof(text: &str) -> Result<ProofTexts, ProofProblem> {
    use serde_json::value::RawValue;
    let shape = |what: String| ProofProblem::Shape(what);
    let whole: &RawValue = serde_json::from_str(text).map_err(|e| shape(format!("JSON: {e}")))?;
    if !whole.get().trim_start().starts_with('{') {
        return Err(shape("expected a JSON object".to_owned()));
    }
    let object: BTreeMap<String, &RawValue> =
        serde_json::from_str(whole.get()).map_err(|e| shape(format!("JSON: {e}")))?;
    let field = |name: &str| {
        object
            .get(name)
            .copied()
            .ok_or_else(|| shape(format!("no `{name}` field")))
    };
    let index = serde_json::from_str::<u64>(field("index")?.get())
        .map_err(|_| shape("`index`: expected a non-negative integer".to_owned()))?;
    let digests = |raw: &RawValue, what: &str, one: &str| {
        serde_json::from_str::<Vec<&RawValue>>(raw.get())
            .map_err(|_| shape(format!("`{what}`: expected an array of digests")))?
            .into_iter()
            .enumerate()
            .map(|(k, d)| digest_texts(d, &format!("{one} {}", k + 1)))
            .collect::<Result<Vec<_>, _>>()
    };
    let top = match object.get("cap") {
        Some(cap) => Top::Cap(digests(cap, "cap", "cap node")?),
        None => Top::Root(digest_texts(field("root")?, "root")?),
    };
    Ok(ProofTexts {
        top,
        leaf: digest_texts(field("leaf")?, "leaf")?,
        index,
        siblings: digests(field("siblings")?, "siblings", "sibling")?,
    })
}

fn as_strs(texts: &[String]) -> Vec<&str> {
    texts.iter().map(String::as_str).collect()
}

/// A digest of a JSON proof as element texts: an array of numbers or
/// strings (the elements' texts, read by the instance's parser: a number
/// as written, so that one with a fraction or an exponent is refused
/// there), or one number or string (a one-element digest, as Semaphore
/// writes them).
fn digest_texts(
    value: &serde_json::value::RawValue,
    what: &str,
) -> Result<Vec<String>, ProofProblem> {
    use serde_json::value::RawValue;
    let element = |raw: &RawValue| -> Option<String> {
        let text = raw.get();
        match text.as_bytes().first()? {
            b'"' => serde_json::from_str::<String>(text).ok(),
            b'-' | b'0'..=b'9' => Some(text.to_owned()),
            _ => None,
        }
    };
    let texts = if value.get().starts_with('[') {
        serde_json::from_str::<Vec<&RawValue>>(value.get())
            .ok()
            .and_then(|items| items.into_iter().map(element).collect())
    } else {
        element(value).map(|t| vec![t])
    };
    texts.ok_or_else(|| {
        ProofProblem::Shape(format!(
            "`{what}`: expected numbers or strings (one, or an array)"
        ))
    })
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
                    "no operation given: list, permute, hash, compress, merkle or bench (see --help)"
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
        Command::Merkle(a) => merkle(a, stdin, stdout),
        Command::Bench { quick } => bench(quick, stdout),
    }
}
