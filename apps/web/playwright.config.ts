import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

// Playwright loads this file in the runner and again in every worker. The runner makes one
// fresh folder (an empty embedded PostgreSQL, the caught mails) and hands it to the workers via
// the environment; only the process that made it removes it on exit.
let workDir = process.env.LEDE_E2E_WORK_DIR;
if (!workDir) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'lede-e2e-'));
  // The embedded PostgreSQL runs as its own user under DATA_DIR (workDir/data): it must be able
  // to pass through this folder.
  fs.chmodSync(created, 0o755);
  workDir = created;
  process.env.LEDE_E2E_WORK_DIR = created;
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}
/** The SMTP catcher (e2e/support/global-setup.ts) appends every mail here, one JSON a line. */
process.env.LEDE_E2E_MAIL_FILE = path.join(workDir, 'mails.jsonl');

/**
 * The specs that need a server whose re-authentication window has long passed for every reader
 * (REAUTH_WINDOW_SECONDS=1): playwright.reauth.config.ts runs them against a server of their own,
 * and this config leaves them out.
 */
export const REAUTH_SPECS = /\.reauth\.spec\.ts$/;
/** The specs that need articles from several sources: playwright.stories.config.ts. */
export const STORIES_SPECS = /\.stories\.spec\.ts$/;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The suite against the built app on `port`, its mails caught on `smtpPort`; `serverEnv` adds to
 * the server's environment, `name` keeps the run's report and results apart from the others'.
 */
export function e2eConfig({
  port,
  smtpPort,
  serverEnv = {},
  name,
  ...config
}: {
  port: number;
  smtpPort: number;
  serverEnv?: Record<string, string>;
  name?: string;
} & Pick<PlaywrightTestConfig, 'testMatch' | 'testIgnore'>): PlaywrightTestConfig {
  const baseUrl = `http://127.0.0.1:${port}`;
  process.env.LEDE_E2E_SMTP_PORT = String(smtpPort);
  const report = name ? `playwright-report/${name}` : 'playwright-report';
  return defineConfig({
    ...config,
    testDir: './e2e',
    outputDir: name ? `test-results/${name}` : 'test-results',
    fullyParallel: false,
    workers: 1,
    retries: 0,
    forbidOnly: !!process.env.CI,
    reporter: [['list'], ['html', { open: 'never', outputFolder: report }]],
    timeout: 60_000,
    expect: { timeout: 10_000 },
    globalSetup: './e2e/support/global-setup.ts',
    use: {
      baseURL: baseUrl,
      // Kept only when a test fails: what it looked like and every step that led there.
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
      // The app's service worker (src/sw.ts) would precache the whole build in every test and
      // answer navigations itself: only the specs about it allow it (test.use).
      serviceWorkers: 'block',
    },
    projects: [
      {
        name: 'chromium',
        use: {
          browserName: 'chromium',
          // Debian's Chromium (apt-get install chromium); `playwright install` is never used.
          launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
        },
      },
    ],
    // The built app exactly as `pnpm start` runs it (turbo builds api and web first), with a
    // real SMTP server (the catcher) instead of codes in the log.
    webServer: {
      command: 'node ../api/dist/server.js',
      url: `${baseUrl}/api/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(workDir!, 'data'),
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // One browser signs up and in many times from one address within minutes.
        AUTH_IP_LIMIT: '100000',
        OTP_IP_LIMIT: '100000',
        BCRYPT_COST: '4',
        // The bundled corpus only: never the default list's live feeds (a config may set its own).
        INGEST_FEEDS: 'none',
        ...serverEnv,
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // SIGTERM lets the server close its database and stop the embedded PostgreSQL.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  });
}

/** Fixed, uncommon ports so the suite never meets a dev server on 3000. */
export default e2eConfig({
  port: 3107,
  smtpPort: 3108,
  testIgnore: [REAUTH_SPECS, STORIES_SPECS],
});
