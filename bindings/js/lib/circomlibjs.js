// A drop-in for circomlibjs's `buildPoseidon`: replace
//   import { buildPoseidon } from 'circomlibjs';
// by
//   import { buildPoseidon } from 'algebraic-hash/circomlibjs';
// and `poseidon(inputs)` returns the same value, as a bigint. `poseidon.F`
// keeps the conversions circomlibjs code calls on results (`toObject`,
// `toString`, `e`), so `poseidon.F.toObject(poseidon([a, b]))` still works.
// circomlibjs's optional `initState` and `nOut` arguments are not supported
// (an Error says so).

import { poseidon as hash } from './index.js';

const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

// circomlibjs accepts numbers, decimal/hex strings and bigints as inputs.
function toBigInt(x) {
  if (typeof x === 'string') return BigInt(x);
  if (typeof x === 'number') return BigInt(x);
  return x;
}

const F = {
  p: P,
  toObject: (x) => x,
  toString: (x, radix = 10) => x.toString(radix),
  e: (x) => toBigInt(x),
};

/** circomlibjs's Poseidon with bigint results. */
export function poseidon(inputs, initState, nOut) {
  if (initState !== undefined || nOut !== undefined) {
    throw new Error('algebraic-hash/circomlibjs: initState and nOut are not supported');
  }
  return hash(Array.from(inputs, toBigInt));
}
poseidon.F = F;

/** Resolves to `poseidon` (circomlibjs's builder is async too). */
export async function buildPoseidon() {
  return poseidon;
}
