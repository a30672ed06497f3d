// Writes test-vectors/mina/{kimchi,legacy}.json: the answers of o1js's
// Poseidon (npm mina-signer 4.0.0, its BigInt implementation of Mina's
// hashes, written apart from proof-systems' Rust), checked first against
// proof-systems' own test vectors and o1js's published prefix states.
//
//   npm ci && node gen.mjs kimchi PROOF_SYSTEMS > ../../test-vectors/mina/kimchi.json
//   node gen.mjs legacy PROOF_SYSTEMS > ../../test-vectors/mina/legacy.json
//
// PROOF_SYSTEMS is a checkout of o1-labs/proof-systems (the files were
// written with commit 136c1df9213cfb10d5f6a122f0c37542eb103a3c): its
// poseidon/tests/test_vectors/NAME.json (hex, 32 little-endian bytes) are
// the first `hash` cases, in decimal.
//
// Cases: permute (o1js has no bare permutation export: `update(state,
// [0, 0])` adds zero and permutes once), hash (`Poseidon.hash`), compress
// (hash of two), prefix_to_field, salt (o1js's `salt`; every entry of its
// `prefixHashes` / `prefixHashesLegacy` tables, which the generator checks
// it reproduces), hash_with_prefix (`hashWithPrefix`, o1js's padded
// prefixes), and random_digest: a SHA-256 over the answers to 10 000
// inputs per entry point, which the Rust test derives the same way
// (`element` below) and recomputes.
//
// Outside CI: o1js is not a Rust crate, and proof-systems' mina-poseidon /
// mina-hasher are not on crates.io, so no oracle can be a dev-dependency.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// mina-signer's package.json exports only its client; its modules are
// loaded by file URL.
const dist = new URL('./node_modules/mina-signer/dist/node/', import.meta.url);
const { Poseidon, PoseidonLegacy } = await import(new URL('bindings/crypto/poseidon.js', dist));
const constants = await import(new URL('bindings/crypto/constants.js', dist));
const { HashHelpers, HashLegacy } = await import(new URL('mina-signer/src/poseidon-bigint.js', dist));
const { prefixToField } = await import(new URL('bindings/lib/binable.js', dist));
const { Field } = await import(new URL('mina-signer/src/field-bigint.js', dist));

const [name, proofSystems] = process.argv.slice(2);
const INSTANCES = {
  kimchi: { hash: Poseidon, helpers: HashHelpers, salts: constants.prefixHashes, what: 'Poseidon' },
  legacy: { hash: PoseidonLegacy, helpers: HashLegacy, salts: constants.prefixHashesLegacy, what: 'PoseidonLegacy / HashLegacy' },
};
const inst = INSTANCES[name];
if (!inst || !proofSystems) {
  console.error('usage: node gen.mjs kimchi|legacy PROOF_SYSTEMS');
  process.exit(2);
}

const P = 0x40000000000000000000000000000000224698fc094cf91b992d30ed00000001n;
const permute = (state) => inst.hash.update(state, [0n, 0n]);
const hash = (input) => inst.hash.hash(input);
const dec = (xs) => xs.map((x) => x.toString());
function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

// Element j of random input i of entry point `tag`: 0, 1 or p − 1 when
// (i + j) % 8 is 0, 1 or 2; otherwise the low 254 bits of
// SHA-256("mina-vectors:TAG:I:J") read little-endian (below p).
function element(tag, i, j) {
  const k = (i + j) % 8;
  if (k === 0) return 0n;
  if (k === 1) return 1n;
  if (k === 2) return P - 1n;
  const digest = createHash('sha256').update(`mina-vectors:${tag}:${i}:${j}`).digest();
  let x = 0n;
  for (let b = 31; b >= 0; b--) x = (x << 8n) | BigInt(digest[b]);
  return x & ((1n << 254n) - 1n);
}
const input = (tag, i, n) => Array.from({ length: n }, (_, j) => element(tag, i, j));

const cases = [];
const out = (c) => cases.push(c);

// proof-systems' published vectors first.
const leHex = (h) => {
  let x = 0n;
  for (let b = h.length - 2; b >= 0; b -= 2) x = (x << 8n) | BigInt(parseInt(h.slice(b, b + 2), 16));
  return x;
};
const published = JSON.parse(
  readFileSync(join(proofSystems, 'poseidon', 'tests', 'test_vectors', `${name}.json`), 'utf8'),
).test_vectors;
for (const v of published) {
  const xs = v.input.map(leHex);
  const expected = leHex(v.output);
  check(hash(xs) === expected, `o1js reproduces proof-systems ${name}.json`);
  out({ fn: 'hash', from: `proof-systems poseidon/tests/test_vectors/${name}.json`, input: dec(xs), output: [expected.toString()] });
}

const EDGE = [0n, 1n, 2n, P - 1n, P - 2n, (P - 1n) / 2n];
for (const s of [[0n, 0n, 0n], [1n, 1n, 1n], [P - 1n, P - 1n, P - 1n], [0n, 1n, 2n], [P - 1n, 0n, 1n]]) {
  out({ fn: 'permute', input: dec(s), output: dec(permute(s)) });
}
for (let i = 0; i < 6; i++) {
  const s = input('permute', 100 + i, 3);
  out({ fn: 'permute', input: dec(s), output: dec(permute(s)) });
}
for (let n = 0; n <= 7; n++) {
  const xs = input('hash', 100 + n, n);
  out({ fn: 'hash', input: dec(xs), output: [hash(xs).toString()] });
}
out({ fn: 'hash', input: dec(EDGE), output: [hash(EDGE).toString()] });
for (const pair of [[0n, 0n], [1n, 2n], [P - 1n, P - 1n], input('compress', 100, 2), input('compress', 103, 2)]) {
  out({ fn: 'compress', input: dec(pair), output: [hash(pair).toString()] });
}

// Prefixes: every published prefix state is o1js's salt of its prefix.
const salts = Object.entries(inst.salts);
for (const [prefix, state] of salts) {
  const ours = inst.helpers.salt(prefix);
  check(dec(ours).join() === state.join(), `salt(${prefix}) equals the published state`);
  out({ fn: 'prefix_to_field', prefix, output: [prefixToField(Field, prefix).toString()] });
  out({ fn: 'salt', prefix, output: state });
}
const PREFIXES = salts.map(([p]) => p).filter((p) => p.length === 20);
for (const [k, prefix] of PREFIXES.slice(0, 6).entries()) {
  for (const n of [1, 2, 3, 4]) {
    const xs = input('hash_with_prefix', 100 + 10 * k + n, n);
    out({ fn: 'hash_with_prefix', prefix, input: dec(xs), output: [inst.helpers.hashWithPrefix(prefix, xs).toString()] });
  }
}

// 10 000 random inputs per entry point, answered by a digest.
const COUNT = 10000;
function digest(entry, answer) {
  const h = createHash('sha256');
  for (let i = 0; i < COUNT; i++) h.update(`${dec(answer(i)).join(' ')}\n`);
  out({ fn: 'random_digest', entry, count: COUNT, sha256: h.digest('hex') });
}
digest('permute', (i) => permute(input('permute', i, 3)));
digest('hash', (i) => [hash(input('hash', i, i % 7))]);
digest('hash_with_prefix', (i) => {
  const prefix = PREFIXES[i % PREFIXES.length];
  return [inst.helpers.hashWithPrefix(prefix, input('hash_with_prefix', i, 1 + (i % 5)))];
});

const file = {
  source:
    `o1js's ${inst.what} (npm mina-signer 4.0.0, dist/node/bindings/crypto/poseidon.js and mina-signer/src/poseidon-bigint.js) over Mina's Fp; ` +
    `the first hash cases are o1-labs/proof-systems' poseidon/tests/test_vectors/${name}.json (commit 136c1df9213cfb10d5f6a122f0c37542eb103a3c, hex little-endian there, decimal here), ` +
    `and the salt cases are mina-signer's published ${name === 'kimchi' ? 'prefixHashes' : 'prefixHashesLegacy'} table; o1js reproduces both`,
  generator: `node scripts/mina-vectors/gen.mjs ${name} PROOF_SYSTEMS > test-vectors/mina/${name}.json`,
  cases,
};
process.stdout.write('{\n');
process.stdout.write(`  "source": ${JSON.stringify(file.source)},\n`);
process.stdout.write(`  "generator": ${JSON.stringify(file.generator)},\n`);
process.stdout.write('  "cases": [\n');
process.stdout.write(cases.map((c) => `    ${JSON.stringify(c)}`).join(',\n'));
process.stdout.write('\n  ]\n}\n');
