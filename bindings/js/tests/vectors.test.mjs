// Every vector file under test-vectors/ through the wasm API: each mapped
// case through the single call, and all cases of a function through the
// batch form. The answers come from independent implementations (each
// file's `source`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';

import * as ah from '../lib/index.js';
import { poseidon as circomlibjs } from '../lib/circomlibjs.js';
import { elements, files, load, mapping } from './vectors.mjs';

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
        if (xs.some((x) => x >= modulus)) {
          // Never reduced silently (Barretenberg's t = 4 vector has one).
          assert.throws(() => single[op](instance, xs), /modulus/);
          continue;
        }
        assert.deepEqual(single[op](instance, xs), expected, `${op} ${instance} ${xs}`);
        goodIn.push(xs);
        goodOut.push(expected);
        checked++;
      }
      assert.deepEqual(batch[op](instance, goodIn), goodOut, `${op}Many ${instance}`);
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
      assert.deepEqual(ah.poseidonEx(xs, init, c.n_out), expected, `${rel} ${xs}`);
      assert.deepEqual(circomlibjs(xs, init, c.n_out), c.n_out === 1 ? expected[0] : expected);
      checked++;
    }
  }
  assert.ok(checked >= 16, `${checked} poseidon_ex cases`);
});
