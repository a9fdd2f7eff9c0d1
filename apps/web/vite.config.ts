import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { minify } from 'terser';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootScript, firstPaintScript } from './build/boot-script';
import { lucideData } from './build/lucide-data';
import { routePages } from './build/route-pages';

/** Zopfli's passes per file: more gain under 0.1% and cost seconds of build. */
const ZOPFLI_ITERATIONS = 5;

/**
 * Writes `.br` and `.gz` twins beside every built JS and CSS file (content-hashed names), for the
 * server to send as they are. index.html and the public files stay plain only. The `.gz` is
 * Zopfli's: a browser that takes no brotli gets the same gzip some 4% smaller than zlib's best.
 */
function precompress(): Plugin {
  return {
    name: 'lede:precompress',
    apply: 'build',
    enforce: 'post',
    // After the files are written, so the twins hold exactly the final bytes.
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const raw = await readFile(path.join(dir, name));
          await writeFile(
            path.join(dir, `${name}.gz`),
            await gzipAsync(raw, { numiterations: ZOPFLI_ITERATIONS }),
          );
          await writeFile(
            path.join(dir, `${name}.br`),
            brotliCompressSync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
          );
        }),
      );
    },
  };
}

/**
 * Minifies the entry chunk once more, after esbuild, with Terser: its two passes leave it some
 * 2.5 KB smaller after compression. Every page's first load waits for the entry (its budget:
 * test/bundle-size.test.ts); the lazy chunks keep esbuild's alone, which takes a fraction of the
 * time.
 */
function minifyEntry(): Plugin {
  return {
    name: 'lede:minify-entry',
    apply: 'build',
    renderChunk: {
      // After Vite's own minification, which would print the code out again.
      order: 'post',
      async handler(code, chunk, options) {
        if (!chunk.isEntry) return null;
        const out = await minify(code, {
          module: true,
          ecma: 2020,
          compress: { passes: 2 },
          sourceMap: !!options.sourcemap,
        });
        if (out.code === undefined) return null;
        return { code: out.code, map: typeof out.map === 'string' ? out.map : null };
      },
    },
  };
}

/**
 * What every screen that reads data loads, in two chunks instead of some fifteen of 1-6 KB each
 * (a first load over HTTP/1.1 pays a round trip per file before the first paint):
 * - `data`: TanStack Query, the app's query client and keys, the API client and the article
 *   list code (cards, their actions and the readers' queries) that the list screens share;
 * - `toast`: react-hot-toast and the app's toaster, loaded with the first toast or the reader's
 *   first press or key, after any screen's first paint (lib/toast, which is in the entry).
 * Modules the entry itself needs (React, the router, QueryClientProvider, the shared categories)
 * are never named here: the landing page loads no more than the entry.
 */
const DATA_MODULES = [
  /[\\/]node_modules[\\/]@tanstack[\\/]query-core[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/].*[\\/](?!QueryClientProvider\.js$)[^\\/]+$/,
  // lib/query-client is what the entry imports dynamically (app/query-provider): with it, Rollup
  // knows the chunk only ever loads after the entry and leaves the entry whole.
  /[\\/]src[\\/]lib[\\/](query-client|query-keys|api-client|early-requests|use-list-shortcuts)\.ts$/,
  /[\\/]packages[\\/]shared[\\/]dist[\\/](messages|constants)\.js$/,
  // The stories' query too (the story page and an article's "Full coverage" share it). Not the
  // page requests (*-request(s).ts): app/first-requests, in the entry, builds on them.
  /[\\/]src[\\/]features[\\/](articles|reader-actions|stories)[\\/]api[\\/](?![^\\/]*-requests?\.ts$)[^\\/]+\.ts$/,
  /[\\/]src[\\/]features[\\/]articles[\\/]components[\\/](article-card|article-list|article-image)\.tsx$/,
  /[\\/]src[\\/]features[\\/]reader-actions[\\/]hooks[\\/]use-article-actions\.tsx$/,
  /[\\/]src[\\/]lib[\\/]article-actions\.tsx$/,
  /[\\/]src[\\/]components[\\/](query-error|undo-toast|source-mark|card-actions)\.tsx$/,
  /[\\/]src[\\/]components[\\/]source-initials\.ts$/,
  // The navigation bar's streak (its own chunk would be one more round trip on a first load).
  /[\\/]src[\\/]app[\\/]streak-count\.tsx$/,
  // Small pieces several screens share (a list's end, a page's own Back, the story pages' words):
  // apart, each was a file of under 1 KB that a first load of those screens waited for in the
  // browser's queue of six requests (HTTP/1.1).
  /[\\/]src[\\/]features[\\/]articles[\\/]components[\\/]load-more\.tsx$/,
  /[\\/]src[\\/]lib[\\/]use-go-back\.ts$/,
  /[\\/]src[\\/]features[\\/]articles[\\/](first-paint-cards|article-picture)\.ts$/,
  /[\\/]src[\\/]features[\\/]stories[\\/]story-text\.ts$/,
  // The offline pieces every list screen uses (an action sent or queued, "This page needs a
  // connection"); the queue and the saved copies themselves load with the first action.
  /[\\/]src[\\/]lib[\\/]offline[\\/](actions|support|messages)\.ts$/,
  /[\\/]src[\\/]features[\\/]offline[\\/](hooks[\\/]use-needs-connection\.ts|components[\\/]needs-connection\.tsx)$/,
  // The card's action icons, and the one the feed controls share with the password fields
  // (every other icon stays with the code that shows it).
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](bookmark|heart|share-2|thumbs-down|eye-off|arrow-left)\.mjs$/,
];
const TOAST_MODULES = [
  /[\\/]node_modules[\\/](react-hot-toast|goober)[\\/]/,
  /[\\/]src[\\/]components[\\/]app-toaster\.tsx$/,
];

/**
 * The home screen and the feed code it shares with the profile (the feed's queries, its
 * controls and their icons), in one chunk: split by Rollup they were three, each one more
 * request on a reader's first load of /home. The profile loads it too (3 KB of home screen).
 * The feed's end (its next pages and "You're all caught up", app/feed-more.tsx) and the topics
 * prompt of a reader without interests are in it too: the feed's end, a chunk of its own, was
 * asked for as the first cards rendered, one more round trip before a phone's largest paint.
 */
const FEED_MODULES = [
  /[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/,
  /[\\/]src[\\/]app[\\/](feed-more|choose-topics)\.tsx$/,
  /[\\/]src[\\/]features[\\/]feed[\\/]components[\\/]feed-end\.tsx$/,
  /[\\/]src[\\/]features[\\/]feed[\\/]api[\\/](controls|feed|steering)\.tsx?$/,
  /[\\/]src[\\/]features[\\/]feed[\\/]components[\\/](feed-controls|feed-reason|empty-feed)\.tsx$/,
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](sparkles|circle-minus|refresh-cw)\.mjs$/,
];

/**
 * The landing page's top stories (loaded after its first paint, with a plain fetch) and what a
 * card says of its article (category, story, date), which the list cards share: the first visit
 * to / loads this instead of `data`, which would more than double its JavaScript. The list
 * screens load it beside `data`; the client's fallback messages come with it. Matched before
 * DATA_MODULES, whose patterns also cover some of these files.
 */
const STORY_CARD_MODULES = [
  /[\\/]src[\\/]features[\\/]articles[\\/]components[\\/](top-stories|article-meta)\.tsx$/,
  /[\\/]src[\\/]features[\\/]articles[\\/]api[\\/]top-stories\.ts$/,
  /[\\/]src[\\/]features[\\/]articles[\\/]article-facts\.ts$/,
  /[\\/]src[\\/]lib[\\/]format\.ts$/,
  /[\\/]packages[\\/]shared[\\/]dist[\\/]client-messages\.js$/,
];

function manualChunks(id: string): string | undefined {
  if (STORY_CARD_MODULES.some((pattern) => pattern.test(id))) return 'top-stories';
  if (DATA_MODULES.some((pattern) => pattern.test(id))) return 'data';
  if (FEED_MODULES.some((pattern) => pattern.test(id))) return 'home';
  if (TOAST_MODULES.some((pattern) => pattern.test(id))) return 'toast';
  return undefined;
}

/**
 * The service worker (src/sw.ts, built to /sw.js with the build's file list injected) and
 * nothing else: the manifest is public/manifest.webmanifest, linked from index.html with the
 * icons; src/features/pwa registers the worker after the page has loaded (no inline script: the
 * CSP allows none). Precached: the scripts and styles, index.html (the app shell) and the
 * screens' pages/*.html (their skeletons paint before any script, as the server's would), the
 * icons and the manifest; not the .br/.gz twins (the browser stores the decoded files). Off
 * under `vite`.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifest: false,
    includeManifestIcons: false,
    devOptions: { enabled: false },
    injectManifest: {
      globPatterns: [
        'index.html',
        'pages/*.html',
        'assets/*.{js,css}',
        'icons/*.png',
        'favicon.svg',
        'manifest.webmanifest',
      ],
    },
  });
}

// The API (apps/api) serves this build from apps/web/dist in production. In development
// `vite` serves the page and forwards /api to the API started by `pnpm dev`.
export default defineConfig({
  plugins: [
    react(),
    lucideData(),
    tailwindcss(),
    bootScript(),
    firstPaintScript(),
    minifyEntry(),
    precompress(),
    routePages(),
    serviceWorker(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      // onlyExplicitManualChunks: only the modules named above go into `data` and `toast`; without
      // it Rollup also pulls in their dependencies (React, the router...) and splits the entry.
      output: { manualChunks, onlyExplicitManualChunks: true },
      // packages/shared is a barrel of plain data and zod schemas with no side effects: let
      // Rollup drop whatever a chunk does not use (the landing page needs no zod at all).
      treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]shared[\\/]/.test(id) },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place ("contains an annotation that Rollup cannot
        // interpret"); they are dropped and change nothing.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/media': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
