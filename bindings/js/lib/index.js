// algebraic-hash for JavaScript: every instance of the `algebraic-hash`
// command-line tool, by the same name, with field elements as `bigint`.
// Runs in Node (the wasm file is read from disk at import) and in browsers
// and bundlers (fetched next to this module); both through top-level await,
// so the functions are ready once the import resolves.

import * as wasm from '../pkg/algebraic_hash_wasm.js';

const inNode =
  typeof process !== 'undefined' && process.versions != null && process.versions.node != null;
if (inNode) {
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(new URL('../pkg/algebraic_hash_wasm_bg.wasm', import.meta.url));
  wasm.initSync({ module: bytes });
} else {
  await wasm.default();
}

// An element as the decimal text the library reads. Negative values go
// through as written: the library refuses them with its own message.
function text(x, i, where) {
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'number' && Number.isSafeInteger(x)) return x.toString();
  const got = x === null ? 'null' : typeof x;
  throw new TypeError(`${where}element ${i + 1}: expected a bigint, got ${got}`);
}

function encode(xs, where) {
  if (xs == null || typeof xs === 'string' || typeof xs[Symbol.iterator] !== 'function') {
    throw new TypeError(`${where}expected an array of bigints`);
  }
  return Array.from(xs, (x, i) => text(x, i, where)).join(',');
}

const decode = (s) => s.split(',').map((h) => BigInt(h));

function one(op, name, xs) {
  return decode(wasm.run(op, name, encode(xs, '')));
}

function many(op, name, inputs) {
  if (inputs == null || typeof inputs === 'string' || typeof inputs[Symbol.iterator] !== 'function') {
    throw new TypeError('expected an array of inputs');
  }
  const all = Array.from(inputs, (xs, k) => encode(xs, `input ${k + 1}: `));
  if (all.length === 0) {
    wasm.operations(name); // still refuse unknown instances
    return [];
  }
  return wasm.run_many(op, name, all.join(';')).split(';').map(decode);
}

/** Every instance name, in the order of `algebraic-hash list`. */
export const list = () => wasm.list();
/** The one-line description of an instance. */
export const describe = (name) => wasm.describe(name);
/** The operations of an instance: some of "permute", "hash", "compress". */
export const operations = (name) => wasm.operations(name);

/** The permutation of a full state. */
export const permute = (name, xs) => one('permute', name, xs);
/** The instance's own hash (sponge and padding) of a sequence of elements. */
export const hash = (name, xs) => one('hash', name, xs);
/** The instance's compression (merge, t-1 -> 1, or Jive with b = 2). */
export const compress = (name, xs) => one('compress', name, xs);
/** `permute` of each state, in one call into the wasm module. */
export const permuteMany = (name, inputs) => many('permute', name, inputs);
/** `hash` of each input, in one call into the wasm module. */
export const hashMany = (name, inputs) => many('hash', name, inputs);
/** `compress` of each input, in one call into the wasm module. */
export const compressMany = (name, inputs) => many('compress', name, inputs);

/**
 * circomlib's Poseidon of 1 to 16 inputs, as circomlibjs's `poseidon(inputs)`
 * and poseidon-lite's `poseidonN(inputs)`: one bigint.
 */
export function poseidon(inputs) {
  return BigInt(wasm.run('hash', 'poseidon', encode(inputs, '')));
}
