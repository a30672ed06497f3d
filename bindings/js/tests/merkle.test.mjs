// `merkleRoot` and `merkleProof`: the roots of twenty-first's Tip5 trees
// (test-vectors/tip5/merkle.json, computed by twenty-first 3.1.1), of
// plonky2's trees of cap height 0 (test-vectors/plonky2/merkle.json,
// computed by plonky2 1.1.0) and of Semaphore v4's groups
// (test-vectors/poseidon/lean_imt.json, computed by
// @semaphore-protocol/group 4.14.3; random groups against zk-kit's LeanIMT
// itself are lean-imt.test.mjs's) with the Semaphore proofs stored there,
// the small shapes every instance shares,
// both calls into the module (words and text), `verifyMerkleProof` on those
// proofs, and the refusals.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as ah from '../lib/index.js';
import { BN254_R, elements, load } from './vectors.mjs';

const GOLDILOCKS = (1n << 64n) - (1n << 32n) + 1n;

// Each case's flat input cut into leaves of `width` elements.
const chunks = (values, width) =>
  Array.from({ length: values.length / width }, (_, k) => values.slice(k * width, (k + 1) * width));

test("tip5 roots are twenty-first's", () => {
  const trees = load('tip5/merkle.json').cases.filter((c) => c.fn === 'merkle_tree');
  assert.ok(trees.length >= 10);
  for (const c of trees) {
    const leaves = chunks(elements(c.input), 5);
    assert.deepEqual(ah.merkleRoot('tip5', leaves), elements(c.output), `${leaves.length} leaves`);
    // The text call: leaves the word call cannot take (iterators, not arrays),
    // from a generator.
    const iterators = function* () {
      for (const leaf of leaves) yield leaf.values();
    };
    assert.deepEqual(ah.merkleRoot('tip5', iterators()), elements(c.output));
  }
});

test("poseidon-t3 roots are Semaphore's group roots", () => {
  const trees = load('poseidon/lean_imt.json').cases.filter((c) => c.fn === 'merkle_tree');
  assert.ok(trees.length >= 40);
  for (const c of trees) {
    const leaves = elements(c.input).map((x) => [x]);
    assert.deepEqual(ah.merkleRoot('poseidon-t3', leaves), elements(c.output), `${leaves.length} leaves`);
  }
});

test("poseidon-t3 proofs are Semaphore's group proofs", () => {
  const trees = load('poseidon/lean_imt.json').cases.filter((c) => c.fn === 'merkle_tree');
  let proofs = 0;
  for (const c of trees) {
    const leaves = elements(c.input).map((x) => [x]);
    for (const p of c.proofs) {
      const ours = ah.merkleProof('poseidon-t3', leaves, p.leaf_index);
      assert.deepEqual(
        ours,
        {
          root: elements(c.output),
          leaf: leaves[p.leaf_index],
          index: p.index,
          siblings: elements(p.siblings).map((x) => [x]),
        },
        `leaf ${p.leaf_index} of ${leaves.length}`,
      );
      // Semaphore's proof as it stores it (one-element digests as bare
      // values) verifies; with another leaf it does not.
      const stored = { root: elements(c.output)[0], leaf: leaves[p.leaf_index][0], index: p.index, siblings: elements(p.siblings) };
      assert.ok(ah.verifyMerkleProof('poseidon-t3', stored));
      assert.ok(!ah.verifyMerkleProof('poseidon-t3', { ...stored, leaf: stored.leaf === 1n ? 2n : 1n }));
      proofs += 1;
    }
  }
  assert.ok(proofs >= 100);
});

test("plonky2 roots of cap height 0 are plonky2's", () => {
  // Its leaves' hash_or_noop digests, then two_to_one up to the root.
  const trees = load('plonky2/merkle.json').cases.filter((c) => c.fn === 'merkle_tree' && c.cap_height === 0);
  assert.ok(trees.length >= 5);
  for (const c of trees) {
    const values = elements(c.input);
    let at = 0;
    const digests = c.leaf_lengths.map((n) => {
      at += n;
      return ah.hash('poseidon-plonky2-hash-or-noop', values.slice(at - n, at));
    });
    assert.deepEqual(ah.merkleRoot('poseidon-plonky2', digests), elements(c.output));
  }
});

test('one leaf, two leaves and an odd one', () => {
  for (const [name, width] of [['poseidon-t3', 1], ['rp64-256', 4], ['poseidon-plonky2', 4], ['tip5', 5],
    ['poseidon2-plonky3-babybear-16', 8], ['anemoi-bn254-2', 1]]) {
    const [a, b, c] = [1, 2, 3].map((k) => Array.from({ length: width }, (_, i) => BigInt(k * 10 + i)));
    assert.deepEqual(ah.merkleRoot(name, [a]), a, name);
    const ab = ah.compress(name, [...a, ...b]);
    assert.deepEqual(ah.merkleRoot(name, [a, b]), ab, name);
    // The third leaf has no sibling: carried up to the root's level.
    assert.deepEqual(ah.merkleRoot(name, [a, b, c]), ah.compress(name, [...ab, ...c]), name);
    // Proofs: leaf 2 is carried up a level (one sibling, on the left).
    assert.deepEqual(ah.merkleProof(name, [a], 0), { root: a, leaf: a, index: 0, siblings: [] }, name);
    assert.deepEqual(ah.merkleProof(name, [a, b, c], 1), {
      root: ah.compress(name, [...ab, ...c]),
      leaf: b,
      index: 1,
      siblings: [a, c],
    });
    assert.deepEqual(ah.merkleProof(name, [a, b, c], 2), {
      root: ah.compress(name, [...ab, ...c]),
      leaf: c,
      index: 1,
      siblings: [ab],
    });
    // Every proof of the three leaves verifies; with its sides flipped, or
    // another root, it does not.
    for (const i of [0, 1, 2]) {
      const proof = ah.merkleProof(name, [a, b, c], i);
      assert.ok(ah.verifyMerkleProof(name, proof), `${name} leaf ${i}`);
      assert.ok(!ah.verifyMerkleProof(name, { ...proof, index: proof.index ^ 1 }), `${name} leaf ${i}`);
      assert.ok(!ah.verifyMerkleProof(name, { ...proof, root: ab }), `${name} leaf ${i}`);
    }
    // Typed arrays and safe-integer numbers as elements.
    const small = [a, b, c].map((leaf) => BigUint64Array.from(leaf));
    assert.deepEqual(ah.merkleRoot(name, small), ah.merkleRoot(name, [a, b, c]), name);
  }
  // 100 leaves: against the tree level by level through compressMany.
  const leaves = Array.from({ length: 100 }, (_, k) => [BigInt(k) * 7919n, BigInt(k)]);
  const digests = leaves.map((xs) => ah.hash('poseidon2-plonky3-goldilocks-8', xs));
  let level = digests;
  while (level.length > 1) {
    const pairs = chunks(level.slice(0, level.length & ~1), 2).map(([l, r]) => [...l, ...r]);
    const next = ah.compressMany('poseidon2-plonky3-goldilocks-8', pairs);
    level = level.length % 2 === 1 ? [...next, level[level.length - 1]] : next;
  }
  assert.deepEqual(ah.merkleRoot('poseidon2-plonky3-goldilocks-8', digests), level[0]);
});

test('refusals', () => {
  assert.throws(() => ah.merkleRoot('tip5', []), { name: 'Error', message: /^no leaves/ });
  assert.throws(() => ah.merkleRoot('tip5', (function* () {})()), { message: /^no leaves/ });
  assert.throws(() => ah.merkleRoot('poseidon', [[1n], [2n]]), {
    message: 'instance `poseidon` has no `merkleRoot (2-to-1 compression)` operation',
  });
  assert.throws(() => ah.merkleRoot('tip6', [[1n, 1n, 1n, 1n, 1n]]), { message: /^unknown instance `tip6`/ });
  assert.throws(() => ah.merkleRoot('tip5', [Array(5).fill(0n), [0n, 0n, GOLDILOCKS, 0n, 0n]]), {
    name: 'Error',
    message: /^leaf 2: element 3 .*not below/,
  });
  assert.throws(() => ah.merkleRoot('poseidon-t3', [[1n], [BN254_R]]), { message: /^leaf 2: element 1 .*not below/ });
  assert.throws(() => ah.merkleRoot('tip5', [Array(4).fill(0n), Array(5).fill(0n)]), {
    message: /^leaf 1: .*expected 5, got 4/,
  });
  assert.throws(() => ah.merkleRoot('tip5', [Array(5).fill(0n), [-1n, 0n, 0n, 0n, 0n]]), { message: /^leaf 2: / });
  assert.throws(() => ah.merkleRoot('tip5', 'leaves'), TypeError);
  const three = [[1n], [2n], [3n]];
  assert.throws(() => ah.merkleProof('poseidon-t3', three, 3), {
    name: 'Error',
    message: 'leaf index 3 out of range for 3 leaves',
  });
  for (const bad of [-1, 1.5, 1n, '1', undefined, 2 ** 53]) {
    assert.throws(() => ah.merkleProof('poseidon-t3', three, bad), {
      name: 'TypeError',
      message: /^leaf index: expected a non-negative integer/,
    });
  }
  assert.throws(() => ah.merkleProof('poseidon-t3', [], 0), { message: /^no leaves/ });
  assert.throws(() => ah.merkleProof('poseidon-t3', [[1n], [BN254_R]], 0), { message: /^leaf 2: element 1 .*not below/ });
  assert.throws(() => ah.merkleProof('poseidon', three, 0), {
    message: 'instance `poseidon` has no `merkleProof (2-to-1 compression)` operation',
  });
  assert.throws(() => ah.merkleProof('tip5', 'leaves', 0), TypeError);
  assert.throws(() => ah.merkleRoot('tip5', [Array(5).fill(0n), Array(5).fill('x')]), {
    name: 'TypeError',
    message: /^leaf 2: element 1: expected a bigint, got string/,
  });
});

test('verifyMerkleProof refusals', () => {
  const proof = ah.merkleProof('poseidon-t3', [[1n], [2n], [3n], [4n], [5n]], 2);
  assert.ok(ah.verifyMerkleProof('poseidon-t3', proof));
  const refused = (changed, error) => assert.throws(() => ah.verifyMerkleProof('poseidon-t3', { ...proof, ...changed }), error);
  refused({ index: 8 }, { name: 'Error', message: 'proof index 8 has a bit set beyond its 3 siblings' });
  for (const index of [-1, 1.5, 1n, '1', undefined]) {
    refused({ index }, { name: 'TypeError', message: /^proof index: expected a non-negative integer/ });
  }
  refused({ leaf: [BN254_R] }, { name: 'Error', message: /^leaf: element 1 .*not below/ });
  refused({ root: [1n, 2n] }, { name: 'Error', message: /^root: .*expected 1, got 2/ });
  refused({ siblings: [proof.siblings[0], []] }, { name: 'Error', message: /^sibling 2: .*expected 1, got 0/ });
  refused({ siblings: [proof.siblings[0], ['x']] }, { name: 'TypeError', message: /^sibling 2: element 1: expected a bigint, got string/ });
  refused({ siblings: 5n }, { name: 'TypeError', message: /^proof siblings: expected an array/ });
  assert.throws(() => ah.verifyMerkleProof('poseidon-t3', null), TypeError);
  assert.throws(() => ah.verifyMerkleProof('poseidon', proof), {
    message: 'instance `poseidon` has no `verifyMerkleProof (2-to-1 compression)` operation',
  });
  assert.throws(() => ah.verifyMerkleProof('tip5', proof), { message: /^root: .*expected 5, got 1/ });
});

// plonky2 1.1.0's trees: rows, cap height, cap digests and stored proofs.
function* plonky2Trees() {
  for (const c of load('plonky2/merkle.json').cases.filter((c) => c.fn === 'merkle_tree')) {
    const values = elements(c.input);
    let at = 0;
    const rows = c.leaf_lengths.map((n) => values.slice(at, (at += n)));
    yield { rows, h: c.cap_height, cap: chunks(elements(c.output), 4), proofs: c.proofs };
  }
}

test("plonky2 caps and proofs to them are plonky2's", () => {
  let proofs = 0;
  for (const { rows, h, cap, proofs: stored } of plonky2Trees()) {
    assert.deepEqual(ah.merkleCap('poseidon-plonky2', rows, h), cap, `${rows.length} rows, cap height ${h}`);
    for (const p of stored) {
      const proof = ah.merkleCapProof('poseidon-plonky2', rows, h, p.index);
      assert.deepEqual(proof, {
        cap,
        leaf: rows[p.index],
        index: p.index,
        siblings: chunks(elements(p.siblings), 4),
      });
      assert.equal(ah.verifyMerkleCapProof('poseidon-plonky2', proof), true);
      const other = { ...proof, leaf: [...rows[p.index], 1n] };
      assert.equal(ah.verifyMerkleCapProof('poseidon-plonky2', other), false);
      proofs += 1;
    }
  }
  assert.equal(proofs, 58);
});

test('capped trees refuse what plonky2 panics on, and bad proofs', () => {
  const rows = [[1n, 2n, 3n, 4n, 5n], [6n], [], [7n, 8n]];
  const proof = ah.merkleCapProof('poseidon-plonky2', rows, 1, 2);
  assert.deepEqual(proof.leaf, []);
  assert.equal(ah.verifyMerkleCapProof('poseidon-plonky2', proof), true);
  assert.throws(() => ah.merkleCap('poseidon-plonky2', rows.slice(0, 3), 0), /needs a power-of-two number of leaves, not 3/);
  assert.throws(() => ah.merkleCap('poseidon-plonky2', [], 0), /needs a power-of-two number of leaves, not 0/);
  assert.throws(() => ah.merkleCap('poseidon-plonky2', rows, 3), /^Error: cap height 3 is above the tree's height 2$/);
  assert.throws(() => ah.merkleCapProof('poseidon-plonky2', rows, 1, 4), /^Error: leaf index 4 out of range for 4 leaves$/);
  assert.throws(() => ah.merkleCap('poseidon-plonky2', [[1n], [GOLDILOCKS]], 0), /^Error: leaf 2: element 1 .*not below/);
  for (const bad of [-1, 1.5, '1', 2 ** 60 * 16]) {
    assert.throws(() => ah.merkleCap('poseidon-plonky2', rows, bad), TypeError);
  }
  assert.throws(() => ah.merkleCap('poseidon-t3', [[1n], [2n]], 0), /has no `merkleCap \(capped trees\)`/);
  const refused = (match, changed, kind = Error) =>
    assert.throws(() => ah.verifyMerkleCapProof('poseidon-plonky2', { ...proof, ...changed }), (e) => e instanceof kind && match.test(e.message));
  refused(/^leaf index 8 out of range for 4 leaves$/, { index: 8 });
  refused(/^cap node 2: element 1 .*not below/, { cap: [proof.cap[0], [GOLDILOCKS, 0n, 0n, 0n]] });
  refused(/^sibling 1: .*expected 4, got 1/, { siblings: [[1n]] });
  refused(/^proof index/, { index: '2' }, TypeError);
  refused(/^proof cap/, { cap: 5 }, TypeError);
  refused(/^proof leaf/, { leaf: 5n }, TypeError);
  assert.throws(() => ah.verifyMerkleCapProof('tip5', proof), /has no `verifyMerkleCapProof \(capped trees\)`/);
});
