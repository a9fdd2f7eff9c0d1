// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The JavaScript budget (issue 9): what a first visit to `/` downloads, and what any one screen
 * needs on top, gzip-compressed, from a fresh production build of the current code.
 */
const BUDGET_KB = {
  /** index.html's scripts (the boot script, the entry) and the entry's static imports: everything the landing page runs. */
  initialJs: 100,
  initialCss: 12,
  /** The initial JavaScript plus one lazy screen with everything it imports. */
  anyScreenJs: 180,
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir = '';
let manifest: Manifest = {};
const gz = new Map<string, number>();

async function gzipKb(file: string): Promise<number> {
  if (!gz.has(file)) gz.set(file, gzipSync(await readFile(path.join(outDir, file))).length / 1024);
  return gz.get(file)!;
}

/** A chunk and every chunk it imports statically (what loading it downloads). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

async function sizeOf(keys: Iterable<string>, kind: 'js' | 'css'): Promise<number> {
  let total = 0;
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (kind === 'js') files.add(chunk.file);
    else for (const css of chunk.css ?? []) files.add(css);
  }
  for (const f of files) total += await gzipKb(f);
  return Math.round(total * 10) / 10;
}

/** The classic script index.html loads before the entry (build/boot-script.ts): not in the manifest. */
async function bootKb(): Promise<number> {
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const src = html.match(/<script src="\/(assets\/boot-[\w-]+\.js)"><\/script>/)?.[1];
  expect(src, 'index.html loads the boot script').toBeDefined();
  return gzipKb(src!);
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'lede-web-size-'));
  // vitest runs with NODE_ENV=test; measure the production build `pnpm build` makes.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('JavaScript budget', () => {
  it(`the first visit to / loads at most ${BUDGET_KB.initialJs} KB of JS and ${BUDGET_KB.initialCss} KB of CSS (gzip)`, async () => {
    const entry = closure('index.html');
    const js = Math.round(((await sizeOf(entry, 'js')) + (await bootKb())) * 10) / 10;
    const css = await sizeOf(entry, 'css');
    console.info(`initial JS ${js} KB gzip, CSS ${css} KB gzip`);
    expect(js).toBeGreaterThan(10);
    expect(js).toBeLessThanOrEqual(BUDGET_KB.initialJs);
    expect(css).toBeLessThanOrEqual(BUDGET_KB.initialCss);
  });

  it(`every screen loads at most ${BUDGET_KB.anyScreenJs} KB of JS in all (gzip)`, async () => {
    const entry = closure('index.html');
    const screens = Object.entries(manifest).filter(
      ([key, chunk]) => chunk.isDynamicEntry && key.includes('/routes/'),
    );
    expect(screens.length).toBeGreaterThanOrEqual(10);
    const sizes: Record<string, number> = {};
    const boot = await bootKb();
    // Every screen but the landing page loads with the app's query client (app/query-provider):
    // its own chunk, or the shared `data` chunk that holds it (vite.config.ts, manualChunks).
    const queryClient = Object.keys(manifest).find(
      (key) =>
        key.endsWith('src/lib/query-client.ts') ||
        (manifest[key]!.name === 'data' && manifest[key]!.isDynamicEntry),
    );
    expect(queryClient).toBeDefined();
    for (const [key] of screens) {
      const all = closure(key, new Set(entry));
      closure(queryClient!, all);
      sizes[path.basename(key)] = Math.round(((await sizeOf(all, 'js')) + boot) * 10) / 10;
    }
    console.info('JS per screen (KB gzip, initial included):', sizes);
    for (const [name, kb] of Object.entries(sizes)) {
      expect(kb, name).toBeLessThanOrEqual(BUDGET_KB.anyScreenJs);
    }
  });
});
