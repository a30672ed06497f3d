// Bad input throws an Error with the library's message (TypeError for
// non-bigint elements); names are the CLI's.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as ah from '../lib/index.js';
import { BN254_R } from './vectors.mjs';

const GOLDILOCKS = (1n << 64n) - (1n << 32n) + 1n;

test('list names every instance once', () => {
  const names = ah.list();
  assert.equal(new Set(names).size, names.length);
  assert.ok(names.length >= 94);
  for (const n of ['rp64-256', 'poseidon', 'poseidon-t2', 'poseidon-t17', 'poseidon2-new-t4',
    'poseidon2-old-t3', 'anemoi-bn254-2', 'anemoi2022-vesta-12']) {
    assert.ok(names.includes(n), n);
  }
  for (const n of names) {
    assert.ok(ah.operations(n).length > 0, n);
    assert.ok(ah.describe(n).length > 0, n);
  }
  assert.deepEqual(ah.operations('poseidon'), ['hash']);
});

test('values not below the modulus are refused with the library message', () => {
  for (const [instance, value, field, n] of [
    ['poseidon-t3', BN254_R, 'BN254 Fr', 2],
    ['poseidon-t3', BN254_R + 1n, 'BN254 Fr', 2],
    ['poseidon-t3', 1n << 256n, 'BN254 Fr', 2],
    ['poseidon2-new-t3', BN254_R, 'BN254 Fr', 2],
    ['anemoi-bn254-2', 1n << 254n, 'BN254 Fq', 2],
    ['rp64-256', GOLDILOCKS, 'Goldilocks', 8],
  ]) {
    const xs = Array(n).fill(1n);
    xs[1] = value;
    assert.throws(() => ah.compress(instance, xs), {
      name: 'Error',
      message: `element 2 (\`${value}\`): value is not below the ${field} modulus`,
    });
  }
  assert.throws(() => ah.hash('poseidon', [1n << 5000n]), /not below the BN254 Fr modulus/);
  assert.equal(ah.compress('poseidon-t3', [BN254_R - 1n, 0n]).length, 1);
  assert.equal(ah.permute('rp64-256', Array(12).fill(GOLDILOCKS - 1n)).length, 12);
});

test('negative values are refused with the library message', () => {
  for (const v of [-1n, -(1n << 300n), -BN254_R, -7]) {
    // At most 80 characters of the element are shown, as by the CLI.
    const shown = String(v).length <= 80 ? String(v) : `${String(v).slice(0, 80)}…`;
    assert.throws(() => ah.hash('poseidon', [5n, v]), {
      message: `element 2 (\`${shown}\`): malformed number: unexpected '-' at byte 0`,
    });
  }
});

test('wrong counts, unknown instances and operations', () => {
  assert.throws(() => ah.permute('poseidon-t3', [1n, 2n]), {
    message: 'permutation state (elements): expected 3, got 2',
  });
  assert.throws(() => ah.compress('poseidon-t3', [1n, 2n, 3n]), /expected 2, got 3/);
  assert.throws(() => ah.hash('poseidon', []), /expected 1 to 16, got 0/);
  assert.throws(() => ah.poseidon(Array(17).fill(1n)), /expected 1 to 16, got 17/);
  assert.throws(() => ah.hash('poseidon-t33', [1n]), /^Error: unknown instance `poseidon-t33`; closest: .*poseidon-t3/);
  assert.throws(() => ah.permute('poseidon', [1n, 2n, 3n]), {
    message: 'instance `poseidon` has no `permute` operation',
  });
  assert.throws(() => ah.describe('nope'), /unknown instance/);
  assert.throws(() => ah.hashMany('nope', []), /unknown instance/);
});

test('non-bigint elements throw TypeError', () => {
  for (const bad of [1.5, '1', null, undefined, {}, 2 ** 60]) {
    assert.throws(() => ah.hash('poseidon', [1n, bad]), {
      name: 'TypeError',
      message: /^element 2: expected a bigint/,
    });
  }
  assert.throws(() => ah.hash('poseidon', 5n), TypeError);
  assert.throws(() => ah.hash('poseidon', '12'), TypeError);
  assert.throws(() => ah.hashMany('poseidon', 5n), TypeError);
  assert.throws(() => ah.hashMany('poseidon', [5n]), TypeError);
  assert.throws(() => ah.hashMany('poseidon', [[1n], ['x']]), { name: 'TypeError', message: /^input 2: element 1/ });
});

test('batch errors name the input; batch equals single calls', () => {
  assert.throws(() => ah.compressMany('poseidon-t3', [[1n, 2n], [3n, 4n], [5n, BN254_R]]), {
    message: `input 3: element 2 (\`${BN254_R}\`): value is not below the BN254 Fr modulus`,
  });
  assert.throws(() => ah.compressMany('poseidon-t3', [[1n, 2n], [1n]]), /^Error: input 2: .*expected 2, got 1/);
  assert.deepEqual(ah.hashMany('poseidon', []), []);
  const inputs = Array.from({ length: 50 }, (_, i) => [BigInt(i), BigInt(3 * i + 1)]);
  assert.deepEqual(ah.compressMany('poseidon-t3', inputs), inputs.map((x) => ah.compress('poseidon-t3', x)));
  assert.deepEqual(ah.hashMany('poseidon2-new-t4', [[]]), [ah.hash('poseidon2-new-t4', [])]);
});

test('numbers that are safe integers are elements too', () => {
  assert.deepEqual(ah.hash('poseidon', [1, 2]), ah.hash('poseidon', [1n, 2n]));
});

test('poseidon(): inputs outside [0, p) and iterables take the text path, with its messages', () => {
  const R = BN254_R;
  for (const bad of [R, R + 5n, (1n << 256n) - 1n, 1n << 256n, -1n]) {
    let message = null;
    try {
      ah.hash('poseidon', [1n, bad]);
    } catch (e) {
      message = e.message;
    }
    assert.ok(message !== null, `hash('poseidon', [1, ${bad}]) must throw`);
    assert.throws(() => ah.poseidon([1n, bad]), { message });
  }
  // p − 1 and 2^64 boundaries through the binary path equal the text path.
  for (const x of [0n, 1n, (1n << 64n) - 1n, 1n << 64n, (1n << 192n) + 1n, R - 1n]) {
    assert.equal(ah.poseidon([x, R - 1n - x]), ah.hash('poseidon', [x, R - 1n - x])[0]);
  }
  assert.equal(ah.poseidon(new Set([1n, 2n])), ah.poseidon([1n, 2n]));
  assert.equal(ah.poseidon([1, 2]), ah.poseidon([1n, 2n]));
});

test('poseidonEx(): defaults, the text path for odd inputs, and its errors', () => {
  assert.deepEqual(ah.poseidonEx([1n, 2n]), [ah.poseidon([1n, 2n])]);
  assert.deepEqual(ah.poseidonEx(new Set([1n, 2n]), 5n, 3), ah.poseidonEx([1n, 2n], 5, 3));
  assert.equal(ah.poseidonEx([1n, 2n], 0n, 3)[0], ah.poseidon([1n, 2n]));
  assert.throws(() => ah.poseidonEx([1n], '5'), { name: 'TypeError', message: 'initState: expected a bigint, got string' });
  assert.throws(() => ah.poseidonEx([1n], 0n, '1'), { name: 'TypeError', message: 'nOut: expected an integer, got 1' });
  assert.throws(() => ah.poseidonEx([1n, 'x']), { name: 'TypeError', message: /^element 2: expected a bigint/ });
  assert.throws(() => ah.poseidonEx([1n], BN254_R + 1n), { message: 'initState: value is not below the BN254 Fr modulus' });
  assert.throws(() => ah.poseidonEx([1n], 0n, 3), { message: 'circom Poseidon outputs: expected 1 to 2, got 3' });
  assert.throws(() => ah.poseidonEx([1n], 0n, 0), { message: 'circom Poseidon outputs: expected 1 to 2, got 0' });
});

test('the binary call equals the text call at limb boundaries, and refuses with its messages', () => {
  const GOLDILOCKS_P = (1n << 64n) - (1n << 32n) + 1n;
  const BLS12_381_Q =
    4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787n;
  // A generator is not indexable: `permute` then takes the text call.
  const viaText = (name, xs) => ah.permute(name, (function* () { yield* xs; })());
  for (const [name, width, edges] of [
    ['poseidon-plonky2', 12, [0n, (1n << 32n) - 1n, 1n << 32n, 2n ** 53n - 1n, GOLDILOCKS_P - 1n]],
    ['poseidon2-plonky3-mersenne31-16', 16, [0n, 1n, 2147483646n]],
    ['poseidon2-new-t3', 3, [(1n << 64n) - 1n, 1n << 64n, 1n << 128n, (1n << 192n) + 1n, BN254_R - 1n]],
    ['anemoi-bls12-381-2', 2, [(1n << 320n) + 7n, (1n << 256n) - 1n, BLS12_381_Q - 1n]],
  ]) {
    const xs = Array.from({ length: width }, (_, i) => edges[i % edges.length]);
    assert.deepEqual(ah.permute(name, xs), viaText(name, xs), name);
    assert.deepEqual(ah.permuteMany(name, [xs, xs]), [viaText(name, xs), viaText(name, xs)], name);
  }
  // Numbers above 2^32 through the binary call's two 32-bit halves.
  const big = [2 ** 53 - 1, 2 ** 32, 2 ** 32 + 5, 3];
  assert.deepEqual(ah.permute('tip5', [...big, ...big, ...big, ...big]), viaText('tip5', [...big, ...big, ...big, ...big].map(BigInt)));
  // A typed array holding p: refused as the element written, in decimal.
  const state = new Uint32Array(16);
  state[5] = 2013265921;
  assert.throws(() => ah.permute('poseidon2-plonky3-babybear-16', state), {
    message: 'element 6 (`2013265921`): value is not below the BabyBear modulus',
  });
  assert.throws(() => ah.permuteMany('poseidon2-plonky3-babybear-16', [new Uint32Array(16), state]), {
    message: 'input 2: element 6 (`2013265921`): value is not below the BabyBear modulus',
  });
  assert.throws(() => ah.permute('poseidon-plonky2', new BigUint64Array(11)), {
    message: 'permutation state (elements): expected 12, got 11',
  });
});
