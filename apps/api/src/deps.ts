import type pg from 'pg';
import type { Changes } from './changes/index.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { SessionUsers } from './changes/session-users.types.js';
import type { MailOutbox } from './lib/mail-outbox.types.js';
import type { Metrics } from './lib/metrics.types.js';

export type AppConfig = Config & { jwtSecret: string };

/** Everything the app needs from outside; server.ts and the tests each build one. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  pool: pg.Pool;
  /**
   * A streaming replica (DATABASE_READ_URL) for the public reads, which fall back to `db` for
   * what it has not replayed yet (db/public-reads.ts). Absent: everything is read from `db`.
   */
  readDb?: Database;
  /** Mails leave through here, after the answer (see modules/mail/outbox.ts). */
  outbox: MailOutbox;
  clock: Clock;
  logger: Logger;
  /**
   * What changed since a cached answer was built (articles, counters, readers' feeds); server.ts
   * shares it with the relays that carry changes between instances.
   */
  changes: Changes;
  /** Shared with the outbox and the ingestion schedule; createApp makes its own when absent. */
  metrics?: Metrics;
  /**
   * The session rows kept by this process; server.ts shares them with the users-changed relay,
   * which makes them follow every instance's changes. Absent: the auth service makes its own,
   * which only follows this process's changes (and `SESSION_USER_TTL_MS`).
   */
  sessionUsers?: SessionUsers;
}
