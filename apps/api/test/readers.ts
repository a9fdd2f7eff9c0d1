import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import type { AppDeps } from '../src/deps.js';
import { users } from '../src/db/schema.js';
import { sessionsRepository } from '../src/modules/auth/sessions.repository.js';
import { createTokenService } from '../src/modules/auth/tokens.service.js';

const FOREVER = new Date('9999-12-31T00:00:00Z');

/** Test support (no routes use it): readers inserted directly, each with a valid access token. */
export interface TestReader {
  id: string;
  /** A header with an access token signed now (by the test clock), so moving the clock never expires it. */
  auth(): { Authorization: string };
}

let passwordHash: Promise<string> | undefined;

export async function createReaders(
  deps: AppDeps,
  count: number,
  timezone = 'UTC',
): Promise<TestReader[]> {
  passwordHash ??= bcrypt.hash('Str0ng!pass', 4);
  const hash = await passwordHash;
  const tag = crypto.randomBytes(4).toString('hex');
  const rows = await deps.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `reader.${tag}.${i}@example.com`,
        name: `Reader ${i}`,
        passwordHash: hash,
        timezone,
      })),
    )
    .returning({ id: users.id, sessionVersion: users.sessionVersion });
  const tokens = createTokenService(deps);
  // A session that never ends by itself, and a token signed at each call, so a test can move
  // the clock by months and the reader is still signed in.
  const now = deps.clock.now();
  return Promise.all(
    rows.map(async (row) => {
      const session = await sessionsRepository.insert(deps.db, {
        userId: row.id,
        authenticatedAt: now,
        createdAt: now,
        expiresAt: FOREVER,
      });
      return {
        id: row.id,
        auth: () => ({ Authorization: `Bearer ${tokens.signAccessToken(row, session)}` }),
      };
    }),
  );
}

export const createReader = async (deps: AppDeps, timezone = 'UTC') =>
  (await createReaders(deps, 1, timezone))[0]!;
