// The published Poseidon tests of circomlibjs (0.1.7, 0.0.8) and poseidon-lite 0.3.0,
// run against the drop-ins with only their imports changed (each rewritten
// line is listed below; nothing else in the files is touched).
//
// - circomlibjs `test/poseidon.js` at v0.1.7 (mocha + chai, as upstream runs
//   it). GPL-3.0, so not in this repository: fetched from GitHub at its
//   commit into `.upstream/` (git-ignored) and checked against its SHA-256.
//   Offline, the test is skipped and says where to put the file.
// - circomlibjs `test/poseidon.js` of 0.0.8, the only circomlibjs tarball on
//   npm that ships its tests: taken from `npm pack circomlibjs@0.0.8` into
//   `.upstream/` (GPL-3.0, not in the repository), SHA-256 checked. CI
//   reaches npm but not GitHub, so this one runs in CI.
// - poseidon-lite `test.mjs` at 0.3.0 (10 000 random inputs against
//   circomlibjs, nOuts 1 and N). MIT: kept in `tests/upstream/` (see the
//   README there for its source and licence).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(here, '.upstream');

const UPSTREAM = [
  {
    name: 'circomlibjs 0.1.7 test/poseidon.js',
    url: 'https://raw.githubusercontent.com/iden3/circomlibjs/4f094c5be05c1f0210924a3ab204d8fd8da69f49/test/poseidon.js',
    cached: 'circomlibjs-0.1.7-test-poseidon.js',
    sha256: '5884a1df50290be1209be1758a47ac2c5806dcce8fa93c26e2809e4aae6f3088',
    imports: [
      ['import buildPoseidonOpt from "../src/poseidon_opt.js";',
        'import { buildPoseidonOpt } from "algebraic-hash/circomlibjs";'],
      ['import {buildPoseidon as buildPoseidonWasm } from "../src/poseidon_wasm.js";',
        'import {buildPoseidon as buildPoseidonWasm } from "algebraic-hash/circomlibjs";'],
      ['import buildPoseidonReference from "../src/poseidon_reference.js";',
        'import { buildPoseidonReference } from "algebraic-hash/circomlibjs";'],
    ],
    run: (file) => [join(here, 'node_modules', 'mocha', 'bin', 'mocha'), file],
    passed: /3 passing/,
  },
  {
    // The only circomlibjs tarball on npm with its tests (0.1.x ship none):
    // CI reaches the npm registry, not GitHub, so this one runs there. Its
    // `poseidon` is the synchronous one of circomlibjs 0.0.x, this
    // package's `poseidon()`. CommonJS; run as an ES module here, so both
    // of its `require` lines become imports.
    name: 'circomlibjs 0.0.8 test/poseidon.js (npm tarball)',
    pack: 'circomlibjs@0.0.8',
    member: 'package/test/poseidon.js',
    cached: 'circomlibjs-0.0.8-test-poseidon.js',
    sha256: 'fde29c23ebcfdce1797db82198dbac3a905dbbacb932532aa3954b8e5b31e448',
    imports: [
      ['const chai = require("chai");', 'import chai from "chai";'],
      ['const poseidon = require("../src/poseidon.js");', 'import { poseidon } from "algebraic-hash";'],
    ],
    run: (file) => [join(here, 'node_modules', 'mocha', 'bin', 'mocha'), file],
    passed: /2 passing/,
  },
  {
    name: 'poseidon-lite 0.3.0 test.mjs',
    committed: join(here, 'tests', 'upstream', 'poseidon-lite-0.3.0.mjs'),
    sha256: '89535b9c94094a5f213899b5db90e6a1a8ea0c8ed7e73a63f3e600a52f91a746',
    imports: [["import poseidon from './build/index.js'", "import poseidon from 'algebraic-hash/poseidon-lite'"]],
    run: (file) => [file],
    passed: /\npassed\n/,
  },
];

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

// The file's text, from the repository, the cache or GitHub; null when it
// cannot be had (then `why` says what to do).
async function source(u) {
  if (u.committed) return { text: readFileSync(u.committed, 'utf8') };
  const cached = join(cacheDir, u.cached);
  if (existsSync(cached)) return { text: readFileSync(cached, 'utf8') };
  if (u.pack) {
    // `npm pack` downloads the tarball from the registry npm is set up for.
    mkdirSync(cacheDir, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = spawnSync(npm, ['pack', u.pack, '--silent', '--pack-destination', cacheDir], {
      cwd: cacheDir, encoding: 'utf8', timeout: 120_000,
    });
    const tgz = join(cacheDir, packed.stdout.trim().split('\n').pop() ?? '');
    const tar = packed.status === 0 ? spawnSync('tar', ['xzf', tgz, '-O', u.member], { encoding: 'utf8' }) : null;
    if (tar === null || tar.status !== 0) {
      return { text: null, why: `cannot get ${u.member} from npm pack ${u.pack} (${packed.stderr || tar?.stderr})` };
    }
    if (sha256(tar.stdout) === u.sha256) writeFileSync(cached, tar.stdout);
    return { text: tar.stdout };
  }
  try {
    const response = await fetch(u.url, { signal: AbortSignal.timeout(15000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (sha256(text) === u.sha256) {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(cached, text);
    }
    return { text };
  } catch (e) {
    return { text: null, why: `cannot fetch ${u.url} (${e.cause?.code ?? e.message}); save that file as ${cached} to run it` };
  }
}

for (const u of UPSTREAM) {
  test(`${u.name}, imports changed to the drop-in, passes`, async (t) => {
    const { text, why } = await source(u);
    if (text === null) {
      t.diagnostic(why);
      t.skip(why);
      return;
    }
    assert.equal(sha256(text), u.sha256, `${u.name}: not the pinned file`);
    let rewritten = text;
    for (const [from, to] of u.imports) {
      assert.equal(rewritten.split(from).length, 2, `${u.name}: the import \`${from}\` appears once`);
      rewritten = rewritten.replace(from, to);
    }
    // Inside the package directory, so that 'algebraic-hash/...' (the
    // package itself), circomlibjs and chai resolve.
    const runDir = join(cacheDir, 'run');
    mkdirSync(runDir, { recursive: true });
    const file = join(runDir, u.committed ? 'poseidon-lite-0.3.0.mjs' : u.cached);
    writeFileSync(file, rewritten);
    const result = spawnSync(process.execPath, u.run(file), { cwd: here, encoding: 'utf8', timeout: 600_000 });
    const output = `${result.stdout}\n${result.stderr}`;
    assert.equal(result.status, 0, `${u.name} failed:\n${output}`);
    assert.match(result.stdout, u.passed, output);
  });
}
