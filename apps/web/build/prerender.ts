import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const RENDER_SCRIPT = fileURLToPath(new URL('./render-shells.mjs', import.meta.url));

/**
 * After the build, writes the visitor's first paint of each public page into its HTML
 * (src/prerender.tsx, run by render-shells.mjs in a process of its own), so the page paints
 * before its script has run. The shell is marked `data-shell`: a signed-in reader's browser hides
 * it (public/theme-init.js and styles.css), since it shows a visitor's navigation bar.
 */
export function prerenderShells(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lede:prerender-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await promisify(execFile)(process.execPath, [RENDER_SCRIPT, outDir], {
        env: { ...process.env, NODE_ENV: 'production' },
      });
    },
  };
}
