import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { lucideData } from './build/lucide-data';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), lucideData()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
