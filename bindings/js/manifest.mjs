// Writes pkg/instances.js, the table lib/index.js reads to know which
// family module holds which instance (and each one's description and
// operations) without loading any module: build.sh runs it after building
// the modules, and the answers come from the modules themselves (`list`,
// `describe`, `operations` and `limbs` of the text ABI, src/arch/wasm32.rs).
//
//   node manifest.mjs circom poseidon2 rescue anemoi    (the modules' order is `list`'s)

import { readFileSync, writeFileSync } from 'node:fs';

const families = process.argv.slice(2);
const utf8In = new TextEncoder();
const utf8Out = new TextDecoder();

function caller(family) {
  const bytes = readFileSync(new URL(`pkg/${family}.wasm`, import.meta.url));
  const abi = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  return (fn, arg = '') => {
    const input = utf8In.encode(arg);
    const at = abi.ah_input(input.length) >>> 0;
    new Uint8Array(abi.memory.buffer, at, input.length).set(input);
    const status = abi.ah_call(fn);
    const text = utf8Out.decode(
      new Uint8Array(abi.memory.buffer, abi.ah_output_ptr() >>> 0, abi.ah_output_len() >>> 0),
    );
    if (status !== 0) throw new Error(`${family}: ${text}`);
    return text;
  };
}

const instances = [];
for (const family of families) {
  const call = caller(family);
  for (const name of call(0).split('\n')) {
    instances.push({
      name,
      family,
      description: call(1, name),
      operations: call(2, name).split('\n'),
      limbs: Number(call(7, name)),
    });
  }
}
// A family the Cargo features do not separate would be in every module.
const seen = new Map();
for (const { name, family } of instances) {
  if (seen.has(name)) {
    throw new Error(`instance ${name} is in the ${seen.get(name)} and ${family} modules: give its family a Cargo feature`);
  }
  seen.set(name, family);
}
const manifest = { families, instances };
writeFileSync(
  new URL('pkg/instances.js', import.meta.url),
  '// Written by build.sh (manifest.mjs): the instances of each family module.\n' +
    `export default ${JSON.stringify(manifest, null, 1)};\n`,
);
console.log(`pkg/instances.js: ${instances.length} instances in ${families.length} modules`);
