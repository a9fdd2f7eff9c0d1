import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** A fixed, uncommon port so the suite never meets a dev server on 3000. */
const PORT = 3107;
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Playwright loads this file in the runner and again in every worker. The runner makes one
// fresh data directory (an empty embedded PostgreSQL) and hands it to the workers via the
// environment; only the process that made it removes it on exit.
let dataDir = process.env.LEDE_E2E_DATA_DIR;
if (!dataDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'lede-e2e-'));
  dataDir = created;
  process.env.LEDE_E2E_DATA_DIR = created;
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        // Debian's Chromium (apt-get install chromium); `playwright install` is never used.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The built app exactly as `pnpm start` runs it (turbo builds api and web first).
  webServer: {
    command: 'node ../api/dist/server.js',
    url: `${BASE_URL}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close its database and stop the embedded PostgreSQL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
