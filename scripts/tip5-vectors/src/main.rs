//! Prints the Tip5 known-answer file (JSON) computed by twenty-first 3.1.1:
//! `permute` (`Tip5::permutation` on a state of canonical values), `hash`
//! (`Tip5::hash_varlen`, every length 0..=30 plus a few long ones),
//! `compress` (`Tip5::hash_pair`, input: the two digests' ten elements) and
//! `hash_10` (`Tip5::hash_10`). Inputs: edge values (0, 1, p − 1, and
//! 2^32, whose Montgomery form is p − 1) and a fixed splitmix64 stream.

use twenty_first::prelude::BFieldElement;
use twenty_first::tip5::{Digest, Tip5};

const P: u64 = BFieldElement::P;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn elements(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.next() % P).collect()
    }
}

fn list(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
    format!("[{}]", items.join(", "))
}

fn values(elements: &[BFieldElement]) -> Vec<u64> {
    elements.iter().map(|e| e.value()).collect()
}

fn bfes(v: &[u64]) -> Vec<BFieldElement> {
    v.iter().map(|&x| BFieldElement::new(x)).collect()
}

fn main() {
    let mut rng = Rng(0x7195_5eed);
    let mut cases = Vec::new();
    let mut case = |f: &str, input: &[u64], output: &[u64]| {
        cases.push(format!(
            "    {{ \"fn\": \"{f}\", \"input\": {}, \"output\": {} }}",
            list(input),
            list(output)
        ));
    };

    let mut states: Vec<Vec<u64>> = vec![
        vec![0; 16],
        (0..16).collect(),
        vec![P - 1; 16],
        vec![1 << 32; 16],
        vec![1; 16],
    ];
    states.extend((0..10).map(|_| rng.elements(16)));
    for s in &states {
        let mut t = Tip5 {
            state: bfes(s).try_into().unwrap(),
        };
        t.permutation();
        case("permute", s, &values(&t.state));
    }

    let mut inputs: Vec<Vec<u64>> = (0..=30).map(|n| rng.elements(n)).collect();
    inputs.push(vec![0; 10]);
    inputs.push(vec![P - 1; 19]);
    inputs.push(rng.elements(100));
    for v in &inputs {
        case("hash", v, &values(&Tip5::hash_varlen(&bfes(v)).values()));
    }

    let mut pairs: Vec<Vec<u64>> = vec![vec![0; 10], vec![P - 1; 10], (0..10).collect()];
    pairs.extend((0..10).map(|_| rng.elements(10)));
    for v in &pairs {
        let e = bfes(v);
        let l = Digest::new(e[..5].try_into().unwrap());
        let r = Digest::new(e[5..].try_into().unwrap());
        case("compress", v, &values(&Tip5::hash_pair(l, r).values()));
        case("hash_10", v, &values(&Tip5::hash_10(&e.try_into().unwrap())));
    }

    println!("{{");
    println!(
        "  \"source\": \"twenty-first 3.1.1 (crates.io, =3.1.1; git d0672516f1b57e3622e1470229740e7df7c55349): \
         Tip5::permutation for permute, Tip5::hash_varlen for hash, Tip5::hash_pair for compress \
         (input: left digest then right digest), Tip5::hash_10 for hash_10\","
    );
    println!("  \"generator\": \"scripts/tip5-vectors (run.sh)\",");
    println!("  \"instance\": \"tip5\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}
