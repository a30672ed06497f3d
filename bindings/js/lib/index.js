// algebraic-hash for JavaScript: every instance of the `algebraic-hash`
// command-line tool, by the same name, with field elements as `bigint`.
//
// One wasm module per family (pkg/<family>.wasm: rescue, circom,
// circom-wide, poseidon2, ...), each holding that family's instances only;
// circom Poseidon is two, `circom` (t = 2..5, 1 to 4 inputs, and the
// `poseidon` instance) and `circom-wide` (t = 6..17). Importing this file
// loads the circom module (top-level await: `poseidon()`, `poseidonEx()`
// of 1 to 4 inputs are ready once the import resolves); the other modules,
// circom-wide included, load on first use. In Node that first use loads the module
// synchronously (read from disk), so every function works at once. A
// browser cannot fetch synchronously: there `await load(name)` (or
// `await load()` for every family) before the first call of another family;
// without it the call throws an Error that says so. pkg/instances.js, which
// build.sh writes from the modules' own lists, tells which module holds
// which instance, so `list()`, `describe()` and `operations()` load nothing.
//
// Each module exports a small text ABI (bindings/js/src/arch/wasm32.rs):
// ah_input(len) -> address of an input buffer to fill with the UTF-8
// arguments (NUL-separated), ah_call(function) -> 0 or 1 (error), and
// ah_output_ptr() / ah_output_len() for the result or the error message.
// Beside it, binary calls that take elements as little-endian words:
// ah_run_limbs(op, nameLength, inputs) for every instance (`binary` below:
// the path of every call whose elements are bigints or safe integers in
// range; the text calls then only name what is wrong in a refused input),
// and, in the circom modules, ah_poseidon_ex(nOut) for `poseidon()` and
// `poseidonEx()`: the input buffer holds 32-byte little-endian elements
// (the initState, then the inputs), the output nOut 32-byte words.

import MANIFEST from '../pkg/instances.js';

const inNode =
  typeof process !== 'undefined' && process.versions != null && process.versions.node != null;
const wasmUrl = (family) => new URL(`../pkg/${family}.wasm`, import.meta.url);
const nodeFs = inNode ? await import('node:fs') : null;

const utf8In = new TextEncoder();
const utf8Out = new TextDecoder();
const FUNCTIONS = { list: 0, describe: 1, operations: 2, run: 3, run_many: 4, poseidon_ex: 5, unknown: 6, merkle_root: 8, merkle_proof: 9, merkle_verify: 10, merkle_cap: 11, merkle_cap_proof: 12, merkle_cap_verify: 13 };

// One instantiated family module.
class Module {
  constructor(instance) {
    this.abi = instance.exports;
  }

  // Calls one function of the module; a failure throws an Error with the
  // library's message.
  call(fn, ...args) {
    const { abi } = this;
    const input = utf8In.encode(args.join('\0'));
    const at = abi.ah_input(input.length) >>> 0;
    // A fresh view each time: the memory's buffer changes when it grows.
    new Uint8Array(abi.memory.buffer, at, input.length).set(input);
    const status = abi.ah_call(FUNCTIONS[fn]);
    const out = new Uint8Array(abi.memory.buffer, abi.ah_output_ptr() >>> 0, abi.ah_output_len() >>> 0);
    const text = utf8Out.decode(out);
    if (status !== 0) throw new Error(text);
    return text;
  }
}

const loaded = new Map(); // family -> Module
const loading = new Map(); // family -> Promise<Module>

function familyOf(name) {
  const found = byName.get(name);
  if (found !== undefined) return found.family;
  if (MANIFEST.families.includes(name)) return name;
  return null;
}

async function loadFamily(family) {
  if (loaded.has(family)) return loaded.get(family);
  if (!loading.has(family)) {
    loading.set(
      family,
      (async () => {
        let bytes;
        if (inNode) {
          bytes = await nodeFs.promises.readFile(wasmUrl(family));
        } else {
          const response = await fetch(wasmUrl(family));
          if (!response.ok) throw new Error(`${wasmUrl(family)}: HTTP ${response.status}`);
          bytes = await response.arrayBuffer();
        }
        const { instance } = await WebAssembly.instantiate(bytes, {});
        if (!loaded.has(family)) loaded.set(family, new Module(instance));
        return loaded.get(family);
      })(),
    );
  }
  return loading.get(family);
}

// The module of `family`, loaded now if it is not (Node only).
function moduleOf(family) {
  let m = loaded.get(family);
  if (m !== undefined) return m;
  if (!inNode) {
    throw new Error(
      `the ${family} module is not loaded yet: \`await load('${family}')\` (or \`await load()\`) first; ` +
        'a browser fetches modules only asynchronously',
    );
  }
  const module = new WebAssembly.Module(nodeFs.readFileSync(wasmUrl(family)));
  m = new Module(new WebAssembly.Instance(module, {}));
  loaded.set(family, m);
  return m;
}

const byName = new Map(MANIFEST.instances.map((i) => [i.name, i]));
const circom = await loadFamily('circom');

// The manifest entry of `name`, or the library's unknown-instance Error
// with the closest names of every family.
function entry(name) {
  const found = byName.get(name);
  if (found !== undefined) return found;
  circom.call('unknown', String(name), MANIFEST.instances.map((i) => i.name).join('\n'));
  throw new Error('unreachable: `unknown` always fails');
}

// The circom module that holds the width of `count` inputs: circom-wide
// for 5 to 16, circom otherwise (also for the counts no width has, whose
// errors it gives).
function circomFor(count) {
  const width = byName.get(`poseidon-t${count + 1}`);
  return width === undefined ? 'circom' : width.family;
}

// The module and instance that run `op` of `name` on `count` elements:
// the `poseidon` instance (in the circom module, 1 to 4 inputs) hashes 5
// to 16 inputs as `poseidon-tN` of the circom-wide module, the same hash.
function target(op, name, count) {
  const { family } = entry(name);
  if (name === 'poseidon' && op === 'hash') {
    const wide = circomFor(count);
    if (wide !== family) return { family: wide, name: `poseidon-t${count + 1}` };
  }
  return { family, name };
}

// The binary call (`ah_run_limbs`, src/arch/wasm32.rs) of `op` on `inputs`
// (arrays of elements), which instance `to.name` of module `to.family`
// answers with `count` answers (one per input, one root for 'merkle'):
// each element as the instance's number of little-endian 64-bit limbs, no
// text written or parsed. null when an element is not a bigint or safe
// integer in [0, 2^(64 limbs)) or the module refuses an input (a value not
// below the modulus, a wrong count): the text call then answers, with the
// library's message naming the element as the caller wrote it.
function binary(op, to, inputs, count = inputs.length) {
  const { abi } = moduleOf(to.family);
  const found = byName.get(to.name);
  const { limbs } = found;
  const name = (found.utf8 ??= utf8In.encode(to.name));
  const head = 8 * Math.ceil(name.length / 8);
  let words = inputs.length;
  for (const xs of inputs) words += xs.length * limbs;
  const at = abi.ah_input(head + 8 * words) >>> 0; // zero-filled
  new Uint8Array(abi.memory.buffer, at, name.length).set(name);
  const view = new DataView(abi.memory.buffer, at, head + 8 * words);
  let offset = head;
  for (const xs of inputs) {
    view.setUint32(offset, xs.length * limbs, true);
    offset += 8;
  }
  for (const xs of inputs) {
    for (let i = 0; i < xs.length; i++) {
      if (!putLimbs(view, offset, xs[i], limbs)) return null;
      offset += 8 * limbs;
    }
  }
  if (abi.ah_run_limbs(OP_CODES[op], name.length, inputs.length) !== 0) return null;
  const len = abi.ah_output_len() >>> 0;
  const out = new DataView(abi.memory.buffer, abi.ah_output_ptr() >>> 0, len);
  const each = len / (8 * limbs * count);
  let read = 0;
  return Array.from({ length: count }, () => {
    const answer = new Array(each);
    for (let j = 0; j < each; j++, read += 8 * limbs) answer[j] = getLimbs(out, read, limbs);
    return answer;
  });
}

const OP_CODES = { permute: 0, hash: 1, compress: 2, merkle: 3 };

// Writes `x` as `limbs` little-endian 64-bit words at `at` of `view` (whose
// bytes are zero); false when x is not a bigint or safe integer in [0,
// 2^(64 limbs)).
function putLimbs(view, at, x, limbs) {
  if (typeof x === 'number') {
    if (!Number.isSafeInteger(x) || x < 0) return false;
    view.setUint32(at, x >>> 0, true); // the low 32 bits
    view.setUint32(at + 4, Math.floor(x / 2 ** 32), true);
    return true;
  }
  if (typeof x !== 'bigint' || x < 0n) return false;
  for (let i = 0; i < limbs; i++, x >>= 64n) view.setBigUint64(at + 8 * i, BigInt.asUintN(64, x), true);
  return x === 0n;
}

// The element of `limbs` little-endian 64-bit words at `at` of `view`.
function getLimbs(view, at, limbs) {
  let x = view.getBigUint64(at + 8 * (limbs - 1), true);
  for (let i = limbs - 2; i >= 0; i--) x = (x << 64n) | view.getBigUint64(at + 8 * i, true);
  return x;
}

// The text calls, elements as decimal texts (`xs`).
const wasm = {
  run: (op, name, xs) => {
    const to = target(op, name, xs.length);
    return moduleOf(to.family).call('run', op, to.name, xs.join(','));
  },
  runMany: (op, name, inputs) => {
    const to = target(op, name, inputs[0].length);
    return moduleOf(to.family).call('run_many', op, to.name, inputs.map((xs) => xs.join(',')).join(';'));
  },
  poseidonEx: (init, xs, nOut) => moduleOf(circomFor(xs.length)).call('poseidon_ex', init, xs.join(','), nOut),
};

/**
 * Loads the modules of the given instances or families (`'anemoi-bn254-2'`,
 * `'anemoi'`), or of every family when none is given. Needed in browsers
 * before the first call of a family other than circom Poseidon; in Node the
 * first call loads its module by itself.
 */
export async function load(...names) {
  const families = new Set();
  for (const n of names.length === 0 ? MANIFEST.families : names) {
    const family = familyOf(n);
    if (family === null) entry(n); // throws the unknown-instance Error
    families.add(family);
  }
  await Promise.all([...families].map(loadFamily));
}

/** The families (one wasm module each) and whether each is loaded. */
export const families = () => MANIFEST.families.map((family) => ({ family, loaded: loaded.has(family) }));

// An element as the decimal text the library reads. Negative values go
// through as written: the library refuses them with its own message.
function text(x, i, where) {
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'number' && Number.isSafeInteger(x)) return x.toString();
  const got = x === null ? 'null' : typeof x;
  throw new TypeError(`${where}element ${i + 1}: expected a bigint, got ${got}`);
}

// The elements of `xs` as decimal texts.
function encode(xs, where) {
  if (!iterable(xs)) throw new TypeError(`${where}expected an array of bigints`);
  return Array.from(xs, (x, i) => text(x, i, where));
}

const iterable = (xs) => xs != null && typeof xs !== 'string' && typeof xs[Symbol.iterator] === 'function';

const decode = (s) => s.split(',').map((h) => BigInt(h));

// Arrays and typed arrays: what the binary call reads without copying
// them first.
const indexable = (xs) => Array.isArray(xs) || (ArrayBuffer.isView(xs) && !(xs instanceof DataView));

function one(op, name, xs) {
  if (indexable(xs)) {
    const answers = binary(op, target(op, name, xs.length), [xs]);
    if (answers !== null) return answers[0];
  }
  return decode(wasm.run(op, name, encode(xs, '')));
}

function many(op, name, inputs) {
  if (!iterable(inputs)) throw new TypeError('expected an array of inputs');
  const given = Array.from(inputs);
  if (given.length > 0 && given.every(indexable)) {
    const to = target(op, name, given[0].length);
    if (given.every((xs) => target(op, name, xs.length).name === to.name)) {
      const answers = binary(op, to, given);
      if (answers !== null) return answers;
    }
  }
  const all = given.map((xs, k) => encode(xs, `input ${k + 1}: `));
  if (all.length === 0) {
    entry(name); // still refuse unknown instances
    return [];
  }
  const first = target(op, name, all[0].length).name;
  if (all.some((xs) => target(op, name, xs.length).name !== first)) {
    // `poseidon` of counts that different widths (and modules) hash: one
    // input at a time.
    return all.map((xs, k) => {
      try {
        return decode(wasm.run(op, name, xs));
      } catch (e) {
        throw new Error(`input ${k + 1}: ${e.message}`);
      }
    });
  }
  return wasm.runMany(op, name, all).split(';').map(decode);
}

/** Every instance name, in the order of `algebraic-hash list`. */
export const list = () => MANIFEST.instances.map((i) => i.name);
/** The one-line description of an instance. */
export const describe = (name) => entry(name).description;
/** The operations of an instance: some of "permute", "hash", "compress". */
export const operations = (name) => [...entry(name).operations];

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
 * The root of the library's Merkle tree (the CLI's `merkle`, Python's
 * `merkle_root`) over `leaves`, each one digest of the instance (an array
 * of elements): pairs compressed level by level, left to right, an odd last
 * node carried up unchanged; one leaf is its own root. For the instances
 * whose compression is 2-to-1.
 */
export function merkleRoot(name, leaves) {
  if (!iterable(leaves)) throw new TypeError('expected an array of leaves');
  const given = Array.from(leaves);
  const to = { family: entry(name).family, name };
  if (given.length > 0 && given.every(indexable)) {
    const answers = binary('merkle', to, given, 1);
    if (answers !== null) return answers[0];
  }
  return decode(moduleOf(to.family).call('merkle_root', name, leavesText(given)));
}

// A leaf index or cap height as the text calls take it.
const count = (n, what) => {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new TypeError(`${what}: expected a non-negative integer, got ${String(n)}`);
  }
  return String(n);
};

// The text call's leaves: each leaf's elements comma-separated, ended by `;`.
const leavesText = (leaves) => Array.from(leaves, (xs, k) => `${encode(xs, `leaf ${k + 1}: `).join(',')};`).join('');

/**
 * The authentication path of leaf `leafIndex` (0-based) in the tree that
 * `merkleRoot(name, leaves)` builds: `{ root, leaf, index, siblings }`, the
 * fields of a LeanIMT proof (zk-kit's tree of Semaphore v4 groups). `root`,
 * `leaf` and each sibling are digests (`bigint[]`), the siblings bottom
 * first, none at the levels where the node is carried up; `index` has bit
 * `k` set where the `k`-th sibling is on the left.
 */
export function merkleProof(name, leaves, leafIndex) {
  if (!iterable(leaves)) throw new TypeError('expected an array of leaves');
  const at = count(leafIndex, 'leaf index');
  const { family } = entry(name);
  const [root, leaf, index, ...siblings] = moduleOf(family)
    .call('merkle_proof', name, at, leavesText(leaves))
    .split(';');
  return { root: decode(root), leaf: decode(leaf), index: Number(index), siblings: siblings.map(decode) };
}

/**
 * Whether `proof` leads from its leaf to its root with the instance's
 * compression: starting from `leaf`, each sibling in turn compressed with
 * the node so far, on the left where bit `k` of `index` is set. This is
 * LeanIMT's `verifyProof` (no leaf index or leaf count is needed). `proof`
 * is `{ root, leaf, index, siblings }` as `merkleProof` returns it, or as
 * LeanIMT's `generateProof` and Semaphore's `generateMerkleProof` do: a
 * one-element digest may be a bare bigint. A proof that cannot be read
 * throws: an element outside [0, p), a digest of the wrong size, an
 * `index` with bits beyond its siblings.
 */
export function verifyMerkleProof(name, proof) {
  if (proof === null || typeof proof !== 'object') {
    throw new TypeError('expected a proof: { root, leaf, index, siblings }');
  }
  const { root, leaf, index, siblings } = proof;
  const at = count(index, 'proof index');
  if (!iterable(siblings)) throw new TypeError('proof siblings: expected an array of digests');
  const digest = (d, what) => encode(iterable(d) ? d : [d], `${what}: `).join(',');
  const parts = [digest(root, 'root'), digest(leaf, 'leaf'), at];
  parts.push(...Array.from(siblings, (s, k) => digest(s, `sibling ${k + 1}`)));
  return moduleOf(entry(name).family).call('merkle_verify', name, parts.join(';')) === 'true';
}

/**
 * Plonky2's capped tree (`poseidon-plonky2`, the only instance with one):
 * `MerkleTree::new(leaves, capHeight).cap`, the `2 ** capHeight` digests
 * `capHeight` levels below the root. `leaves` are rows of any number of
 * elements (each hashed by `hash_or_noop`: four elements are their own
 * digest), a power-of-two count of them; where plonky2 panics (another
 * count, a cap above the root) this throws.
 */
export function merkleCap(name, leaves, capHeight) {
  if (!iterable(leaves)) throw new TypeError('expected an array of leaves');
  const at = count(capHeight, 'cap height');
  return moduleOf(entry(name).family).call('merkle_cap', name, at, leavesText(leaves)).split(';').map(decode);
}

/**
 * Plonky2's `prove(leafIndex)` in the tree of `merkleCap(name, leaves,
 * capHeight)`: `{ cap, leaf, index, siblings }`, the leaf its row and the
 * siblings from the leaf level up to the cap.
 */
export function merkleCapProof(name, leaves, capHeight, leafIndex) {
  if (!iterable(leaves)) throw new TypeError('expected an array of leaves');
  const at = `${count(capHeight, 'cap height')},${count(leafIndex, 'leaf index')}`;
  const [nodes, ...rest] = moduleOf(entry(name).family)
    .call('merkle_cap_proof', name, at, leavesText(leaves))
    .split(';');
  const cap = rest.splice(0, Number(nodes)).map(decode);
  const [leaf, index, ...siblings] = rest;
  // A row may be empty (no elements), which `decode` would read as [0n].
  const row = leaf === '' ? [] : decode(leaf);
  return { cap, leaf: row, index: Number(index), siblings: siblings.map(decode) };
}

/**
 * Plonky2's `verify_merkle_proof_to_cap`: whether `proof` (`{ cap, leaf,
 * index, siblings }` as `merkleCapProof` returns it) leads from its leaf,
 * leaf `index`, to the cap's node above it. Throws where plonky2 panics (an
 * index beyond what the cap and the siblings reach) and for a proof that
 * cannot be read (an element outside [0, p), a digest of the wrong size).
 */
export function verifyMerkleCapProof(name, proof) {
  if (proof === null || typeof proof !== 'object') {
    throw new TypeError('expected a proof: { cap, leaf, index, siblings }');
  }
  const { cap, leaf, index, siblings } = proof;
  const at = count(index, 'proof index');
  if (!iterable(cap)) throw new TypeError('proof cap: expected an array of digests');
  if (!iterable(siblings)) throw new TypeError('proof siblings: expected an array of digests');
  if (!iterable(leaf)) throw new TypeError('proof leaf: expected an array of elements');
  const digest = (d, what) => encode(d, `${what}: `).join(',');
  const nodes = Array.from(cap, (d, k) => digest(d, `cap node ${k + 1}`));
  const parts = [String(nodes.length), ...nodes, digest(leaf, 'leaf'), at];
  parts.push(...Array.from(siblings, (s, k) => digest(s, `sibling ${k + 1}`)));
  return moduleOf(entry(name).family).call('merkle_cap_verify', name, parts.join(';')) === 'true';
}

/**
 * circomlib's Poseidon of 1 to 16 inputs, as circomlibjs's `poseidon(inputs)`
 * and poseidon-lite's `poseidonN(inputs)`: one bigint.
 */
export function poseidon(inputs) {
  const xs = words(inputs, 0n);
  if (xs === null) return BigInt(wasm.run('hash', 'poseidon', encode(inputs, '')));
  return permuteWords(xs, 1)[0];
}

/**
 * circomlib's `PoseidonEx`, as circomlibjs's `poseidon(inputs, initState,
 * nOut)`: the state `[initState, ...inputs]` (1 to 16 inputs) permuted, its
 * first `nOut` cells (1 to inputs + 1) as an array of bigints.
 */
export function poseidonEx(inputs, initState = 0n, nOut = 1) {
  if (!Number.isSafeInteger(nOut)) throw new TypeError(`nOut: expected an integer, got ${String(nOut)}`);
  const init = typeof initState === 'number' && Number.isSafeInteger(initState) ? BigInt(initState) : initState;
  if (typeof init !== 'bigint') throw new TypeError(`initState: expected a bigint, got ${init === null ? 'null' : typeof init}`);
  const xs = init >= 0n && init < P && nOut >= 1 && nOut <= 17 ? words(inputs, init) : null;
  if (xs !== null) return permuteWords(xs, nOut);
  return decode(wasm.poseidonEx(init.toString(), encode(inputs, ''), String(nOut)));
}

// The binary call into the circom module of the width: `xs` (the
// initState, then the inputs: bigints in [0, p)) written as 32-byte
// little-endian words, the first nOut cells of the permuted state read
// back the same way.
function permuteWords(xs, nOut) {
  const { abi } = moduleOf(circomFor(xs.length - 1));
  const at = abi.ah_input(32 * xs.length) >>> 0;
  let view = new DataView(abi.memory.buffer, at, 32 * xs.length);
  xs.forEach((x, k) => {
    for (let i = 0; i < 4; i++) view.setBigUint64(32 * k + 8 * i, BigInt.asUintN(64, x >> BigInt(64 * i)), true);
  });
  const status = abi.ah_poseidon_ex(nOut);
  const len = abi.ah_output_len() >>> 0;
  view = new DataView(abi.memory.buffer, abi.ah_output_ptr() >>> 0, len);
  if (status !== 0) throw new Error(utf8Out.decode(new Uint8Array(view.buffer, view.byteOffset, len)));
  const out = new Array(nOut);
  for (let k = 0; k < nOut; k++) {
    out[k] =
      view.getBigUint64(32 * k, true) |
      (view.getBigUint64(32 * k + 8, true) << 64n) |
      (view.getBigUint64(32 * k + 16, true) << 128n) |
      (view.getBigUint64(32 * k + 24, true) << 192n);
  }
  return out;
}

// `[init, ...inputs]` when the inputs are 1 to 16 bigints (or safe
// integers) below the BN254 modulus, in an array or another iterable; null
// sends the call through the text path, whose messages name what is wrong.
const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
function words(given, init) {
  if (!iterable(given)) return null;
  const inputs = Array.isArray(given) ? given : Array.from(given);
  if (inputs.length === 0 || inputs.length > 16) return null;
  const out = new Array(inputs.length + 1);
  out[0] = init;
  for (let k = 0; k < inputs.length; k++) {
    let x = inputs[k];
    if (typeof x === 'number' && Number.isSafeInteger(x)) x = BigInt(x);
    if (typeof x !== 'bigint' || x < 0n || x >= P) return null;
    out[k + 1] = x;
  }
  return out;
}
