//! Random input, much of it bad, through every operation of every instance
//! the CLI lists (the registry the CLI, the Python package and the wasm
//! modules share): each call answers or refuses and never panics, every
//! refusal reads as one line, and the binary form of the input (64-bit
//! limbs, as the bindings hand it over) gets exactly the answer of the text
//! form of the same numbers. So a value at or above the modulus is refused
//! in both forms, never reduced in one of them. The forms' agreement is
//! the code against itself; what pins the answers and the moduli to outside
//! values is `cli.rs` (every vector file through the binary and as limbs, and each
//! field's `p − 1` accepted and `p` refused, `check_modulus_edges`), and
//! the messages themselves are pinned there and in `lines.rs`.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};

use algebraic_hash_cli::element::Element;
use algebraic_hash_cli::registry::{BatchError, Elements, Instance, Op, OpError};
use common::Rng;

/// Calls per instance and operation.
const CASES: usize = 24;

/// One element's limbs: often near the ends of the range of a limb, often
/// small, so that values just below and just above each modulus come up as
/// well as values far above it.
fn limbs_of_element(rng: &mut Rng, limbs: usize) -> Vec<u64> {
    let mut out: Vec<u64> = (0..limbs)
        .map(|_| match rng.below(5) {
            0 => 0,
            1 => u64::MAX - rng.next() % 3,
            2 => rng.next() % 1000,
            _ => rng.next(),
        })
        .collect();
    // The top limb small half of the time: mostly in range then.
    if rng.below(2) == 0 {
        out[limbs - 1] >>= 1 + rng.below(63);
    }
    out
}

/// A text the parser must refuse or read, never panic on.
fn malformed(rng: &mut Rng) -> String {
    const TEXTS: [&str; 16] = [
        "", "-1", "0x", "0X10", "1e5", "1.5", "+3", " 7", "0x-1", "٣", "0b101", "00", "1_000",
        "0xg", "∞", "nan",
    ];
    match rng.below(3) {
        0 => TEXTS[rng.below(TEXTS.len())].to_owned(),
        1 => "9".repeat(1 + rng.below(400)),
        _ => (0..rng.below(24))
            .map(|_| b"0123456789abcdefx,; \t\n-"[rng.below(23)] as char)
            .collect(),
    }
}

/// What a refusal says, without the element's text (which differs between
/// the forms: the text as given, or the number in decimal).
fn reason(error: &OpError) -> String {
    let message = match error {
        OpError::Element { index, error, .. } => format!("element {index}: {error}"),
        OpError::Input(error) => format!("input: {error}"),
    };
    assert!(
        !message.contains('\n') && !message.is_empty(),
        "a refusal in one line: {message:?}"
    );
    message
}

/// The element counts `op` of `instance` accepts, up to 24 (the first few:
/// one for a permutation and a compression, all for a hash).
fn accepted_counts(instance: &Instance, op: Op) -> Vec<usize> {
    (0..=24)
        .filter(|&n| {
            let zeros = vec!["0"; n];
            matches!(instance.run(op, &zeros), Some(Ok(_)))
        })
        .take(4)
        .collect()
}

type Answer<T> = Result<T, BatchError>;

/// `f` on both forms of `inputs` (each a list of elements' limbs): neither
/// panics, and they agree. Whether they answered.
fn both_forms<T: PartialEq + std::fmt::Debug>(
    what: &str,
    limbs: usize,
    inputs: &[Vec<Vec<u64>>],
    f: impl Fn(&[Elements<'_>]) -> Answer<T>,
) -> bool {
    let hex: Vec<Vec<String>> = inputs
        .iter()
        .map(|input| {
            input
                .iter()
                .map(|e| Element::from_limbs(e).to_hex())
                .collect()
        })
        .collect();
    let hex: Vec<Vec<&str>> = hex
        .iter()
        .map(|input| input.iter().map(String::as_str).collect())
        .collect();
    let texts: Vec<Elements<'_>> = hex.iter().map(|t| Elements::Texts(t)).collect();
    let flat: Vec<Vec<u64>> = inputs.iter().map(|input| input.concat()).collect();
    let words: Vec<Elements<'_>> = flat.iter().map(|w| Elements::Limbs(w)).collect();
    let by_text = catch_unwind(AssertUnwindSafe(|| f(&texts)))
        .unwrap_or_else(|_| panic!("{what}: panicked on texts {hex:?}"));
    let by_limbs = catch_unwind(AssertUnwindSafe(|| f(&words)))
        .unwrap_or_else(|_| panic!("{what}: panicked on limbs {flat:x?} ({limbs} a number)"));
    match (by_text, by_limbs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{what}: the forms' answers on {hex:?}");
            true
        }
        (Err(a), Err(b)) => {
            assert_eq!(
                (a.input, reason(&a.error)),
                (b.input, reason(&b.error)),
                "{what}: the forms' refusals of {hex:?}"
            );
            false
        }
        (a, b) => panic!("{what}: texts {hex:?} gave {a:?}, limbs {b:?}"),
    }
}

#[test]
fn every_operation_refuses_bad_input_and_reads_both_forms_alike() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // Calls answered and refused: both must be common, or the inputs
    // missed half of what they are for.
    let mut outcomes = [0usize; 2];
    for instance in algebraic_hash_cli::instances() {
        let limbs = instance.limbs();
        for op in instance.ops() {
            let what = format!("{} {}", instance.name, op.name());
            let counts = accepted_counts(instance, op);
            assert!(!counts.is_empty(), "{what}: takes no count of zeros");
            for _ in 0..CASES {
                // Mostly a count the operation takes; now and then another,
                // and a batch of one to three inputs.
                let batch: Vec<Vec<Vec<u64>>> = (0..1 + rng.below(3))
                    .map(|_| {
                        let n = if rng.below(5) == 0 {
                            rng.below(26)
                        } else {
                            counts[rng.below(counts.len())]
                        };
                        (0..n).map(|_| limbs_of_element(&mut rng, limbs)).collect()
                    })
                    .collect();
                let answered = both_forms(&what, limbs, &batch, |inputs| {
                    instance
                        .run_batch(op, inputs)
                        .expect("the operation it lists")
                });
                outcomes[usize::from(answered)] += 1;
            }
            // A malformed text among well-formed ones: refused or read, in
            // one line, never a panic.
            for _ in 0..CASES {
                let n = counts[rng.below(counts.len())];
                let mut texts: Vec<String> = (0..n.max(1)).map(|_| "1".to_owned()).collect();
                let at = rng.below(texts.len());
                texts[at] = malformed(&mut rng);
                let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
                let answer = catch_unwind(AssertUnwindSafe(|| instance.run(op, &texts)))
                    .unwrap_or_else(|_| panic!("{what}: panicked on {texts:?}"))
                    .expect("the operation it lists");
                match answer {
                    Ok(_) => outcomes[1] += 1,
                    Err(error) => {
                        reason(&error);
                        outcomes[0] += 1;
                    }
                }
            }
        }
        if instance.has_merkle_root() {
            let what = format!("{} merkle", instance.name);
            let digest = accepted_counts(instance, Op::Compress)[0] / 2;
            for _ in 0..CASES {
                let leaves: Vec<Vec<Vec<u64>>> = (0..rng.below(6))
                    .map(|_| {
                        let n = if rng.below(5) == 0 {
                            rng.below(2 * digest + 2)
                        } else {
                            digest
                        };
                        (0..n).map(|_| limbs_of_element(&mut rng, limbs)).collect()
                    })
                    .collect();
                let answered = both_forms(&what, limbs, &leaves, |leaves| {
                    instance.merkle_root_batch(leaves).expect("has_merkle_root")
                });
                outcomes[usize::from(answered)] += 1;
            }
        }
    }
    let [refused, answered] = outcomes;
    eprintln!("{answered} calls answered, {refused} refused");
    assert!(
        answered > 1000 && refused > 1000,
        "{answered} answered, {refused} refused"
    );
}
