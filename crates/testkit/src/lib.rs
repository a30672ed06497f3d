#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

use core::fmt::Debug;

use algebraic_hash::{Compression, Hasher, Permutation};
use serde_json::Value;

/// One file of `test-vectors/`.
#[derive(Clone, Debug)]
pub struct VectorFile {
    /// Where the answers came from.
    pub source: String,
    /// What regenerates the file.
    pub generator: String,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// One case of a vector file.
#[derive(Clone, Debug)]
pub struct Case {
    /// The function the case exercises (`"fn"` in the file).
    pub function: String,
    /// Input elements (decimal strings), or other input strings the family
    /// documents (hex bytes, for instance).
    pub input: Vec<String>,
    /// Output elements (decimal strings).
    pub output: Vec<String>,
    /// The whole case object, for family-specific fields.
    pub raw: Value,
}

fn strings(value: &Value, what: &str) -> Vec<String> {
    match value {
        Value::Array(items) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                other => panic!("{what}: expected a string or number, got {other}"),
            })
            .collect(),
        Value::String(s) => vec![s.clone()],
        Value::Null => Vec::new(),
        other => panic!("{what}: expected an array of strings, got {other}"),
    }
}

impl VectorFile {
    /// Parses a vector file; panics with a message naming what is wrong
    /// (this is test code: a malformed file is a failed test).
    pub fn parse(json: &str) -> Self {
        let root: Value = serde_json::from_str(json).expect("vector file is not valid JSON");
        let text = |key: &str| {
            root.get(key)
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("vector file has no string `{key}`"))
                .to_owned()
        };
        let source = text("source");
        let generator = text("generator");
        assert!(!source.trim().is_empty(), "vector file names no source");
        let cases = root
            .get("cases")
            .and_then(Value::as_array)
            .expect("vector file has no `cases` array")
            .iter()
            .map(|case| Case {
                function: case
                    .get("fn")
                    .and_then(Value::as_str)
                    .expect("case without `fn`")
                    .to_owned(),
                input: strings(case.get("input").unwrap_or(&Value::Null), "input"),
                output: strings(case.get("output").unwrap_or(&Value::Null), "output"),
                raw: case.clone(),
            })
            .collect::<Vec<_>>();
        assert!(!cases.is_empty(), "vector file has no cases");
        Self {
            source,
            generator,
            cases,
        }
    }

    /// The cases of function `function`.
    pub fn cases_for<'a>(&'a self, function: &'a str) -> impl Iterator<Item = &'a Case> + 'a {
        self.cases.iter().filter(move |c| c.function == function)
    }

    /// Like [`VectorFile::cases_for`], but panics if there is none: a check
    /// that runs no case must not pass.
    pub fn require<'a>(&'a self, function: &str) -> Vec<&'a Case> {
        let cases: Vec<&Case> = self
            .cases
            .iter()
            .filter(|c| c.function == function)
            .collect();
        assert!(
            !cases.is_empty(),
            "vector file ({}) has no case for `{function}`",
            self.source
        );
        cases
    }
}

fn parse_all<F>(items: &[String], parse: &impl Fn(&str) -> F) -> Vec<F> {
    items.iter().map(|s| parse(s)).collect()
}

fn to_array<F: Copy + Debug, const W: usize>(items: Vec<F>, what: &str) -> [F; W] {
    let len = items.len();
    items
        .try_into()
        .unwrap_or_else(|_| panic!("{what}: expected {W} elements, got {len}"))
}

/// Checks `permutation` on every case of `function`: one state at a time
/// with `permute`, and all states at once with `permute_many`.
/// Returns the number of cases checked (at least one).
pub fn check_permutation<F, P, const W: usize>(
    file: &VectorFile,
    function: &str,
    permutation: &P,
    parse: impl Fn(&str) -> F,
) -> usize
where
    F: Copy + PartialEq + Debug,
    P: Permutation<[F; W]>,
{
    let cases = file.require(function);
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for case in &cases {
        let input: [F; W] = to_array(parse_all(&case.input, &parse), "permutation input");
        let expected: [F; W] = to_array(parse_all(&case.output, &parse), "permutation output");
        assert_eq!(
            permutation.permute(input),
            expected,
            "{function} on {:?}",
            case.input
        );
        inputs.push(input);
        outputs.push(expected);
    }
    permutation.permute_many(&mut inputs);
    assert_eq!(inputs, outputs, "{function}: permute_many differs");
    cases.len()
}

/// Checks `hasher` on every case of `function`; `digest` turns the expected
/// output elements into the hasher's digest type.
pub fn check_hasher<F, H>(
    file: &VectorFile,
    function: &str,
    hasher: &H,
    parse: impl Fn(&str) -> F,
    digest: impl Fn(&[F]) -> H::Digest,
) -> usize
where
    H: Hasher<F>,
{
    let cases = file.require(function);
    for case in &cases {
        let input = parse_all(&case.input, &parse);
        let expected = digest(&parse_all(&case.output, &parse));
        assert_eq!(
            hasher.hash_elements(&input),
            expected,
            "{function} on {} elements {:?}",
            input.len(),
            case.input
        );
    }
    cases.len()
}

/// Checks `compression` on every case of `function`, one at a time and with
/// `compress_many`; `split` turns the input elements into the `N` digests
/// and `digest` turns the output elements into one.
pub fn check_compression<F, D, C, const N: usize>(
    file: &VectorFile,
    function: &str,
    compression: &C,
    parse: impl Fn(&str) -> F,
    split: impl Fn(&[F]) -> [D; N],
    digest: impl Fn(&[F]) -> D,
) -> usize
where
    D: Clone + PartialEq + Debug,
    C: Compression<D, N>,
{
    let cases = file.require(function);
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    for case in &cases {
        let input = split(&parse_all(&case.input, &parse));
        let expected = digest(&parse_all(&case.output, &parse));
        assert_eq!(
            compression.compress(input.clone()),
            expected,
            "{function} on {:?}",
            case.input
        );
        inputs.push(input);
        outputs.push(expected);
    }
    let mut batch = outputs.clone();
    compression.compress_many(&inputs, &mut batch);
    assert_eq!(batch, outputs, "{function}: compress_many differs");
    cases.len()
}

/// `default` random cases, scaled by the environment variable
/// `ALGEBRAIC_HASH_CASES_PERCENT` (for slow runners such as qemu); at least 1.
pub fn cases(default: u32) -> u32 {
    let percent = std::env::var("ALGEBRAIC_HASH_CASES_PERCENT")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(100);
    ((u64::from(default) * percent / 100).clamp(1, u64::from(u32::MAX))) as u32
}

/// Fails when `ALGEBRAIC_HASH_REQUIRE_IFMA=1` (CI sets it where
/// `/proc/cpuinfo` lists `avx512ifma`) but `available` (the lane dispatch's
/// answer, `algebraic_hash_montgomery::lanes_available()`) says no, so that a
/// detection fault cannot pass as a skipped path. The variable binds x86-64
/// builds only: CI also runs aarch64 builds under qemu on the same host.
pub fn require_lanes_where_listed(available: bool) {
    let required = cfg!(target_arch = "x86_64")
        && std::env::var_os("ALGEBRAIC_HASH_REQUIRE_IFMA").is_some_and(|v| v == "1");
    assert!(
        !required || available,
        "ALGEBRAIC_HASH_REQUIRE_IFMA=1 but no IFMA lanes detected"
    );
}

/// splitmix64 over a 64-bit modulus: reproducible pseudo-random inputs for
/// differential tests without a dependency, with edge values mixed in.
pub struct Rng64 {
    state: u64,
    modulus: u64,
    edges: &'static [u64],
}

impl Rng64 {
    /// A generator from `seed` of elements below `modulus`, a quarter of
    /// them taken from `edges` (which must not be empty).
    pub fn new(seed: u64, modulus: u64, edges: &'static [u64]) -> Self {
        assert!(!edges.is_empty(), "edge values");
        Self {
            state: seed,
            modulus,
            edges,
        }
    }

    /// The next 64 random bits.
    pub fn u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.u64() % n
    }

    /// A canonical element; one in four is an edge value.
    pub fn element(&mut self) -> u64 {
        if self.below(4) == 0 {
            self.edges[self.below(self.edges.len() as u64) as usize]
        } else {
            self.u64() % self.modulus
        }
    }

    /// `n` elements.
    pub fn elements(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.element()).collect()
    }
}

/// Checks a batch entry point of one packed backend against the one-state
/// path: `states` are cut into batches of every size 1..=33 (so every
/// remainder of a group of 4, 8 or 16 lanes occurs, and batches end in
/// tails), each batch goes through `batch`, and every state must equal
/// `single` of it; an empty batch must leave nothing changed. `batch`
/// answers `false` when its backend does not run on this CPU, and then
/// nothing is checked; the return value says whether it ran.
pub fn check_batch_sizes<const W: usize>(
    states: &[[u64; W]],
    mut batch: impl FnMut(&mut [[u64; W]]) -> bool,
    single: impl Fn(&mut [u64; W]),
) -> bool {
    if !batch(&mut []) {
        return false;
    }
    let want: Vec<[u64; W]> = states
        .iter()
        .map(|s| {
            let mut s = *s;
            single(&mut s);
            s
        })
        .collect();
    for size in 1..=33 {
        let mut got = states.to_vec();
        for chunk in got.chunks_mut(size) {
            assert!(batch(chunk), "the backend ran before");
        }
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "batch size {size}, state {k}: {:?}", states[k]);
        }
    }
    true
}

/// States for [`check_batch_sizes`]: all zeros, all `modulus − 1`, each
/// edge value in every cell, then `n` random states of [`Rng64`] (a quarter
/// of their cells edge values).
pub fn lane_test_states<const W: usize>(
    seed: u64,
    modulus: u64,
    edges: &'static [u64],
    n: usize,
) -> Vec<[u64; W]> {
    let mut out = vec![[0u64; W], [modulus - 1; W]];
    out.extend(edges.iter().map(|&e| [e; W]));
    let mut rng = Rng64::new(seed, modulus, edges);
    out.extend((0..n).map(|_| core::array::from_fn(|_| rng.element())));
    out
}

/// Goldilocks limb pairs `(l, h)` (standing for `l + h · 2^32`) at and next
/// to the ends of the ranges of `algebraic_hash_rescue`'s IFMA limbs (`l <
/// 2^33`, `h < 2^32 + 2^23`), and the limbs of 64-bit boundary values
/// (`p − 2`, `p − 1`, `p`, `p + 1`, `2^63`, `2^64 − 2`, `2^64 − 1`).
pub fn goldilocks_boundary_limbs() -> Vec<(u64, u64)> {
    const P: u64 = GOLDILOCKS;
    let lows = [
        0,
        1,
        2,
        (1 << 31) + 5,
        (1 << 32) - 2,
        (1 << 32) - 1,
        1 << 32,
        (1 << 32) - (1 << 22) + 1,
        (1 << 33) - 2,
        (1 << 33) - 1,
    ];
    let highs = [
        0,
        1,
        (1 << 32) - 1,
        1 << 32,
        (1 << 32) + (1 << 23) - 2,
        (1 << 32) + (1 << 23) - 1,
    ];
    let mut out: Vec<(u64, u64)> = lows
        .iter()
        .flat_map(|&l| highs.iter().map(move |&h| (l, h)))
        .collect();
    for x in [P - 1, P - 2, P, P + 1, 1 << 63, u64::MAX, u64::MAX - 1] {
        out.push((x & 0xffff_ffff, x >> 32));
    }
    out
}

/// The Goldilocks prime `2^64 − 2^32 + 1`.
const GOLDILOCKS: u64 = 0xffff_ffff_0000_0001;

/// The residue of limbs `(l, h)`, `l + h · 2^32 mod p` (Goldilocks), as a
/// `u128` ready for products.
pub fn goldilocks_limb_value((l, h): (u64, u64)) -> u128 {
    (u128::from(l) + (u128::from(h) << 32)) % u128::from(GOLDILOCKS)
}

/// `x mod p` (Goldilocks).
pub fn goldilocks_reduce(x: u128) -> u64 {
    (x % u128::from(GOLDILOCKS)) as u64
}
