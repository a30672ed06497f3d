// The root of a Semaphore v4 group of N members, in one process,
// interleaved: this package's `merkleRoot('poseidon-t3', …)` (the tree in
// wasm, each level through the batch compression) against zk-kit's LeanIMT
// with poseidon-lite's `poseidon2`, which is what `new Group(members)` of
// @semaphore-protocol/group 4 computes, and LeanIMT with circomlibjs
// 0.1.7's faster wasm Poseidon as its hash (what a user could plug in
// today). The roots are compared first. Each round builds every tree from
// the same members; the summary is the median time of each and the median
// of the per-round ratios.
//
//   node bench/group-root.mjs [rounds] [members]

import { cpus } from 'node:os';
import { buildPoseidon } from 'circomlibjs';
import { LeanIMT } from '@zk-kit/lean-imt';
import { poseidon2 } from 'poseidon-lite';

import { merkleRoot } from '../lib/index.js';
import { randomBelow } from './random.mjs';

const ROUNDS = Number(process.argv[2] ?? 11);
const N = Number(process.argv[3] ?? 10000);
const R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

// Nonzero members (Semaphore refuses 0).
const below = randomBelow(R - 1n);
const member = () => below() + 1n;
const members = Array.from({ length: N }, member);

const circom = await buildPoseidon();
const impls = {
  'algebraic-hash merkleRoot': () => merkleRoot('poseidon-t3', members.map((m) => [m]))[0],
  'LeanIMT + poseidon-lite': () => new LeanIMT((a, b) => poseidon2([a, b]), members).root,
  'LeanIMT + circomlibjs': () => new LeanIMT((a, b) => circom.F.toObject(circom([a, b])), members).root,
};
const roots = Object.values(impls).map((f) => f());
if (roots.some((r) => r !== roots[0])) throw new Error('the roots differ');

const times = Object.fromEntries(Object.keys(impls).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, f] of Object.entries(impls)) {
    const t0 = process.hrtime.bigint();
    f();
    times[name].push(Number(process.hrtime.bigint() - t0) / 1e6); // ms
  }
}
const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
console.log(`node ${process.version}, ${cpus()[0].model} (${cpus().length} logical CPUs)`);
console.log(`${ROUNDS} interleaved rounds, a group of ${N} members`);
for (const [name, t] of Object.entries(times)) console.log(name.padEnd(28), `${median(t).toFixed(1)} ms`);
const ours = times['algebraic-hash merkleRoot'];
for (const name of ['LeanIMT + poseidon-lite', 'LeanIMT + circomlibjs']) {
  const ratio = median(ours.map((x, i) => x / times[name][i]));
  console.log(`merkleRoot takes ${ratio.toFixed(2)} of the time of ${name} (median of per-round ratios)`);
}
