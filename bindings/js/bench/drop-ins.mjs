// The drop-ins against the packages they replace, per call, in one process,
// interleaved: `algebraic-hash/circomlibjs` against circomlibjs 0.1.7
// `buildPoseidon` (its wasm path; its result left as the Montgomery-form
// buffer it returns, its cheapest form) and `algebraic-hash/poseidon-lite`
// against poseidon-lite 0.3.0, for a few (t, initState, nOut) shapes. Each
// round times every implementation on the same inputs in turn, after
// checking that they give the same answers; the summary is the median
// per-call time and the median of the per-round ratios.
//
//   node bench/drop-ins.mjs [rounds] [calls-per-round at t = 3]

import { cpus } from 'node:os';
import { buildPoseidon as buildCircomlibjs } from 'circomlibjs';
import * as lite from 'poseidon-lite';

import { buildPoseidon } from '../lib/circomlibjs.js';
import * as dropLite from '../lib/poseidon-lite.js';
import { rng } from '../tests/vectors.mjs';

const ROUNDS = Number(process.argv[2] ?? 9);
const N3 = Number(process.argv[3] ?? 600);

const circom = await buildCircomlibjs();
const drop = await buildPoseidon();
const random = rng(0xbe4c4);

// [t, initState?, nOut]
const SHAPES = [[3, false, 1], [3, true, 3], [5, false, 1], [9, false, 1], [17, false, 1], [17, true, 17]];

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

console.log(`node ${process.version}, ${cpus()[0].model} (${cpus().length} logical CPUs)`);
console.log(`${ROUNDS} interleaved rounds; µs per call (median); ratio = original / drop-in (median of rounds)`);
console.log('shape'.padEnd(26), 'circomlibjs'.padStart(12), 'drop-in'.padStart(9), 'ratio'.padStart(7),
  'poseidon-lite'.padStart(15), 'drop-in'.padStart(9), 'ratio'.padStart(7));
for (const [t, withInit, nOut] of SHAPES) {
  const n = t - 1;
  const calls = Math.max(40, Math.round((N3 * 3) / t));
  const cases = Array.from({ length: calls }, () => [Array.from({ length: n }, random), withInit ? random() : 0n]);
  const liteName = `poseidon${n}`;
  const impls = {
    circomlibjs: () => cases.map(([xs, init]) => circom(xs, init, nOut)),
    drop: () => cases.map(([xs, init]) => drop(xs, init, nOut)),
  };
  if (!withInit) {
    impls.lite = () => cases.map(([xs]) => lite[liteName](xs, nOut));
    impls.dropLite = () => cases.map(([xs]) => dropLite[liteName](xs, nOut));
  }
  const reference = JSON.stringify(impls.circomlibjs().map((r) => (nOut === 1 ? [r] : r).map((x) => circom.F.toString(x))));
  for (const [name, f] of Object.entries(impls).slice(1)) {
    if (JSON.stringify(f().map((r) => (nOut === 1 ? [r] : r).map(String))) !== reference) throw new Error(`${name} differs`);
  }
  const times = Object.fromEntries(Object.keys(impls).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, f] of Object.entries(impls)) {
      const t0 = process.hrtime.bigint();
      f();
      times[name].push(Number(process.hrtime.bigint() - t0) / 1e3 / calls);
    }
  }
  const ratio = (a, b) => median(times[a].map((x, i) => x / times[b][i])).toFixed(2) + 'x';
  const shape = `t = ${t}, ${withInit ? 'initState' : 'no initState'}, nOut ${nOut}`;
  const row = [shape.padEnd(26), median(times.circomlibjs).toFixed(1).padStart(12), median(times.drop).toFixed(1).padStart(9),
    ratio('circomlibjs', 'drop').padStart(7)];
  if (!withInit) {
    row.push(median(times.lite).toFixed(1).padStart(15), median(times.dropLite).toFixed(1).padStart(9),
      ratio('lite', 'dropLite').padStart(7));
  } else {
    row.push('(no initState)'.padStart(15));
  }
  console.log(row.join(' '));
}
