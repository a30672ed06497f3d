//! This crate's Hades Poseidon instances against their ecosystems' own
//! crates, timed in interleaved batches in one process so that all see the
//! same background load: Starknet (starknet-types-core 1.0:
//! `hades_permutation`, `hash`, `hash_array` of 10 elements) and Zcash
//! Orchard over Pallas Fp (halo2_poseidon 0.2: the permutation through
//! `test_only_permute` with its constants fetched once, and
//! `Hash::<_, P128Pow5T3, ConstantLength<2>, 3, 2>::init().hash`, which is
//! how a user calls it), Dusk (dusk-poseidon 0.41.0, the newest release
//! that builds on stable 1.95, same outputs as 0.44.0 but its rounds in
//! textbook form: `Hash::digest` of `Domain::Merkle2`, `Merkle4` and
//! `Other` with 10 elements; `scripts/dusk-vectors -- bench` times 0.44.0,
//! whose rounds are in sparse form like ours), and Filecoin's Poseidon over
//! BLS12-381 Fr, arity 2, 4, 8 and 11, standard and strengthened (neptune
//! 13.0.0 with blstrs: the permutation as `Poseidon::hash` on a state set
//! directly, the Merkle-tree hash as `Poseidon::new_with_preimage(..).hash()`,
//! which is how Filecoin calls it; the constants built once, outside the
//! timing). Each permutation gets the previous output. Prints,
//! per item, the median batch time and the median over rounds of the
//! per-round ratio ours / peer.
//!
//! `cargo bench -p algebraic-hash-poseidon --features starknet,orchard,dusk,filecoin --bench hades_interleaved`
//! (`HADES_ROUNDS` rounds, default 40; `--quick` or `--test` runs 3;
//! `HADES_ONLY=filecoin` (or `dusk`, …) times only the items whose name
//! starts so).

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_poseidon::dusk::{self, BlsScalar, DuskPoseidon};
use algebraic_hash_poseidon::filecoin::{self, Fr as FilecoinFr};
use algebraic_hash_poseidon::orchard::{self, P128Pow5T3, PallasFp};
use algebraic_hash_poseidon::starknet::{self, Felt, StarknetPoseidon};
use ark_ff::{BigInteger, Field, PrimeField};
use ff::PrimeField as _;
use generic_array::typenum::{U2, U4, U8, U11};
use halo2_poseidon::{ConstantLength, Hash, Spec};
use neptune::Strength;
use neptune::poseidon::{Arity, PoseidonConstants};
use starknet_types_core::felt::Felt as TheirFelt;
use starknet_types_core::hash::{Poseidon, StarkHash};

/// Times `iters` chained calls of `f`, in ns per call.
fn time_chain<S: Copy>(iters: u32, start: S, f: impl Fn(S) -> S) -> f64 {
    let t = Instant::now();
    let mut s = start;
    for _ in 0..iters {
        s = f(black_box(s));
    }
    black_box(s);
    t.elapsed().as_nanos() as f64 / f64::from(iters)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    v[v.len() / 2]
}

fn their_felt(x: &Felt) -> TheirFelt {
    TheirFelt::from_bytes_be(&starknet::felt_to_be_bytes(x))
}

fn their_bls(x: &BlsScalar) -> dusk_bls12_381::BlsScalar {
    let bytes: [u8; 32] = x.into_bigint().to_bytes_le().try_into().expect("32 bytes");
    dusk_bls12_381::BlsScalar::from_bytes(&bytes).expect("canonical")
}

fn their_pallas(x: &PallasFp) -> pasta_curves::Fp {
    let bytes: [u8; 32] = x.into_bigint().to_bytes_le().try_into().expect("32 bytes");
    pasta_curves::Fp::from_repr(bytes).expect("canonical")
}

fn their_scalar(x: &FilecoinFr) -> blstrs::Scalar {
    let bytes: [u8; 32] = x.into_bigint().to_bytes_le().try_into().expect("32 bytes");
    Option::from(blstrs::Scalar::from_bytes_le(&bytes)).expect("canonical")
}

/// The permutation and the Merkle-tree hash of Filecoin's Poseidon of one
/// arity and strength, ours against neptune's (checked equal first).
fn filecoin_items<A, const ARITY: usize, const W: usize, const STRENGTHENED: bool>(
    iters: u32,
) -> [Item; 2]
where
    A: Arity<blstrs::Scalar> + 'static,
    filecoin::Poseidon<ARITY, STRENGTHENED>:
        Permutation<[FilecoinFr; W]> + Compression<FilecoinFr, ARITY>,
{
    let ours = filecoin::Poseidon::<ARITY, STRENGTHENED>;
    let strength = if STRENGTHENED {
        Strength::Strengthened
    } else {
        Strength::Standard
    };
    let constants: &'static PoseidonConstants<blstrs::Scalar, A> =
        Box::leak(Box::new(PoseidonConstants::new_with_strength(strength)));
    let s: [FilecoinFr; W] =
        core::array::from_fn(|i| FilecoinFr::from(0x5eed_f11e_c0de_0000u64 + i as u64).pow([5u64]));
    let their_s: [blstrs::Scalar; W] = s.map(|x| their_scalar(&x));
    let x: [FilecoinFr; ARITY] = core::array::from_fn(|i| s[i + 1]);
    let their_x: [blstrs::Scalar; ARITY] = core::array::from_fn(|i| their_s[i + 1]);
    let their_permute = move |state: [blstrs::Scalar; W]| {
        let mut p = neptune::Poseidon::new(constants);
        p.elements.copy_from_slice(&state);
        p.hash();
        core::array::from_fn(|i| p.elements[i])
    };
    let their_hash = move |x: [blstrs::Scalar; ARITY]| {
        neptune::Poseidon::new_with_preimage(&x, constants).hash()
    };
    assert_eq!(
        ours.permute(s).map(|v| their_scalar(&v)),
        their_permute(their_s)
    );
    assert_eq!(their_scalar(&ours.compress(x)), their_hash(their_x));
    let suffix = if STRENGTHENED { ", strengthened" } else { "" };
    let name = |what: &str| -> &'static str {
        Box::leak(format!("filecoin {what} (arity {ARITY}{suffix})").into_boxed_str())
    };
    [
        Item {
            name: name("permutation"),
            ours: Box::new(move |n| time_chain(n, s, |v| ours.permute(v))),
            theirs: Box::new(move |n| time_chain(n, their_s, their_permute)),
            iters,
        },
        Item {
            name: name("Merkle-tree hash"),
            ours: Box::new(move |n| {
                time_chain(n, x, |mut v| {
                    v[0] = ours.compress(v);
                    v
                })
            }),
            theirs: Box::new(move |n| {
                time_chain(n, their_x, |mut v| {
                    v[0] = their_hash(v);
                    v
                })
            }),
            iters,
        },
    ]
}

/// One timed item: ours and the peer's, `iters` calls each per round.
struct Item {
    name: &'static str,
    ours: Box<dyn Fn(u32) -> f64>,
    theirs: Box<dyn Fn(u32) -> f64>,
    iters: u32,
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick" || a == "--test");
    let rounds: usize = if quick {
        3
    } else {
        std::env::var("HADES_ROUNDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(40)
    };
    let s: [Felt; 3] =
        core::array::from_fn(|i| Felt::from(0x1234_5678_9abc_def0u64 + i as u64).pow([5u64]));
    let their_s = s.map(|x| their_felt(&x));
    let ten: Vec<Felt> = (0..10u64)
        .map(|i| Felt::from(i * 7919 + 13).pow([3u64]))
        .collect();
    let their_ten: Vec<TheirFelt> = ten.iter().map(their_felt).collect();
    let p: [PallasFp; 3] =
        core::array::from_fn(|i| PallasFp::from(0x0fed_cba9_8765_4321u64 + i as u64).pow([5u64]));
    let their_p = p.map(|x| their_pallas(&x));
    let (constants, mds, _) =
        <halo2_poseidon::P128Pow5T3 as Spec<pasta_curves::Fp, 3, 2>>::constants();

    // Same answers before timing anything.
    let mut check = their_s;
    Poseidon::hades_permutation(&mut check);
    assert_eq!(check, StarknetPoseidon.permute(s).map(|x| their_felt(&x)));
    assert_eq!(
        Poseidon::hash_array(&their_ten),
        their_felt(&starknet::hash_many(&ten))
    );
    let mut check = their_p;
    halo2_poseidon::test_only_permute::<_, halo2_poseidon::P128Pow5T3, 3, 2>(
        &mut check, &mds, &constants,
    );
    assert_eq!(check, P128Pow5T3.permute(p).map(|x| their_pallas(&x)));

    let d: [BlsScalar; 4] =
        core::array::from_fn(|i| BlsScalar::from(0x0bad_c0de_u64 + i as u64).pow([5u64]));
    let their_d = d.map(|x| their_bls(&x));
    let d10: Vec<BlsScalar> = (0..10u64)
        .map(|i| BlsScalar::from(i * 104_729 + 5).pow([5u64]))
        .collect();
    let their_d10: Vec<_> = d10.iter().map(their_bls).collect();
    use dusk_poseidon::{Domain as TheirDomain, Hash as TheirHash};
    assert_eq!(
        TheirHash::digest(TheirDomain::Merkle4, &their_d)[0],
        their_bls(&DuskPoseidon.compress(d))
    );
    assert_eq!(
        TheirHash::digest(TheirDomain::Other, &their_d10)[0],
        their_bls(&dusk::hash(dusk::Domain::Other, &d10).expect("valid"))
    );

    let items = [
        filecoin_items::<U2, 2, 3, false>(1000),
        filecoin_items::<U2, 2, 3, true>(1000),
        filecoin_items::<U4, 4, 5, false>(600),
        filecoin_items::<U4, 4, 5, true>(600),
        filecoin_items::<U8, 8, 9, false>(300),
        filecoin_items::<U8, 8, 9, true>(300),
        filecoin_items::<U11, 11, 12, false>(200),
        filecoin_items::<U11, 11, 12, true>(200),
    ];
    let mut items: Vec<Item> = items.into_iter().flatten().collect();
    items.extend([
        Item {
            name: "starknet permutation",
            ours: Box::new(move |n| time_chain(n, s, |x| StarknetPoseidon.permute(x))),
            theirs: Box::new(move |n| {
                time_chain(n, their_s, |mut x| {
                    Poseidon::hades_permutation(&mut x);
                    x
                })
            }),
            iters: 2000,
        },
        Item {
            name: "starknet hash (2 -> 1)",
            ours: Box::new(move |n| {
                time_chain(n, [s[0], s[1]], |[x, y]| [starknet::hash(x, y), x])
            }),
            theirs: Box::new(move |n| {
                time_chain(n, [their_s[0], their_s[1]], |[x, y]| {
                    [Poseidon::hash(&x, &y), x]
                })
            }),
            iters: 2000,
        },
        Item {
            name: "starknet hash_many (10)",
            ours: {
                let ten = ten.clone();
                Box::new(move |n| {
                    time_chain(n, ten[0], |x| {
                        let mut v = ten.clone();
                        v[0] = x;
                        starknet::hash_many(&v)
                    })
                })
            },
            theirs: {
                let ten = their_ten.clone();
                Box::new(move |n| {
                    time_chain(n, ten[0], |x| {
                        let mut v = ten.clone();
                        v[0] = x;
                        Poseidon::hash_array(&v)
                    })
                })
            },
            iters: 400,
        },
        Item {
            name: "orchard permutation (Pallas)",
            ours: Box::new(move |n| time_chain(n, p, |x| P128Pow5T3.permute(x))),
            theirs: Box::new(move |n| {
                time_chain(n, their_p, |mut x| {
                    halo2_poseidon::test_only_permute::<_, halo2_poseidon::P128Pow5T3, 3, 2>(
                        &mut x, &mds, &constants,
                    );
                    x
                })
            }),
            iters: 2000,
        },
        Item {
            name: "orchard ConstantLength<2> (Pallas)",
            ours: Box::new(move |n| time_chain(n, [p[0], p[1]], |m| [orchard::hash(m), m[0]])),
            theirs: Box::new(move |n| {
                time_chain(n, [their_p[0], their_p[1]], |m| {
                    [
                        Hash::<_, halo2_poseidon::P128Pow5T3, ConstantLength<2>, 3, 2>::init()
                            .hash(m),
                        m[0],
                    ]
                })
            }),
            iters: 2000,
        },
        Item {
            name: "dusk Merkle2 (2 -> 1)",
            ours: Box::new(move |n| {
                time_chain(n, [d[0], d[1]], |[x, y]| [DuskPoseidon.compress([x, y]), x])
            }),
            theirs: Box::new(move |n| {
                time_chain(n, [their_d[0], their_d[1]], |[x, y]| {
                    [TheirHash::digest(TheirDomain::Merkle2, &[x, y])[0], x]
                })
            }),
            iters: 1000,
        },
        Item {
            name: "dusk Merkle4 (4 -> 1)",
            ours: Box::new(move |n| {
                time_chain(n, d, |[a, b, c, e]| {
                    [DuskPoseidon.compress([a, b, c, e]), a, b, c]
                })
            }),
            theirs: Box::new(move |n| {
                time_chain(n, their_d, |[a, b, c, e]| {
                    [
                        TheirHash::digest(TheirDomain::Merkle4, &[a, b, c, e])[0],
                        a,
                        b,
                        c,
                    ]
                })
            }),
            iters: 1000,
        },
        Item {
            name: "dusk hash Domain::Other (10)",
            ours: {
                let v = d10.clone();
                Box::new(move |n| {
                    time_chain(n, v[0], |x| {
                        let mut w = v.clone();
                        w[0] = x;
                        dusk::hash(dusk::Domain::Other, &w).expect("valid")
                    })
                })
            },
            theirs: {
                let v = their_d10.clone();
                Box::new(move |n| {
                    time_chain(n, v[0], |x| {
                        let mut w = v.clone();
                        w[0] = x;
                        TheirHash::digest(TheirDomain::Other, &w)[0]
                    })
                })
            },
            iters: 300,
        },
    ]);
    if let Ok(prefix) = std::env::var("HADES_ONLY") {
        items.retain(|item| item.name.starts_with(&prefix));
    }
    let mut ours = vec![Vec::new(); items.len()];
    let mut theirs = vec![Vec::new(); items.len()];
    let mut ratios = vec![Vec::new(); items.len()];
    for round in 0..rounds {
        for (k, item) in items.iter().enumerate() {
            let n = if quick { 10 } else { item.iters };
            // Alternate which goes first.
            let (a, b) = if round % 2 == 0 {
                let a = (item.ours)(n);
                (a, (item.theirs)(n))
            } else {
                let b = (item.theirs)(n);
                ((item.ours)(n), b)
            };
            ours[k].push(a);
            theirs[k].push(b);
            ratios[k].push(a / b);
        }
    }
    println!(
        "{rounds} rounds, backend {}",
        algebraic_hash_montgomery::backend_name()
    );
    println!("| item | ours (ns) | peer (ns) | ours / peer |");
    println!("|---|---|---|---|");
    for (k, item) in items.iter().enumerate() {
        println!(
            "| {} | {:.0} | {:.0} | {:.2} |",
            item.name,
            median(&mut ours[k]),
            median(&mut theirs[k]),
            median(&mut ratios[k])
        );
    }
}
