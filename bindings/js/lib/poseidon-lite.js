// A drop-in for poseidon-lite 0.3.0: replace
//   import { poseidon2 } from 'poseidon-lite';     (or 'poseidon-lite/poseidon2')
// by
//   import { poseidon2 } from 'algebraic-hash/poseidon-lite';
// `poseidonN(inputs, nOuts = 1)` takes exactly N inputs (bigints, numbers
// or strings, read by BigInt as poseidon-lite does) and returns a bigint,
// or for nOuts > 1 the first nOuts elements of the permuted state as an
// array (nOuts 0 gives [], as poseidon-lite's slice does). The default export
// is the object of all sixteen, as poseidon-lite's CommonJS build gives to
// `import poseidon from 'poseidon-lite'`.
//
// Differences, each an Error: inputs outside [0, p) are refused
// (poseidon-lite computes on them unreduced), and nOuts must be an integer
// from 0 to N + 1 (poseidon-lite slices with whatever number it is given).

import { load, poseidonEx } from './index.js';

// poseidon5 … poseidon16 are synchronous, so the import loads the module of
// widths 6..17 beside the one of 2..5 (in a browser it cannot be fetched
// later without an `await`): this drop-in loads both circom modules.
await load('circom-wide');

function poseidonN(n, inputs, nOuts = 1) {
  if (!Array.isArray(inputs)) throw new TypeError(`poseidon${n}: expected an array of ${n} inputs`);
  if (inputs.length !== n) throw new Error(`poseidon${n}: expected ${n} inputs, got ${inputs.length}`);
  if (typeof nOuts !== 'number') throw new Error(`poseidon${n}: expected nOuts to be number got ${typeof nOuts}`);
  if (!Number.isInteger(nOuts) || nOuts < 0 || nOuts > n + 1) {
    throw new Error(`poseidon${n}: nOuts must be an integer from 0 to ${n + 1}, got ${nOuts}`);
  }
  const out = poseidonEx(inputs.map((x) => BigInt(x)), 0n, Math.max(nOuts, 1));
  if (nOuts === 1) return out[0];
  return nOuts === 0 ? [] : out;
}

/** circom Poseidon of 1 input (poseidon-lite `poseidon1`). */
export const poseidon1 = (inputs, nOuts) => poseidonN(1, inputs, nOuts);
/** circom Poseidon of 2 inputs (poseidon-lite `poseidon2`). */
export const poseidon2 = (inputs, nOuts) => poseidonN(2, inputs, nOuts);
/** circom Poseidon of 3 inputs (poseidon-lite `poseidon3`). */
export const poseidon3 = (inputs, nOuts) => poseidonN(3, inputs, nOuts);
/** circom Poseidon of 4 inputs (poseidon-lite `poseidon4`). */
export const poseidon4 = (inputs, nOuts) => poseidonN(4, inputs, nOuts);
/** circom Poseidon of 5 inputs (poseidon-lite `poseidon5`). */
export const poseidon5 = (inputs, nOuts) => poseidonN(5, inputs, nOuts);
/** circom Poseidon of 6 inputs (poseidon-lite `poseidon6`). */
export const poseidon6 = (inputs, nOuts) => poseidonN(6, inputs, nOuts);
/** circom Poseidon of 7 inputs (poseidon-lite `poseidon7`). */
export const poseidon7 = (inputs, nOuts) => poseidonN(7, inputs, nOuts);
/** circom Poseidon of 8 inputs (poseidon-lite `poseidon8`). */
export const poseidon8 = (inputs, nOuts) => poseidonN(8, inputs, nOuts);
/** circom Poseidon of 9 inputs (poseidon-lite `poseidon9`). */
export const poseidon9 = (inputs, nOuts) => poseidonN(9, inputs, nOuts);
/** circom Poseidon of 10 inputs (poseidon-lite `poseidon10`). */
export const poseidon10 = (inputs, nOuts) => poseidonN(10, inputs, nOuts);
/** circom Poseidon of 11 inputs (poseidon-lite `poseidon11`). */
export const poseidon11 = (inputs, nOuts) => poseidonN(11, inputs, nOuts);
/** circom Poseidon of 12 inputs (poseidon-lite `poseidon12`). */
export const poseidon12 = (inputs, nOuts) => poseidonN(12, inputs, nOuts);
/** circom Poseidon of 13 inputs (poseidon-lite `poseidon13`). */
export const poseidon13 = (inputs, nOuts) => poseidonN(13, inputs, nOuts);
/** circom Poseidon of 14 inputs (poseidon-lite `poseidon14`). */
export const poseidon14 = (inputs, nOuts) => poseidonN(14, inputs, nOuts);
/** circom Poseidon of 15 inputs (poseidon-lite `poseidon15`). */
export const poseidon15 = (inputs, nOuts) => poseidonN(15, inputs, nOuts);
/** circom Poseidon of 16 inputs (poseidon-lite `poseidon16`). */
export const poseidon16 = (inputs, nOuts) => poseidonN(16, inputs, nOuts);

export default {
  poseidon1, poseidon2, poseidon3, poseidon4, poseidon5, poseidon6, poseidon7, poseidon8,
  poseidon9, poseidon10, poseidon11, poseidon12, poseidon13, poseidon14, poseidon15, poseidon16,
};
