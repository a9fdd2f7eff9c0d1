// @vitest-environment node
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The JavaScript budget: what a first visit to `/` downloads, and what any one screen needs on
 * top, as a browser receives it (the `.gz` and `.br` twins the build writes, which the server
 * sends), from a fresh production build of the current code.
 */
const BUDGET_KIB = {
  /**
   * Every script of a first visit to `/`, as Chromium counts what it transferred: the boot
   * script, the entry and its static imports, and what the landing page loads after its first
   * paint (FIRST_LOAD_LAZY), each with its response headers.
   */
  firstLoadJs: 100,
  initialCss: 12,
  /** The entry and one lazy screen with everything it imports (gzip). */
  anyScreenJs: 175,
  /** What draws a list page's first cards before the app has loaded (src/first-paint.ts). */
  firstPaintJs: 9,
};

/** The chunks the landing page loads once painted (its top stories: vite.config.ts names it). */
const FIRST_LOAD_LAZY = ['top-stories'];

/** The headers of one script response (the security headers, caching, encoding): about 1 KB. */
const HEADERS_KIB = 1;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir = '';
let manifest: Manifest = {};

type Encoding = 'gz' | 'br';
const ENCODINGS: readonly Encoding[] = ['gz', 'br'];

/** The bytes the server sends for `file` to a browser that accepts `encoding`, in KiB. */
async function sentKib(file: string, encoding: Encoding): Promise<number> {
  return (await stat(path.join(outDir, `${file}.${encoding}`))).size / 1024;
}

/** A chunk and every chunk it imports statically (what loading it downloads). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

/** The files of `keys`: their scripts, or their style sheets. */
function filesOf(keys: Iterable<string>, kind: 'js' | 'css'): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (kind === 'js') files.add(chunk.file);
    else for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

async function sizeOf(files: Iterable<string>, encoding: Encoding): Promise<number> {
  let total = 0;
  for (const f of files) total += await sentKib(f, encoding);
  return Math.round(total * 10) / 10;
}

/** The classic script index.html loads before the entry (build/boot-script.ts): not in the manifest. */
async function bootFile(): Promise<string> {
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const src = html.match(/<script src="\/(assets\/boot-[\w-]+\.js)"><\/script>/)?.[1];
  expect(src, 'index.html loads the boot script').toBeDefined();
  return src!;
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
  it(`a first visit to / receives at most ${BUDGET_KIB.firstLoadJs} KiB of JS, gzip or brotli, and ${BUDGET_KIB.initialCss} KiB of CSS`, async () => {
    const entry = closure('index.html');
    const lazy = new Set<string>();
    for (const name of FIRST_LOAD_LAZY) {
      const key = Object.keys(manifest).find((k) => manifest[k]!.name === name);
      expect(key && manifest[key]!.isDynamicEntry, `${name} is loaded lazily`).toBe(true);
      closure(key!, lazy);
    }
    const scripts = new Set([await bootFile(), ...filesOf(entry, 'js'), ...filesOf(lazy, 'js')]);
    const sent: Record<string, number> = {};
    for (const encoding of ENCODINGS) {
      sent[encoding] =
        Math.round(((await sizeOf(scripts, encoding)) + scripts.size * HEADERS_KIB) * 10) / 10;
    }
    const css = await sizeOf(filesOf(entry, 'css'), 'gz');
    console.info(`first load of /: ${scripts.size} scripts, KiB with headers`, sent, `CSS ${css}`);
    for (const encoding of ENCODINGS) {
      expect(sent[encoding]).toBeGreaterThan(10);
      expect(sent[encoding], encoding).toBeLessThan(BUDGET_KIB.firstLoadJs);
    }
    // Brotli's are the smaller, or the server would send the larger to most browsers.
    expect(sent.br).toBeLessThan(sent.gz!);
    expect(css).toBeLessThanOrEqual(BUDGET_KIB.initialCss);
  });

  it(`every screen loads at most ${BUDGET_KIB.anyScreenJs} KiB of JS in all (gzip)`, async () => {
    const entry = closure('index.html');
    const screens = Object.entries(manifest).filter(
      ([key, chunk]) => chunk.isDynamicEntry && key.includes('/routes/'),
    );
    expect(screens.length).toBeGreaterThanOrEqual(10);
    const sizes: Record<string, number> = {};
    const boot = await bootFile();
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
      sizes[path.basename(key)] = await sizeOf([boot, ...filesOf(all, 'js')], 'gz');
    }
    console.info('JS per screen (KiB gzip, initial included):', sizes);
    for (const [name, kib] of Object.entries(sizes)) {
      expect(kib, name).toBeLessThanOrEqual(BUDGET_KIB.anyScreenJs);
    }
  });
});

describe("a list page's first-paint script", () => {
  it(`is one file of at most ${BUDGET_KIB.firstPaintJs} KiB, none of the app's code in it`, async () => {
    for (const page of ['explore', 'search', 'home', 'saved', 'story']) {
      const html = await readFile(path.join(outDir, 'pages', `${page}.html`), 'utf8');
      const tag = html.match(
        /<script type="module" src="\/(assets\/first-paint-[\w-]+\.js)" data-app="\/(assets\/[\w-]+\.js)"/,
      );
      expect(tag, `${page} draws its first screen`).not.toBeNull();
      const [, script, app] = tag!;
      // The app's entry is not run by the page itself, nor preloaded ahead of the cards.
      expect(html, page).not.toContain(`src="/${app}"`);
      expect(html, page).not.toContain('rel="modulepreload"');
      const code = await readFile(path.join(outDir, script!), 'utf8');
      expect(code).not.toMatch(/\bfrom\s*["']/);
      expect(code).not.toContain('react.transitional.element');
      expect(await sentKib(script!, 'gz')).toBeLessThanOrEqual(BUDGET_KIB.firstPaintJs);
    }
  });
});
