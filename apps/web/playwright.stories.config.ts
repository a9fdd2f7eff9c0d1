import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { e2eConfig, STORIES_SPECS } from './playwright.config';

/**
 * Stories across sources need more than one source: these specs get a server of their own that
 * ingests three RSS feeds of one event (the API's test fixtures), served on loopback by the
 * runner before the server starts. Run with `npx playwright test -c playwright.stories.config.ts`.
 */
const FEEDS_PORT = 3123;
const FIXTURES = path.resolve(import.meta.dirname, '../api/test/ingestion/fixtures');
const FEEDS = ['coast-herald', 'pacific-wire', 'daily-ledger'].map((n) => `story-${n}.rss.xml`);

// The runner loads this file first (and each worker again): only the runner serves the feeds.
if (!process.env.LEDE_E2E_FEEDS_SERVED) {
  process.env.LEDE_E2E_FEEDS_SERVED = '1';
  const server = http.createServer((req, res) => {
    const file = FEEDS.find((f) => req.url === `/${f}`);
    if (!file) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/rss+xml; charset=utf-8');
    res.end(fs.readFileSync(path.join(FIXTURES, file)));
  });
  server.listen(FEEDS_PORT, '127.0.0.1');
  server.unref();
}

export default e2eConfig({
  port: 3121,
  smtpPort: 3122,
  serverEnv: {
    INGEST_FEEDS: FEEDS.map((f) => `http://127.0.0.1:${FEEDS_PORT}/${f}`).join(','),
    INGEST_INTERVAL_MINUTES: '60',
    INGEST_ALLOW_PRIVATE_FEEDS: 'true',
  },
  name: 'stories',
  testMatch: STORIES_SPECS,
});
