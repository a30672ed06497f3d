// The package as npm ships it: `npm pack` of this folder, unpacked into a
// fresh project's node_modules, then imported by name the way a user's code
// imports it: the main entry, both drop-ins and a poseidon-lite per-width
// path, every family's module loaded from where the installed package
// keeps it. The other test files import ../lib from the source tree, so a
// file left out of package.json's "files" or a wrong "exports" entry would
// pass them and break every user.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as ah from '../lib/index.js';
import MANIFEST from '../pkg/instances.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

// One instance of each family with a permutation, and its width.
const PERMUTATIONS = MANIFEST.families.map((family) => {
  const instance = MANIFEST.instances.find((i) => i.family === family && /permute \d+/.test(i.description));
  return [instance.name, Number(instance.description.match(/permute (\d+)/)[1])];
});
const state = (width) => Array.from({ length: width }, (_, i) => BigInt(i + 1));

// What the user's program prints: answers of each entry point, as strings.
const APP = `
import { poseidon, permute, compress, merkleRoot, load, list } from 'algebraic-hash';
import { buildPoseidon } from 'algebraic-hash/circomlibjs';
import { poseidon2 } from 'algebraic-hash/poseidon-lite';
import { poseidon3 } from 'algebraic-hash/poseidon-lite/poseidon3';

const before = poseidon([1n, 2n]);
await load();
const circomlibjs = await buildPoseidon();
const out = {
  instances: list().length,
  poseidon: before,
  circomlibjs: circomlibjs.F.toObject(circomlibjs([1n, 2n])),
  poseidonLite: poseidon2([1n, 2n]),
  poseidonLite3: poseidon3([1n, 2n, 3n]),
  families: ${JSON.stringify(PERMUTATIONS)}
    .map(([name, width]) => [name, permute(name, Array.from({ length: width }, (_, i) => BigInt(i + 1)))]),
  tip5Root: merkleRoot('tip5', [[1n, 2n, 3n, 4n, 5n], [6n, 7n, 8n, 9n, 10n]]),
  rp64: compress('rp64-256', [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]),
};
console.log(JSON.stringify(out, (k, v) => (typeof v === 'bigint' ? v.toString() : v)));
`;

test('the packed package, installed in a fresh project, imports by name and answers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'algebraic-hash-pack-'));
  try {
    const packed = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: packageDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [{ filename, files }] = JSON.parse(packed);
    const shipped = new Set(files.map((f) => f.path));
    for (const family of MANIFEST.families) assert.ok(shipped.has(`pkg/${family}.wasm`), `pkg/${family}.wasm shipped`);
    for (const f of ['package.json', 'README.md', 'pkg/instances.js', 'lib/index.js', 'lib/index.d.ts', 'lib/circomlibjs.js',
      'lib/circomlibjs.d.ts', 'lib/poseidon-lite.js', 'lib/poseidon-lite.d.ts']) {
      assert.ok(shipped.has(f), `${f} shipped`);
    }
    assert.ok(![...shipped].some((f) => f.startsWith('tests/') || f.startsWith('src/') || f.startsWith('target/')),
      'no tests, Rust sources or build output shipped');

    const app = join(dir, 'app');
    const installed = join(app, 'node_modules', 'algebraic-hash');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(dir, filename), '-C', installed, '--strip-components=1']);
    writeFileSync(join(app, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(join(app, 'main.mjs'), APP);
    const got = JSON.parse(execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' }));

    // circomlibjs 0.1.7's poseidon([1, 2]), through the main entry and both drop-ins.
    const circom12 = '7853200120776062878684798364095072458815029376092732009249414926327459813530';
    assert.equal(got.poseidon, circom12);
    assert.equal(got.circomlibjs, circom12);
    assert.equal(got.poseidonLite, circom12);
    // The rest against this source tree's package, in this process.
    await ah.load();
    const text = (xs) => xs.map(String);
    assert.equal(got.instances, ah.list().length);
    assert.equal(got.poseidonLite3, String(ah.poseidon([1n, 2n, 3n])));
    assert.equal(got.families.length, MANIFEST.families.length);
    PERMUTATIONS.forEach(([name, width], i) => {
      assert.deepEqual(got.families[i], [name, text(ah.permute(name, state(width)))], name);
    });
    assert.deepEqual(got.tip5Root, text(ah.merkleRoot('tip5', [[1n, 2n, 3n, 4n, 5n], [6n, 7n, 8n, 9n, 10n]])));
    assert.deepEqual(got.rp64, text(ah.compress('rp64-256', [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n])));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
