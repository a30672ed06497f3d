// What the browser scripts share (browser/run.mjs, bench/browser.mjs): a
// static server for some folders of bindings/js on 127.0.0.1 and the
// system's Chromium (/usr/bin/chromium or $CHROMIUM) started headless by
// playwright-core (no browser download).

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

/** Serves the folders `dirs` of bindings/js; resolves to the base URL and a close(). */
export async function serve(dirs) {
  const server = createServer(async (req, res) => {
    let path = normalize(join(ROOT, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (path.endsWith(sep)) path = join(path, 'index.html'); // as static servers do
    const allowed = dirs.some((d) => path.startsWith(join(ROOT, d) + sep));
    try {
      if (!allowed) throw new Error('not served');
      const body = await readFile(path);
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** The system's Chromium, headless. */
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
