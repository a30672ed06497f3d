//! Test vectors for the Aleo Poseidon of algebraic-hash, answered by
//! snarkVM's console Poseidon (snarkvm-console-algorithms 4.12.0).
//!
//! `main OUT_DIR` writes `OUT_DIR/poseidon{2,4,8}.json` (one file per rate)
//! and `OUT_DIR/parameters.json`, after checking snarkVM's answers against
//! the snapshot files its crate ships (`src/poseidon/resources/`, found in
//! the cargo registry): its `test_hash` cases are recomputed and written
//! as `hash_domain` cases, its rate-2 `test_sponge` snapshots (a sponge
//! without the domain block, which snarkVM does not expose) are copied
//! into `poseidon2.json` as `sponge` cases.
//!
//! snarkVM keeps its permutation private (`PoseidonSponge::permute`), so
//! the permutation cases come from a model of it written here on snarkVM's
//! own field type and its public parameters (`Poseidon::parameters`: the
//! textbook rounds, ark before the S-box, dense MDS); before writing any,
//! the model's sponge is checked equal to snarkVM's `hash_many` on every
//! random input of every rate.
//!
//! The random cases are digests: input `i` of entry point `TAG` at rate `R`
//! is derived from SHA-256 (`element` below), and the file holds the count
//! and the SHA-256 of the answers, one line per input; the workspace test
//! derives the same inputs and must reach the same digest.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use snarkvm_console_algorithms::Poseidon;
use snarkvm_console_network_environment::Console;
use snarkvm_console_types::prelude::*;
use snarkvm_console_types::{Field, Scalar};
use snarkvm_fields::PoseidonParameters;

type F = Field<Console>;
type Base = <Console as Environment>::Field;

const CRATE: &str = "snarkvm-console-algorithms 4.12.0";
/// Random inputs per entry point and rate.
const RANDOM: usize = 10_000;

fn decimal(x: &F) -> String {
    x.to_string().trim_end_matches("field").to_owned()
}

fn scalar_decimal(x: &Scalar<Console>) -> String {
    x.to_string().trim_end_matches("scalar").to_owned()
}

fn from_u64(x: u64) -> F {
    F::from_u64(x)
}

/// Element `j` of random input `i` of entry point `tag` at rate `rate`:
/// 0, 1 or p − 1 when `(i + j) % 8` is 0, 1 or 2, else the low 252 bits of
/// SHA-256("aleo-vectors:RATE:TAG:I:J") read little-endian (below p).
fn element(rate: usize, tag: &str, i: usize, j: usize) -> F {
    match (i + j) % 8 {
        0 => F::zero(),
        1 => F::one(),
        2 => -F::one(),
        _ => {
            let mut bytes: [u8; 32] =
                Sha256::digest(format!("aleo-vectors:{rate}:{tag}:{i}:{j}")).into();
            bytes[31] &= 0x0f;
            F::new(Base::from_bytes_le_mod_order(&bytes))
        }
    }
}

fn input(rate: usize, tag: &str, i: usize, n: usize) -> Vec<F> {
    (0..n).map(|j| element(rate, tag, i, j)).collect()
}

/// SHA-256 (hex) over one line per answer: its decimals, space-separated.
fn digest(lines: impl Iterator<Item = Vec<String>>) -> String {
    let mut h = Sha256::new();
    for line in lines {
        h.update(line.join(" ").as_bytes());
        h.update(b"\n");
    }
    h.finalize().iter().fold(String::new(), |mut s, b| {
        write!(s, "{b:02x}").unwrap();
        s
    })
}

/// snarkVM's permutation, modelled on its public parameters: for each
/// round, add the round's constants, x^α on every cell (full rounds, the
/// first and last `full_rounds / 2`) or on cell 0 (partial rounds), then
/// `state ← MDS · state`. Cell 0 is the capacity, cells 1..=R the rate.
fn model_permute<const R: usize>(params: &PoseidonParameters<Base, R, 1>, state: &mut [Base]) {
    let half = params.full_rounds / 2;
    for (round, ark) in params.ark.iter().enumerate() {
        let full = round < half || round >= half + params.partial_rounds;
        for (x, c) in state.iter_mut().zip(ark) {
            *x += c;
        }
        for (i, x) in state.iter_mut().enumerate() {
            if full || i == 0 {
                *x = x.pow([params.alpha]);
            }
        }
        let old = state.to_vec();
        for (x, row) in state.iter_mut().zip(&params.mds) {
            *x = row
                .iter()
                .zip(&old)
                .fold(Base::zero(), |acc, (m, y)| acc + *m * y);
        }
    }
}

/// The model's `hash_many`: a zero state, `[domain, len, 0…]` and the input
/// added into the rate block by block with a permutation after each block,
/// then the rate read out, permuting between blocks.
fn model_hash_many<const R: usize>(
    poseidon: &Poseidon<Console, R>,
    input: &[F],
    outputs: usize,
) -> Vec<F> {
    let params = poseidon.parameters();
    let mut preimage = vec![poseidon.domain(), F::from_u128(input.len() as u128)];
    preimage.resize(R, F::zero());
    preimage.extend_from_slice(input);
    let mut state = vec![Base::zero(); R + 1];
    for block in preimage.chunks(R) {
        for (x, y) in state[1..].iter_mut().zip(block) {
            *x += **y;
        }
        model_permute(params, &mut state);
    }
    let mut out = Vec::new();
    while out.len() < outputs {
        if !out.is_empty() {
            model_permute(params, &mut state);
        }
        out.extend(
            state[1..]
                .iter()
                .take(outputs - out.len())
                .map(|x| F::new(*x)),
        );
    }
    out
}

fn json_list(xs: &[F]) -> String {
    let items: Vec<String> = xs.iter().map(|x| format!("\"{}\"", decimal(x))).collect();
    format!("[{}]", items.join(", "))
}

/// The cases of one rate, as JSON lines.
fn rate_cases<const R: usize>(name: &str) -> Vec<String> {
    let poseidon = Poseidon::<Console, R>::setup(name).unwrap();
    let params = poseidon.parameters().clone();
    let t = R + 1;
    let mut cases = Vec::new();
    cases.push(format!(
        "{{\"fn\": \"domain\", \"domain\": \"{name}\", \"output\": [\"{}\"]}}",
        decimal(&poseidon.domain())
    ));

    // Permutation (the model): edge states, then pseudo-random ones.
    let minus_one = -F::one();
    let mut states: Vec<Vec<F>> = vec![
        vec![F::zero(); t],
        vec![F::one(); t],
        vec![minus_one; t],
        (0..t as u64).map(from_u64).collect(),
    ];
    states.extend((0..6).map(|i| input(R, "permute-case", i, t)));
    for state in &states {
        let mut out: Vec<Base> = state.iter().map(|x| **x).collect();
        model_permute(&params, &mut out);
        let out: Vec<F> = out.into_iter().map(F::new).collect();
        cases.push(format!(
            "{{\"fn\": \"permute\", \"input\": {}, \"output\": {}}}",
            json_list(state),
            json_list(&out)
        ));
    }

    // hash: every length 0..=20 (every rate boundary up to 2R + 4 for R = 8).
    for n in 0..=20 {
        let xs = input(R, "hash-case", n, n);
        let out = poseidon.hash(&xs).unwrap();
        assert_eq!(model_hash_many(&poseidon, &xs, 1), vec![out]);
        cases.push(format!(
            "{{\"fn\": \"hash\", \"input\": {}, \"output\": {}}}",
            json_list(&xs),
            json_list(&[out])
        ));
    }
    // Edge inputs: all p − 1, all 0, all 1, one rate block and one more.
    for n in [R - 1, R, R + 1, 2 * R] {
        for x in [F::zero(), F::one(), minus_one] {
            let xs = vec![x; n];
            let out = poseidon.hash(&xs).unwrap();
            cases.push(format!(
                "{{\"fn\": \"hash\", \"input\": {}, \"output\": {}}}",
                json_list(&xs),
                json_list(&[out])
            ));
        }
    }

    // hash_many around the rate boundaries of input and output.
    for n in [0, 1, R - 1, R, R + 1, 2 * R] {
        for outputs in [0, 1, R - 1, R, R + 1, 2 * R, 2 * R + 1, 3 * R] {
            let xs = input(R, "hash_many-case", n * 100 + outputs, n);
            let out = poseidon.hash_many(&xs, outputs as u16);
            assert_eq!(model_hash_many(&poseidon, &xs, outputs), out);
            cases.push(format!(
                "{{\"fn\": \"hash_many\", \"outputs\": {outputs}, \"input\": {}, \"output\": {}}}",
                json_list(&xs),
                json_list(&out)
            ));
        }
    }

    // hash_to_scalar: the hash's low bits as an Edwards BLS12-377 scalar.
    for n in [0, 1, R, R + 1] {
        let xs = input(R, "hash_to_scalar-case", n, n);
        let out = poseidon.hash_to_scalar(&xs).unwrap();
        cases.push(format!(
            "{{\"fn\": \"hash_to_scalar\", \"input\": {}, \"output\": [\"{}\"]}}",
            json_list(&xs),
            scalar_decimal(&out)
        ));
    }

    // Random inputs: digests of the answers.
    let permute = digest((0..RANDOM).map(|i| {
        let mut state: Vec<Base> = input(R, "permute", i, t).iter().map(|x| **x).collect();
        model_permute(&params, &mut state);
        state.iter().map(|x| decimal(&F::new(*x))).collect()
    }));
    let hash = digest((0..RANDOM).map(|i| {
        let xs = input(R, "hash", i, i % 21);
        let out = poseidon.hash(&xs).unwrap();
        assert_eq!(
            model_hash_many(&poseidon, &xs, 1),
            vec![out],
            "model, hash {i}"
        );
        vec![decimal(&out)]
    }));
    let hash_many = digest((0..RANDOM).map(|i| {
        let xs = input(R, "hash_many", i, i % 17);
        let outputs = 1 + i % (2 * R + 3);
        let out = poseidon.hash_many(&xs, outputs as u16);
        assert_eq!(
            model_hash_many(&poseidon, &xs, outputs),
            out,
            "model, hash_many {i}"
        );
        out.iter().map(decimal).collect()
    }));
    let hash_to_scalar = digest((0..RANDOM).map(|i| {
        let xs = input(R, "hash_to_scalar", i, i % 13);
        vec![scalar_decimal(&poseidon.hash_to_scalar(&xs).unwrap())]
    }));
    for (entry, sha) in [
        ("permute", permute),
        ("hash", hash),
        ("hash_many", hash_many),
        ("hash_to_scalar", hash_to_scalar),
    ] {
        cases.push(format!(
            "{{\"fn\": \"random_digest\", \"entry\": \"{entry}\", \"count\": {RANDOM}, \"sha256\": \"{sha}\"}}"
        ));
    }
    cases
}

fn snapshot(dir: &Path, folder: &str, file: &str) -> String {
    let path = dir.join(folder).join(format!("{file}.snap"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// snarkVM's `test_suite_hash{2,4,8}` snapshot cases (domain `PoseidonR`):
/// recomputed here, checked equal to the snapshot file, written as cases.
fn snapshot_hash_cases<const R: usize>(dir: &Path, inputs: &[Vec<F>]) -> Vec<String> {
    let domain = format!("Poseidon{R}");
    let poseidon = Poseidon::<Console, R>::setup(&domain).unwrap();
    inputs
        .iter()
        .enumerate()
        .map(|(index, xs)| {
            let out = poseidon.hash(xs).unwrap();
            let file = format!("rate_{R}_test_{index}");
            assert_eq!(snapshot(dir, "test_hash", &file), out.to_string(), "{file}");
            format!(
                "{{\"fn\": \"hash_domain\", \"domain\": \"{domain}\", \"from\": \"src/poseidon/resources/test_hash/{file}.snap\", \"input\": {}, \"output\": {}}}",
                json_list(xs),
                json_list(&[out])
            )
        })
        .collect()
}

fn parse_fields(list: &[&str]) -> Vec<F> {
    list.iter()
        .map(|s| F::from_str(&format!("{s}field")).unwrap())
        .collect()
}

fn snapshot_inputs(rate: usize) -> Vec<Vec<F>> {
    // The inputs of snarkVM's test_suite_hash{2,4,8} (console/algorithms/src/poseidon/mod.rs).
    let a = [
        "3801852864665033841774715284518384682376829752661853198612247855579120198106",
        "8354898322875240371401674517397790035008442020361740574117886421279083828480",
        "4810388512520169167962815122521832339992376865086300759308552937986944510606",
        "1806278863067630397941269234951941896370617486625414347832536440203404317871",
        "4017177598231920767921734423139954103557056461408532722673217828464276314809",
    ];
    let mut inputs = vec![
        vec![],
        vec![from_u64(0)],
        vec![from_u64(1)],
        vec![from_u64(0), from_u64(1)],
        vec![from_u64(7), from_u64(6)],
    ];
    if rate >= 4 {
        inputs.push(parse_fields(&a[..3]));
        inputs.push(parse_fields(&a[..4]));
        inputs.push(parse_fields(&a[..5]));
    }
    if rate == 8 {
        inputs.push(parse_fields(&[
            "2241061724039470158487229089505123379386376040366677537043719491567584322339",
            "4450395467941419565906844040025562669400620759737863109185235386261110553073",
            "3763549180544198711495347718218896634621699987767108409942867882747700142403",
            "1834649076610684411560795826346579299134200286711220272747136514724202486145",
            "3330794675297759513930533281299019673013197332462213086257974185952740704073",
            "5929621997900969559642343088519370677943323262633114245367700983937202243619",
            "8211311402459203356251863974142333868284569297703150729090604853345946857386",
        ]));
        inputs.push(parse_fields(&[
            "160895951580389706659907027483151875213333010019551276998320919296228647317",
            "8334099740396373026754940038411748941117628023990297711605274995172393663866",
            "6508516067551208838086421306235504440162527555399726948591414865066786644888",
            "5260580011132523115913756761919139190330166964648541423363604516046903841683",
            "1066299182733912299977577599302716102002738653010828827086884529157392046228",
            "1977519953625589014039847898215240724041194773120013187722954068145627219929",
            "1618348632868002512910764605250139381231860094469042556990470848701700964713",
            "1157459381876765943377450451674060447297483544491073402235960067133285590974",
        ]));
        inputs.push(parse_fields(&[
            "3912308888616251672812272013988802988420414245857866136212784631403027079860",
            "4100923705771018951561873336835055979905965765839649442185404560120892958216",
            "5701101373789959818781445339314572139971317958997296225671698446757742149719",
            "5785597627944719799683455467917641287692417422465938462034769734951914291948",
            "214818498460401597228033958287537426429167258531438668351703993840760770582",
            "4497884203527978976088488455523871581608892729212445595385399904032800522087",
            "4010331535874074900042223641934450423780782982190514529696596753456937384201",
            "6067637133445382691713836557146174628934072680692724940823629181144890569742",
            "5966421531117752671625849775894572561179958822813329961720805067254995723444",
        ]));
    }
    inputs
}

/// The parameters of one rate, as JSON, after checking them against the
/// `test_parameters` snapshots.
fn parameters_json<const R: usize>(dir: &Path) -> String {
    let poseidon = Poseidon::<Console, R>::setup("AleoPoseidon").unwrap();
    let p = poseidon.parameters();
    assert_eq!(
        snapshot(dir, "test_parameters", &format!("rate_{R}_ark")),
        format!("{:?}", p.ark)
    );
    assert_eq!(
        snapshot(dir, "test_parameters", &format!("rate_{R}_mds")),
        format!("{:?}", p.mds)
    );
    let rows = |m: &Vec<Vec<Base>>| {
        let rows: Vec<String> = m
            .iter()
            .map(|r| json_list(&r.iter().map(|x| F::new(*x)).collect::<Vec<_>>()))
            .collect();
        format!("[\n      {}\n    ]", rows.join(",\n      "))
    };
    format!(
        "\"{R}\": {{\n    \"alpha\": {}, \"full_rounds\": {}, \"partial_rounds\": {},\n    \"ark\": {},\n    \"mds\": {}\n  }}",
        p.alpha,
        p.full_rounds,
        p.partial_rounds,
        rows(&p.ark),
        rows(&p.mds)
    )
}

/// The rate-2 sponge snapshots (`test_sponge`: absorb `a` copies of
/// 1237812 into a fresh sponge, no domain, no length, squeeze `s`), copied.
fn sponge_cases(dir: &Path) -> Vec<String> {
    let mut cases = Vec::new();
    for absorb in 0..10 {
        for squeeze in 0..10 {
            let file = format!("absorb_{absorb}_squeeze_{squeeze}");
            let text = snapshot(dir, "test_sponge", &file);
            let items: Vec<String> = text
                .trim()
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(", ")
                .filter(|s| !s.is_empty())
                .map(|s| format!("\"{}\"", s.trim_end_matches("field")))
                .collect();
            assert_eq!(items.len(), squeeze, "{file}");
            cases.push(format!(
                "{{\"fn\": \"sponge\", \"absorb\": {absorb}, \"squeeze\": {squeeze}, \"element\": \"1237812\", \"from\": \"src/poseidon/resources/test_sponge/{file}.snap\", \"output\": [{}]}}",
                items.join(", ")
            ));
        }
    }
    cases
}

fn resources_dir() -> PathBuf {
    let home = std::env::var("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(std::env::var("HOME").expect("HOME")).join(".cargo"));
    let src = home.join("registry").join("src");
    for index in std::fs::read_dir(&src).expect("cargo registry") {
        let dir = index
            .unwrap()
            .path()
            .join("snarkvm-console-algorithms-4.12.0/src/poseidon/resources");
        if dir.is_dir() {
            return dir;
        }
    }
    panic!(
        "snarkvm-console-algorithms-4.12.0 not found under {}",
        src.display()
    );
}

fn write_file(path: PathBuf, source: &str, generator: &str, cases: &[String]) {
    let text = format!(
        "{{\n  \"source\": \"{source}\",\n  \"generator\": \"{generator}\",\n  \"cases\": [\n    {}\n  ]\n}}\n",
        cases.join(",\n    ")
    );
    std::fs::write(&path, text).unwrap();
    eprintln!("wrote {} ({} cases)", path.display(), cases.len());
}

/// Times `iters` chained calls of `f`, in ns per call.
fn time_chain<S: Copy>(iters: u32, start: S, f: impl Fn(S) -> S) -> f64 {
    let t = std::time::Instant::now();
    let mut s = start;
    for _ in 0..iters {
        s = f(std::hint::black_box(s));
    }
    std::hint::black_box(s);
    t.elapsed().as_nanos() as f64 / f64::from(iters)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// One batch of calls, returning ns per call.
type Timer = Box<dyn Fn() -> f64>;

/// The timed items of one rate: ours against snarkVM's, checked equal
/// first. snarkVM's permutation is private, so both sides are also timed
/// through `hash_many` of one element with 64·R outputs (64 permutations:
/// the first block, the input's, and 62 more while squeezing); our own
/// permutation is timed directly too, against that per-permutation time.
fn bench_items<const R: usize, const W: usize>() -> Vec<(String, Timer, Timer)>
where
    algebraic_hash_poseidon::aleo::Poseidon<R>:
        algebraic_hash::Permutation<[algebraic_hash_poseidon::aleo::Fr; W]>,
{
    use algebraic_hash::Permutation;
    use algebraic_hash_poseidon::aleo::{Fr as Ours, Poseidon as OursPoseidon, fr_from_le_bytes};
    let theirs = Poseidon::<Console, R>::setup(&format!("AleoPoseidon{R}")).unwrap();
    let ours = OursPoseidon::<R>::aleo();
    let to_ours = |x: &F| fr_from_le_bytes(&x.to_bytes_le().unwrap()).unwrap();
    let xs = input(R, "bench", 0, 2 * R);
    let oxs: Vec<Ours> = xs.iter().map(to_ours).collect();
    for n in [1, R, 2 * R] {
        assert_eq!(
            to_ours(&theirs.hash(&xs[..n]).unwrap()),
            ours.hash::<W>(&oxs[..n])
        );
    }
    let long = 64 * R;
    let mut out = vec![Ours::from(0u64); long];
    ours.hash_many::<W>(&oxs[..1], &mut out);
    let theirs_out: Vec<Ours> = theirs
        .hash_many(&xs[..1], long as u16)
        .iter()
        .map(to_ours)
        .collect();
    assert_eq!(out, theirs_out);

    let state: [Ours; W] = core::array::from_fn(|i| oxs[i % oxs.len()]);
    let mut items: Vec<(String, Timer, Timer)> = Vec::new();
    // Our permutation against snarkVM's per-permutation time (1/64 of the
    // long hash_many).
    let (t1, x1) = (theirs.clone(), xs[0]);
    items.push((
        format!("rate {R}: permutation (ours: permute; snarkVM: hash_many 64R / 64)"),
        Box::new(move || time_chain(1280, state, |s| ours.permute(s))),
        Box::new(move || time_chain(20, x1, |x| t1.hash_many(&[x], long as u16)[long - 1]) / 64.0),
    ));
    let (t2, x2, o2) = (theirs.clone(), xs[0], oxs[0]);
    items.push((
        format!("rate {R}: hash_many of 1 element, {long} outputs (64 permutations)"),
        Box::new(move || {
            time_chain(20, o2, |x| {
                let mut out = vec![Ours::from(0u64); long];
                ours.hash_many::<W>(&[x], &mut out);
                out[long - 1]
            })
        }),
        Box::new(move || time_chain(20, x2, |x| t2.hash_many(&[x], long as u16)[long - 1])),
    ));
    for n_in in [R, 2 * R] {
        let (t3, v, ov) = (theirs.clone(), xs[..n_in].to_vec(), oxs[..n_in].to_vec());
        items.push((
            format!(
                "rate {R}: hash of {n_in} elements ({} permutations)",
                1 + n_in / R
            ),
            Box::new(move || {
                time_chain(400, ov[0], |x| {
                    let mut w = ov.clone();
                    w[0] = x;
                    ours.hash::<W>(&w)
                })
            }),
            Box::new(move || {
                time_chain(400, v[0], |x| {
                    let mut w = v.clone();
                    w[0] = x;
                    t3.hash(&w).unwrap()
                })
            }),
        ));
    }
    items
}

/// Ours against snarkVM, interleaved in one process: per item, `rounds`
/// rounds (`ALEO_ROUNDS`, default 30) of one batch each (the order
/// alternating), the median batch times (ns per call; for the permutation
/// item, snarkVM's per permutation) and the median of the per-round ratios
/// ours / snarkVM.
fn bench() {
    let rounds: usize = std::env::var("ALEO_ROUNDS")
        .ok()
        .map_or(30, |r| r.parse().unwrap());
    // `ALEO_RATES=2,8` times only those rates.
    let rates = std::env::var("ALEO_RATES").unwrap_or_else(|_| "2,4,8".to_owned());
    let rates: Vec<&str> = rates.split(',').collect();
    let mut items = Vec::new();
    if rates.contains(&"2") {
        items.extend(bench_items::<2, 3>());
    }
    if rates.contains(&"4") {
        items.extend(bench_items::<4, 5>());
    }
    if rates.contains(&"8") {
        items.extend(bench_items::<8, 9>());
    }
    println!(
        "{CRATE} against algebraic-hash-poseidon (aleo), {rounds} rounds, backend {}",
        algebraic_hash_montgomery::backend_name()
    );
    println!("| item | ours (ns) | snarkVM (ns) | ours / snarkVM |");
    println!("|---|---:|---:|---:|");
    for (name, ours, theirs) in &items {
        let (mut ta, mut tb, mut r) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let (x, y) = if round % 2 == 0 {
                let x = ours();
                (x, theirs())
            } else {
                let y = theirs();
                (ours(), y)
            };
            ta.push(x);
            tb.push(y);
            r.push(x / y);
        }
        println!(
            "| {name} | {:.0} | {:.0} | {:.2} |",
            median(&mut ta),
            median(&mut tb),
            median(&mut r)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("bench") {
        return bench();
    }
    let out = PathBuf::from(args.get(1).expect("usage: aleo-vectors OUT_DIR | bench"));
    let dir = resources_dir();
    let generator =
        "cargo run --release --manifest-path scripts/aleo-vectors/Cargo.toml -- test-vectors/aleo";

    for (rate, cases) in [
        (
            2,
            [
                rate_cases::<2>("AleoPoseidon2"),
                snapshot_hash_cases::<2>(&dir, &snapshot_inputs(2)),
                sponge_cases(&dir),
            ]
            .concat(),
        ),
        (
            4,
            [
                rate_cases::<4>("AleoPoseidon4"),
                snapshot_hash_cases::<4>(&dir, &snapshot_inputs(4)),
            ]
            .concat(),
        ),
        (
            8,
            [
                rate_cases::<8>("AleoPoseidon8"),
                snapshot_hash_cases::<8>(&dir, &snapshot_inputs(8)),
            ]
            .concat(),
        ),
    ] {
        let source = format!(
            "{CRATE} (crates.io; snarkvm-console-types/-fields 4.12.0, Console environment: BLS12-377 Fr): Poseidon{rate}::setup(domain) with Aleo's network domain AleoPoseidon{rate} (snarkvm-console-network, MainnetV0 and TestnetV0), hash, hash_many, hash_to_scalar; the hash_domain cases (domain Poseidon{rate}) are snarkVM's own test_suite_hash{rate} snapshots (checked equal by the generator){}; the permute cases come from a model of snarkVM's private permutation on its public parameters, checked by the generator to reproduce snarkVM's hash_many on every random input",
            if rate == 2 {
                ", the sponge cases are copied from its rate-2 test_sponge snapshots (src/poseidon/resources/test_sponge/*.snap: PoseidonSponge::new, absorb that many copies of 1237812, squeeze that many)"
            } else {
                ""
            }
        );
        write_file(
            out.join(format!("poseidon{rate}.json")),
            &source,
            generator,
            &cases,
        );
    }
    let params = format!(
        "{{\n  \"source\": \"{CRATE}: Poseidon::parameters() (snarkvm-fields 4.12.0 default_poseidon_parameters for BLS12-377 Fr, Grain LFSR), checked equal to the crate's test_parameters snapshots\",\n  \"generator\": \"{generator}\",\n  \"rates\": {{\n  {},\n  {},\n  {}\n  }}\n}}\n",
        parameters_json::<2>(&dir),
        parameters_json::<4>(&dir),
        parameters_json::<8>(&dir)
    );
    std::fs::write(out.join("parameters.json"), params).unwrap();
}
