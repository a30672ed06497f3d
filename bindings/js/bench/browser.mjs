// poseidon([a, b]) (circom Poseidon t = 3) in Chromium: this package's
// poseidon() against circomlibjs 0.1.7 buildPoseidon (its wasm path, the
// result through F.toObject) and poseidon-lite 0.3.0 poseidon2, on one page,
// in interleaved rounds on the same random inputs after checking that the
// answers agree (bench/browser.html). Prints µs per hash (median of rounds)
// and the per-round ratios' medians.
//
//   node bench/browser.mjs [rounds = 15] [hashes per round = 1000]

import { cpus } from 'node:os';

import { launch, serve } from '../browser/serve.mjs';

const rounds = Number(process.argv[2] ?? 15);
const n = Number(process.argv[3] ?? 1000);
const server = await serve(['lib', 'pkg', 'bench', 'node_modules']);
const browser = await launch();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => {
    console.error(`page error: ${e.message}`);
    process.exitCode = 1;
  });
  await page.goto(`${server.base}/bench/browser.html`);
  await page.waitForFunction(() => window.ready === true, null, { timeout: 120_000 });
  const { times, userAgent } = await page.evaluate(([r, k]) => window.bench(r, k), [rounds, n]);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ours = times['algebraic-hash poseidon()'];
  console.log(`Chromium ${browser.version()} (${userAgent.match(/Chrome\/\S+/)?.[0]}), ${cpus()[0].model} (${cpus().length} logical CPUs)`);
  console.log(`${rounds} interleaved rounds of ${n} hashes (t = 3, random inputs)`);
  console.log('implementation                      µs/hash (median)   its time / poseidon() (median of rounds)');
  for (const [k, ts] of Object.entries(times)) {
    const ratio = median(ts.map((t, i) => t / ours[i]));
    console.log(`${k.padEnd(36)}${median(ts).toFixed(2).padStart(15)}   ${ratio.toFixed(2)}x`);
  }
} finally {
  await browser.close();
  server.close();
}
