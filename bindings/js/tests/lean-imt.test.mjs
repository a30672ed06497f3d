// `merkleRoot('poseidon-t3', …)`, `merkleProof` and `verifyMerkleProof`
// against zk-kit's LeanIMT itself
// (@zk-kit/lean-imt 2.2.5 with poseidon-lite 0.3.0's poseidon2, the tree
// of Semaphore v4's groups) on random groups (tests/vectors.mjs's `rng`)
// of every size up to 100 and of 257 and 1 025: the roots agree on every
// shape, since both trees carry a node without a right sibling up
// unchanged. The stored vectors
// (test-vectors/poseidon/lean_imt.json, from @semaphore-protocol/group) are
// merkle.test.mjs's.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { LeanIMT } from '@zk-kit/lean-imt';
import { poseidon2 } from 'poseidon-lite';

import * as ah from '../lib/index.js';
import { rng } from './vectors.mjs';

test("poseidon-t3 roots are LeanIMT's on random groups", () => {
  const sizes = [...Array.from({ length: 100 }, (_, k) => k + 1), 257, 1025];
  for (const n of sizes) {
    // Random members below r, with 0 and r − 1 among them.
    const leaves = Array.from({ length: n }, rng(n * 7919 + 1));
    const tree = new LeanIMT((a, b) => poseidon2([a, b]), leaves);
    assert.deepEqual(ah.merkleRoot('poseidon-t3', leaves.map((x) => [x])), [tree.root], `${n} leaves`);
  }
});

test("poseidon-t3 proofs are LeanIMT's, and each side verifies the other's", () => {
  const hash = (a, b) => poseidon2([a, b]);
  for (const n of [1, 2, 3, 5, 6, 7, 12, 31, 33, 100, 257]) {
    const leaves = Array.from({ length: n }, rng(n * 104729 + 3));
    const tree = new LeanIMT(hash, leaves);
    const digests = leaves.map((x) => [x]);
    for (const i of new Set([0, 1 % n, (n * 5) >> 3, n - 2 < 0 ? 0 : n - 2, n - 1])) {
      const ours = ah.merkleProof('poseidon-t3', digests, i);
      // Semaphore's shape: one-element digests as bigints.
      const proof = { root: ours.root[0], leaf: ours.leaf[0], index: ours.index, siblings: ours.siblings.map(([x]) => x) };
      assert.deepEqual(proof, tree.generateProof(i), `leaf ${i} of ${n}`);
      assert.ok(LeanIMT.verifyProof(proof, hash));
      // verifyMerkleProof agrees with LeanIMT's verifier, on LeanIMT's proof
      // as it is (bare bigints) and on ours (digests as arrays).
      assert.ok(ah.verifyMerkleProof('poseidon-t3', tree.generateProof(i)), `leaf ${i} of ${n}`);
      assert.ok(ah.verifyMerkleProof('poseidon-t3', ours));
      if (proof.siblings.length > 0 && proof.siblings[0] !== proof.leaf) {
        const flipped = { ...proof, index: proof.index ^ 1 };
        assert.ok(!LeanIMT.verifyProof(flipped, hash), `leaf ${i} of ${n}: side flipped`);
        assert.ok(!ah.verifyMerkleProof('poseidon-t3', flipped), `leaf ${i} of ${n}: side flipped`);
      }
      const otherLeaf = { ...proof, leaf: proof.leaf === 1n ? 2n : 1n };
      assert.equal(ah.verifyMerkleProof('poseidon-t3', otherLeaf), LeanIMT.verifyProof(otherLeaf, hash));
    }
  }
});
