import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { FIRST_PAINT_FILE } from './boot-script';
import { pageShell } from './page-shells';

/** A screen's module: src/app/routes/<name>.tsx is shown at /<name> (article at /article/:id). */
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/;
/** Loaded with every lazy screen (app/query-provider.tsx). */
const QUERY_CLIENT_MODULE = /[\\/]src[\\/]lib[\\/]query-client\.ts$/;
/**
 * The offline queue (lib/offline/queue.ts, with its storage): a reader's screens check it at
 * start-up for actions left from an offline moment (features/offline). Preloaded on the screens
 * only readers see, it arrives beside the screen's code; asked for by that check, it was one more
 * round trip after the entry, just before the feed's largest paint (Lighthouse's simulation of
 * /home: LCP 2.25 s to 2.41 s). Not deferred instead: a reaction made offline in the first
 * seconds needs the queue's code already there (no service worker serves it yet).
 */
const OFFLINE_QUEUE_MODULE = /[\\/]src[\\/]lib[\\/]offline[\\/]queue\.ts$/;
const READER_SCREENS = new Set(['home', 'saved']);
/**
 * The pages whose first cards (or story) are drawn before the app has loaded (src/first-paint.ts),
 * which then runs the app's entry; before the app's first render, the list goes into its cache
 * through app/prefetch.ts, preloaded there too.
 */
const FIRST_PAINT_SCREENS = new Set(['explore', 'search', 'home', 'saved', 'story']);
const FIRST_LIST_MODULE = /[\\/]src[\\/]app[\\/]prefetch\.ts$/;
/** index.html's module entry, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)"><\/script>/;
/** The entry's own preloads in index.html (its static imports), as Vite writes them. */
const ENTRY_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w-]+\.js)">/g;
/** Shown for unknown paths, which get index.html. */
const NOT_FOUND = 'not-found';
/** The app's mount point in index.html. */
const ROOT = '<div id="root"></div>';

/**
 * Writes `pages/<name>.html` for every lazily loaded screen: index.html plus a modulepreload of
 * the screen's own chunks (and the query client's; on a reader's screens the offline queue's),
 * so that a first load fetches them beside the entry instead of after it; a list or story page
 * also starts with its skeleton, painted before any script has run (build/page-shells.ts). The
 * server answers /<name>/... with that page (http/static-web.ts), compressed.
 */
export function routePages(): Plugin {
  return {
    name: 'lede:route-pages',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter(
        (output): output is Rollup.OutputChunk => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and everything it imports statically (what loading it loads). */
      const closure = (chunk: Rollup.OutputChunk | undefined, into = new Set<string>()) => {
        if (!chunk || into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file), into);
        return into;
      };
      const withEntry = closure(chunks.find((chunk) => chunk.isEntry));
      // The chunk that holds the query client: its own, or the shared `data` chunk (vite.config.ts).
      const queryClient = closure(
        chunks.find((chunk) => chunk.moduleIds.some((id) => QUERY_CLIENT_MODULE.test(id))),
      );

      const offlineQueue = closure(
        chunks.find((chunk) => chunk.moduleIds.some((id) => OFFLINE_QUEUE_MODULE.test(id))),
      );
      const firstList = closure(
        chunks.find((chunk) => chunk.moduleIds.some((id) => FIRST_LIST_MODULE.test(id))),
      );
      const firstPaint = Object.keys(bundle).find((file) => FIRST_PAINT_FILE.test(file));
      if (!firstPaint) throw new Error('the build has no first-paint script');

      const dir = path.join(options.dir ?? 'dist', 'pages');
      await mkdir(dir, { recursive: true });
      for (const chunk of chunks) {
        // A screen's own chunk, or a named one that holds it (vite.config.ts: `home`).
        const screen = chunk.facadeModuleId ?? chunk.moduleIds.find((id) => ROUTE_MODULE.test(id));
        const name = chunk.isDynamicEntry && screen?.match(ROUTE_MODULE)?.[1];
        if (!name || name === NOT_FOUND) continue;
        const list = new Set([
          ...closure(chunk),
          ...queryClient,
          ...(READER_SCREENS.has(name) ? offlineQueue : []),
          ...(FIRST_PAINT_SCREENS.has(name) ? firstList : []),
        ]);
        const files = [...list].filter((file) => !withEntry.has(file)).map((file) => `/${file}`);
        const links = files.map(
          (file) => `<link rel="modulepreload" crossorigin href="${file}" />`,
        );
        let source = String(html.source);
        if (!source.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
        let preloads = `  ${links.join('\n    ')}\n  </head>`;
        if (FIRST_PAINT_SCREENS.has(name)) {
          // The entry and the screen's chunks are loaded by the first-paint script, once the
          // first cards are on screen.
          const entry = source.match(ENTRY_SCRIPT)?.[1];
          if (!entry) throw new Error('index.html has no module entry');
          const preload = [...[...source.matchAll(ENTRY_PRELOAD)].map((m) => m[1]!), ...files];
          source = source
            .replace(ENTRY_PRELOAD, '')
            .replace(
              ENTRY_SCRIPT,
              `<script type="module" src="/${firstPaint}" data-app="${entry}" data-preload="${preload.join(' ')}"></script>`,
            );
          preloads = '</head>';
        }
        const page = source
          .replace('</head>', preloads)
          .replace(ROOT, `<div id="root">${pageShell(name) ?? ''}</div>`);
        const file = path.join(dir, `${name}.html`);
        // With `.br` and `.gz` twins, which the server sends as they are (a skeleton's markup
        // is long and repetitive: some 8 KB plain, 2 KB compressed).
        await Promise.all([
          writeFile(file, page),
          writeFile(
            `${file}.br`,
            brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ),
          writeFile(`${file}.gz`, gzipSync(page, { level: 9 })),
        ]);
      }
    },
  };
}
