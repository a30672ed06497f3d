/** What circomlibjs's Poseidon accepts as an input. */
export type Input = bigint | number | string;

/** The conversions circomlibjs code calls on Poseidon results (results are bigints here). */
export interface Field {
  readonly p: bigint;
  toObject(x: bigint): bigint;
  toString(x: bigint, radix?: number): string;
  e(x: Input): bigint;
}

/** circomlib's Poseidon of 1 to 16 inputs, as a bigint. */
export interface Poseidon {
  (inputs: Iterable<Input>): bigint;
  readonly F: Field;
}

export const poseidon: Poseidon;
/** Drop-in for circomlibjs's `buildPoseidon()`. */
export function buildPoseidon(): Promise<Poseidon>;
