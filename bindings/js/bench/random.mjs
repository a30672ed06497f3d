// The benches' inputs: a reproducible stream of field elements below
// `modulus`, each from four xorshift64 words.
export function randomBelow(modulus, seed = 0x243f6a8885a308d3n) {
  const mask = (1n << 64n) - 1n;
  let s = seed;
  return () => {
    let x = 0n;
    for (let i = 0; i < 4; i++) {
      s ^= (s << 13n) & mask;
      s ^= s >> 7n;
      s ^= (s << 17n) & mask;
      x = (x << 64n) | s;
    }
    return x % modulus;
  };
}
