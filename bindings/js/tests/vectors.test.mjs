// Every vector file under test-vectors/ through the wasm API: each mapped
// case through the single call, and all cases of a function through the
// batch form. The answers come from independent implementations (each
// file's `source`). The modules' text calls (`ah_call`) are counted: a case
// whose elements are all in range must go through the binary calls only,
// and one not below the modulus through the text call (for its message).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';

import { elements, files, load, mapping } from './vectors.mjs';

// Every module the package instantiates, its `ah_call` counted (before the
// package is imported: it loads the circom module at import).
let textCalls = 0;
const Instance = WebAssembly.Instance;
class CountingInstance extends Instance {
  get exports() {
    const real = super.exports;
    return {
      ...real,
      ah_call: (fn) => {
        textCalls++;
        return real.ah_call(fn);
      },
    };
  }
}
WebAssembly.Instance = CountingInstance;
WebAssembly.instantiate = async (bytes, imports) => {
  const module = await WebAssembly.compile(bytes);
  return { module, instance: new CountingInstance(module, imports) };
};
const ah = await import('../lib/index.js');
const { poseidon: circomlibjs } = await import('../lib/circomlibjs.js');

const FILES = files();
const single = { permute: ah.permute, hash: ah.hash, compress: ah.compress };
const batch = { permute: ah.permuteMany, hash: ah.hashMany, compress: ah.compressMany };

test('every family has vector files', () => {
  // Every folder of test-vectors/ (one per ecosystem) has files in the list.
  const root = new URL('../../../test-vectors/', import.meta.url);
  const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  assert.deepEqual(new Set(FILES.map((f) => f.split('/')[0])), new Set(folders));
  assert.ok(FILES.length > 100, `${FILES.length} files`);
});

for (const rel of FILES) {
  test(`vectors ${rel}`, () => {
    const data = load(rel);
    assert.ok(data.source, `${rel} names no source`);
    const { modulus, table } = mapping(rel);
    let checked = 0;
    for (const [fn, instance, op, keep] of table) {
      const cases = data.cases.filter((c) => c.fn === fn && (keep === null || keep(c)));
      assert.ok(cases.length > 0, `${rel}: no \`${fn}\` case for ${op} ${instance}`);
      const goodIn = [];
      const goodOut = [];
      for (const c of cases) {
        const xs = elements(c.input);
        const expected = elements(c.output);
        const before = textCalls;
        if (xs.some((x) => x >= modulus)) {
          // Never reduced silently (Barretenberg's t = 4 vector has one).
          assert.throws(() => single[op](instance, xs), /modulus/);
          assert.ok(textCalls > before, `${op} ${instance}: the message comes from the text call`);
          continue;
        }
        assert.deepEqual(single[op](instance, xs), expected, `${op} ${instance} ${xs}`);
        if (goodIn.length === 0) {
          // The other forms of elements the binary call reads: safe-integer
          // numbers and typed arrays.
          if (xs.every((x) => x <= BigInt(Number.MAX_SAFE_INTEGER))) {
            assert.deepEqual(single[op](instance, xs.map(Number)), expected, `${op} ${instance} numbers`);
          }
          if (xs.every((x) => x < 1n << 64n)) {
            assert.deepEqual(single[op](instance, BigUint64Array.from(xs)), expected, `${op} ${instance} BigUint64Array`);
          }
        }
        assert.equal(textCalls, before, `${op} ${instance} ${xs}: a text call`);
        goodIn.push(xs);
        goodOut.push(expected);
        checked++;
      }
      const before = textCalls;
      assert.deepEqual(batch[op](instance, goodIn), goodOut, `${op}Many ${instance}`);
      assert.equal(textCalls, before, `${op}Many ${instance}: a text call`);
    }
    assert.ok(checked > 0, `${rel}: no case checked`);
  });
}

// circom's `poseidon_ex` cases (circomlibjs's poseidon(inputs, initState,
// nOut)) through `poseidonEx` and the circomlibjs drop-in.
test('vectors poseidon/circom_tN.json poseidon_ex: poseidonEx and the circomlibjs drop-in', () => {
  let checked = 0;
  for (const rel of FILES.filter((f) => /^poseidon\/circom_t\d+\.json$/.test(f))) {
    for (const c of load(rel).cases.filter((c) => c.fn === 'poseidon_ex')) {
      const xs = elements(c.input);
      const init = BigInt(c.init_state);
      const expected = elements(c.output);
      const before = textCalls;
      assert.deepEqual(ah.poseidonEx(xs, init, c.n_out), expected, `${rel} ${xs}`);
      assert.deepEqual(circomlibjs(xs, init, c.n_out), c.n_out === 1 ? expected[0] : expected);
      assert.equal(textCalls, before, `${rel} ${xs}: a text call`);
      checked++;
    }
  }
  assert.ok(checked >= 16, `${checked} poseidon_ex cases`);
});
