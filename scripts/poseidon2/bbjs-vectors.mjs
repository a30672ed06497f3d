// Poseidon2 (BN254, t = 4, new parameters) vectors from Barretenberg itself,
// through its npm package @aztec/bb.js (Barretenberg's C++ compiled to wasm).
//
// Needs: node >= 18 and `npm install @aztec/bb.js@5.0.0` in this folder (or
// anywhere node resolves it from). Prints JSON on stdout:
//   { "bbjs_version": "...", "permutation": [{input, output}], "hash": [{input, output}],
//     "compress": [{input, output}] }
// with decimal strings. Inputs are deterministic (a fixed xorshift stream
// reduced mod p, plus edge values). `compress` is Barretenberg's permutation
// of [a, b, c, 0], element 0.
//
// Usage: node scripts/poseidon2/bbjs-vectors.mjs > /tmp/bbjs.json

import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BarretenbergSync } from '@aztec/bb.js';

// The installed version, from the package.json above the resolved entry point.
function bbjsVersion() {
  let dir = dirname(fileURLToPath(import.meta.resolve('@aztec/bb.js')));
  while (!existsSync(join(dir, 'package.json')) || !dir.endsWith('bb.js')) {
    const up = dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}
const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

let s = 0x243f6a8885a308d3n; // xorshift64 state, fixed
const MASK = (1n << 64n) - 1n;
function next64() {
  s ^= (s << 13n) & MASK;
  s ^= s >> 7n;
  s ^= (s << 17n) & MASK;
  return s;
}
function randomFr() {
  let x = 0n;
  for (let i = 0; i < 4; i++) x = (x << 64n) | next64();
  return x % P;
}
function toBytes(x) {
  const b = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    b[i] = Number(x & 255n);
    x >>= 8n;
  }
  return b;
}
function fromBytes(b) {
  let x = 0n;
  for (const byte of b) x = (x << 8n) | BigInt(byte);
  return x;
}

const api = await BarretenbergSync.initSingleton();
const perm = (xs) => api.poseidon2Permutation({ inputs: xs.map(toBytes) }).outputs.map(fromBytes);
const hash = (xs) => fromBytes(api.poseidon2Hash({ inputs: xs.map(toBytes) }).hash);
const dec = (xs) => xs.map((x) => x.toString());

const out = {
  bbjs_version: bbjsVersion(),
  permutation: [],
  hash: [],
  compress: [],
};

const edge = [0n, 1n, P - 1n, (1n << 128n) - 1n, 1n << 253n];
const permInputs = [[0n, 1n, 2n, 3n], [P - 1n, P - 1n, P - 1n, P - 1n], [edge[3], edge[4], 0n, 1n]];
for (let i = 0; i < 8; i++) permInputs.push([randomFr(), randomFr(), randomFr(), randomFr()]);
for (const input of permInputs) out.permutation.push({ input: dec(input), output: dec(perm(input)) });

for (let len = 0; len <= 13; len++) {
  const input = Array.from({ length: len }, () => randomFr());
  out.hash.push({ input: dec(input), output: [hash(input).toString()] });
}
for (const input of [[P - 1n], [0n, 0n, 0n], [1n, 2n, 3n, 4n, 5n, 6n, 7n], [0n], [0n, 0n, 0n, 0n]]) {
  out.hash.push({ input: dec(input), output: [hash(input).toString()] });
}

for (let i = 0; i < 4; i++) {
  const input = [randomFr(), randomFr(), randomFr()];
  out.compress.push({ input: dec(input), output: [perm([...input, 0n])[0].toString()] });
}

process.stdout.write(JSON.stringify(out, null, 1) + '\n');
process.exit(0);
