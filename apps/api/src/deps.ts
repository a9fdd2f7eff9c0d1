import type pg from 'pg';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mailer.js';

export type AppConfig = Config & { jwtSecret: string };

/** Everything the app needs from outside; server.ts and the tests each build one. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  pool: pg.Pool;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}
