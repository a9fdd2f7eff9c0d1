import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API (apps/api) serves this build from apps/web/dist in production. In development
// `vite` serves the page and forwards /api to the API started by `pnpm dev`.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
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
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
