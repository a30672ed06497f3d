// A Semaphore v4 group of N members, in one process, interleaved:
//
// - its root: this package's `merkleRoot('poseidon-t3', …)` (the tree in
//   wasm, each level through the batch compression) against zk-kit's
//   LeanIMT with poseidon-lite's `poseidon2`, which is what `new
//   Group(members)` of @semaphore-protocol/group 4 computes, and LeanIMT
//   with circomlibjs 0.1.7's faster wasm Poseidon as its hash (what a user
//   could plug in today). The roots are compared first.
// - K members' proofs (LeanIMT's `generateProof`, spread over the group)
//   verified: `verifyMerkleProof('poseidon-t3', proof)` against
//   `LeanIMT.verifyProof` with the same two hashes (what Semaphore's
//   `verifyProof` does off-chain for the Merkle part). Every verifier must
//   accept every proof first.
//
// Each round runs every implementation once on the same input; the summary
// is the median time of each and the median of the per-round ratios.
//
//   node bench/group-root.mjs [rounds] [members] [proofs]

import { cpus } from 'node:os';
import { buildPoseidon } from 'circomlibjs';
import { LeanIMT } from '@zk-kit/lean-imt';
import { poseidon2 } from 'poseidon-lite';

import { merkleRoot, verifyMerkleProof } from '../lib/index.js';
import { randomBelow } from './random.mjs';

const ROUNDS = Number(process.argv[2] ?? 11);
const N = Number(process.argv[3] ?? 10000);
const K = Number(process.argv[4] ?? 100);
const R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

// Nonzero members (Semaphore refuses 0).
const below = randomBelow(R - 1n);
const member = () => below() + 1n;
const members = Array.from({ length: N }, member);

const circom = await buildPoseidon();
const hashes = {
  'poseidon-lite': (a, b) => poseidon2([a, b]),
  circomlibjs: (a, b) => circom.F.toObject(circom([a, b])),
};

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};

// Times each of `impls` (ours first) once a round for ROUNDS rounds and
// prints the medians and our median per-round ratio to each other.
function interleaved(title, impls) {
  const times = Object.fromEntries(Object.keys(impls).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, f] of Object.entries(impls)) {
      const t0 = process.hrtime.bigint();
      f();
      times[name].push(Number(process.hrtime.bigint() - t0) / 1e6); // ms
    }
  }
  console.log(title);
  for (const [name, t] of Object.entries(times)) console.log(`  ${name.padEnd(40)} ${median(t).toFixed(1)} ms`);
  const [ours, ...others] = Object.keys(times);
  for (const name of others) {
    const ratio = median(times[ours].map((x, i) => x / times[name][i]));
    console.log(`  ours takes ${ratio.toFixed(2)} of the time of ${name} (median of per-round ratios)`);
  }
}

console.log(`node ${process.version}, ${cpus()[0].model} (${cpus().length} logical CPUs)`);
console.log(`${ROUNDS} interleaved rounds, a group of ${N} members`);

const roots = {
  'algebraic-hash merkleRoot': () => merkleRoot('poseidon-t3', members.map((m) => [m]))[0],
};
for (const [name, hash] of Object.entries(hashes)) roots[`LeanIMT + ${name}`] = () => new LeanIMT(hash, members).root;
const answers = Object.values(roots).map((f) => f());
if (answers.some((r) => r !== answers[0])) throw new Error('the roots differ');
interleaved('the group root:', roots);

const tree = new LeanIMT(hashes['poseidon-lite'], members);
const proofs = Array.from({ length: K }, (_, k) => tree.generateProof(Math.floor((k * N) / K)));
const verifiers = {
  'algebraic-hash verifyMerkleProof': () => proofs.every((p) => verifyMerkleProof('poseidon-t3', p)),
};
for (const [name, hash] of Object.entries(hashes)) {
  verifiers[`LeanIMT.verifyProof + ${name}`] = () => proofs.every((p) => LeanIMT.verifyProof(p, hash));
}
if (!Object.values(verifiers).every((f) => f() === true)) throw new Error('a verifier refused a proof');
interleaved(`${K} member proofs verified (${proofs[0].siblings.length} siblings each):`, verifiers);
