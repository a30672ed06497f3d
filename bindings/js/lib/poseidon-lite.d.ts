/** What poseidon-lite accepts as an input (read by `BigInt`). */
export type Input = bigint | number | string;

// The signatures of poseidon-lite 0.3.0's index.d.ts. With nOuts > 1 the result is an array
// of nOuts bigints (poseidon-lite's declaration says bigint there too).
/** circom Poseidon of 1 input. */
export function poseidon1(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 2 inputs. */
export function poseidon2(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 3 inputs. */
export function poseidon3(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 4 inputs. */
export function poseidon4(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 5 inputs. */
export function poseidon5(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 6 inputs. */
export function poseidon6(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 7 inputs. */
export function poseidon7(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 8 inputs. */
export function poseidon8(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 9 inputs. */
export function poseidon9(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 10 inputs. */
export function poseidon10(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 11 inputs. */
export function poseidon11(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 12 inputs. */
export function poseidon12(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 13 inputs. */
export function poseidon13(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 14 inputs. */
export function poseidon14(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 15 inputs. */
export function poseidon15(input: Input[], nOuts?: number): bigint;
/** circom Poseidon of 16 inputs. */
export function poseidon16(input: Input[], nOuts?: number): bigint;

/** All sixteen, as `import poseidon from 'poseidon-lite'` gives them. */
declare const all: {
  poseidon1: typeof poseidon1;
  poseidon2: typeof poseidon2;
  poseidon3: typeof poseidon3;
  poseidon4: typeof poseidon4;
  poseidon5: typeof poseidon5;
  poseidon6: typeof poseidon6;
  poseidon7: typeof poseidon7;
  poseidon8: typeof poseidon8;
  poseidon9: typeof poseidon9;
  poseidon10: typeof poseidon10;
  poseidon11: typeof poseidon11;
  poseidon12: typeof poseidon12;
  poseidon13: typeof poseidon13;
  poseidon14: typeof poseidon14;
  poseidon15: typeof poseidon15;
  poseidon16: typeof poseidon16;
};
export default all;
