// One wasm module per family (circom Poseidon as two, t = 2..5 and
// t = 6..17): what the import loads, what a first call loads, load(), which
// module holds which width's constants, the `poseidon` instance across the
// two circom modules, and pkg/instances.js against the modules' own lists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import * as ah from '../lib/index.js';
import MANIFEST from '../pkg/instances.js';
import { BN254_R } from './vectors.mjs';

const loadedNow = () => ah.families().filter((f) => f.loaded).map((f) => f.family);

test('the import loads the circom module only; a first call loads its module; load() the rest', async () => {
  // node --test runs each file in its own process: nothing else ran yet.
  assert.deepEqual(loadedNow(), ['circom']);
  assert.equal(ah.list().length, MANIFEST.instances.length);
  assert.deepEqual(loadedNow(), ['circom'], 'list() loads nothing');
  assert.deepEqual(ah.operations('anemoi-bn254-2'), ['permute', 'compress', 'hash']);
  assert.deepEqual(loadedNow(), ['circom'], 'operations() loads nothing');
  const four = ah.poseidon([1n, 2n, 3n, 4n]);
  assert.equal(ah.compress('poseidon-t5', [1n, 2n, 3n, 4n])[0], four);
  assert.deepEqual(loadedNow(), ['circom'], '1 to 4 inputs: the circom module');
  const five = ah.poseidon([1n, 2n, 3n, 4n, 5n]);
  assert.deepEqual(loadedNow(), ['circom', 'circom-wide'], '5 inputs: circom-wide, loaded by the call');
  assert.equal(ah.hash('poseidon-t6', [1n, 2n, 3n, 4n, 5n])[0], five);
  assert.equal(ah.compress('rp64-256', Array(8).fill(0n)).length, 4);
  assert.deepEqual(loadedNow(), ['rescue', 'circom', 'circom-wide']);
  await ah.load('anemoi-bn254-2');
  assert.deepEqual(loadedNow(), ['rescue', 'circom', 'circom-wide', 'anemoi']);
  await ah.load();
  assert.deepEqual(loadedNow(), MANIFEST.families, 'load() loads every module');
  assert.deepEqual(MANIFEST.families, ['rescue', 'circom', 'circom-wide', 'poseidon2', 'poseidon2-small', 'goldilocks', 'hades', 'tip5', 'anemoi']);
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

test('each circom module holds the constants of its widths and no other', () => {
  const modules = {
    circom: readFileSync(new URL('../pkg/circom.wasm', import.meta.url)),
    'circom-wide': readFileSync(new URL('../pkg/circom-wide.wasm', import.meta.url)),
  };
  for (let t = 2; t <= 17; t++) {
    const constants = readFileSync(new URL(`../../../crates/poseidon/src/circom/tables/t${t}.bin`, import.meta.url));
    // 64 bytes from the middle of the width's constants (two field elements),
    // neither of them zero: wasm-opt takes runs of zero bytes out of the data.
    const zero = (at) => constants.subarray(at, at + 32).every((b) => b === 0);
    let at = constants.length / 2;
    while (zero(at) || zero(at + 32)) at += 32;
    const probe = constants.subarray(at, at + 64);
    const holder = t <= 5 ? 'circom' : 'circom-wide';
    for (const [name, bytes] of Object.entries(modules)) {
      assert.equal(bytes.includes(probe), name === holder, `t = ${t} in ${name}.wasm`);
    }
    assert.equal(MANIFEST.instances.find((i) => i.name === `poseidon-t${t}`).family, holder);
  }
  assert.equal(MANIFEST.instances.find((i) => i.name === 'poseidon').family, 'circom');
});

test('`poseidon` (the circom module) hashes 1 to 16 inputs, 5 to 16 through circom-wide', () => {
  const inputs = Array.from({ length: 16 }, (_, n) => Array.from({ length: n + 1 }, (_, i) => BigInt(1000 * n + i)));
  const singles = inputs.map((xs) => ah.poseidon(xs));
  inputs.forEach((xs, k) => {
    assert.deepEqual(ah.hash('poseidon', xs), [singles[k]], `${xs.length} inputs`);
    assert.deepEqual(ah.hash(`poseidon-t${xs.length + 1}`, xs), [singles[k]]);
    assert.deepEqual(ah.poseidonEx(new Set(xs)), [singles[k]], 'an iterable that is not an array');
  });
  // One batch of every count (input by input), and batches of one count.
  assert.deepEqual(ah.hashMany('poseidon', inputs), singles.map((h) => [h]));
  assert.deepEqual(ah.hashMany('poseidon', [inputs[6], inputs[6]]), [[singles[6]], [singles[6]]]);
  assert.deepEqual(ah.hashMany('poseidon', [inputs[1], inputs[2]]), [[singles[1]], [singles[2]]]);
  const R = String(BN254_R);
  assert.throws(() => ah.hashMany('poseidon', [inputs[1], [...inputs[5].slice(1), BN254_R]]), {
    message: `input 2: element 6 (\`${R}\`): value is not below the BN254 Fr modulus`,
  });
  assert.throws(() => ah.hash('poseidon', [...inputs[8].slice(1), BN254_R]), {
    message: `element 9 (\`${R}\`): value is not below the BN254 Fr modulus`,
  });
  assert.throws(() => ah.hash('poseidon', Array(17).fill(1n)), { message: 'circom Poseidon inputs: expected 1 to 16, got 17' });
  assert.throws(() => ah.poseidonEx(inputs[6], 0n, 9), { message: 'circom Poseidon outputs: expected 1 to 8, got 9' });
});

test('the binary call (ah_run_limbs) refuses malformed buffers with a message', () => {
  const bytes = readFileSync(new URL('../pkg/poseidon2-small.wasm', import.meta.url));
  const abi = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  const utf8 = new TextDecoder();
  const name = new TextEncoder().encode('poseidon2-plonky3-babybear-16');
  // The buffer: the name padded to 32 bytes, then the given 64-bit words.
  const call = (op, nameLength, inputs, words) => {
    const at = abi.ah_input(32 + 8 * words.length) >>> 0;
    new Uint8Array(abi.memory.buffer, at, name.length).set(name);
    const view = new DataView(abi.memory.buffer, at + 32, 8 * words.length);
    words.forEach((w, i) => view.setBigUint64(8 * i, BigInt(w), true));
    const status = abi.ah_run_limbs(op, nameLength, inputs);
    const out = new Uint8Array(abi.memory.buffer, abi.ah_output_ptr() >>> 0, abi.ah_output_len() >>> 0);
    return status === 0 ? { words: out.length / 8 } : { message: utf8.decode(out) };
  };
  const state = Array.from({ length: 16 }, (_, i) => i);
  assert.deepEqual(call(0, name.length, 1, [16, ...state]), { words: 16 });
  assert.deepEqual(call(0, name.length, 2, [16, 16, ...state, ...state]), { words: 32 });
  assert.match(call(0, name.length, 1, [17, ...state]).message, /more than the 16 words/);
  assert.match(call(0, name.length, 1, [15, ...state]).message, /1 words given beyond/);
  assert.match(call(0, name.length, 1, [-1n & ((1n << 64n) - 1n), ...state]).message, /more than the 16 words/);
  assert.equal(call(0, name.length, 2, [16, 0, ...state]).message, 'input 2: permutation state (elements): expected 16, got 0');
  assert.match(call(0, name.length, 40, [16]).message, /not whole 64-bit words/);
  assert.match(call(9, name.length, 1, [16, ...state]).message, /unknown operation code 9/);
  assert.match(call(0, 1000, 1, [16, ...state]).message, /name is not UTF-8 inside the input/);
  assert.match(call(0, 5, 1, [16, ...state]).message, /^unknown instance `posei`/);
  state[3] = 2013265921; // p
  assert.match(call(0, name.length, 1, [16, ...state]).message, /^input 1: element 4 \(`0x78000001`\): value is not below the BabyBear modulus$/);
});
