#!/usr/bin/env node
// Writes test-vectors/poseidon/lean_imt.json: Semaphore v4's group tree,
// as @semaphore-protocol/group computes it (zk-kit's LeanIMT with
// poseidon-lite's poseidon2 as the 2-to-1 hash, the versions pinned in
// package-lock.json), for the workspace's `poseidon-t3` Merkle tree to be
// checked against.
//
// LeanIMT carries a node with no right sibling up unchanged, as the
// workspace's `MerkleTree` does, so the two trees agree on every leaf
// count, not only on powers of two; this file pins those shapes.
//
// Cases (inputs are deterministic: edge values and hashes of a counter):
//   "merkle_tree"  input: the members (leaves); output: [root]; proofs:
//                  for some leaf indices, `generateMerkleProof(index)`'s
//                  siblings (bottom first, the levels where the node is
//                  carried up have none) and its `index` (the path bits of
//                  the levels that have a sibling), each accepted by
//                  `LeanIMT.verifyProof`
//   "compress"     input: [left, right]; output: [poseidon2([left, right])],
//                  the inner nodes of the trees of up to 8 leaves
//
// Each tree is built twice, by `new Group(members)` (LeanIMT's
// `insertMany`) and member by member (`addMember`, LeanIMT's `insert`);
// the script stops if the roots differ.
//
// Needs: node >= 18 and `npm ci` in this folder. Run: `node gen.mjs`.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Group } from "@semaphore-protocol/group";
import { LeanIMT } from "@zk-kit/lean-imt";
import { poseidon2 } from "poseidon-lite";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "..", "test-vectors", "poseidon", "lean_imt.json");
const version = (name) =>
  JSON.parse(readFileSync(join(here, "node_modules", ...name.split("/"), "package.json"), "utf8")).version;

const R = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
// Member k: SHA-256 of "lean-imt member k", below r and nonzero (Semaphore
// refuses 0 as a member), so reruns give the same file.
let drawn = 0;
function member() {
  const digest = createHash("sha256").update(`lean-imt member ${drawn++}`).digest("hex");
  return (BigInt(`0x${digest}`) % (R - 1n)) + 1n;
}
// A draw below n, from the same stream.
const below = (n) => Number(member() % BigInt(n));

const hash = (a, b) => poseidon2([a, b]);
const cases = [];
const compressed = new Set();

function tree(members) {
  const group = new Group(members);
  const incremental = new Group();
  for (const m of members) incremental.addMember(m);
  assert.equal(group.root, incremental.root, `${members.length} members: insertMany against insert`);
  const root = group.root;
  const n = members.length;
  const indices = [...new Set([0, n - 1, Math.floor(n / 2), below(n)])].sort((a, b) => a - b);
  const proofs = indices.map((leafIndex) => {
    const proof = group.generateMerkleProof(leafIndex);
    assert.equal(proof.root, root);
    assert.equal(proof.leaf, members[leafIndex]);
    assert.ok(LeanIMT.verifyProof(proof, hash), `proof of leaf ${leafIndex} of ${n}`);
    return {
      leaf_index: leafIndex,
      index: proof.index,
      siblings: proof.siblings.map(String),
    };
  });
  cases.push({ fn: "merkle_tree", input: members.map(String), output: [String(root)], proofs });
  if (n <= 8) {
    // The inner nodes, level by level (a node without a right sibling goes
    // up unchanged), as compress cases.
    let level = members;
    while (level.length > 1) {
      const up = [];
      for (let i = 0; i < level.length; i += 2) {
        if (i + 1 === level.length) {
          up.push(level[i]);
          continue;
        }
        const node = hash(level[i], level[i + 1]);
        const key = `${level[i]},${level[i + 1]}`;
        if (!compressed.has(key)) {
          compressed.add(key);
          cases.push({ fn: "compress", input: [String(level[i]), String(level[i + 1])], output: [String(node)] });
        }
        up.push(node);
      }
      level = up;
    }
    assert.equal(level[0], root);
  }
}

// Edge members first: 1 and r - 1, alone and together.
tree([1n]);
tree([R - 1n]);
tree([1n, R - 1n]);
tree([R - 1n, R - 1n, 1n]);
for (let n = 1; n <= 33; n++) tree(Array.from({ length: n }, member));
for (const n of [63, 64, 65, 100, 127, 129, 257]) tree(Array.from({ length: n }, member));

const file = {
  source: `@semaphore-protocol/group ${version("@semaphore-protocol/group")} (npm; Semaphore v4's group tree): new Group(members).root, its generateMerkleProof(index) (zk-kit's @zk-kit/lean-imt ${version("@zk-kit/lean-imt")}), each proof accepted by LeanIMT.verifyProof; the 2-to-1 hash is poseidon-lite ${version("poseidon-lite")}'s poseidon2([a, b]) (circomlib's Poseidon, t = 3); every root equal when the tree is built member by member (addMember)`,
  generator: "scripts/lean-imt-vectors (npm ci; node gen.mjs)",
  instance: "poseidon-t3",
  format:
    "merkle_tree: input, the members (leaves) in order; output, [root]; proofs, for some leaf_index the proof's siblings (bottom first; levels where the node has no sibling and is carried up have none) and its index (the bits of the path at the levels with a sibling, the lowest level lowest). compress: [left, right] -> [poseidon2([left, right])], the inner nodes of the trees of up to 8 leaves",
  cases,
};
// One case a line, as the other vector files.
const { cases: all, ...head } = file;
const text = [
  "{",
  ...Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`),
  '  "cases": [',
  all.map((c) => `    ${JSON.stringify(c)}`).join(",\n"),
  "  ]",
  "}",
].join("\n");
JSON.parse(text);
writeFileSync(out, text + "\n");
console.log(`wrote ${out}: ${cases.filter((c) => c.fn === "merkle_tree").length} trees, ${compressed.size} compress cases`);
