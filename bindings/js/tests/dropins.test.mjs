// The drop-ins `algebraic-hash/circomlibjs` and `algebraic-hash/poseidon-lite`
// against the packages they replace, circomlibjs 0.1.7 and poseidon-lite
// 0.3.0, on random inputs of every width t = 2..17 with random initState
// (circomlibjs) and every nOut 1..t; then their calling conventions, `F`,
// and the Errors for what they refuse.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { buildPoseidon as buildCircomlibjs } from 'circomlibjs';
import * as lite from 'poseidon-lite';

import * as ah from '../lib/index.js';
import {
  F,
  buildPoseidon,
  buildPoseidonOpt,
  buildPoseidonReference,
  buildPoseidonWasm,
} from 'algebraic-hash/circomlibjs';
import * as dropLite from 'algebraic-hash/poseidon-lite';
import liteDefault from 'algebraic-hash/poseidon-lite';
import { poseidon5 as subpathPoseidon5 } from 'algebraic-hash/poseidon-lite/poseidon5';
import { BN254_R, rng } from './vectors.mjs';

const CASES = Number(process.env.ALGEBRAIC_HASH_JS_DROPIN_CASES ?? 100);

const circom = await buildCircomlibjs();
const drop = await buildPoseidon();
const toObjects = (r) => (Array.isArray(r) ? r.map((x) => circom.F.toObject(x)) : circom.F.toObject(r));

for (let t = 2; t <= 17; t++) {
  const n = t - 1;
  test(`t = ${t}: ${CASES} random (inputs, initState, nOut) equal circomlibjs 0.1.7 and poseidon-lite 0.3.0`, () => {
    const random = rng(0xd0000000 + t);
    for (let k = 0; k < CASES; k++) {
      const inputs = Array.from({ length: n }, random);
      const init = random();
      const nOut = 1 + (k % t);
      const expected = toObjects(circom(inputs, init, nOut));
      assert.deepEqual(drop(inputs, init, nOut), expected, `inputs ${inputs}, initState ${init}, nOut ${nOut}`);
      assert.deepEqual(ah.poseidonEx(inputs, init, nOut), nOut === 1 ? [expected] : expected);
      // poseidon-lite has no initState: the state starts at 0.
      const fromZero = toObjects(circom(inputs, 0n, nOut));
      const liteOut = lite[`poseidon${n}`](inputs, nOut);
      assert.deepEqual(liteOut, fromZero);
      assert.deepEqual(dropLite[`poseidon${n}`](inputs, nOut), liteOut);
    }
  });
}

test('circomlibjs drop-in: defaults, input forms and the shape of results', () => {
  const xs = [1, '2', '0x3', 4n];
  const h = drop(xs);
  assert.equal(typeof h, 'bigint');
  assert.equal(h, circom.F.toObject(circom(xs)));
  // nOut 0 and 1 both give one element; initState undefined and 0 both start at 0.
  for (const [init, nOut] of [[undefined, undefined], [0, 1], [undefined, 0], ['0', 1], [0n, 0]]) {
    assert.equal(drop(xs, init, nOut), h);
    assert.equal(toObjects(circom(xs, init, nOut)), h);
  }
  const five = drop(xs, 7, 5);
  assert.ok(Array.isArray(five) && five.length === 5);
  assert.deepEqual(five, toObjects(circom(xs, 7, 5)));
  assert.deepEqual(drop(xs, '0x7', '5'), five);
  assert.equal(drop([h, h]), circom.F.toObject(circom([circom.F.e(h), circom.F.e(h)])));
});

test('circomlibjs drop-in: F on bigints, as ffjavascript answers on its elements', () => {
  const C = circom.F;
  const a = BN254_R - 5n;
  const b = 123456789n;
  assert.equal(F.p, C.p);
  assert.equal(F.toObject(F.zero), C.toObject(C.zero));
  assert.equal(F.toObject(F.one), C.toObject(C.one));
  for (const x of [0, 1, -1, '12', '0x1f', BN254_R, BN254_R + 3n, -(BN254_R + 2n), 2n ** 300n]) {
    assert.equal(F.e(x), C.toObject(C.e(x)), `e(${x})`);
  }
  assert.equal(F.e('ff', 16), C.toObject(C.e('ff', 16)));
  assert.equal(F.e('0xff', 16), 255n);
  assert.equal(F.eq(F.e('0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a'), drop([1, 2])), true);
  assert.equal(F.eq(1n, 2n), false);
  assert.equal(F.isZero(0n), true);
  assert.equal(F.isZero(BN254_R), true);
  assert.equal(F.isZero(1n), false);
  for (const radix of [undefined, 10, 16, 2]) assert.equal(F.toString(a, radix), C.toString(C.e(a), radix));
  assert.equal(F.add(a, b), C.toObject(C.add(C.e(a), C.e(b))));
  assert.equal(F.sub(b, a), C.toObject(C.sub(C.e(b), C.e(a))));
  assert.equal(F.mul(a, b), C.toObject(C.mul(C.e(a), C.e(b))));
  assert.equal(F.square(a), C.toObject(C.square(C.e(a))));
  assert.equal(F.neg(b), C.toObject(C.neg(C.e(b))));
  assert.equal(F.neg(0n), 0n);
  assert.equal(F.fromObject(b), b);
  const ours = new Uint8Array(40);
  const theirs = new Uint8Array(40);
  F.toRprLE(ours, 3, a);
  C.toRprLE(theirs, 3, C.e(a));
  assert.deepEqual(ours, theirs);
  assert.equal(F.fromRprLE(ours, 3), a);
  assert.equal(C.toObject(C.fromRprLE(ours, 3)), a);
  F.toRprBE(ours, 0, b);
  C.toRprBE(theirs, 0, C.e(b));
  assert.deepEqual(ours.subarray(0, 32), theirs.subarray(0, 32));
  assert.equal(F.fromRprBE(ours, 0), b);
  assert.throws(() => F.fromRprLE(new Uint8Array(32).fill(255)), /F\.fromRprLE: value is not below the BN254 Fr modulus/);
  assert.throws(() => F.fromRprLE(new Uint8Array(31)), /expected 32 bytes, got 31/);
  for (const name of ['inv', 'div', 'sqrt', 'exp', 'toMontgomery', 'random', 'batchInverse']) {
    assert.throws(() => F[name](1n, 2n), { name: 'Error', message: `algebraic-hash/circomlibjs: F.${name} is not supported (elements are bigints here)` });
  }
  assert.throws(() => F.e('12', 8), /radix 8 is not supported/);
  assert.throws(() => F.e(new Uint8Array(32)), /byte buffer .* is not supported/);
});

test('circomlibjs drop-in: builders and what is refused', async () => {
  for (const build of [buildPoseidonOpt, buildPoseidonReference]) assert.equal(await build(), drop);
  assert.equal(drop.F, F);
  assert.throws(() => buildPoseidonWasm({}), /buildPoseidonWasm .* is not supported/);
  // Values outside [0, p): circomlibjs reduces them, the drop-in refuses them with the library's message.
  assert.throws(() => drop([1n, BN254_R]), {
    message: `element 2 (\`${BN254_R}\`): value is not below the BN254 Fr modulus`,
  });
  assert.throws(() => drop(['-1']), { message: "element 1 (`-1`): malformed number: unexpected '-' at byte 0" });
  assert.throws(() => drop([1n], BN254_R), { message: 'initState: value is not below the BN254 Fr modulus' });
  assert.throws(() => drop([1n], -1), { message: "initState: malformed number: unexpected '-' at byte 0" });
  assert.equal(drop([1n, BN254_R].map((x) => F.e(x))), drop([1n, 0n]));
  // Counts: inputs 1..16, nOut 1..t.
  assert.throws(() => drop([]), /circom Poseidon inputs: expected 1 to 16, got 0/);
  assert.throws(() => drop(Array(17).fill(1n)), /circom Poseidon inputs: expected 1 to 16, got 17/);
  assert.throws(() => drop([1n, 2n], 0, 4), /circom Poseidon outputs: expected 1 to 3, got 4/);
  assert.throws(() => drop([1n, 2n], 0, 18), /nOut 18: at most 17 outputs/);
  assert.throws(() => drop([1n, 2n], 0, -1), /nOut `-1` is not a count/);
  assert.throws(() => drop([1n, 2n], 0, 1.5), { name: 'TypeError', message: 'nOut: expected an integer, got 1.5' });
  assert.throws(() => drop(new Uint8Array(64)), /byte buffer .* as inputs is not supported/);
  assert.throws(() => drop(new Set([1n])), /inputs must be an array/);
  assert.throws(() => drop(['x']), SyntaxError); // BigInt('x'), as circomlibjs
});

test('poseidon-lite drop-in: exports, shapes and what is refused', () => {
  const names = Array.from({ length: 16 }, (_, i) => `poseidon${i + 1}`);
  const named = (m) => Object.keys(m).filter((k) => k.startsWith('poseidon')).sort();
  assert.deepEqual(named(dropLite), named(lite));
  assert.deepEqual(named(lite), [...names].sort());
  assert.deepEqual(Object.keys(liteDefault).sort(), names.sort());
  assert.equal(subpathPoseidon5, dropLite.poseidon5);
  assert.equal(dropLite.poseidon2(['0x01', '0x02']), lite.poseidon2(['0x01', '0x02']));
  assert.equal(dropLite.poseidon1([5]), lite.poseidon1([5]));
  assert.deepEqual(dropLite.poseidon2([1, 2], 0), lite.poseidon2([1, 2], 0));
  assert.deepEqual(dropLite.poseidon2([1, 2], 3), lite.poseidon2([1, 2], 3));
  assert.throws(() => dropLite.poseidon2([1, 2], 4), /poseidon2: nOuts must be an integer from 0 to 3, got 4/);
  assert.throws(() => lite.poseidon2([1, 2], 4), /Invalid number of outputs/);
  assert.throws(() => dropLite.poseidon2([1, 2], '2'), /expected nOuts to be number got string/);
  assert.throws(() => dropLite.poseidon2([1, 2, 3]), /poseidon2: expected 2 inputs, got 3/);
  assert.throws(() => lite.poseidon2([1, 2, 3]), /Incorrect M length/);
  assert.throws(() => dropLite.poseidon2([1, BN254_R]), /element 2 .* not below the BN254 Fr modulus/);
  assert.throws(() => dropLite.poseidon1('1'), TypeError);
});
