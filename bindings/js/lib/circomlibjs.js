// A drop-in for circomlibjs 0.1.7's Poseidon builders: replace
//   import { buildPoseidon } from 'circomlibjs';
// by
//   import { buildPoseidon } from 'algebraic-hash/circomlibjs';
// and `poseidon(inputs, initState, nOut)` is called as before: the same
// defaults (initState 0, nOut 1), one element for nOut = 1 and an array of
// nOut elements otherwise. Elements are bigints here, where circomlibjs
// hands out 32-byte Montgomery-form buffers; `poseidon.F` is a field object
// over bigints with the members circomlibjs code calls on results and
// inputs (`e`, `eq`, `isZero`, `toObject`, `toString`, `toRprLE`, ...), so
// code that goes through `F` reads the same values. The computation is one
// binary call into the wasm module (`poseidonEx` of index.js); the builders
// resolve once both circom modules (t = 2..5 and 6..17) are loaded.
//
// Differences, each an Error that names it: inputs and initState outside
// [0, p) are refused (circomlibjs reduces them silently; `F.e(x)` reduces
// on purpose), byte-buffer inputs (circomlibjs's Montgomery form) and the
// F members that have no bigint counterpart here (`inv`, `sqrt`, ...) are
// not supported, nor is `buildPoseidonWasm` (circomlibjs's builder of
// wasm code), and nOut must be 1 to inputs + 1 (circomlibjs reads past the
// state).

import { load, poseidonEx } from './index.js';

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const NAME = 'algebraic-hash/circomlibjs';

const unsupported = (what) => new Error(`${NAME}: ${what} is not supported (elements are bigints here)`);

// ffjavascript's Scalar.e: BigInt of a number, bigint or string (radix 10,
// or 16 with or without `0x`).
function scalar(a, radix) {
  if (a instanceof Uint8Array) throw unsupported('a byte buffer (circomlibjs\'s Montgomery form) as an element');
  if (!radix || radix === 10) return BigInt(a);
  if (radix === 16) return BigInt(typeof a === 'string' && !a.startsWith('0x') ? `0x${a}` : a);
  throw unsupported(`radix ${radix}`);
}

// The canonical element of `a`, reduced mod p as ffjavascript's F.e does.
function e(a, radix) {
  const v = scalar(a, radix) % P;
  return v < 0n ? v + P : v;
}

function fromBytes(buff, offset, bigEndian) {
  const bytes = buff.subarray(offset ?? 0, (offset ?? 0) + 32);
  if (bytes.length !== 32) throw new Error(`${NAME}: F.fromRpr${bigEndian ? 'BE' : 'LE'}: expected 32 bytes, got ${bytes.length}`);
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(bytes[bigEndian ? i : 31 - i]);
  if (v >= P) throw new Error(`${NAME}: F.fromRpr${bigEndian ? 'BE' : 'LE'}: value is not below the BN254 Fr modulus`);
  return v;
}

function toBytes(buff, offset, a, bigEndian) {
  let v = e(a);
  for (let i = 0; i < 32; i++) {
    buff[(offset ?? 0) + (bigEndian ? 31 - i : i)] = Number(v & 0xffn);
    v >>= 8n;
  }
}

/** BN254 Fr over bigints, with ffjavascript's member names. */
export const F = {
  p: P,
  n8: 32,
  zero: 0n,
  one: 1n,
  negone: P - 1n,
  two: 2n,
  e,
  eq: (a, b) => e(a) === e(b),
  isZero: (a) => e(a) === 0n,
  add: (a, b) => (e(a) + e(b)) % P,
  sub: (a, b) => (e(a) - e(b) + P) % P,
  neg: (a) => (P - e(a)) % P,
  mul: (a, b) => (e(a) * e(b)) % P,
  square: (a) => (e(a) * e(a)) % P,
  toObject: (a) => e(a),
  fromObject: (a) => e(a),
  toString: (a, radix = 10) => e(a).toString(radix),
  toRprLE: (buff, offset, a) => toBytes(buff, offset, a, false),
  toRprBE: (buff, offset, a) => toBytes(buff, offset, a, true),
  fromRprLE: (buff, offset) => fromBytes(buff, offset, false),
  fromRprBE: (buff, offset) => fromBytes(buff, offset, true),
};
for (const name of ['inv', 'div', 'exp', 'pow', 'sqrt', 'isSquare', 'isNegative', 'toMontgomery',
  'fromMontgomery', 'toRprLEM', 'toRprBEM', 'fromRprLEM', 'fromRprBEM', 'random', 'fromRng',
  'batchInverse', 'batchToMontgomery', 'batchFromMontgomery']) {
  F[name] = () => {
    throw unsupported(`F.${name}`);
  };
}
Object.freeze(F);

/**
 * circomlibjs's `poseidon(inputs, initState, nOut)`: the state
 * `[initState, ...inputs]` permuted; its first cell for nOut = 1 (the
 * default), an array of its first nOut cells otherwise.
 */
export function poseidon(inputs, initState, nOut) {
  if (!Array.isArray(inputs)) {
    if (inputs instanceof Uint8Array) throw unsupported('a byte buffer (circomlibjs\'s Montgomery form) as inputs');
    throw new Error(`${NAME}: inputs must be an array`);
  }
  const init = initState === undefined ? 0n : scalar(initState);
  const n = Number(nOut || 1);
  const out = poseidonEx(inputs.map((x) => scalar(x)), init, n);
  return n === 1 ? out[0] : out;
}
poseidon.F = F;

/**
 * Resolves to `poseidon` (circomlibjs's builder: wasm) once both circom
 * modules are loaded, so that every width answers at once, in browsers too.
 */
export async function buildPoseidon() {
  await load('circom-wide');
  return poseidon;
}
/**
 * circomlibjs exports this name for the function that adds its Poseidon
 * code to a wasmbuilder module (not a Poseidon builder): refused here.
 */
export function buildPoseidonWasm() {
  throw unsupported('buildPoseidonWasm (it writes circomlibjs\'s wasm code into a wasmbuilder module)');
}
/** Resolves to `poseidon` (circomlibjs's optimized-constants JavaScript builder). */
export const buildPoseidonOpt = buildPoseidon;
/** Resolves to `poseidon` (circomlibjs's reference JavaScript builder). */
export const buildPoseidonReference = buildPoseidon;
