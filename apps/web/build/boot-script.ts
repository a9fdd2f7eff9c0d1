import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Alias, type Plugin, type Rollup } from 'vite';

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
 * src/boot.ts as one classic script (an IIFE: no imports, so nothing waits for another file),
 * minified, with the app's own aliases and tree-shaking.
 */
async function bundleBoot({ root, alias, treeshake }: AppConfig): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    publicDir: false,
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry: path.join(root, BOOT_ENTRY), formats: ['iife'], name: 'ledeBoot' },
      rollupOptions: { treeshake },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs
    .flatMap((o) => o.output)
    .find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error(`${BOOT_ENTRY} produced no script`);
  return chunk.code;
}

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
      app = {
        root: config.root,
        alias: config.resolve.alias,
        treeshake: config.build.rollupOptions.treeshake,
      };
      isBuild = config.command === 'build';
    },
    async buildStart() {
      if (!isBuild) return;
      const code = await bundleBoot(app);
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const fileName = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      src = `/${fileName}`;
    },
    configureServer(server) {
      server.watcher.on('change', () => (devCode = undefined));
      server.middlewares.use(DEV_PATH, (_req, res, next) => {
        (devCode ??= bundleBoot(app)).then(
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
