// Poseidon2 t = 4 (new parameters) against Barretenberg itself, through
// @aztec/bb.js 5.0.0 (its C++ compiled to wasm): the permutation and the
// sponge hash on random inputs.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { BarretenbergSync } from '@aztec/bb.js';

import * as ah from '../lib/index.js';
import { BN254_R } from './vectors.mjs';

const CASES = 300;

function toBytes(x) {
  const b = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    b[i] = Number(x & 255n);
    x >>= 8n;
  }
  return b;
}
const fromBytes = (b) => b.reduce((x, byte) => (x << 8n) | BigInt(byte), 0n);

let seed = 0x9e3779b97f4a7c15n;
function random() {
  let x = 0n;
  for (let i = 0; i < 4; i++) {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    x = (x << 64n) | seed;
  }
  return x % BN254_R;
}

const bb = await BarretenbergSync.initSingleton();

test(`poseidon2-new-t4 permute: ${CASES} random states equal bb.js`, () => {
  const states = Array.from({ length: CASES }, () => [random(), random(), random(), random()]);
  const expected = states.map((s) =>
    bb.poseidon2Permutation({ inputs: s.map(toBytes) }).outputs.map(fromBytes),
  );
  assert.deepEqual(ah.permuteMany('poseidon2-new-t4', states), expected);
});

test(`poseidon2-new-t4 hash: ${CASES} random inputs of 0..12 elements equal bb.js`, () => {
  const inputs = Array.from({ length: CASES }, (_, i) => Array.from({ length: i % 13 }, random));
  const expected = inputs.map((xs) => [fromBytes(bb.poseidon2Hash({ inputs: xs.map(toBytes) }).hash)]);
  assert.deepEqual(ah.hashMany('poseidon2-new-t4', inputs), expected);
});
