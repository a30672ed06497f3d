// circom Poseidon t = 3 (two inputs -> one bigint) per hash, in one process,
// interleaved: this package (`poseidon([a, b])`, and `compressMany` over a
// batch), circomlibjs 0.1.7 `buildPoseidon` (its wasm path, result through
// F.toObject) and poseidon-lite (`poseidon2`, plain BigInt). Each round times
// every implementation on the same inputs in turn; the summary is the median
// per-hash time and the median of the per-round ratios.
//
//   node bench/poseidon-t3.mjs [rounds] [hashes-per-round]

import { cpus } from 'node:os';
import { buildPoseidon } from 'circomlibjs';
import { poseidon2 } from 'poseidon-lite';

import { poseidon, compressMany } from '../lib/index.js';
import { randomBelow } from './random.mjs';

const ROUNDS = Number(process.argv[2] ?? 15);
const N = Number(process.argv[3] ?? 2000);
const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

const random = randomBelow(P);
const inputs = Array.from({ length: N }, () => [random(), random()]);

const circom = await buildPoseidon();
const impls = {
  'algebraic-hash poseidon()': () => inputs.map((xs) => poseidon(xs)),
  'algebraic-hash compressMany': () => compressMany('poseidon-t3', inputs).map((h) => h[0]),
  'circomlibjs 0.1.7 buildPoseidon': () => inputs.map((xs) => circom.F.toObject(circom(xs))),
  'poseidon-lite 0.3.0 poseidon2': () => inputs.map((xs) => poseidon2(xs)),
};

// Same answers first (a benchmark of different functions means nothing).
const reference = impls['circomlibjs 0.1.7 buildPoseidon']();
for (const [name, f] of Object.entries(impls)) {
  const got = f();
  if (got.some((h, i) => h !== reference[i])) throw new Error(`${name} differs from circomlibjs`);
}

const times = Object.fromEntries(Object.keys(impls).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, f] of Object.entries(impls)) {
    const t0 = process.hrtime.bigint();
    f();
    times[name].push(Number(process.hrtime.bigint() - t0) / 1e3 / N); // µs per hash
  }
}
const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

console.log(`node ${process.version}, ${cpus()[0].model} (${cpus().length} logical CPUs)`);
console.log(`${ROUNDS} interleaved rounds of ${N} hashes (t = 3, random inputs)`);
const ours = times['algebraic-hash poseidon()'];
console.log('implementation'.padEnd(34), 'µs/hash (median)'.padStart(17), '  circomlibjs / this (median of rounds)');
for (const [name, t] of Object.entries(times)) {
  const vsCircom = median(t.map((x, i) => times['circomlibjs 0.1.7 buildPoseidon'][i] / x));
  console.log(name.padEnd(34), median(t).toFixed(2).padStart(17), `  ${vsCircom.toFixed(2)}x`);
}
const lite = median(ours.map((x, i) => times['poseidon-lite 0.3.0 poseidon2'][i] / x));
console.log(`poseidon() is ${lite.toFixed(2)}x faster than poseidon-lite (median of per-round ratios)`);
