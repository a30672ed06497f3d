// The package in a real browser: Chromium (the system's, /usr/bin/chromium
// or $CHROMIUM) driven headless by playwright-core loads browser/index.html
// from a server on 127.0.0.1, so lib/index.js takes its browser path
// (fetching the modules under pkg/), and the page computes:
//   - what the import alone fetched: the circom module (t = 2..5) only,
//     and poseidon() of 2 and 4 inputs from it; a call of circom Poseidon
//     t = 6..17 or of another family before `load()` throws the Error that
//     says to load it; `load('circom-wide')` fetches that module alone and
//     poseidon() of 5 inputs then answers;
//   - what the poseidon-lite drop-in's import alone fetches
//     (browser/poseidon-lite.html): both circom modules, poseidon2 and
//     poseidon5 answering at once;
//   - vector-file answers for every instance of every family (each file
//     under test-vectors/, up to 4 cases per function, the first through
//     the single call and all through the batch call);
//   - `merkleRoot` of twenty-first's Tip5 trees (test-vectors/tip5/
//     merkle.json, up to 4 trees), and `merkleProof` of Semaphore groups'
//     members (test-vectors/poseidon/lean_imt.json, a proof of each of up
//     to 4 groups of 5 or more members), the stored proof accepted by
//     `verifyMerkleProof`;
//   - error messages, per family and for the drop-ins, against the literal
//     messages the library prints;
//   - the circomlibjs and poseidon-lite drop-ins on random (inputs,
//     initState, nOut) for t = 2..17, against circomlibjs 0.1.7 and
//     poseidon-lite 0.3.0 run here in Node;
//   - the demo page (demo/index.html) with poseidon-t3 on [1, 2]: its
//     answers are read from the page, and a screenshot of it is written to
//     browser/demo.png.
// Exits 0 when every answer matches, 1 otherwise (each mismatch printed).
//
//   node browser/run.mjs

import { fileURLToPath } from 'node:url';

import { buildPoseidon } from 'circomlibjs';
import * as lite from 'poseidon-lite';

import { BN254_R, elements, files, load, mapping, rng } from '../tests/vectors.mjs';
import { CHROMIUM, launch, serve } from './serve.mjs';
import MANIFEST from '../pkg/instances.js';

const PER_FUNCTION = 4;
const GOLDILOCKS = (1n << 64n) - (1n << 32n) + 1n;

// --- what the page computes, and the answers expected ---------------------

const vectorChecks = [];
for (const rel of files()) {
  const data = load(rel);
  const { modulus, table } = mapping(rel);
  for (const [fn, instance, op, keep] of table) {
    const cases = data.cases
      .filter((c) => c.fn === fn && (keep === null || keep(c)))
      .filter((c) => elements(c.input).every((x) => x < modulus))
      .slice(0, PER_FUNCTION);
    vectorChecks.push({
      what: `${rel} ${fn} (${op} ${instance})`,
      instance,
      op,
      inputs: cases.map((c) => elements(c.input).map(String)),
      expected: cases.map((c) => elements(c.output).map(String)),
    });
  }
}

const merkleChecks = load('tip5/merkle.json')
  .cases.filter((c) => c.fn === 'merkle_tree')
  .slice(0, PER_FUNCTION)
  .map((c) => {
    const values = elements(c.input).map(String);
    return {
      leaves: Array.from({ length: values.length / 5 }, (_, k) => values.slice(5 * k, 5 * k + 5)),
      expected: elements(c.output).map(String),
    };
  });

const proofChecks = load('poseidon/lean_imt.json')
  .cases.filter((c) => c.fn === 'merkle_tree' && c.input.length >= 5)
  .slice(0, PER_FUNCTION)
  .map((c) => {
    const p = c.proofs[c.proofs.length - 1];
    return {
      members: c.input,
      leafIndex: p.leaf_index,
      expected: {
        root: c.output,
        leaf: [c.input[p.leaf_index]],
        index: p.index,
        siblings: p.siblings.map((s) => [s]),
        verified: true,
      },
    };
  });

// [call, expected error name, expected message]; elements are decimal
// strings (turned into bigints in the page), other values pass as they are.
const R = String(BN254_R);
const errorChecks = [
  [['compress', 'poseidon-t3', ['1', R]], 'Error', `element 2 (\`${R}\`): value is not below the BN254 Fr modulus`],
  [['compress', 'poseidon2-new-t3', ['1', R]], 'Error', `element 2 (\`${R}\`): value is not below the BN254 Fr modulus`],
  [['compress', 'anemoi-bn254-2', ['1', String(1n << 254n)]], 'Error',
    `element 2 (\`${1n << 254n}\`): value is not below the BN254 Fq modulus`],
  [['compress', 'rp64-256', ['1', String(GOLDILOCKS), '1', '1', '1', '1', '1', '1']], 'Error',
    `element 2 (\`${GOLDILOCKS}\`): value is not below the Goldilocks modulus`],
  [['hash', 'poseidon', ['5', '-1']], 'Error', "element 2 (`-1`): malformed number: unexpected '-' at byte 0"],
  [['permute', 'poseidon-t3', ['1', '2']], 'Error', 'permutation state (elements): expected 3, got 2'],
  [['hash', 'poseidon', []], 'Error', 'circom Poseidon inputs: expected 1 to 16, got 0'],
  [['permute', 'poseidon', ['1', '2', '3']], 'Error', 'instance `poseidon` has no `permute` operation'],
  [['hash', 'poseidon', ['1', 1.5]], 'TypeError', 'element 2: expected a bigint, got number'],
  [['compressMany', 'poseidon-t3', [['1', '2'], ['3', R]]], 'Error',
    `input 2: element 2 (\`${R}\`): value is not below the BN254 Fr modulus`],
  [['merkleRoot', 'tip5', [['0', '0', '0', '0', '0'], ['0', '0', String(GOLDILOCKS), '0', '0']]], 'Error',
    `leaf 2: element 3 (\`${GOLDILOCKS}\`): value is not below the Goldilocks modulus`],
  [['merkleRoot', 'poseidon', [['1']]], 'Error', 'instance `poseidon` has no `merkleRoot (2-to-1 compression)` operation'],
  [['circomlibjs', ['1', R]], 'Error', `element 2 (\`${R}\`): value is not below the BN254 Fr modulus`],
  [['circomlibjs', ['1'], R], 'Error', 'initState: value is not below the BN254 Fr modulus'],
  [['circomlibjs', ['1', '2'], '0', 4], 'Error', 'circom Poseidon outputs: expected 1 to 3, got 4'],
  [['circomlibjs-F', 'inv'], 'Error', 'algebraic-hash/circomlibjs: F.inv is not supported (elements are bigints here)'],
  [['poseidon-lite', 2, ['1', '2', '3']], 'Error', 'poseidon2: expected 2 inputs, got 3'],
  [['poseidon-lite', 2, ['1', '2'], 4], 'Error', 'poseidon2: nOuts must be an integer from 0 to 3, got 4'],
];
// The first message of the closest names depends on the registry: a prefix.
const unknownInstance = [['hash', 'poseidon-t33', ['1']], 'Error', 'unknown instance `poseidon-t33`; closest: '];

const circom = await buildPoseidon();
const dropinChecks = [];
for (let t = 2; t <= 17; t++) {
  const random = rng(0xb0000000 + t);
  for (let k = 0; k < 6; k++) {
    const inputs = Array.from({ length: t - 1 }, random);
    const init = random();
    const nOut = 1 + ((k * 5 + t) % t);
    const asObjects = (r) => (nOut === 1 ? [r] : r).map((x) => String(circom.F.toObject(x)));
    const liteOut = lite[`poseidon${t - 1}`](inputs, nOut);
    dropinChecks.push({
      t,
      inputs: inputs.map(String),
      init: String(init),
      nOut,
      circomlibjs: asObjects(circom(inputs, init, nOut)),
      lite: (nOut === 1 ? [liteOut] : liteOut).map(String),
    });
  }
}

// Runs in the page: every check, answers as decimal strings.
async function inPage({ vectorChecks, merkleChecks, proofChecks, errorChecks, dropinChecks }) {
  const { ah, circomlibjs, poseidonLite } = window.modules;
  const big = (xs) => xs.map((x) => (typeof x === 'string' ? BigInt(x) : x));
  const text = (r) => (Array.isArray(r) ? r.map(text) : String(r));
  const call = ([kind, ...args]) => {
    if (kind === 'circomlibjs') {
      const [xs, init, nOut] = args;
      return circomlibjs.poseidon(big(xs), init === undefined ? undefined : BigInt(init), nOut);
    }
    if (kind === 'circomlibjs-F') return circomlibjs.F[args[0]](1n);
    if (kind === 'poseidon-lite') return poseidonLite[`poseidon${args[0]}`](big(args[1]), args[2]);
    const [instance, xs] = args;
    return ah[kind](instance, kind.endsWith('Many') || kind === 'merkleRoot' ? xs.map(big) : big(xs));
  };
  return {
    vectors: vectorChecks.map((v) => ({
      single: text(ah[v.op](v.instance, big(v.inputs[0]))),
      many: text(ah[`${v.op}Many`](v.instance, v.inputs.map(big))),
    })),
    merkle: merkleChecks.map((m) => text(ah.merkleRoot('tip5', m.leaves.map(big)))),
    proofs: proofChecks.map((p) => {
      const { root, leaf, index, siblings } = ah.merkleProof('poseidon-t3', p.members.map((m) => [BigInt(m)]), p.leafIndex);
      // The stored proof in Semaphore's form (bare bigints), verified.
      const e = p.expected;
      const stored = { root: BigInt(e.root[0]), leaf: BigInt(e.leaf[0]), index: e.index, siblings: e.siblings.map(([s]) => BigInt(s)) };
      const verified = ah.verifyMerkleProof('poseidon-t3', stored);
      return { root: text(root), leaf: text(leaf), index, siblings: text(siblings), verified };
    }),
    errors: errorChecks.map(([c]) => {
      try {
        return { result: text(call(c)) };
      } catch (e) {
        return { name: e.name, message: e.message };
      }
    }),
    dropins: dropinChecks.map((d) => {
      const ours = circomlibjs.poseidon(big(d.inputs), BigInt(d.init), d.nOut);
      const oursLite = poseidonLite[`poseidon${d.t - 1}`](big(d.inputs), d.nOut);
      return { circomlibjs: text(d.nOut === 1 ? [ours] : ours), lite: text(d.nOut === 1 ? [oursLite] : oursLite) };
    }),
  };
}

// --- the server, the browser, the comparison ------------------------------

const server = await serve(['lib', 'pkg', 'browser', 'demo']);
const url = `${server.base}/browser/index.html`;
const browser = await launch();
const failures = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 120_000 });
  const loadMs = Date.now() - t0;
  const status = await page.textContent('#status');
  const atImport = await page.evaluate(() => window.atImport);
  const notLoaded = (module) =>
    `Error: the ${module} module is not loaded yet: \`await load('${module}')\` (or \`await load()\`) first; ` +
    'a browser fetches modules only asynchronously';
  const expectAtImport = {
    wasm: ['circom.wasm'],
    poseidon: String(circom.F.toObject(circom([1, 2]))),
    poseidon4: String(circom.F.toObject(circom([1, 2, 3, 4]))),
    wideBeforeLoad: notLoaded('circom-wide'),
    beforeLoad: notLoaded('anemoi'),
    afterWide: ['circom.wasm', 'circom-wide.wasm'],
    poseidon5: String(circom.F.toObject(circom([1, 2, 3, 4, 5]))),
  };
  for (const [k, v] of Object.entries(expectAtImport)) {
    if (JSON.stringify(atImport[k]) !== JSON.stringify(v)) failures.push(`at import, ${k}: ${JSON.stringify(atImport[k])}`);
  }
  // load() fetches every other module, in parallel (so in any order).
  const everyModule = MANIFEST.families.map((f) => `${f}.wasm`).sort();
  if (JSON.stringify([...atImport.afterLoad].sort()) !== JSON.stringify(everyModule)) failures.push(`after load(): ${JSON.stringify(atImport.afterLoad)}`);
  const lite = await browser.newPage();
  lite.on('pageerror', (e) => failures.push(`poseidon-lite page error: ${e.message}`));
  await lite.goto(url.replace('/index.html', '/poseidon-lite.html'));
  await lite.waitForFunction(() => window.lite !== undefined, null, { timeout: 60_000 });
  const liteGot = await lite.evaluate(() => window.lite);
  const liteExpected = {
    wasm: ['circom-wide.wasm', 'circom.wasm'],
    poseidon2: expectAtImport.poseidon,
    poseidon5: expectAtImport.poseidon5,
  };
  if (JSON.stringify(liteGot) !== JSON.stringify(liteExpected)) failures.push(`poseidon-lite drop-in alone: ${JSON.stringify(liteGot)}`);
  const version = browser.version();
  const t1 = Date.now();
  const got = await page.evaluate(inPage, {
    vectorChecks,
    merkleChecks,
    proofChecks,
    errorChecks: [...errorChecks, unknownInstance],
    dropinChecks,
  });
  const runMs = Date.now() - t1;

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  vectorChecks.forEach((v, i) => {
    if (!same(got.vectors[i].single, v.expected[0])) failures.push(`${v.what}: single call ${got.vectors[i].single}`);
    if (!same(got.vectors[i].many, v.expected)) failures.push(`${v.what}: batch call differs`);
  });
  merkleChecks.forEach((m, i) => {
    if (!same(got.merkle[i], m.expected)) failures.push(`tip5 merkleRoot of ${m.leaves.length} leaves: ${got.merkle[i]}`);
  });
  proofChecks.forEach((p, i) => {
    if (!same(got.proofs[i], p.expected)) {
      failures.push(`poseidon-t3 merkleProof of member ${p.leafIndex} of ${p.members.length}: ${JSON.stringify(got.proofs[i])}`);
    }
  });
  [...errorChecks, unknownInstance].forEach(([c, name, message], i) => {
    const g = got.errors[i];
    const ok = g.name === name && (c === unknownInstance[0] ? g.message?.startsWith(message) : g.message === message);
    if (!ok) failures.push(`${JSON.stringify(c)}: expected ${name} "${message}", got ${JSON.stringify(g)}`);
  });
  dropinChecks.forEach((d, i) => {
    if (!same(got.dropins[i].circomlibjs, d.circomlibjs)) failures.push(`circomlibjs drop-in t = ${d.t} nOut ${d.nOut} differs`);
    if (!same(got.dropins[i].lite, d.lite)) failures.push(`poseidon-lite drop-in t = ${d.t} nOut ${d.nOut} differs`);
  });

  const families = new Set(vectorChecks.map((v) => v.what.split('/')[0]));
  const cases = vectorChecks.reduce((n, v) => n + v.inputs.length, 0);
  console.log(`Chromium ${version} (${CHROMIUM}), page ${url}`);
  console.log(`page: ${status} (loaded in ${loadMs} ms)`);
  console.log(`the import fetched ${atImport.wasm.join(', ')}; load('circom-wide') then ${atImport.afterWide.slice(1).join(', ')}; load() all of ${atImport.afterLoad.join(', ')}`);
  console.log(`the poseidon-lite drop-in's import alone fetched ${liteGot.wasm.join(', ')}`);
  console.log(`vectors: ${vectorChecks.length} functions of ${files().length} files (${[...families].join(', ')}), ${cases} cases`);
  console.log(`merkleRoot: ${merkleChecks.length} of twenty-first's Tip5 trees; merkleProof and verifyMerkleProof: ${proofChecks.length} Semaphore proofs`);
  console.log(`errors: ${errorChecks.length + 1} messages; drop-ins: ${dropinChecks.length} random cases (t = 2..17) against circomlibjs 0.1.7 and poseidon-lite 0.3.0`);
  console.log(`checks ran in ${runMs} ms`);

  const demo = await browser.newPage({ viewport: { width: 1000, height: 640 } });
  demo.on('pageerror', (e) => failures.push(`demo page error: ${e.message}`));
  await demo.goto(url.replace('/browser/index.html', '/demo/?instance=poseidon-t3&input=1,%202'));
  await demo.waitForFunction(() => window.demoDone === true, null, { timeout: 60_000 });
  const rows = await demo.$$eval('#results tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  const expectRows = [
    ['permute', 'permutation state (elements): expected 3, got 2'],
    ['hash', '0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a'],
    ['compress', '0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a'],
  ];
  const gotRows = rows.map(([op, out]) => [op, out]);
  if (JSON.stringify(gotRows) !== JSON.stringify(expectRows)) failures.push(`demo page rows: ${JSON.stringify(rows)}`);
  const png = fileURLToPath(new URL('demo.png', import.meta.url));
  await demo.screenshot({ path: png, fullPage: true });
  console.log(`demo page: ${rows.map((r) => `${r[0]} ${r[2] || '(error)'}`).join(', ')}; screenshot ${png}`);
} finally {
  await browser.close();
  server.close();
}
if (failures.length > 0) {
  console.log(`${failures.length} FAILED:`);
  for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
  process.exit(1);
}
console.log('browser test: all passed');
