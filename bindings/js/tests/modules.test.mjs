// One wasm module per family: what the import loads, what a first call
// loads, load(), and pkg/instances.js against the modules' own lists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import * as ah from '../lib/index.js';
import MANIFEST from '../pkg/instances.js';

const loadedNow = () => ah.families().filter((f) => f.loaded).map((f) => f.family);

test('the import loads the circom module only; a first call loads its family; load() the rest', async () => {
  // node --test runs each file in its own process: nothing else ran yet.
  assert.deepEqual(loadedNow(), ['circom']);
  assert.equal(ah.list().length, MANIFEST.instances.length);
  assert.deepEqual(loadedNow(), ['circom'], 'list() loads nothing');
  assert.deepEqual(ah.operations('anemoi-bn254-2'), ['permute', 'compress', 'hash']);
  assert.deepEqual(loadedNow(), ['circom'], 'operations() loads nothing');
  assert.equal(ah.compress('rp64-256', Array(8).fill(0n)).length, 4);
  assert.deepEqual(loadedNow(), ['rescue', 'circom']);
  await ah.load('anemoi-bn254-2');
  assert.deepEqual(loadedNow(), ['rescue', 'circom', 'anemoi']);
  await ah.load();
  assert.deepEqual(loadedNow(), MANIFEST.families, 'load() loads every module');
  assert.deepEqual(MANIFEST.families, ['rescue', 'circom', 'poseidon2', 'poseidon2-small', 'goldilocks', 'hades', 'tip5', 'anemoi']);
  await assert.rejects(ah.load('poseidon-t33'), /^Error: unknown instance `poseidon-t33`; closest: poseidon-t13, poseidon-t3, poseidon-t10 \(list\(\) names all\)$/);
});

test('pkg/instances.js holds each module\'s own list, in `algebraic-hash list` order', () => {
  const utf8 = new TextDecoder();
  for (const family of MANIFEST.families) {
    const bytes = readFileSync(new URL(`../pkg/${family}.wasm`, import.meta.url));
    const abi = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
    abi.ah_input(0);
    assert.equal(abi.ah_call(0), 0);
    const own = utf8.decode(new Uint8Array(abi.memory.buffer, abi.ah_output_ptr() >>> 0, abi.ah_output_len() >>> 0));
    assert.deepEqual(
      MANIFEST.instances.filter((i) => i.family === family).map((i) => i.name),
      own.split('\n'),
      family,
    );
  }
  // The CLI's order: Rescue, circom Poseidon, Poseidon2 (BN254, then 31-bit), Hades, Anemoi.
  const firsts = MANIFEST.families.map((f) => ah.list().findIndex((n) => MANIFEST.instances.find((i) => i.name === n).family === f));
  assert.deepEqual(firsts, [...firsts].sort((a, b) => a - b));
  assert.equal(ah.list()[0], 'rp64-256');
});
