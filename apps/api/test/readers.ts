import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import type { AppDeps } from '../src/deps.js';
import { users } from '../src/db/schema.js';
import { createTokenService } from '../src/modules/auth/tokens.service.js';

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
  return Promise.all(
    rows.map(async (row) => {
      const token = await tokens.newSessionAccessToken(deps.db, row);
      return { id: row.id, auth: () => ({ Authorization: `Bearer ${token}` }) };
    }),
  );
}

export const createReader = async (deps: AppDeps, timezone = 'UTC') =>
  (await createReaders(deps, 1, timezone))[0]!;
