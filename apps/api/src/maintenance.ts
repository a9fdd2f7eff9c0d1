import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { pruneEditions } from './modules/edition/index.js';
import { pruneMailOutbox } from './modules/mail/index.js';
import { challengesRepository, refreshTokensRepository } from './modules/auth/auth.repository.js';
import { sessionsRepository } from './modules/auth/sessions.repository.js';
import { pruneRateLimits } from './http/rate-limit.js';
import { pruneWriteBudgets } from './http/write-limits.js';

const HOUR = 3_600_000;

/**
 * Deletes what can never be used again: old challenges, dead refresh tokens, past rate windows,
 * mails given up or expired a day ago (sent ones are deleted at once), the records of editions
 * a month old. The job queue runs it every hour, on one instance (server.ts).
 */
export async function pruneExpired(db: Database, clock: Clock): Promise<void> {
  const dayAgo = new Date(clock.now().getTime() - 24 * HOUR);
  await challengesRepository.pruneExpired(db, dayAgo);
  await refreshTokensRepository.pruneExpired(db, dayAgo);
  await sessionsRepository.pruneEnded(db, dayAgo);
  await pruneRateLimits(db, dayAgo);
  await pruneWriteBudgets(db, dayAgo);
  await pruneMailOutbox(db, dayAgo);
  await pruneEditions(db, clock.now());
}
