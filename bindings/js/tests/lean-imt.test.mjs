// `merkleRoot('poseidon-t3', …)` against zk-kit's LeanIMT itself
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
