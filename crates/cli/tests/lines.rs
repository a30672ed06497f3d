//! `--lines` and `merkle`: the batch answers equal one call per input, a bad
//! line stops the output at the line before it, and `merkle` equals the
//! library's `MerkleTree` built over every leaf at once, and so does `merkle
//! --proof` equal its paths, which `merkle --verify` accepts. (Outside vectors
//! run through `--lines` and two-leaf `merkle` in `cli.rs`.)

mod common;

use algebraic_hash::MerkleTree;
use algebraic_hash_anemoi::{Anemoi, AnemoiJive, Version};
use algebraic_hash_cli::element::Codec;
use algebraic_hash_cli::registry::{DigestElements, Op};
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_rescue::{ElementDigest, Felt, Rpo256};
use ark_bn254::Fr;
use common::{Rng, cli, cli_bytes};

/// Lines per batch in the binary (`LINES_PER_BATCH`): inputs longer than
/// this cross a batch boundary.
const BATCH: usize = 4096;

/// A value below the Goldilocks modulus (so below every field's), small
/// ones and the largest one among them.
fn element(rng: &mut Rng) -> String {
    match rng.next() % 8 {
        0 => (rng.next() % 4).to_string(),
        1 => "18446744069414584320".to_owned(),
        _ => (rng.next() % 18446744069414584321).to_string(),
    }
}

/// `count` [`element`]s on one line.
fn line(rng: &mut Rng, count: usize) -> String {
    (0..count)
        .map(|_| element(rng))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `count` lines for `op` of `name`: full states, compression inputs, or
/// hash inputs of varying length within `hash_lengths`.
fn inputs(name: &str, op: Op, count: usize, seed: u64) -> Vec<String> {
    let instance = algebraic_hash_cli::find(name).expect("listed");
    let mut rng = Rng(seed);
    // The fixed input count of the op: the length `run` does not refuse.
    let fixed = (0..=16).find(|&n| {
        let zeros = vec!["0"; n];
        instance.run(op, &zeros).expect("op").is_ok()
    });
    (0..count)
        .map(|_| {
            let n = match (op, name) {
                (Op::Hash, "poseidon") => 1 + (rng.next() % 16) as usize,
                (Op::Hash, _) if !name.starts_with("poseidon-t") => (rng.next() % 20) as usize,
                _ => fixed.expect("a fixed count"),
            };
            line(&mut rng, n)
        })
        .collect()
}

/// The answers of one `run` per line, each as its `--lines` output line.
fn one_by_one(name: &str, op: Op, lines: &[String]) -> Vec<String> {
    let instance = algebraic_hash_cli::find(name).expect("listed");
    lines
        .iter()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let out = instance.run(op, &words).expect("op").expect("accepted");
            out.iter()
                .map(|e| e.to_decimal())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

const CHECKED: &[(&str, &[Op])] = &[
    ("rp64-256", &[Op::Permute, Op::Hash, Op::Compress]),
    ("rpo256", &[Op::Permute, Op::Hash, Op::Compress]),
    ("rpx256", &[Op::Permute, Op::Hash, Op::Compress]),
    ("poseidon", &[Op::Hash]),
    ("poseidon-t3", &[Op::Permute, Op::Hash, Op::Compress]),
    ("poseidon-t5", &[Op::Compress]),
    ("poseidon2-new-t4", &[Op::Permute, Op::Hash, Op::Compress]),
    ("anemoi-bn254-4", &[Op::Permute, Op::Hash, Op::Compress]),
    ("anemoi2022-bls12-381-2", &[Op::Compress]),
];

#[test]
fn lines_equal_one_call_per_input() {
    for (k, &(name, ops)) in CHECKED.iter().enumerate() {
        for &op in ops {
            let count = BATCH + 100;
            let lines = inputs(name, op, count, 0x9e37_79b9 + k as u64);
            let stdin = format!("{}\n", lines.join("\n"));
            let out = cli(&[op.name(), name, "--lines"], &stdin);
            let what = format!("{} {name} --lines", op.name());
            assert_eq!(out.code, 0, "{what}: {}", out.stderr);
            let got: Vec<&str> = out.stdout.lines().collect();
            assert_eq!(got, one_by_one(name, op, &lines), "{what}");
            // The first lines also as separate processes.
            for (line, answer) in lines.iter().zip(&got).take(2) {
                let mut args = vec![op.name(), name];
                args.extend(line.split_whitespace());
                let single = cli(&args, "");
                assert_eq!(single.code, 0, "{what}: {}", single.stderr);
                assert_eq!(single.stdout.lines().collect::<Vec<_>>().join(" "), *answer);
            }
        }
    }
}

#[test]
fn lines_formats_and_file_input() {
    let lines = inputs("poseidon-t3", Op::Compress, 3, 7);
    let stdin = format!("{}\n", lines.join("\n"));
    let decimal = one_by_one("poseidon-t3", Op::Compress, &lines);
    let path = format!("{}/lines-input.txt", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, &stdin).expect("temp file");
    let from_file = cli(
        &["compress", "poseidon-t3", "--lines", "--input", &path],
        "",
    );
    assert_eq!(from_file.code, 0, "{}", from_file.stderr);
    assert_eq!(from_file.stdout.lines().collect::<Vec<_>>(), decimal);

    let json = cli(&["compress", "poseidon-t3", "--lines", "--json"], &stdin);
    let expected: Vec<String> = decimal.iter().map(|d| format!("[\"{d}\"]")).collect();
    assert_eq!(json.stdout.lines().collect::<Vec<_>>(), expected);

    // Windows line ends and blank space around elements are fine; with no
    // final newline the last line still counts.
    let crlf = format!("  {}\r\n{}\r\n{}", lines[0], lines[1], lines[2]);
    let out = cli(&["compress", "poseidon-t3", "--lines"], &crlf);
    assert_eq!(out.stdout.lines().collect::<Vec<_>>(), decimal);

    let hex = cli(
        &["permute", "rpo256", "--lines", "--hex"],
        &format!("{}\n", ["0"; 12].join(" ")),
    );
    let words: Vec<&str> = hex.stdout.split_whitespace().collect();
    assert_eq!(words.len(), 12);
    assert!(words.iter().all(|w| w.starts_with("0x")), "{words:?}");
}

/// A bad line: exit 2, one line on stderr naming it, and exactly the
/// answers of the lines before it on stdout.
fn assert_stops_at(args: &[&str], lines: &[String], bad: usize, stdin: &[u8], needle: &str) {
    let out = cli_bytes(args, stdin);
    assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{:?}", out.stderr);
    assert!(
        out.stderr.contains(&format!("line {bad}: ")) && out.stderr.contains(needle),
        "{args:?}: {:?} lacks line {bad} / {needle:?}",
        out.stderr
    );
    assert!(!out.stderr.contains("panicked"));
    let (name, op) = (args[1], args[0]);
    let op = [Op::Permute, Op::Hash, Op::Compress]
        .into_iter()
        .find(|o| o.name() == op)
        .expect("op");
    assert_eq!(
        out.stdout.lines().collect::<Vec<_>>(),
        one_by_one(name, op, &lines[..bad - 1]),
        "{args:?}: the answers before line {bad}"
    );
}

#[test]
fn a_bad_line_is_named_and_nothing_after_it_is_printed() {
    let args = ["compress", "poseidon-t3", "--lines"];
    let bn254_r = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    for (bad, text, needle) in [
        (1, "1 x".to_owned(), "element 2 (`x`): malformed number"),
        (3, "1 x".to_owned(), "element 2 (`x`): malformed number"),
        (5, format!("{bn254_r} 1"), "not below the BN254 Fr modulus"),
        (2, "1 2 3".to_owned(), "expected 2, got 3"),
        (4, String::new(), "expected 2, got 0"),
        (BATCH, "1 -2".to_owned(), "malformed number"),
        (BATCH + 7, "0x 1".to_owned(), "malformed number"),
    ] {
        let mut lines = inputs("poseidon-t3", Op::Compress, BATCH + 20, bad as u64);
        lines[bad - 1] = text;
        let stdin = format!("{}\n", lines.join("\n"));
        assert_stops_at(&args, &lines, bad, stdin.as_bytes(), needle);
    }
    // Not UTF-8.
    let lines = inputs("rp64-256", Op::Permute, 4, 1);
    let mut stdin = format!("{}\n{}\n", lines[0], lines[1]).into_bytes();
    // Line 3: twelve elements, the fifth with a byte that is not UTF-8.
    for (i, word) in lines[2].split_whitespace().enumerate() {
        stdin.extend_from_slice(word.as_bytes());
        stdin.extend_from_slice(if i == 4 { b"\xff " } else { b" " });
    }
    stdin.push(b'\n');
    stdin.extend_from_slice(format!("{}\n", lines[3]).as_bytes());
    assert_stops_at(
        &["permute", "rp64-256", "--lines"],
        &lines,
        3,
        &stdin,
        "malformed",
    );
    // A hash whose count is refused by the instance, not the parser.
    let mut lines = inputs("poseidon", Op::Hash, 5, 2);
    lines[1] = ["1"; 17].join(" ");
    let stdin = format!("{}\n", lines.join("\n"));
    assert_stops_at(
        &["hash", "poseidon", "--lines"],
        &lines,
        2,
        stdin.as_bytes(),
        "17",
    );
}

#[test]
fn lines_refusals() {
    use common::assert_refused;
    assert_refused(&["hash", "poseidon", "--lines", "1"], "", "--lines");
    assert_refused(&["hash", "poseidon", "--input", "f"], "", "--lines");
    assert_refused(
        &["hash", "poseidon", "--lines", "--input", "/no/such/file"],
        "",
        "/no/such/file",
    );
    assert_refused(
        &["compress", "poseidon", "--lines"],
        "1 2\n",
        "no `compress`",
    );
    // No lines: no answers.
    let out = cli(&["hash", "poseidon", "--lines"], "");
    assert_eq!((out.code, out.stdout.as_str()), (0, ""));
}

/// `merkle` of `leaves` (one digest of `D::LEN` elements each) against the
/// library's tree over all of them at once.
fn check_merkle<F, D, C>(name: &str, compression: C, counts: &[usize])
where
    F: Codec,
    D: DigestElements<F>,
    C: algebraic_hash::Compression<D, 2>,
{
    let mut rng = Rng(0x5eed);
    let largest = *counts.iter().max().expect("counts");
    let elements: Vec<Vec<F>> = (0..largest)
        .map(|_| {
            (0..D::LEN)
                .map(|_| {
                    let text = element(&mut rng);
                    F::parse(&text).expect("below the modulus")
                })
                .collect()
        })
        .collect();
    for &count in counts {
        let leaves: Vec<D> = elements[..count]
            .iter()
            .map(|e| D::from_elements(e))
            .collect();
        let tree = MerkleTree::new_sequential(compression.clone(), leaves).expect("leaves");
        let expected: Vec<String> = tree
            .root()
            .to_elements()
            .iter()
            .map(|e| e.element().to_decimal())
            .collect();
        let stdin: String = elements[..count]
            .iter()
            .map(|leaf| {
                let words: Vec<String> = leaf.iter().map(|e| e.element().to_decimal()).collect();
                format!("{}\n", words.join(" "))
            })
            .collect();
        let out = cli(&["merkle", name], &stdin);
        assert_eq!(out.code, 0, "{name} merkle of {count}: {}", out.stderr);
        assert_eq!(
            out.stdout.lines().collect::<Vec<_>>(),
            expected,
            "{name} merkle of {count} leaves"
        );
        assert!(out.stderr.is_empty(), "no progress bar off a terminal");
        // Proofs: the first and last leaves and one between, each in a
        // batch of its own when the leaves span several.
        let decimal = |d: &D| -> Vec<String> {
            d.to_elements()
                .iter()
                .map(|e| e.element().to_decimal())
                .collect()
        };
        let mut proofs = String::new();
        for i in [0, count / 2, count - 1] {
            let out = cli(
                &["merkle", name, "--proof", &i.to_string(), "--json"],
                &stdin,
            );
            proofs.push_str(&out.stdout);
            assert_eq!(out.code, 0, "{name} proof {i} of {count}: {}", out.stderr);
            let ours: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
            let sides = tree.path_sides(i).expect("index below the count");
            let index = sides
                .iter()
                .rev()
                .fold(0u64, |n, &left| (n << 1) | u64::from(left));
            let siblings: Vec<Vec<String>> = tree
                .path(i)
                .expect("index")
                .siblings
                .iter()
                .map(decimal)
                .collect();
            let expected = serde_json::json!({
                "root": expected,
                "leaf": decimal(&tree.leaves()[i]),
                "index": index,
                "siblings": siblings,
            });
            assert_eq!(ours, expected, "{name} proof of leaf {i} of {count}");
        }
        // The proofs as printed, checked by `--verify` from a file: the
        // path in a batch and the path above the batches join up.
        let file = std::env::temp_dir().join(format!(
            "algebraic-hash-proofs-{}-{name}-{count}.jsonl",
            std::process::id()
        ));
        std::fs::write(&file, &proofs).expect("temporary file");
        let path = file.to_str().expect("UTF-8 temporary path");
        let out = cli(&["merkle", name, "--verify", "--input", path], "");
        std::fs::remove_file(&file).expect("temporary file removed");
        assert_eq!(out.code, 0, "{name} verify of {count}: {}", out.stderr);
        assert_eq!(
            out.stdout,
            "valid\n".repeat(3),
            "{name} proofs of {count} leaves"
        );
    }
}

#[test]
fn merkle_equals_the_library_tree() {
    let counts = [1, 2, 3, 5, BATCH - 1, BATCH, BATCH + 1, 3 * BATCH + 5];
    check_merkle::<Felt, ElementDigest, _>("rpo256", Rpo256, &counts);
    check_merkle::<Fr, Fr, _>("poseidon-t3", CircomPoseidon::<3>::new(), &counts);
    let anemoi = Anemoi::<algebraic_hash_anemoi::bn254::Felt, 2, 4>::new(Version::Crypto2023);
    check_merkle::<_, [_; 2], _>(
        "anemoi-bn254-4",
        AnemoiJive::new(anemoi),
        &[1, 3, BATCH + 3],
    );
}

#[test]
fn merkle_refusals() {
    use common::assert_refused;
    assert_refused(&["merkle", "poseidon-t4"], "1\n", "no `merkle");
    assert_refused(&["merkle", "poseidon"], "1\n", "no `merkle");
    assert_refused(&["merkle", "poseidon-t3"], "", "no leaves");
    assert_refused(
        &["merkle", "rp64-256"],
        "1 2 3\n",
        "line 1: Merkle leaf (elements): expected 4, got 3",
    );
    let mut stdin = "1\n".repeat(BATCH + 10);
    stdin.push_str("x\n2\n");
    assert_refused(
        &["merkle", "poseidon-t3"],
        &stdin,
        &format!("line {}: element 1", BATCH + 11),
    );
    assert_refused(&["merkle", "nope"], "1\n", "unknown instance");
    assert_refused(
        &["merkle", "poseidon-t3", "--proof", "3"],
        "1\n2\n3\n",
        "leaf index 3 out of range for 3 leaves",
    );
    assert_refused(&["merkle", "poseidon-t3", "--proof", "-1"], "1\n", "'-1'");
    assert_refused(&["merkle", "poseidon-t3", "--proof", "x"], "1\n", "'x'");
    assert_refused(&["merkle", "poseidon-t3", "--proof", "0"], "", "no leaves");
}

/// 2^16 + 1 leaves: sixteen full batches of lines and a one-leaf tail, so
/// the streamed levels carry an odd node up through every level.
#[test]
fn merkle_of_many_batches_equals_the_library_tree() {
    let count = [(1 << 16) + 1];
    check_merkle::<Felt, ElementDigest, _>("rpo256", Rpo256, &count);
    check_merkle::<Fr, Fr, _>("poseidon-t3", CircomPoseidon::<3>::new(), &count);
}
