import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePages } from './build/route-pages';

/**
 * Writes `.br` and `.gz` twins beside every built JS and CSS file (content-hashed names), for the
 * server to send as they are. index.html and the public files stay plain only.
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
          await writeFile(path.join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
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

// The API (apps/api) serves this build from apps/web/dist in production. In development
// `vite` serves the page and forwards /api to the API started by `pnpm dev`.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), routePages()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
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
