#!/usr/bin/env node
// Writes test-vectors/poseidon/circom_t{2..17}.json: circomlib's Poseidon as
// computed by circomlibjs (the version pinned in package-lock.json), for the
// Rust crate algebraic-hash-poseidon to check against.
//
// Every answer is computed by circomlibjs' three implementations
// (`buildPoseidon`: wasm, `buildPoseidonOpt`: optimized JS,
// `buildPoseidonReference`: plain JS); the script stops if they disagree.
//
// Cases per width t (inputs are deterministic: edge values and a seeded
// pseudo-random stream, so reruns give the same files):
//   "poseidon"     input: t-1 elements, output: [poseidon(inputs)]
//   "permutation"  input: t elements s, output: all t elements of
//                  poseidon(s[1..], initState = s[0], nOut = t)
//   "poseidon_ex"  input: t-1 elements, plus "init_state" and "n_out"
//                  fields; output: the first n_out elements
// Widths 13..17 (which no crates.io peer covers) get more random cases.
//
// Needs: node >= 18 and `npm ci` in this folder. Run: `node gen-vectors.mjs`.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildPoseidon, buildPoseidonOpt, buildPoseidonReference } from "circomlibjs";
import { P, WIDTHS, circomlibjsVersion, repo } from "./common.mjs";

const MASK64 = (1n << 64n) - 1n;

// splitmix64, seeded per width: a reproducible stream of 64-bit words.
function rng(seed) {
  let s = BigInt(seed) & MASK64;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & MASK64;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
}

function randomElement(next) {
  for (;;) {
    let x = 0n;
    for (let i = 0; i < 4; i++) x = (x << 64n) | next();
    x &= (1n << 254n) - 1n;
    if (x < P) return x;
  }
}

const EDGE = [0n, 1n, 2n, P - 1n, P - 2n, (P - 1n) / 2n, (1n << 64n) - 1n, 1n << 64n, 1n << 128n, 1n << 253n];

const [wasm, optimized, reference] = await Promise.all([
  buildPoseidon(), buildPoseidonOpt(), buildPoseidonReference(),
]);
const impls = [["wasm", wasm], ["opt", optimized], ["reference", reference]];

// Runs circomlibjs' poseidon(inputs, initState, nOut) on all three
// implementations and returns the agreed outputs as BigInts.
function circomlibjs(inputs, initState, nOut) {
  let first;
  for (const [name, h] of impls) {
    const r = h(inputs, initState, nOut);
    const out = (nOut === 1 ? [r] : r).map((x) => h.F.toObject(x));
    assert.equal(out.length, nOut);
    if (first === undefined) first = out;
    else assert.deepEqual(out, first, `circomlibjs ${name} disagrees on ${inputs} / ${initState} / ${nOut}`);
  }
  return first;
}

const dec = (xs) => xs.map((x) => x.toString(10));
const outDir = join(repo, "test-vectors", "poseidon");
mkdirSync(outDir, { recursive: true });

for (const t of WIDTHS) {
  const n = t - 1;
  const next = rng(0x5eed0000 + t);
  const big = t >= 13;
  const cases = [];

  // Hash inputs: edge rows, then random rows.
  const hashInputs = [
    Array(n).fill(0n),
    Array.from({ length: n }, (_, i) => BigInt(i + 1)),
    Array(n).fill(P - 1n),
    Array.from({ length: n }, (_, i) => EDGE[i % EDGE.length]),
    Array.from({ length: n }, (_, i) => EDGE[(EDGE.length - 1 - i + EDGE.length) % EDGE.length]),
  ];
  for (let i = 0; i < (big ? 48 : 12); i++) hashInputs.push(Array.from({ length: n }, () => randomElement(next)));
  for (const input of hashInputs) {
    cases.push({ fn: "poseidon", input: dec(input), output: dec(circomlibjs(input, 0n, 1)) });
  }

  // Full states: state[0] is circomlibjs' initState.
  const states = [
    Array(t).fill(0n),
    Array.from({ length: t }, (_, i) => BigInt(i)),
    Array(t).fill(P - 1n),
    Array.from({ length: t }, (_, i) => EDGE[(i + 3) % EDGE.length]),
  ];
  for (let i = 0; i < (big ? 24 : 8); i++) states.push(Array.from({ length: t }, () => randomElement(next)));
  for (const s of states) {
    cases.push({ fn: "permutation", input: dec(s), output: dec(circomlibjs(s.slice(1), s[0], t)) });
  }

  // initState / nOut form, every nOut from 1 to t.
  for (let nOut = 1; nOut <= t; nOut++) {
    const input = Array.from({ length: n }, () => randomElement(next));
    const init = nOut % 3 === 0 ? 0n : randomElement(next);
    cases.push({
      fn: "poseidon_ex",
      input: dec(input),
      init_state: init.toString(10),
      n_out: nOut,
      output: dec(circomlibjs(input, init, nOut)),
    });
  }

  const file = {
    source: `circomlibjs ${circomlibjsVersion} (npm): poseidon(inputs, initState, nOut) from buildPoseidon (wasm), buildPoseidonOpt and buildPoseidonReference, which agree on every case`,
    generator: "scripts/poseidon-circom/gen-vectors.mjs",
    t,
    rounds_f: 8,
    cases,
  };
  writeFileSync(join(outDir, `circom_t${t}.json`), JSON.stringify(file, null, 1) + "\n");
  console.log(`t=${t}: ${cases.length} cases`);
}
