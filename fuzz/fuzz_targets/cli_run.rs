//! The CLI's library entry point `algebraic_hash_cli::run(argv, stdin,
//! stdout)` on arbitrary command lines and standard input: argv mixes raw
//! strings with the real operations, instance names, flags and edge values
//! (0, p − 1, p, p + 1 of both fields, in decimal and hex) so that the fuzzer
//! reaches the element parsers and every instance. It must answer Ok or a
//! `CliError` whose message is one line, never panic. `bench` is left out:
//! it only times the instances (a second per call).

#![no_main]

use algebraic_hash_cli::{instances, run};
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Arg<'a> {
    Raw(&'a str),
    Op(u8),
    Instance(u8),
    Flag(u8),
    Small(u64),
    Edge(u8),
}

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    args: Vec<Arg<'a>>,
    stdin: &'a [u8],
}

const OPS: [&str; 7] = [
    "list",
    "permute",
    "hash",
    "compress",
    "help",
    "--help",
    "--version",
];
const FLAGS: [&str; 5] = ["--hex", "--json", "--", "-h", "-V"];
const GOLDILOCKS: u64 = 0xffff_ffff_0000_0001;
const BN254: &str = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
const BN254_HEX: &str = "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";

fn edge(k: u8) -> String {
    let bn_minus_one = BN254.replace("617", "616");
    let bn_plus_one = BN254.replace("617", "618");
    let edges = [
        "0".to_owned(),
        "1".to_owned(),
        (GOLDILOCKS - 1).to_string(),
        GOLDILOCKS.to_string(),
        (GOLDILOCKS + 1).to_string(),
        format!("{:#x}", GOLDILOCKS - 1),
        format!("{GOLDILOCKS:#x}"),
        u64::MAX.to_string(),
        bn_minus_one,
        BN254.to_owned(),
        bn_plus_one,
        BN254_HEX.to_owned(),
        BN254_HEX.replace("0000001", "0000000"),
        "0x".to_owned(),
        "-1".to_owned(),
        "9".repeat(100),
    ];
    edges[usize::from(k) % edges.len()].clone()
}

fuzz_target!(|input: Input| {
    let names = instances();
    let mut argv = vec!["algebraic-hash".to_owned()];
    for arg in &input.args {
        argv.push(match *arg {
            Arg::Raw(s) => s.to_owned(),
            Arg::Op(k) => OPS[usize::from(k) % OPS.len()].to_owned(),
            Arg::Instance(k) => names[usize::from(k) % names.len()].name.clone(),
            Arg::Flag(k) => FLAGS[usize::from(k) % FLAGS.len()].to_owned(),
            Arg::Small(v) => v.to_string(),
            Arg::Edge(k) => edge(k),
        });
    }
    if argv.iter().any(|a| a == "bench") {
        return;
    }
    let mut stdin = input.stdin;
    let mut stdout = Vec::new();
    match run(argv.iter(), &mut stdin, &mut stdout) {
        Ok(()) => {
            assert!(std::str::from_utf8(&stdout).is_ok(), "stdout is not UTF-8");
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty(), "empty error for {argv:?}");
            assert!(
                !message.contains('\n'),
                "multi-line error {message:?} for {argv:?}"
            );
        }
    }
});
