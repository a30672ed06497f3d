/** What circomlibjs's Poseidon accepts as an element: read by `BigInt`. */
export type Input = bigint | number | string;

/**
 * BN254 Fr over bigints with ffjavascript's member names (circomlibjs's `poseidon.F`).
 * Members without a bigint counterpart (`inv`, `sqrt`, Montgomery conversions, ...) throw an Error.
 */
export interface Field {
  readonly p: bigint;
  readonly n8: number;
  readonly zero: bigint;
  readonly one: bigint;
  readonly negone: bigint;
  readonly two: bigint;
  /** The element of `x` (reduced mod p, as ffjavascript's `F.e`); radix 10 or 16 for strings. */
  e(x: Input, radix?: number): bigint;
  eq(a: Input, b: Input): boolean;
  isZero(a: Input): boolean;
  add(a: Input, b: Input): bigint;
  sub(a: Input, b: Input): bigint;
  neg(a: Input): bigint;
  mul(a: Input, b: Input): bigint;
  square(a: Input): bigint;
  toObject(a: Input): bigint;
  fromObject(a: Input): bigint;
  toString(a: Input, radix?: number): string;
  /** Writes the 32 little-endian bytes of `a` at `offset`. */
  toRprLE(buff: Uint8Array, offset: number, a: Input): void;
  toRprBE(buff: Uint8Array, offset: number, a: Input): void;
  /** Reads 32 little-endian bytes at `offset`; throws for a value not below p. */
  fromRprLE(buff: Uint8Array, offset?: number): bigint;
  fromRprBE(buff: Uint8Array, offset?: number): bigint;
}

/**
 * circomlibjs's `poseidon(inputs, initState = 0, nOut = 1)`: the state `[initState, ...inputs]`
 * (1 to 16 inputs) permuted; its first cell for nOut = 1, an array of its first nOut cells otherwise.
 */
export interface Poseidon {
  (inputs: Input[], initState?: Input, nOut?: 1): bigint;
  (inputs: Input[], initState: Input | undefined, nOut: number): bigint | bigint[];
  readonly F: Field;
}

export const F: Field;
export const poseidon: Poseidon;
/** Drop-in for circomlibjs's `buildPoseidon()`. */
export function buildPoseidon(): Promise<Poseidon>;
/** circomlibjs's `buildPoseidonOpt()`: the same function here. */
export function buildPoseidonOpt(): Promise<Poseidon>;
/** circomlibjs's `buildPoseidonReference()`: the same function here. */
export function buildPoseidonReference(): Promise<Poseidon>;
/** circomlibjs's wasm-code writer: throws an Error here. */
export function buildPoseidonWasm(...args: unknown[]): never;
