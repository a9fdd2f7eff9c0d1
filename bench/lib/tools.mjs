// Benchmark-only code (the synthetic article generator, the seeded PRNG) lives in apps/api/tools,
// outside the product build, so dist/ holds only the product. It is loaded from its TypeScript
// through apps/api's own tsx.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api');
let registered;

/** Imports apps/api/tools/<file> (a .ts file). */
export async function importTool(file) {
  registered ??= (async () => {
    const require = createRequire(path.join(API_DIR, 'package.json'));
    // The ESM entry of tsx/esm/api (require.resolve finds its CommonJS twin beside it).
    const esmApi = require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
    const { register } = await import(pathToFileURL(esmApi).href);
    register();
  })();
  await registered;
  return import(pathToFileURL(path.join(API_DIR, 'tools', file)).href);
}
