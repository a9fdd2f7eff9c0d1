import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Alias, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { lucideData } from './lucide-data';

/** The page's first code (theme, early data requests): see src/boot.ts. */
const BOOT_ENTRY = 'src/boot.ts';
/** Where index.html wants it: build/boot-script.ts replaces this comment with the script tag. */
const MARKER = '<!-- boot script -->';
/** Where the dev server answers with it (the build names it by its content instead). */
const DEV_PATH = '/boot.js';

/** What the boot script is built with from the app's own config (vite.config.ts). */
interface AppConfig {
  root: string;
  alias: Alias[];
  treeshake: Rollup.RollupOptions['treeshake'];
}

/**
 * `entry` as one classic script (an IIFE: no imports, so nothing waits for another file),
 * minified, with the app's own aliases and tree-shaking.
 */
async function bundleScript(
  { root, alias, treeshake }: AppConfig,
  entry = BOOT_ENTRY,
): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    publicDir: false,
    plugins: [lucideData()],
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry: path.join(root, entry), formats: ['iife'], name: 'ledeBoot' },
      rollupOptions: { treeshake },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs
    .flatMap((o) => o.output)
    .find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error(`${entry} produced no script`);
  return chunk.code;
}

/** What the scripts are built with, read from the app's resolved config. */
const appConfig = (config: ResolvedConfig): AppConfig => ({
  root: config.root,
  alias: config.resolve.alias,
  treeshake: config.build.rollupOptions.treeshake,
});

/** A script's name in the build: `assets/<name>-<hash of its content>.js`. */
const hashedName = (name: string, code: string) =>
  `assets/${name}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;

/**
 * Puts the boot script where index.html marks it, as a plain external script (the CSP allows no
 * inline script): `/assets/boot-<hash>.js` in the build (cached for good like the other assets),
 * `/boot.js` from the dev server.
 */
export function bootScript(): Plugin {
  let app: AppConfig = { root: '', alias: [], treeshake: undefined };
  let isBuild = false;
  let src = DEV_PATH;
  /** The dev server's bundle, made again only after a source file changes. */
  let devCode: Promise<string> | undefined;
  return {
    name: 'lede:boot-script',
    configResolved(config) {
      app = appConfig(config);
      isBuild = config.command === 'build';
    },
    async buildStart() {
      if (!isBuild) return;
      const code = await bundleScript(app);
      const fileName = hashedName('boot', code);
      this.emitFile({ type: 'asset', fileName, source: code });
      src = `/${fileName}`;
    },
    configureServer(server) {
      server.watcher.on('change', () => (devCode = undefined));
      server.middlewares.use(DEV_PATH, (_req, res, next) => {
        (devCode ??= bundleScript(app)).then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(code);
          },
          (err: unknown) => {
            devCode = undefined;
            next(err);
          },
        );
      });
    },
    transformIndexHtml: {
      // After Vite's own pass over the page, which would try to bundle a script it sees.
      order: 'post',
      handler(html) {
        if (!html.includes(MARKER)) throw new Error(`index.html has no ${MARKER}`);
        return html.replace(MARKER, `<script src="${src}"></script>`);
      },
    },
  };
}

/** What draws a list page's first cards before the app has loaded: see src/first-paint.ts. */
const FIRST_PAINT_ENTRY = 'src/first-paint.ts';
/** Its name in the build (build/route-pages.ts puts it on the list pages). */
export const FIRST_PAINT_FILE = /^assets\/first-paint-[\w-]+\.js$/;

/**
 * Builds src/first-paint.ts as a module of its own (`assets/first-paint-<hash>.js`), sharing no
 * chunk with the app: what the app's entry imports, it would otherwise have to import too, and
 * run React before it could draw. The build only: the dev server draws nothing ahead.
 */
export function firstPaintScript(): Plugin {
  let app: AppConfig = { root: '', alias: [], treeshake: undefined };
  return {
    name: 'lede:first-paint-script',
    apply: 'build',
    configResolved(config) {
      app = appConfig(config);
    },
    async buildStart() {
      // An IIFE run as a module (deferred, like the entry): Vite minifies no whitespace of an ES lib.
      const code = await bundleScript(app, FIRST_PAINT_ENTRY);
      this.emitFile({ type: 'asset', fileName: hashedName('first-paint', code), source: code });
    },
  };
}
