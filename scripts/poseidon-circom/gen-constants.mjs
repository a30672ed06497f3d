#!/usr/bin/env node
// Writes the circom Poseidon constants of algebraic-hash-poseidon:
//   crates/poseidon/src/circom/tables/tT.bin
//                                           optimized form (C, S, M, P) of width
//                                           T = 2..17, one file each, as
//                                           Montgomery limbs (binary)
//   crates/poseidon/src/circom/tables/SHA256SUMS
//                                           each file's SHA-256 (`sha256sum -c`
//                                           format; crates/poseidon/tests/circom_vectors.rs
//                                           checks the files against it)
//   crates/poseidon/src/circom/tables.rs    one static per width
//   test-vectors/poseidon/circom_constants.json
//                                           plain form (C, M), read by the tests'
//                                           textbook permutation
// from circomlibjs' `src/poseidon_constants_opt.js` and `src/poseidon_constants.js`
// (the version pinned in package.json / package-lock.json).
//
// Needs: node >= 18 and `npm ci` in this folder. Run: `node gen-constants.mjs`.
// The output is deterministic; CI does not run this script (the tables are
// committed), a reviewer can rerun it and compare.
//
// One file per width, so that a build links only the widths it uses (the
// WebAssembly module of t = 2..5 carries 66 KB of constants, not 802 KB).
// tT.bin holds the sections
//   full (8·t) | partial (RP) | sparse rows (RP·t) | sparse columns (RP·t,
//   element 0 of each is 0) | MDS (t·t, row-major) | pre-sparse (t·t)
// of 32-byte elements: four little-endian 64-bit limbs of x * 2^256 mod p
// (Montgomery form, the inner representation of ark-bn254's `Fr`), so the
// library reads them without parsing or converting.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  P, ROUNDS_F, ROUNDS_P, WIDTHS, circomlibjsVersion, importCircomlibjsFile, repo,
} from "./common.mjs";

const R = (1n << 256n) % P;
const MASK = (1n << 64n) - 1n;

function element(text) {
  const x = BigInt(text);
  assert.ok(x >= 0n && x < P, `constant ${text} is not below p`);
  return x;
}

// The 32 bytes of an element in the binary table.
function bytes(x) {
  let m = (x * R) % P;
  const out = Buffer.alloc(32);
  for (let i = 0; i < 4; i++) {
    out.writeBigUInt64LE(m & MASK, 8 * i);
    m >>= 64n;
  }
  return out;
}

const hex = (x) => "0x" + x.toString(16).padStart(64, "0");

const transpose = (m) => m[0].map((_, i) => m.map((row) => row[i]));

const opt = await importCircomlibjsFile("src/poseidon_constants_opt.js");
const plain = await importCircomlibjsFile("src/poseidon_constants.js");

const files = [];
const plainJson = {};

let counts = { opt: 0, plain: 0 };
for (const t of WIDTHS) {
  const k = t - 2;
  const rp = ROUNDS_P[k];
  const C = opt.C[k].map(element);
  const S = opt.S[k].map(element);
  const M = opt.M[k].map((r) => r.map(element));
  const Pm = opt.P[k].map((r) => r.map(element));
  const refC = plain.C[k].map(element);
  const refM = plain.M[k].map((r) => r.map(element));

  // The round counts are facts of the constant files, not only of the code.
  assert.equal(C.length, ROUNDS_F * t + rp, `t=${t}: optimized C length`);
  assert.equal(S.length, (2 * t - 1) * rp, `t=${t}: S length`);
  assert.equal(refC.length, (ROUNDS_F + rp) * t, `t=${t}: plain C length`);
  assert.equal(M.length, t);
  assert.equal(Pm.length, t);
  // circomlibjs' optimized code multiplies by M[j][i] (output i, input j),
  // its reference code by M[i][j]: the two files store transposes.
  assert.deepEqual(transpose(M), refM, `t=${t}: opt M is the transpose of plain M`);
  // The first round's constants are not transformed.
  assert.deepEqual(C.slice(0, t), refC.slice(0, t), `t=${t}: first round constants`);

  // Tables in the Rust convention: matrices row-major, `mds[i][j]` = weight of
  // input j in output i.
  const mds = refM;
  const pre = transpose(Pm);
  const full = [];
  for (let r = 0; r < ROUNDS_F; r++) {
    // row 0: added before round 0; rows 1..=4: after the S-boxes of rounds
    // 0..=3; rows 5..=7: after the S-boxes of rounds RF/2+RP .. RF+RP-2.
    const start = r <= ROUNDS_F / 2 ? r * t : (ROUNDS_F / 2 + 1) * t + rp + (r - ROUNDS_F / 2 - 1) * t;
    full.push(C.slice(start, start + t));
  }
  const partial = C.slice((ROUNDS_F / 2 + 1) * t, (ROUNDS_F / 2 + 1) * t + rp);
  const sparse = [];
  for (let r = 0; r < rp; r++) {
    const base = (2 * t - 1) * r;
    sparse.push({ row: S.slice(base, base + t), col: [0n, ...S.slice(base + t, base + 2 * t - 1)] });
  }
  counts.opt += C.length + S.length + 2 * t * t;
  counts.plain += refC.length + t * t;

  const flat = [
    ...full.flat(),
    ...partial,
    ...sparse.flatMap((s) => s.row),
    ...sparse.flatMap((s) => s.col),
    ...mds.flat(),
    ...pre.flat(),
  ];
  assert.equal(flat.length, ROUNDS_F * t + rp + 2 * rp * t + 2 * t * t);
  files.push({ t, blob: Buffer.concat(flat.map(bytes)) });
  const rounds = [];
  for (let r = 0; r < ROUNDS_F + rp; r++) rounds.push(refC.slice(r * t, (r + 1) * t).map(hex));
  plainJson[t] = { rounds_f: ROUNDS_F, rounds_p: rp, round_constants: rounds, mds: mds.map((r) => r.map(hex)) };
}

const dir = join(repo, "crates", "poseidon", "src", "circom");
mkdirSync(join(dir, "tables"), { recursive: true });
let statics = "";
let digests = "";
let total = 0;
for (const { t, blob } of files) {
  writeFileSync(join(dir, "tables", `t${t}.bin`), blob);
  total += blob.length;
  const digest = createHash("sha256").update(blob).digest("hex");
  statics += `pub(crate) static T${t}: [u8; ${blob.length}] = *include_bytes!("tables/t${t}.bin");\n`;
  digests += `${digest}  t${t}.bin\n`;
}
writeFileSync(
  join(dir, "tables.rs"),
  `// @generated by scripts/poseidon-circom/gen-constants.mjs from circomlibjs ${circomlibjsVersion}
// (npm), src/poseidon_constants_opt.js. Do not edit: rerun the script.

// The optimized-form constants of width T in \`TT\` (layout: the script's
// header and [\`super::Tables\`]), one static per width so that the linker
// keeps only the widths a build calls.
${statics}`,
);
writeFileSync(join(dir, "tables", "SHA256SUMS"), digests);
const json = {
  source: `circomlibjs ${circomlibjsVersion} (npm), src/poseidon_constants.js, written by scripts/poseidon-circom/gen-constants.mjs`,
  description:
    "circomlib Poseidon plain-form constants per width t: round_constants[r][i] is added to element i in round r (rounds_f / 2 full rounds, rounds_p partial, rounds_f / 2 full); mds[i][j] is the weight of input j in output i. Canonical hex.",
  widths: plainJson,
};
writeFileSync(join(repo, "test-vectors", "poseidon", "circom_constants.json"), JSON.stringify(json, null, 1) + "\n");
console.log(
  `circomlibjs ${circomlibjsVersion}: ${counts.opt} optimized elements (${total} bytes in ${files.length} files) and ${counts.plain} plain elements written`,
);
