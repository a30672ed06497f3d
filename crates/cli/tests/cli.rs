//! Runs the built `algebraic-hash` binary against the vector files of
//! `test-vectors/` (answers from independent implementations), in every
//! output format and from argv and stdin, and on every class of bad input.

mod common;

use std::collections::BTreeSet;

use common::{assert_refused, cli};

use algebraic_hash::Error;
use algebraic_hash_cli::registry::{BatchError, Elements, Op, OpError};
use serde_json::Value;

fn vector_file(rel: &str) -> Value {
    let path = format!("{}/../../test-vectors/{rel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("vector file is JSON")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_str().expect("string").to_owned())
        .collect()
}

/// Decimal string to `0x` hex, by schoolbook division (independent of the
/// binary's own formatting code).
fn dec_to_hex(dec: &str) -> String {
    let mut digits: Vec<u32> = dec.bytes().map(|b| u32::from(b - b'0')).collect();
    let mut hex = Vec::new();
    while digits.iter().any(|&d| d != 0) {
        let mut rem = 0;
        for d in digits.iter_mut() {
            let cur = rem * 10 + *d;
            *d = cur / 16;
            rem = cur % 16;
        }
        hex.push(char::from_digit(rem, 16).expect("hex digit"));
    }
    if hex.is_empty() {
        hex.push('0');
    }
    format!("0x{}", hex.iter().rev().collect::<String>())
}

/// Decimal string to `n` little-endian 64-bit limbs (by way of
/// [`dec_to_hex`]).
fn dec_to_limbs(dec: &str, n: usize) -> Vec<u64> {
    let hex = dec_to_hex(dec);
    let digits = hex.trim_start_matches("0x").as_bytes();
    let mut limbs: Vec<u64> = digits
        .rchunks(16)
        .map(|chunk| {
            u64::from_str_radix(std::str::from_utf8(chunk).expect("ascii"), 16).expect("hex")
        })
        .collect();
    assert!(limbs.len() <= n, "{dec} does not fit {n} limbs");
    limbs.resize(n, 0);
    limbs
}

/// A vector-file function checked through a CLI instance and operation.
struct Mapping {
    file: String,
    function: &'static str,
    instance: String,
    op: Op,
    /// Only cases with this `b` (Jive arity), if set.
    jive_b: Option<u64>,
}

fn mappings() -> Vec<Mapping> {
    let mut m = Vec::new();
    let mut add = |file: &str, function: &'static str, instance: &str, op: Op| {
        m.push(Mapping {
            file: file.to_owned(),
            function,
            instance: instance.to_owned(),
            op,
            jive_b: (function == "jive").then_some(2),
        })
    };
    add(
        "rescue/rp64_256.json",
        "apply_permutation",
        "rp64-256",
        Op::Permute,
    );
    add(
        "rescue/rp64_256.json",
        "hash_elements",
        "rp64-256",
        Op::Hash,
    );
    add("rescue/rp64_256.json", "merge", "rp64-256", Op::Compress);
    for (file, name) in [
        ("rescue/rpo256.json", "rpo256"),
        ("rescue/rpx256.json", "rpx256"),
    ] {
        add(file, "apply_permutation", name, Op::Permute);
        add(file, "hash_elements", name, Op::Hash);
        add(file, "merge", name, Op::Compress);
    }
    for t in 2..=17 {
        let file = format!("poseidon/circom_t{t}.json");
        let name = format!("poseidon-t{t}");
        add(&file, "permutation", &name, Op::Permute);
        add(&file, "poseidon", &name, Op::Hash);
        add(&file, "poseidon", &name, Op::Compress);
        add(&file, "poseidon", "poseidon", Op::Hash);
    }
    let poseidon2_widths = |set: &str| match set {
        "old" => &[2, 3, 4][..],
        _ => &[2, 3, 4, 8, 12, 16][..],
    };
    for set in ["old", "new"] {
        for &t in poseidon2_widths(set) {
            let file = format!("poseidon/poseidon2_{set}_t{t}.json");
            let name = format!("poseidon2-{set}-t{t}");
            add(&file, "permutation", &name, Op::Permute);
            add(&file, "compress", &name, Op::Compress);
            add(&file, "hash_elements", &name, Op::Hash);
        }
    }
    for (field, widths) in [
        ("babybear", &[16, 24][..]),
        ("koalabear", &[16, 24]),
        ("mersenne31", &[16, 24]),
        ("goldilocks", &[8, 12, 16]),
    ] {
        for width in widths {
            let file = format!("poseidon2-small/plonky3-{field}-{width}.json");
            let name = format!("poseidon2-plonky3-{field}-{width}");
            add(&file, "permute", &name, Op::Permute);
            add(&file, "hash", &name, Op::Hash);
            add(&file, "compress", &name, Op::Compress);
        }
    }
    for (file, name) in [
        (
            "risc0/poseidon2-babybear-24.json",
            "poseidon2-risc0-babybear-24",
        ),
        (
            "sp1/poseidon2-koalabear-16.json",
            "poseidon2-sp1-koalabear-16",
        ),
        (
            "sp1/poseidon2-babybear-16.json",
            "poseidon2-sp1v5-babybear-16",
        ),
        (
            "openvm/poseidon2-babybear-16.json",
            "poseidon2-openvm-babybear-16",
        ),
    ] {
        add(file, "permute", name, Op::Permute);
        add(file, "hash", name, Op::Hash);
        add(file, "compress", name, Op::Compress);
    }
    let plonky2 = "plonky2/poseidon.json";
    add(plonky2, "permute", "poseidon-plonky2", Op::Permute);
    add(plonky2, "hash_no_pad", "poseidon-plonky2", Op::Hash);
    add(plonky2, "two_to_one", "poseidon-plonky2", Op::Compress);
    add(
        plonky2,
        "hash_or_noop",
        "poseidon-plonky2-hash-or-noop",
        Op::Hash,
    );
    let starknet = "starknet/poseidon.json";
    add(
        starknet,
        "hades_permutation",
        "starknet-poseidon",
        Op::Permute,
    );
    add(starknet, "hash", "starknet-poseidon", Op::Compress);
    add(starknet, "hash_many", "starknet-poseidon", Op::Hash);
    add("tip5/tip5.json", "permute", "tip5", Op::Permute);
    add("tip5/tip5.json", "hash", "tip5", Op::Hash);
    add("tip5/tip5.json", "compress", "tip5", Op::Compress);
    add("tip5/merkle.json", "compress", "tip5", Op::Compress);
    add(
        "poseidon/lean_imt.json",
        "compress",
        "poseidon-t3",
        Op::Compress,
    );
    add("tip5/mmr.json", "compress", "tip5", Op::Compress);
    for field in ["pallas", "vesta"] {
        let file = format!("orchard/p128pow5t3_{field}.json");
        let name = format!("orchard-poseidon-{field}");
        add(&file, "permute", &name, Op::Permute);
        add(&file, "hash", &name, Op::Compress);
        add(&file, "hash", &name, Op::Hash);
    }
    for name in ["kimchi", "legacy"] {
        let file = format!("mina/{name}.json");
        let instance = format!("mina-poseidon-{name}");
        add(&file, "permute", &instance, Op::Permute);
        add(&file, "hash", &instance, Op::Hash);
        add(&file, "compress", &instance, Op::Compress);
    }
    let dusk = "dusk/dusk_poseidon.json";
    add(dusk, "hash_merkle2", "dusk-poseidon", Op::Compress);
    add(dusk, "hash_other", "dusk-poseidon", Op::Hash);
    add(dusk, "hash_merkle4", "dusk-poseidon-merkle4", Op::Compress);
    for name in ["dusk-poseidon", "dusk-poseidon-merkle4"] {
        add("dusk/permutation.json", "permute", name, Op::Permute);
    }
    for arity in [2, 4, 8, 11] {
        for suffix in ["", "_strengthened"] {
            let file = format!("filecoin/neptune_a{arity}{suffix}.json");
            let name = format!("filecoin-poseidon-{arity}{}", suffix.replace('_', "-"));
            add(&file, "permute", &name, Op::Permute);
            add(&file, "merkle_tree", &name, Op::Compress);
            add(&file, "hash_constant_length", &name, Op::Hash);
        }
    }
    for rate in [2, 4, 8] {
        let file = format!("aleo/poseidon{rate}.json");
        let name = format!("aleo-poseidon{rate}");
        add(&file, "permute", &name, Op::Permute);
        add(&file, "hash", &name, Op::Hash);
    }
    for (dir, prefix) in [("crypto2023", "anemoi"), ("eprint2022", "anemoi2022")] {
        for field in [
            "bls12_377",
            "bls12_381",
            "bn254",
            "bn254_fr",
            "ed_on_bls12_377",
            "jubjub",
            "pallas",
            "vesta",
        ] {
            for cells in [2, 4, 6, 8, 12] {
                let name = format!("{prefix}-{}-{cells}", field.replace('_', "-"));
                let file = format!("anemoi/{dir}/{field}-{cells}.generated.json");
                add(&file, "permutation", &name, Op::Permute);
                add(&file, "jive", &name, Op::Compress);
                add(&file, "hash_elements", &name, Op::Hash);
                let published = format!("anemoi/{dir}/{field}-{cells}.reference.json");
                let path = format!(
                    "{}/../../test-vectors/{published}",
                    env!("CARGO_MANIFEST_DIR")
                );
                if std::path::Path::new(&path).exists() {
                    // noah's BN254 Fr file has Jive_4 only (the CLI's
                    // compress is Jive_2).
                    let text = std::fs::read_to_string(&path).expect("vector file");
                    if text.contains("\"b\":2") {
                        add(&published, "jive", &name, Op::Compress);
                    }
                    add(&published, "hash_elements", &name, Op::Hash);
                }
            }
        }
    }
    m
}

/// A decimal or `0x`-hex string in decimal.
fn to_dec(text: &str) -> String {
    let Some(hex) = text.strip_prefix("0x") else {
        return text.to_owned();
    };
    let mut digits = vec![0u32]; // little-endian decimal digits
    for h in hex.chars() {
        let mut carry = h.to_digit(16).expect("hex digit");
        for d in digits.iter_mut() {
            let cur = *d * 16 + carry;
            *d = cur % 10;
            carry = cur / 10;
        }
        while carry > 0 {
            digits.push(carry % 10);
            carry /= 10;
        }
    }
    let s: String = digits
        .iter()
        .rev()
        .map(|d| char::from_digit(*d, 10).expect("digit"))
        .collect();
    let trimmed = s.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// Whether decimal `value` is at least decimal `modulus`.
fn dec_ge(value: &str, modulus: &str) -> bool {
    let v = value.trim_start_matches('0');
    (v.len(), v) >= (modulus.len(), modulus)
}

/// The modulus of the field a vector file's instance works in.
fn modulus_of(file: &str) -> &'static str {
    let name = file.rsplit('/').next().expect("file name");
    if file.starts_with("rescue/")
        || file.starts_with("plonky2/")
        || file.starts_with("tip5/")
        || name.starts_with("plonky3-goldilocks-")
    {
        GOLDILOCKS_P
    } else if file.starts_with("poseidon/") {
        BN254_R
    } else if name.starts_with("plonky3-babybear-") || name.starts_with("poseidon2-babybear-") {
        "2013265921"
    } else if name.starts_with("plonky3-koalabear-") || name.starts_with("poseidon2-koalabear-") {
        "2130706433"
    } else if name.starts_with("plonky3-mersenne31-") {
        "2147483647"
    } else if file.starts_with("starknet/") {
        "3618502788666131213697322783095070105623107215331596699973092056135872020481"
    } else if file == "orchard/p128pow5t3_pallas.json" || file.starts_with("mina/") {
        "28948022309329048855892746252171976963363056481941560715954676764349967630337"
    } else if file == "orchard/p128pow5t3_vesta.json" {
        "28948022309329048855892746252171976963363056481941647379679742748393362948097"
    } else if file.starts_with("dusk/") || file.starts_with("filecoin/") {
        "52435875175126190479447740508185965837690552500527637822603658699938581184513"
    } else if name.starts_with("bls12_377-") {
        "258664426012969094010652733694893533536393512754914660539884262666720468348340822774968888139573360124440321458177"
    } else if name.starts_with("bls12_381-") {
        "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787"
    } else if name.starts_with("bn254_fr-") {
        BN254_R
    } else if name.starts_with("bn254-") {
        "21888242871839275222246405745257275088696311157297823662689037894645226208583"
    } else if name.starts_with("ed_on_bls12_377-") || file.starts_with("aleo/") {
        "8444461749428370424248824938781546531375899335154063827935233455917409239041"
    } else if name.starts_with("jubjub-") {
        "52435875175126190479447740508185965837690552500527637822603658699938581184513"
    } else if name.starts_with("pallas-") {
        "28948022309329048855892746252171976963363056481941560715954676764349967630337"
    } else if name.starts_with("vesta-") {
        "28948022309329048855892746252171976963363056481941647379679742748393362948097"
    } else {
        panic!("no modulus known for {file}")
    }
}

fn check(mapping: &Mapping) -> usize {
    let file = vector_file(&mapping.file);
    let cases: Vec<&Value> = file["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .filter(|c| c["fn"] == mapping.function)
        .filter(|c| mapping.jive_b.is_none_or(|b| c["b"].as_u64() == Some(b)))
        // The family crates check every case; here a few per generated file
        // prove the plumbing (published vectors are all run).
        .take(if mapping.file.ends_with(".generated.json") {
            6
        } else {
            usize::MAX
        })
        .collect();
    assert!(
        !cases.is_empty(),
        "{}: no `{}` case",
        mapping.file,
        mapping.function
    );
    let op = mapping.op.name();
    for (k, case) in cases.iter().enumerate() {
        let input: Vec<String> = strings(&case["input"]).iter().map(|x| to_dec(x)).collect();
        let expected = strings(&case["output"]);
        let mut args = vec![op, mapping.instance.as_str()];
        args.extend(input.iter().map(String::as_str));
        let what = format!("{} {op} {:?}", mapping.instance, input);
        if input.iter().any(|x| dec_ge(x, modulus_of(&mapping.file))) {
            // Some references accept unreduced inputs (Barretenberg's t = 4
            // vector); the CLI never reduces silently and must refuse them.
            assert_refused(&args, "", "modulus");
            continue;
        }
        // Decimal from argv (or stdin, for an empty input).
        let out = cli(&args, "");
        assert_eq!(out.code, 0, "{what}: {}", out.stderr);
        assert_eq!(out.stdout.lines().collect::<Vec<_>>(), expected, "{what}");
        if k > 0 {
            continue;
        }
        // The first case of each mapping also in every other form.
        let hex: Vec<String> = expected.iter().map(|d| dec_to_hex(d)).collect();
        let hex_in: Vec<String> = input.iter().map(|d| dec_to_hex(d)).collect();
        let mut hex_args = vec![op, mapping.instance.as_str(), "--hex"];
        hex_args.extend(hex_in.iter().map(String::as_str));
        let out = cli(&hex_args, "");
        assert_eq!(out.code, 0, "{what} --hex: {}", out.stderr);
        assert_eq!(out.stdout.lines().collect::<Vec<_>>(), hex, "{what} --hex");

        let mut json_args = args.clone();
        json_args.push("--json");
        let out = cli(&json_args, "");
        assert_eq!(out.code, 0, "{what} --json: {}", out.stderr);
        let json: Value = serde_json::from_str(&out.stdout).expect("--json prints JSON");
        assert_eq!(strings(&json), expected, "{what} --json");
        assert_eq!(out.stdout.lines().count(), 1, "{what} --json is one line");

        let stdin = format!("{}\n", input.join(" \n\t"));
        let out = cli(&[op, mapping.instance.as_str()], &stdin);
        assert_eq!(out.code, 0, "{what} from stdin: {}", out.stderr);
        assert_eq!(
            out.stdout.lines().collect::<Vec<_>>(),
            expected,
            "{what} stdin"
        );
    }
    check_modulus_edges(mapping, &cases);
    check_lines(mapping, &cases);
    check_merkle(mapping, &cases);
    check_limbs(mapping, &cases);
    cases.len()
}

/// The bindings' binary form (`Instance::run_batch` with
/// `Elements::Limbs`), in this process: every case below the modulus in one
/// batch, answers compared with the file; the first case with an input also
/// with its last element at `p − 1` (accepted) and at `p` (refused as that
/// element, never reduced), and with one limb missing (refused).
fn check_limbs(mapping: &Mapping, cases: &[&Value]) {
    let instance = algebraic_hash_cli::find(&mapping.instance).expect("listed");
    let n = instance.limbs();
    let modulus = modulus_of(&mapping.file);
    let what = format!("{} {} as limbs", mapping.instance, mapping.op.name());
    let (inputs, expected): (Vec<Vec<u64>>, Vec<Vec<String>>) = cases
        .iter()
        .map(|case| (strings(&case["input"]), strings(&case["output"])))
        .filter(|(input, _)| !input.iter().any(|x| dec_ge(&to_dec(x), modulus)))
        .map(|(input, output)| {
            let limbs = input
                .iter()
                .flat_map(|x| dec_to_limbs(&to_dec(x), n))
                .collect();
            (limbs, output)
        })
        .unzip();
    let batch: Vec<Elements<'_>> = inputs.iter().map(|l| Elements::Limbs(l)).collect();
    let answers = instance
        .run_batch(mapping.op, &batch)
        .expect("the operation exists")
        .unwrap_or_else(|e| panic!("{what}: input {} refused: {:?}", e.input, e.error));
    let answers: Vec<Vec<String>> = answers
        .iter()
        .map(|a| {
            assert!(
                a.iter().all(|e| e.limbs().len() == n),
                "{what}: {n} limbs each"
            );
            a.iter().map(|e| e.to_decimal()).collect()
        })
        .collect();
    assert_eq!(answers, expected, "{what}");

    let Some(mut input) = inputs.into_iter().find(|l| !l.is_empty()) else {
        return;
    };
    let at = input.len() - n;
    let index = at / n;
    let run = |input: &[u64]| {
        instance
            .run_batch(mapping.op, &[Elements::Limbs(input)])
            .expect("the operation exists")
    };
    input[at..].copy_from_slice(&dec_to_limbs(modulus, n));
    match run(&input) {
        Err(BatchError {
            input: 0,
            error:
                OpError::Element {
                    index: i,
                    error: Error::NotCanonical { .. },
                    ..
                },
        }) if i == index => {}
        other => panic!("{what}: p as element {index}: {other:?}"),
    }
    input[at] -= 1; // p − 1: every modulus here is odd
    let accepted = run(&input).unwrap_or_else(|e| panic!("{what}: p − 1 refused: {e:?}"));
    assert_eq!(accepted[0].len(), expected[0].len(), "{what}: p − 1");
    if n > 1 {
        match run(&input[..input.len() - 1]) {
            Err(BatchError {
                error: OpError::Input(Error::WrongLength { .. }),
                ..
            }) => {}
            other => panic!("{what}: a limb short: {other:?}"),
        }
    }
}

/// The first case with an input, its last element replaced by `p − 1`
/// (accepted: exit 0 and as many outputs as the case has) and by `p`, in
/// decimal and in hex (refused, never reduced).
fn check_modulus_edges(mapping: &Mapping, cases: &[&Value]) {
    let Some(case) = cases.iter().find(|c| !strings(&c["input"]).is_empty()) else {
        return;
    };
    let modulus = modulus_of(&mapping.file);
    let last_digit = modulus.as_bytes()[modulus.len() - 1];
    assert!(last_digit > b'0', "{modulus} ends in 0");
    let below = format!(
        "{}{}",
        &modulus[..modulus.len() - 1],
        char::from(last_digit - 1)
    );
    let mut input: Vec<String> = strings(&case["input"]).iter().map(|x| to_dec(x)).collect();
    let op = mapping.op.name();
    let outputs = strings(&case["output"]).len();
    for (last, accepted) in [
        (below, true),
        (modulus.to_owned(), false),
        (dec_to_hex(modulus), false),
    ] {
        *input.last_mut().expect("an input") = last;
        let mut args = vec![op, mapping.instance.as_str()];
        args.extend(input.iter().map(String::as_str));
        if accepted {
            let out = cli(&args, "");
            assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
            assert_eq!(out.stdout.lines().count(), outputs, "{args:?}");
        } else {
            assert_refused(&args, "", "modulus");
        }
    }
}

/// A 2-to-1 compression's cases as Merkle trees of two leaves (the halves
/// of the input), whose root is the compression's output.
fn check_merkle(mapping: &Mapping, cases: &[&Value]) {
    let instance = algebraic_hash_cli::find(&mapping.instance).expect("listed");
    if mapping.op != Op::Compress || !instance.has_merkle_root() {
        return;
    }
    let modulus = modulus_of(&mapping.file);
    for case in cases.iter().take(2) {
        let input: Vec<String> = strings(&case["input"]).iter().map(|x| to_dec(x)).collect();
        if input.iter().any(|x| dec_ge(x, modulus)) {
            continue;
        }
        let (left, right) = input.split_at(input.len() / 2);
        let leaves = format!("{}\n{}\n", left.join(" "), right.join(" "));
        let out = cli(&["merkle", &mapping.instance], &leaves);
        let what = format!("{} merkle of {leaves:?}", mapping.instance);
        assert_eq!(out.code, 0, "{what}: {}", out.stderr);
        assert_eq!(
            out.stdout.lines().collect::<Vec<_>>(),
            strings(&case["output"]),
            "{what}"
        );
    }
}

/// Every case of the mapping (below the modulus) as one line of one
/// `--lines` run: one answer per line, elements separated by spaces.
fn check_lines(mapping: &Mapping, cases: &[&Value]) {
    let modulus = modulus_of(&mapping.file);
    let mut stdin = String::new();
    let mut expected = Vec::new();
    for case in cases {
        let input: Vec<String> = strings(&case["input"]).iter().map(|x| to_dec(x)).collect();
        if input.iter().any(|x| dec_ge(x, modulus)) {
            continue;
        }
        stdin.push_str(&input.join(" "));
        stdin.push('\n');
        expected.push(strings(&case["output"]).join(" "));
    }
    let op = mapping.op.name();
    let out = cli(&[op, &mapping.instance, "--lines"], &stdin);
    let what = format!("{} {op} --lines ({})", mapping.instance, mapping.file);
    assert_eq!(out.code, 0, "{what}: {}", out.stderr);
    assert_eq!(out.stdout.lines().collect::<Vec<_>>(), expected, "{what}");
}

#[test]
fn every_instance_and_operation_matches_the_vector_files() {
    let mut covered = BTreeSet::new();
    let mut total = 0;
    for m in mappings() {
        total += check(&m);
        covered.insert((m.instance.clone(), m.op.name()));
    }
    let mut missing = Vec::new();
    for instance in algebraic_hash_cli::instances() {
        for op in instance.ops() {
            if !covered.contains(&(instance.name.clone(), op.name())) {
                missing.push(format!("{} {}", op.name(), instance.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not checked against vectors: {missing:?}"
    );
    assert!(total > 100, "only {total} cases checked");
}

/// `merkle INSTANCE` over the leaves of each `merkle_tree` case of `file`
/// (`width` elements a leaf, one leaf a line) prints the case's root;
/// returns how many trees it checked.
fn check_merkle_roots(file: &str, instance: &str, width: usize) -> usize {
    let file = vector_file(file);
    let mut trees = 0;
    for case in file["cases"].as_array().expect("cases") {
        if case["fn"] != "merkle_tree" {
            continue;
        }
        let elements = strings(&case["input"]);
        let leaves: String = elements
            .chunks_exact(width)
            .map(|leaf| format!("{}\n", leaf.join(" ")))
            .collect();
        let out = cli(&["merkle", instance], &leaves);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(
            out.stdout.lines().collect::<Vec<_>>(),
            strings(&case["output"]),
            "{instance}: root of {} leaves",
            elements.len() / width
        );
        trees += 1;
    }
    trees
}

/// `merkle tip5` over the leaves of twenty-first's trees
/// (test-vectors/tip5/merkle.json, 1 to 128 leaves) prints their roots.
#[test]
fn tip5_merkle_roots_are_twenty_firsts() {
    assert!(check_merkle_roots("tip5/merkle.json", "tip5", 5) >= 10);
}

/// `merkle poseidon-t3` over Semaphore v4's groups
/// (test-vectors/poseidon/lean_imt.json: zk-kit's LeanIMT over
/// poseidon-lite's `poseidon2`, every leaf count from 1 to 33 and some
/// larger) prints their roots: the trees agree on the shapes that are not
/// powers of two (a node without a sibling carried up).
#[test]
fn poseidon_t3_merkle_roots_are_semaphores() {
    assert!(check_merkle_roots("poseidon/lean_imt.json", "poseidon-t3", 1) >= 40);
}

/// `merkle poseidon-t3 --proof INDEX --json` over the same groups prints
/// the Semaphore proofs stored with them (LeanIMT's `generateMerkleProof`:
/// root, leaf, index as the siblings' sides, siblings).
#[test]
fn poseidon_t3_merkle_proofs_are_semaphores() {
    let file = vector_file("poseidon/lean_imt.json");
    let mut proofs = 0;
    for case in file["cases"].as_array().expect("cases") {
        let Some(stored) = case["proofs"].as_array() else {
            continue;
        };
        let members = strings(&case["input"]);
        let leaves: String = members.iter().map(|m| format!("{m}\n")).collect();
        for p in stored {
            let i = p["leaf_index"].as_u64().expect("leaf_index") as usize;
            let args = ["merkle", "poseidon-t3", "--proof", &i.to_string(), "--json"];
            let out = cli(&args, &leaves);
            assert_eq!(out.code, 0, "{}", out.stderr);
            let ours: Value = serde_json::from_str(&out.stdout).expect("--json prints JSON");
            let one = |s: &String| serde_json::json!([s]);
            let expected = serde_json::json!({
                "root": case["output"],
                "leaf": [members[i]],
                "index": p["index"],
                "siblings": strings(&p["siblings"]).iter().map(one).collect::<Vec<_>>(),
            });
            assert_eq!(ours, expected, "leaf {i} of {}", members.len());
            proofs += 1;
        }
    }
    assert!(proofs >= 100, "{proofs} proofs");
}

/// Semaphore's stored proofs as `merkle --verify` reads them: one JSON
/// object a line, in Semaphore's own form (each digest one number, as a
/// string), with the leaf replaced by `leaf(case, proof)`.
fn semaphore_proof_lines(leaf: impl Fn(&Value, &Value) -> Value) -> (String, usize) {
    let file = vector_file("poseidon/lean_imt.json");
    let mut lines = String::new();
    let mut count = 0;
    for case in file["cases"].as_array().expect("cases") {
        for p in case["proofs"].as_array().into_iter().flatten() {
            let proof = serde_json::json!({
                "root": case["output"][0],
                "leaf": leaf(case, p),
                "index": p["index"],
                "siblings": p["siblings"],
            });
            lines.push_str(&format!("{proof}\n"));
            count += 1;
        }
    }
    (lines, count)
}

/// A JSON line with every string of digits written as a bare number.
fn bare_numbers(json: &str) -> String {
    fn write(v: &Value, out: &mut String) {
        match v {
            Value::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
                out.push_str(s)
            }
            Value::Array(items) => {
                out.push('[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    write(item, out);
                }
                out.push(']');
            }
            Value::Object(fields) => {
                out.push('{');
                for (k, (key, item)) in fields.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    out.push_str(&format!("{key:?}:"));
                    write(item, out);
                }
                out.push('}');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    write(&serde_json::from_str(json).expect("JSON"), &mut out);
    out
}

/// A JSON proof line in the text form `merkle --proof` prints: `root:`,
/// `leaf:`, `index:` and `sibling:` lines, a digest's elements separated by
/// spaces.
fn text_form(json: &str) -> String {
    let proof: Value = serde_json::from_str(json).expect("JSON proof");
    let digest = |d: &Value| -> String {
        let element = |e: &Value| e.as_str().map_or_else(|| e.to_string(), str::to_owned);
        match d {
            Value::Array(items) => items.iter().map(element).collect::<Vec<_>>().join(" "),
            one => element(one),
        }
    };
    let mut text = format!(
        "root: {}\nleaf: {}\nindex: {}\n",
        digest(&proof["root"]),
        digest(&proof["leaf"]),
        proof["index"]
    );
    for sibling in proof["siblings"].as_array().expect("siblings") {
        text.push_str(&format!("sibling: {}\n", digest(sibling)));
    }
    text
}

#[test]
fn semaphore_proofs_verify() {
    let member = |case: &Value, p: &Value| {
        let i = p["leaf_index"].as_u64().expect("leaf_index") as usize;
        case["input"][i].clone()
    };
    let (lines, count) = semaphore_proof_lines(member);
    assert!(count >= 100, "{count} proofs");
    let out = cli(&["merkle", "poseidon-t3", "--verify"], &lines);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "valid\n".repeat(count));
    // The same proofs with every element a bare JSON number, as Python's
    // `json.dumps` writes ints: far above 2^64, read as written.
    let bare: String = lines
        .lines()
        .map(|l| format!("{}\n", bare_numbers(l)))
        .collect();
    assert!(
        !bare.contains(":\"") && !bare.contains("[\"") && !bare.contains(",\"1"),
        "every element a bare number: {}",
        &bare[..200]
    );
    let out = cli(&["merkle", "poseidon-t3", "--verify"], &bare);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "valid\n".repeat(count));
    // The same proofs in the text form `--proof` prints, one after another.
    let text: String = lines.lines().map(text_form).collect();
    let out = cli(&["merkle", "poseidon-t3", "--verify"], &text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "valid\n".repeat(count));

    // Another leaf: every proof invalid, exit status 1 and a count.
    let other = |case: &Value, p: &Value| {
        let m = member(case, p);
        let m = m.as_str().expect("member");
        Value::String(if m == "1" { "2" } else { "1" }.to_owned())
    };
    let (lines, count) = semaphore_proof_lines(other);
    let out = cli(&["merkle", "poseidon-t3", "--verify"], &lines);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "invalid\n".repeat(count));
    assert_eq!(
        out.stderr.trim_end(),
        format!("algebraic-hash: {count} of {count} proofs invalid")
    );
}

#[test]
fn merkle_verify_refuses_what_is_not_a_proof() {
    let good = cli(
        &["merkle", "poseidon-t3", "--proof", "2", "--json"],
        "1\n2\n3\n4\n5\n",
    );
    assert_eq!(good.code, 0, "{}", good.stderr);
    let proof: Value = serde_json::from_str(&good.stdout).expect("JSON");
    let with = |key: &str, v: Value| {
        let mut p = proof.clone();
        p[key] = v;
        format!("{good}{p}\n", good = good.stdout)
    };
    let without_index = {
        let mut p = proof.clone();
        p.as_object_mut().expect("object").remove("index");
        format!("{}{p}\n", good.stdout)
    };
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{}not json\n", good.stdout),
            "line 2: not a Merkle proof: expected a JSON object, or a `root:` (or `cap:`) line",
        ),
        (
            format!("{}{{\"root\": [1]\n", good.stdout),
            "line 2: not a Merkle proof: JSON: ",
        ),
        (
            format!("{}[1, 2]\n", good.stdout),
            "line 2: not a Merkle proof: expected a JSON object",
        ),
        (
            without_index,
            "line 2: not a Merkle proof: no `index` field",
        ),
        (
            with("index", serde_json::json!(-1)),
            "line 2: not a Merkle proof: `index`: expected a non-negative integer",
        ),
        (
            with("index", serde_json::json!(8)),
            "line 2: proof index 8 has a bit set beyond its 3 siblings",
        ),
        (
            with("leaf", serde_json::json!({"a": 1})),
            "line 2: not a Merkle proof: `leaf`: expected numbers or strings",
        ),
        (
            with("siblings", serde_json::json!("5")),
            "line 2: not a Merkle proof: `siblings`: expected an array of digests",
        ),
        (
            with("siblings", serde_json::json!([["1"], [null]])),
            "line 2: not a Merkle proof: `sibling 2`: expected numbers or strings",
        ),
        (
            with("root", serde_json::json!(["1", "2"])),
            "line 2: root: Merkle proof digest (elements): expected 1, got 2",
        ),
        (
            with("leaf", serde_json::json!([BN254_R])),
            "line 2: leaf: element 1 (`21888",
        ),
        (
            with("leaf", serde_json::json!(1.5)),
            "line 2: leaf: element 1 (`1.5`): malformed number",
        ),
        (
            with("siblings", serde_json::json!([["1"], ["0xg"]])),
            "line 2: sibling 2: element 1 (`0xg`)",
        ),
    ];
    for (input, message) in cases {
        let out = cli(&["merkle", "poseidon-t3", "--verify"], &input);
        assert_eq!(out.code, 2, "{input}");
        assert_eq!(out.stdout, "valid\n", "the answer before the bad line");
        assert!(
            out.stderr
                .starts_with(&format!("algebraic-hash: {message}")),
            "{input}: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
    let empty = cli(&["merkle", "poseidon-t3", "--verify"], "\n\n");
    assert_eq!(empty.code, 2);
    assert_eq!(
        empty.stderr.trim_end(),
        "algebraic-hash: no proofs to check"
    );
    let no_tree = cli(&["merkle", "poseidon", "--verify"], &good.stdout);
    assert_eq!(no_tree.code, 2, "{}", no_tree.stderr);
}

#[test]
fn merkle_verify_reads_the_text_form_of_proofs() {
    let leaves = "1\n2\n3\n4\n5\n";
    let proof = |index: &str, format: &[&str]| {
        let mut args = vec!["merkle", "poseidon-t3", "--proof", index];
        args.extend(format);
        let out = cli(&args, leaves);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    // Text proofs in decimal and hex, one with no blank line before the
    // next, a JSON proof between them, blank lines around.
    let (two, four_hex) = (proof("2", &[]), proof("4", &["--hex"]));
    let mixed = format!(
        "\n{two}{four_hex}{}\n{}\n",
        proof("0", &["--json"]),
        proof("3", &[])
    );
    let out = cli(&["merkle", "poseidon-t3", "--verify"], &mixed);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "valid\n".repeat(4));
    // Another leaf in the text form: invalid, the rest still checked.
    let other = two.replace("leaf: 3\n", "leaf: 4\n");
    assert_ne!(other, two);
    let out = cli(
        &["merkle", "poseidon-t3", "--verify"],
        &format!("{other}{two}"),
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "invalid\nvalid\n");

    // Refusals name the line: a line out of order or unknown, a missing
    // line (the proof's `root:` line), a bad index or element.
    let lines: Vec<&str> = two.lines().collect();
    assert_eq!(lines.len(), 6, "root, leaf, index, three siblings: {two}");
    assert!(lines[0].starts_with("root: ") && lines[2] == "index: 2");
    let edited = |k: usize, line: Option<&str>| {
        let mut l: Vec<&str> = lines.clone();
        match line {
            Some(text) => l[k] = text,
            None => {
                l.remove(k);
            }
        }
        format!("{two}{}\n", l.join("\n"))
    };
    let cases = [
        (
            edited(1, None),
            "line 8: not a Merkle proof: expected `root:` (or `cap:` lines), `leaf:`, `index:`, then `sibling:` lines",
        ),
        (
            edited(2, None),
            "line 9: not a Merkle proof: expected `root:` (or `cap:` lines), `leaf:`, `index:`, then `sibling:` lines",
        ),
        (
            edited(3, Some("leaf: 3")),
            "line 10: not a Merkle proof: expected `root:` (or `cap:` lines), `leaf:`, `index:`, then `sibling:` lines",
        ),
        (
            edited(4, Some("sibling 7")),
            "line 11: not a Merkle proof: expected a `leaf:`, `index:` or `sibling:` line",
        ),
        (
            edited(2, Some("index: -2")),
            "line 9: not a Merkle proof: `index:`: expected a non-negative integer",
        ),
        (
            edited(2, Some("index: 8")),
            "line 7: proof index 8 has a bit set beyond its 3 siblings",
        ),
        (
            edited(1, Some("leaf: 3 4")),
            "line 7: leaf: Merkle proof digest (elements): expected 1, got 2",
        ),
        (
            edited(4, Some("sibling: 0xg")),
            "line 7: sibling 2: element 1 (`0xg`)",
        ),
        (
            format!("{two}\nleaf: 3\n"),
            "line 8: not a Merkle proof: expected a JSON object, or a `root:` (or `cap:`) line",
        ),
        (
            format!("{two}\nsibling: 3\n"),
            "line 8: not a Merkle proof: expected a JSON object, or a `root:` (or `cap:`) line",
        ),
        (
            format!("{two}root: 1\nleaf: 3\n"),
            "line 7: not a Merkle proof: no `index:` line after `root:`",
        ),
        (
            format!("{two}root: 1\n{two}"),
            "line 7: not a Merkle proof: no `leaf:` line after `root:`",
        ),
    ];
    for (input, message) in cases {
        let out = cli(&["merkle", "poseidon-t3", "--verify"], &input);
        assert_eq!(out.code, 2, "{input}");
        assert_eq!(
            out.stdout, "valid\n",
            "the answer before the bad proof: {input}{}",
            out.stderr
        );
        assert!(
            out.stderr
                .starts_with(&format!("algebraic-hash: {message}")),
            "{input}: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
}

#[test]
fn list_names_every_instance_once() {
    let out = cli(&["list"], "");
    assert_eq!(out.code, 0);
    let names: Vec<&str> = out
        .stdout
        .lines()
        .map(|l| l.split_whitespace().next().expect("name"))
        .collect();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "duplicate names");
    let lib: Vec<&str> = algebraic_hash_cli::instances()
        .iter()
        .map(|i| i.name.as_str())
        .collect();
    assert_eq!(names, lib);
    for expected in [
        "rp64-256",
        "rpo256",
        "rpx256",
        "poseidon",
        "poseidon-t2",
        "poseidon-t17",
    ] {
        assert!(unique.contains(expected), "{expected} missing");
    }
}

const GOLDILOCKS_P: &str = "18446744069414584321";
const BN254_R: &str =
    "21888242871839275222246405745257275088548364400416034343698204186575808495617";

#[test]
fn values_not_below_the_modulus_are_refused() {
    let twelve = |last: &str| {
        let mut v = vec!["permute", "rp64-256"];
        v.extend(["0"; 11]);
        v.push(last);
        v.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    for big in [
        GOLDILOCKS_P,
        "18446744073709551615",
        "18446744073709551616",
        "0xffffffff00000001",
    ] {
        let args = twelve(big);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_refused(&args, "", "not below the Goldilocks modulus");
        assert_refused(&["hash", "rp64-256", "1", big], "", "element 2");
    }
    assert_refused(
        &["hash", "poseidon", BN254_R],
        "",
        "not below the BN254 Fr modulus",
    );
    assert_refused(
        &["hash", "poseidon-t3", "1", &"9".repeat(90)],
        "",
        "BN254 Fr",
    );
    assert_refused(&["compress", "poseidon-t3", "0", BN254_R], "", "element 2");
    assert_refused(&["hash", "poseidon"], &format!("1 {BN254_R}"), "element 2");
}

#[test]
fn malformed_numbers_are_refused() {
    for bad in ["12x", "0x", "0xg1", "1.5", "1e3", "+1", "", "١٢"] {
        assert_refused(&["hash", "rp64-256", "1", bad], "", "malformed number");
        assert_refused(&["hash", "poseidon-t3", bad, "2"], "", "malformed number");
    }
    assert_refused(&["hash", "poseidon"], "1 2 three", "element 3");
    // A leading '-' reads as an option, which clap refuses.
    assert_refused(&["hash", "poseidon", "-1"], "", "-1");
}

#[test]
fn json_arrays_are_inputs() {
    // circomlibjs' poseidon([1, 2]), from the items of a JSON array: bare,
    // quoted, hex, on stdin, as one argument and as the shell splits it.
    let expected = "7853200120776062878684798364095072458815029376092732009249414926327459813530\n";
    for (args, stdin) in [
        (vec!["hash", "poseidon"], "[1, 2]"),
        (vec!["hash", "poseidon"], " [\"1\",\"0x2\"]\n"),
        (vec!["hash", "poseidon", "[1,2]"], ""),
        (vec!["hash", "poseidon", "[1,", "2]"], ""),
    ] {
        let out = cli(&args, stdin);
        assert_eq!(
            (out.code, out.stdout.as_str()),
            (0, expected),
            "{args:?} {stdin:?}: {}",
            out.stderr
        );
    }
    assert_eq!(
        cli(&["hash", "tip5"], "[]").stdout,
        cli(&["hash", "tip5"], "").stdout
    );

    // What --json prints is an input again: one state, and --lines.
    let state: Vec<String> = (1..=16)
        .map(|i| (i * 0x1234_5678_9abc_u64).to_string())
        .collect();
    let args: Vec<&str> = ["permute", "tip5"]
        .into_iter()
        .chain(state.iter().map(String::as_str))
        .collect();
    let plain = cli(&args, "").stdout;
    let json = cli(&[args.as_slice(), &["--json"]].concat(), "").stdout;
    assert!(json.starts_with("[\"") && json.ends_with("\"]\n"), "{json}");
    assert_eq!(
        cli(&["permute", "tip5"], &json).stdout,
        cli(&["permute", "tip5"], &plain).stdout
    );
    assert_eq!(
        cli(&["permute", "tip5", json.trim()], "").stdout,
        cli(&["permute", "tip5"], &plain).stdout
    );
    let lines = format!("{}\n{}\n", state.join(" "), state.join(" "));
    let json_lines = cli(&["permute", "tip5", "--lines", "--json"], &lines).stdout;
    assert_eq!(json_lines.lines().count(), 2);
    assert_eq!(
        cli(&["permute", "tip5", "--lines"], &json_lines).stdout,
        cli(
            &["permute", "tip5", "--lines"],
            &cli(&["permute", "tip5", "--lines"], &lines).stdout
        )
        .stdout
    );
    // Merkle leaves as arrays (Rp64_256 digests of four elements).
    let leaves = "1 2 3 4\n5 6 7 8\n9 10 11 12\n";
    let json_leaves = "[1, 2, 3, 4]\n[\"5\", \"6\", \"7\", \"8\"]\n[9,10,11,12]\n";
    let root = cli(&["merkle", "rp64-256"], leaves);
    assert_eq!(root.code, 0, "{}", root.stderr);
    assert_eq!(
        cli(&["merkle", "rp64-256"], json_leaves).stdout,
        root.stdout
    );

    // Only numbers and quoted numbers are items; the rest is refused by the
    // number parser, with the item's place.
    assert_refused(
        &["hash", "poseidon"],
        "[1,,2]",
        "element 2 (``): malformed number",
    );
    assert_refused(
        &["hash", "poseidon"],
        "[1, 2",
        "element 1 (`[1,`): malformed number",
    );
    assert_refused(
        &["hash", "poseidon"],
        "[[1], 2]",
        "element 1 (`[1]`): malformed number",
    );
    assert_refused(&["hash", "poseidon"], "[\"1\", \"\\u0032\"]", "element 2");
    assert_refused(
        &["hash", "poseidon"],
        "[1 2]",
        "element 1 (`1 2`): malformed number",
    );
    assert_refused(
        &["permute", "tip5", "--lines"],
        "[1, 2]",
        "line 1: permutation state",
    );
}

#[test]
fn wrong_counts_are_refused() {
    assert_refused(&["permute", "rp64-256", "1", "2"], "", "expected 12, got 2");
    assert_refused(
        &["compress", "rp64-256", "1", "2", "3"],
        "",
        "expected 8, got 3",
    );
    assert_refused(
        &["permute", "poseidon-t3", "1", "2"],
        "",
        "expected 3, got 2",
    );
    assert_refused(&["compress", "poseidon-t3", "1"], "", "expected 2, got 1");
    assert_refused(&["hash", "poseidon-t3", "1", "2", "3"], "", "expected 2");
    let seventeen = vec!["1"; 17];
    let mut args = vec!["hash", "poseidon"];
    args.extend(seventeen);
    assert_refused(&args, "", "17");
    assert_refused(&["hash", "poseidon"], "", "0");
}

/// The Starknet, Orchard and Mina instances refuse values >= p and wrong counts.
#[test]
fn hades_instances_refuse_bad_input() {
    let stark_p = "3618502788666131213697322783095070105623107215331596699973092056135872020481";
    assert_refused(&["hash", "starknet-poseidon", "1", stark_p], "", "Stark252");
    assert_refused(
        &["permute", "starknet-poseidon", "1", "2"],
        "",
        "expected 3, got 2",
    );
    assert_refused(
        &["compress", "starknet-poseidon", "1", "2", "3"],
        "",
        "expected 2, got 3",
    );
    let pallas_p = "28948022309329048855892746252171976963363056481941560715954676764349967630337";
    assert_refused(
        &["compress", "orchard-poseidon-pallas", "0", pallas_p],
        "",
        "modulus",
    );
    // ConstantLength<2> hashes exactly two elements.
    assert_refused(
        &["hash", "orchard-poseidon-vesta", "1", "2", "3"],
        "",
        "expected 2, got 3",
    );
    for name in ["mina-poseidon-kimchi", "mina-poseidon-legacy"] {
        assert_refused(&["hash", name, "1", pallas_p], "", "modulus");
        assert_refused(&["permute", name, "1", "2"], "", "expected 3, got 2");
        assert_refused(&["compress", name, "1"], "", "expected 2, got 1");
    }
    let bls_r = "52435875175126190479447740508185965837690552500527637822603658699938581184513";
    assert_refused(&["hash", "dusk-poseidon", "1", bls_r], "", "modulus");
    assert_refused(
        &["compress", "dusk-poseidon-merkle4", "1", "2", "3"],
        "",
        "expected 4, got 3",
    );
}

/// The Miden instances refuse bad input as the other Goldilocks one does.
#[test]
fn miden_instances_refuse_bad_input() {
    for name in ["rpo256", "rpx256"] {
        assert_refused(&["permute", name, "1", "2"], "", "expected 12, got 2");
        assert_refused(&["compress", name, "1", "2", "3"], "", "expected 8, got 3");
        assert_refused(&["hash", name, "1", GOLDILOCKS_P], "", "element 2");
        assert_refused(
            &["hash", name, "0xffffffff00000001"],
            "",
            "not below the Goldilocks modulus",
        );
        assert_refused(&["hash", name, "1", "12x"], "", "malformed number");
    }
    assert_refused(&["hash", "rpo-256", "1"], "", "rpo256");
}

#[test]
fn unknown_instances_and_operations_are_refused() {
    assert_refused(&["hash", "posiedon", "1"], "", "closest: poseidon");
    assert_refused(&["hash", "rp64_256", "1"], "", "rp64-256");
    // Words in another order: both of Plonky2's names first.
    assert_refused(
        &["hash", "plonky2-poseidon", "1"],
        "",
        "closest: poseidon-plonky2, poseidon-plonky2-hash-or-noop,",
    );
    assert_refused(
        &["hash", "SP1", "1"],
        "",
        "closest: poseidon2-sp1-koalabear-16 (",
    );
    assert_refused(&["frobnicate", "poseidon", "1"], "", "frobnicate");
    assert_refused(&["compress", "poseidon", "1"], "", "no `compress`");
    assert_refused(
        &["hash", "poseidon-t3", "1", "2", "--hex", "--json"],
        "",
        "--json",
    );
    assert_refused(
        &["hash", "poseidon-t3", "1", "2", "--base64"],
        "",
        "--base64",
    );
    assert_refused(&[], "", "no operation given");
    assert_refused(&["hash"], "", "INSTANCE");
    // User text with control characters stays on one line (found by the
    // cli_run fuzz target: an instance name "\n").
    assert_refused(&["compress", "\n"], "", "unknown instance `\\n`");
    assert_refused(&["hash", "poseidon-t3", "1\r\n2", "3"], "", "element 1");
}

#[test]
fn bench_quick_runs() {
    let out = cli(&["bench", "--quick"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("rp64-256"));
    assert!(out.stdout.contains("poseidon-t3"));
}

/// `merkle poseidon-plonky2 --cap-height H`: plonky2's own caps and proofs
/// (`test-vectors/plonky2/merkle.json`, plonky2 1.1.0's `MerkleTree`: 18
/// trees of rows of 0 to 13 elements, 58 proofs), from the rows as lines.
#[test]
fn plonky2_caps_and_proofs_equal_plonky2s() {
    let file = vector_file("plonky2/merkle.json");
    let digests =
        |flat: &[String]| -> Vec<Vec<String>> { flat.chunks(4).map(<[String]>::to_vec).collect() };
    let mut proofs_checked = 0;
    // Every proof as printed, JSON and text, and each with another leaf.
    let (mut printed_proofs, mut other_leaf) = (String::new(), String::new());
    for case in file["cases"].as_array().expect("cases") {
        if case["fn"] != "merkle_tree" {
            continue;
        }
        let h = case["cap_height"].as_u64().expect("cap height").to_string();
        let elements = strings(&case["input"]);
        let mut rows: Vec<Vec<String>> = Vec::new();
        let mut at = 0;
        for len in case["leaf_lengths"].as_array().expect("leaf lengths") {
            let len = len.as_u64().expect("length") as usize;
            rows.push(elements[at..at + len].to_vec());
            at += len;
        }
        let lines: String = rows.iter().map(|r| format!("{}\n", r.join(" "))).collect();
        let cap = digests(&strings(&case["output"]));
        let out = cli(&["merkle", "poseidon-plonky2", "--cap-height", &h], &lines);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let printed: String = cap.iter().map(|d| format!("{}\n", d.join(" "))).collect();
        assert_eq!(
            out.stdout,
            printed,
            "cap of {} rows, height {h}",
            rows.len()
        );
        for proof in case["proofs"].as_array().expect("proofs") {
            let index = proof["index"].as_u64().expect("index") as usize;
            let i = index.to_string();
            let args = [
                "merkle",
                "poseidon-plonky2",
                "--cap-height",
                &h,
                "--proof",
                &i,
            ];
            let siblings = digests(&strings(&proof["siblings"]));
            let out = cli(&[&args[..], &["--json"]].concat(), &lines);
            assert_eq!(out.code, 0, "{}", out.stderr);
            let ours: Value = serde_json::from_str(&out.stdout).expect("JSON proof");
            let expected = serde_json::json!({
                "cap": cap,
                "leaf": rows[index],
                "index": index,
                "siblings": siblings,
            });
            assert_eq!(ours, expected, "proof of leaf {index} of {}", rows.len());
            printed_proofs.push_str(&out.stdout);
            let mut changed = expected.clone();
            changed["leaf"] = serde_json::json!([rows[index].len() + 1]);
            other_leaf.push_str(&format!("{changed}\n"));
            // The text form: the same digests, one a line.
            let out = cli(&args, &lines);
            let mut text: String = cap
                .iter()
                .map(|d| format!("cap: {}\n", d.join(" ")))
                .collect();
            text.push_str(&format!(
                "leaf: {}\nindex: {index}\n",
                rows[index].join(" ")
            ));
            for s in &siblings {
                text.push_str(&format!("sibling: {}\n", s.join(" ")));
            }
            assert_eq!(out.stdout, text, "text proof of leaf {index}");
            printed_proofs.push_str(&out.stdout);
            proofs_checked += 1;
        }
    }
    assert_eq!(proofs_checked, 58, "every stored proof");

    // `--verify` checks them as plonky2's `verify_merkle_proof_to_cap` does.
    let out = cli(&["merkle", "poseidon-plonky2", "--verify"], &printed_proofs);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "valid\n".repeat(2 * proofs_checked));
    let out = cli(&["merkle", "poseidon-plonky2", "--verify"], &other_leaf);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(out.stdout, "invalid\n".repeat(proofs_checked));
    let one = other_leaf.lines().next().expect("a proof");
    let mut bad: Value = serde_json::from_str(one).expect("JSON");
    bad["index"] = serde_json::json!(1 << 20);
    let refusals = [
        (
            "poseidon-plonky2",
            bad.to_string(),
            "line 1: leaf index 1048576 out of range for",
        ),
        (
            "poseidon-t3",
            one.to_owned(),
            "line 1: not a Merkle proof: a proof to a cap, and `poseidon-t3` has no capped trees",
        ),
        (
            "poseidon-plonky2",
            one.replacen("\"cap\":[[\"", "\"cap\":[[\"0x", 1),
            "line 1: cap node 1: element 1 (`0x",
        ),
        (
            "poseidon-plonky2",
            "cap: 1 2 3 4\ncap: 5 6 7 8\nindex: 0\n".to_owned(),
            "line 3: not a Merkle proof: expected `root:` (or `cap:` lines), `leaf:`, `index:`, then `sibling:` lines",
        ),
        (
            "poseidon-plonky2",
            "cap: 1 2 3 4\nleaf: 1\n".to_owned(),
            "line 1: not a Merkle proof: no `index:` line after `cap:`",
        ),
    ];
    for (name, input, message) in refusals {
        let out = cli(&["merkle", name, "--verify"], &input);
        assert_eq!(out.code, 2, "{input}: {}", out.stderr);
        assert!(
            out.stderr
                .starts_with(&format!("algebraic-hash: {message}")),
            "{input}: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }

    // Refused as plonky2 refuses (it panics), with exit status 2 and one line.
    let cases = [
        (
            vec!["--cap-height", "0"],
            "1\n2\n3\n",
            "a Plonky2 Merkle tree needs a power-of-two number of leaves, not 3",
        ),
        (
            vec!["--cap-height", "0"],
            "",
            "a Plonky2 Merkle tree needs a power-of-two number of leaves, not 0",
        ),
        (
            vec!["--cap-height", "2"],
            "1\n2\n",
            "cap height 2 is above the tree's height 1",
        ),
        (
            vec!["--cap-height", "1", "--proof", "2"],
            "1\n2\n",
            "leaf index 2 out of range for 2 leaves",
        ),
        (
            vec!["--cap-height", "1"],
            "1\n18446744069414584321\n",
            "line 2: element 1 (`18446744069414584321`)",
        ),
    ];
    for (flags, input, message) in cases {
        let mut args = vec!["merkle", "poseidon-plonky2"];
        args.extend(flags);
        let out = cli(&args, input);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
        assert!(
            out.stderr
                .starts_with(&format!("algebraic-hash: {message}")),
            "{args:?}: {}",
            out.stderr
        );
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    }
    let other = cli(&["merkle", "poseidon-t3", "--cap-height", "0"], "1\n");
    assert_eq!(other.code, 2, "{}", other.stderr);
    assert!(
        other.stderr.contains("no `merkle --cap-height"),
        "{}",
        other.stderr
    );
}
