import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Alias, type Plugin, type Rollup } from 'vite';

/** The page's first code (theme, early data requests): see src/boot.ts. */
const BOOT_ENTRY = 'src/boot.ts';
/** Where index.html wants it: build/boot-script.ts replaces this comment with the script tag. */
const MARKER = '<!-- boot script -->';
/** Where the dev server answers with it (the build names it by its content instead). */
const DEV_PATH = '/boot.js';

/**
 * src/boot.ts as one classic script (an IIFE: no imports, so nothing waits for another file),
 * minified, with the app's own aliases and the same tree-shaking of packages/shared.
 */
async function bundleBoot(root: string, alias: Alias[]): Promise<string> {
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
      rollupOptions: {
        treeshake: { moduleSideEffects: (id) => !/[\\/]packages[\\/]shared[\\/]/.test(id) },
      },
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
  let root = '';
  let alias: Alias[] = [];
  let isBuild = false;
  let src = DEV_PATH;
  return {
    name: 'lede:boot-script',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      isBuild = config.command === 'build';
    },
    async buildStart() {
      if (!isBuild) return;
      const code = await bundleBoot(root, alias);
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const fileName = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      src = `/${fileName}`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res, next) => {
        bundleBoot(root, alias).then((code) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(code);
        }, next);
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
