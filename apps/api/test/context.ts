import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type supertest from 'supertest';
import { createApp } from '../src/app.js';
import { createChanges } from '../src/changes/index.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import type { AppConfig, AppDeps } from '../src/deps.js';
import { ManualClock } from '../src/lib/clock.js';
import { createLogger } from '../src/lib/logger.js';
import { createMailOutbox } from '../src/modules/mail/index.js';
import { createSmtpMailer } from '../src/lib/mailer.js';
import { createMetrics, type Metrics } from '../src/modules/metrics/index.js';
import { contractAgent } from './contract.js';
import { MailCatcher } from './mail-catcher.js';

const TEMPLATE_DB = 'lede_template';

/**
 * A fresh database cloned from the migrated template (or empty, `{ migrated: false }`);
 * dropped by `close`.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<
  DatabaseHandle & { name: string }
> {
  const serverUrl = inject('pgServerUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${TEMPLATE_DB}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), 5);
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  request: () => supertest.Agent;
  deps: AppDeps;
  database: DatabaseHandle;
  clock: ManualClock;
  mail: MailCatcher;
  /** The app's metrics; the outbox reports to them too. */
  metrics: Metrics;
  close(): Promise<void>;
}

/** The real app on a real database and a real SMTP server, with a clock the test controls. */
export async function createTestContext(
  overrides: Omit<Partial<AppConfig>, 'otp'> & { otp?: Partial<AppConfig['otp']> } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const base = loadConfig({ NODE_ENV: 'test', BCRYPT_COST: '4', LOG_LEVEL: 'silent' });
  const config: AppConfig = {
    ...base,
    jwtSecret: crypto.randomBytes(32).toString('hex'),
    smtpUrl,
    ...overrides,
    otp: { ...base.otp, ...overrides.otp },
  };
  // In the future on purpose: express-rate-limit compares window ends with the real Date.now().
  const clock = new ManualClock('2030-03-10T09:00:00Z');
  const logger = createLogger('silent');
  const metrics = createMetrics(database.pool);
  // Retries come quickly in tests; a mail outage test waits for them through `mail`. The outbox
  // runs on real time, so moving `clock` never expires a mail queued before.
  const outbox = createMailOutbox({
    db: database.db,
    mailer: createSmtpMailer(smtpUrl, config.mailFrom),
    logger,
    retryDelaysMs: [20, 50, 100],
    observer: metrics.mailOutbox,
  });
  outbox.start();
  mail.waitForOutbox(outbox);
  const deps: AppDeps = {
    config,
    db: database.db,
    pool: database.pool,
    outbox,
    clock,
    logger,
    metrics,
    changes: createChanges(),
  };
  const app = createApp(deps);
  return {
    app,
    request: () => contractAgent(app),
    deps,
    database,
    clock,
    mail,
    metrics,
    close: async () => {
      await outbox.stop();
      await mail.stop();
      await database.close();
    },
  };
}
