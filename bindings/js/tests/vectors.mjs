// Which vector-file functions each instance's operations answer (the same
// table as crates/cli/tests/cli.rs and bindings/python/tests/vectors.py):
// rescue/rp64_256.json: apply_permutation, hash_elements, merge;
// poseidon/circom_tN.json: permutation, poseidon (hash and compress of
// poseidon-tN, hash of `poseidon`); poseidon/lean_imt.json: compress of
// poseidon-t3; poseidon/poseidon2_SET_tN.json:
// permutation, compress, hash_elements; poseidon2-small/plonky3-FIELD-W.json:
// permute, hash, compress; mina/NAME.json: permute, hash, compress;
// tip5/tip5.json: permute, hash (hash_varlen), compress (hash_pair), its
// hash_10 cases read by the Rust tests only; tip5/merkle.json and
// tip5/mmr.json: compress (hash_pair: the smaller trees' inner nodes, the
// steps of bag_peaks); aleo/poseidonR.json: permute,
// hash (of aleo-poseidonR; aleo/parameters.json holds constants);
// anemoi/DIR/FIELD-CELLS.*.json:
// permutation (generated files only), jive with b = 2, hash_elements. Functions the package does
// not expose (Anemoi's single layers and byte hash, Winterfell's
// byte hash and merge_with_int) are not mapped; circom's poseidon_ex cases are
// checked by their own test in vectors.test.mjs.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VECTORS = fileURLToPath(new URL('../../../test-vectors/', import.meta.url));

export const BN254_R =
  21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const GOLDILOCKS = (1n << 64n) - (1n << 32n) + 1n;
const SMALL_MODULI = {
  babybear: 2013265921n,
  koalabear: 2130706433n,
  mersenne31: 2147483647n,
};
const ANEMOI_MODULI = {
  bls12_377:
    258664426012969094010652733694893533536393512754914660539884262666720468348340822774968888139573360124440321458177n,
  bls12_381:
    4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787n,
  bn254: 21888242871839275222246405745257275088696311157297823662689037894645226208583n,
  bn254_fr: 21888242871839275222246405745257275088548364400416034343698204186575808495617n,
  ed_on_bls12_377: 8444461749428370424248824938781546531375899335154063827935233455917409239041n,
  jubjub: 52435875175126190479447740508185965837690552500527637822603658699938581184513n,
  pallas: 28948022309329048855892746252171976963363056481941560715954676764349967630337n,
  vesta: 28948022309329048855892746252171976963363056481941647379679742748393362948097n,
};

export function elements(value) {
  if (value == null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => BigInt(String(v)));
}

// Files under test-vectors/ that hold constants, not input/output cases (the
// Rust tests read them).
const NOT_VECTORS = new Set(['poseidon/circom_constants.json', 'aleo/parameters.json']);

export function files() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json')) out.push(relative(VECTORS, path).split('\\').join('/'));
    }
  };
  walk(VECTORS);
  return out.filter((rel) => !NOT_VECTORS.has(rel)).sort();
}

export function load(rel) {
  return JSON.parse(readFileSync(join(VECTORS, rel), 'utf8'));
}

// { modulus, table: [[fn, instance, op, keep]] } for one file.
export function mapping(rel) {
  const parts = rel.split('/');
  const name = parts[parts.length - 1];
  if (rel === 'rescue/rp64_256.json') {
    return {
      modulus: GOLDILOCKS,
      table: [
        ['apply_permutation', 'rp64-256', 'permute', null],
        ['hash_elements', 'rp64-256', 'hash', null],
        ['merge', 'rp64-256', 'compress', null],
      ],
    };
  }
  if (rel === 'rescue/rpo256.json' || rel === 'rescue/rpx256.json') {
    const inst = name.slice(0, -'.json'.length);
    return {
      modulus: GOLDILOCKS,
      table: [
        ['apply_permutation', inst, 'permute', null],
        ['hash_elements', inst, 'hash', null],
        ['merge', inst, 'compress', null],
      ],
    };
  }
  if (parts[0] === 'poseidon' && name.startsWith('circom_t')) {
    const t = Number(name.slice('circom_t'.length, -'.json'.length));
    const inst = `poseidon-t${t}`;
    return {
      modulus: BN254_R,
      table: [
        ['permutation', inst, 'permute', null],
        ['poseidon', inst, 'hash', null],
        ['poseidon', inst, 'compress', (c) => elements(c.input).length === t - 1],
        ['poseidon', 'poseidon', 'hash', null],
      ],
    };
  }
  if (rel === 'poseidon/lean_imt.json') {
    // Semaphore's poseidon2: the smaller trees' inner nodes (the roots are
    // merkle.test.mjs's).
    return { modulus: BN254_R, table: [['compress', 'poseidon-t3', 'compress', null]] };
  }
  if (parts[0] === 'poseidon' && name.startsWith('poseidon2_')) {
    const [, set, t] = name.slice(0, -'.json'.length).split('_');
    const inst = `poseidon2-${set}-${t}`;
    return {
      modulus: BN254_R,
      table: [
        ['permutation', inst, 'permute', null],
        ['compress', inst, 'compress', null],
        ['hash_elements', inst, 'hash', null],
      ],
    };
  }
  if (parts[0] === 'poseidon2-small') {
    // plonky3-FIELD-WIDTH.json: permute, hash, compress of poseidon2-plonky3-FIELD-WIDTH.
    const stem = name.slice(0, -'.json'.length);
    const field = stem.split('-')[1];
    const inst = `poseidon2-${stem}`;
    return {
      modulus: field === 'goldilocks' ? GOLDILOCKS : SMALL_MODULI[field],
      table: [
        ['permute', inst, 'permute', null],
        ['hash', inst, 'hash', null],
        ['compress', inst, 'compress', null],
      ],
    };
  }
  if (['risc0', 'sp1', 'openvm'].includes(parts[0])) {
    // The zkVMs' Poseidon2 files name their instance (e.g.
    // poseidon2-sp1v5-babybear-16); the field is its second-last part.
    const inst = load(rel).instance;
    const field = inst.split('-').at(-2);
    return {
      modulus: SMALL_MODULI[field],
      table: [
        ['permute', inst, 'permute', null],
        ['hash', inst, 'hash', null],
        ['compress', inst, 'compress', null],
      ],
    };
  }
  if (rel === 'plonky2/merkle.json') {
    // plonky2's Merkle trees: the smaller trees' leaves, hash_or_noop of
    // poseidon-plonky2-hash-or-noop (the trees, caps and proofs are the
    // Rust tests').
    return {
      modulus: GOLDILOCKS,
      table: [['hash_or_noop', 'poseidon-plonky2-hash-or-noop', 'hash', null]],
    };
  }
  if (rel === 'plonky2/poseidon.json') {
    // plonky2's Poseidon: permute, hash_no_pad, two_to_one of poseidon-plonky2;
    // hash_or_noop of poseidon-plonky2-hash-or-noop.
    return {
      modulus: GOLDILOCKS,
      table: [
        ['permute', 'poseidon-plonky2', 'permute', null],
        ['hash_no_pad', 'poseidon-plonky2', 'hash', null],
        ['two_to_one', 'poseidon-plonky2', 'compress', null],
        ['hash_or_noop', 'poseidon-plonky2-hash-or-noop', 'hash', null],
      ],
    };
  }
  if (parts[0] === 'anemoi') {
    const prefix = { crypto2023: 'anemoi', eprint2022: 'anemoi2022' }[parts[1]];
    const stem = name.split('.')[0];
    const cut = stem.lastIndexOf('-');
    const field = stem.slice(0, cut);
    const inst = `${prefix}-${field.replaceAll('_', '-')}-${stem.slice(cut + 1)}`;
    const table = [
      ['jive', inst, 'compress', (c) => c.b === 2],
      ['hash_elements', inst, 'hash', null],
    ];
    // The published (reference) files have no permutation cases.
    if (name.endsWith('.generated.json')) table.unshift(['permutation', inst, 'permute', null]);
    // noah's BN254 Fr answers have Jive_4 only (compress is Jive_2).
    else if (field === 'bn254_fr') table.shift();
    return { modulus: ANEMOI_MODULI[field], table };
  }
  if (rel === 'starknet/poseidon.json') {
    return {
      modulus: (1n << 251n) + 17n * (1n << 192n) + 1n,
      table: [
        ['hades_permutation', 'starknet-poseidon', 'permute', null],
        ['hash', 'starknet-poseidon', 'compress', null],
        ['hash_many', 'starknet-poseidon', 'hash', null],
      ],
    };
  }
  if (rel === 'tip5/merkle.json' || rel === 'tip5/mmr.json') {
    // twenty-first's Merkle trees and Mountain Ranges: the smaller trees'
    // inner nodes and the steps of bag_peaks, compress of tip5 (the trees,
    // ranges, roots and proofs are the Rust tests').
    return { modulus: GOLDILOCKS, table: [['compress', 'tip5', 'compress', null]] };
  }
  if (rel === 'tip5/tip5.json') {
    return {
      modulus: GOLDILOCKS,
      table: [
        ['permute', 'tip5', 'permute', null],
        ['hash', 'tip5', 'hash', null],
        ['compress', 'tip5', 'compress', null],
      ],
    };
  }
  if (parts[0] === 'orchard') {
    const field = name.slice('p128pow5t3_'.length, -'.json'.length);
    const inst = `orchard-poseidon-${field}`;
    return {
      modulus: ANEMOI_MODULI[field],
      table: [
        ['permute', inst, 'permute', null],
        ['hash', inst, 'compress', null],
        ['hash', inst, 'hash', null],
      ],
    };
  }
  if (parts[0] === 'mina') {
    // kimchi.json, legacy.json: mina-poseidon-NAME (the prefix, salt and
    // random-digest cases are the Rust tests' own).
    const inst = `mina-poseidon-${name.slice(0, -'.json'.length)}`;
    return {
      modulus: ANEMOI_MODULI.pallas,
      table: [
        ['permute', inst, 'permute', null],
        ['hash', inst, 'hash', null],
        ['compress', inst, 'compress', null],
      ],
    };
  }
  if (rel === 'dusk/dusk_poseidon.json') {
    return {
      modulus: 52435875175126190479447740508185965837690552500527637822603658699938581184513n,
      table: [
        ['hash_merkle2', 'dusk-poseidon', 'compress', null],
        ['hash_other', 'dusk-poseidon', 'hash', null],
        ['hash_merkle4', 'dusk-poseidon-merkle4', 'compress', null],
      ],
    };
  }
  if (rel === 'dusk/permutation.json') {
    return {
      modulus: 52435875175126190479447740508185965837690552500527637822603658699938581184513n,
      table: [
        ['permute', 'dusk-poseidon', 'permute', null],
        ['permute', 'dusk-poseidon-merkle4', 'permute', null],
      ],
    };
  }
  if (parts[0] === 'filecoin') {
    const inst = `filecoin-poseidon-${name.slice('neptune_a'.length, -'.json'.length).replaceAll('_', '-')}`;
    return {
      modulus: ANEMOI_MODULI.jubjub,
      table: [
        ['permute', inst, 'permute', null],
        ['merkle_tree', inst, 'compress', null],
        ['hash_constant_length', inst, 'hash', null],
      ],
    };
  }
  if (parts[0] === 'aleo') {
    // poseidonR.json: aleo-poseidonR (its hash_domain, hash_many,
    // hash_to_scalar, sponge and random-digest cases are the Rust tests').
    const inst = `aleo-${name.slice(0, -'.json'.length)}`;
    return {
      modulus: ANEMOI_MODULI.ed_on_bls12_377,
      table: [
        ['permute', inst, 'permute', null],
        ['hash', inst, 'hash', null],
      ],
    };
  }
  throw new Error(`vector file ${rel} has no mapping: add one`);
}

// Random BN254 Fr elements from xorshift64* with a fixed seed (reproducible),
// with 0, p - 1 and 64-bit values among them.
export function rng(seed) {
  let s = BigInt(seed) | 1n;
  const MASK = (1n << 64n) - 1n;
  const next = () => {
    s ^= s >> 12n;
    s ^= (s << 25n) & MASK;
    s ^= s >> 27n;
    return (s * 0x2545f4914f6cdd1dn) & MASK;
  };
  return () => {
    const pick = Number(next() % 100n);
    if (pick < 3) return 0n;
    if (pick < 6) return BN254_R - 1n;
    if (pick < 10) return next();
    return ((next() << 192n) | (next() << 128n) | (next() << 64n) | next()) % BN254_R;
  };
}
