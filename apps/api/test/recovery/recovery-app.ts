/**
 * The app on a PostgreSQL server of a recovery test's own: migrated, two articles and one reader
 * inserted directly (no corpus: quick), and the requests a reader makes, to replay while the
 * server is down and after it is back.
 */
import crypto from 'node:crypto';
import { responseSchemaFor } from '@lede/shared';
import type { Express } from 'express';
import { expect } from 'vitest';
import { createApp } from '../../src/app.js';
import { createChanges } from '../../src/changes/index.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { articles, users } from '../../src/db/schema.js';
import type { AppDeps } from '../../src/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import type { Logger } from '../../src/lib/logger.js';
import { createMailOutbox } from '../../src/modules/mail/index.js';
import { createLogMailer } from '../../src/lib/mailer.js';
import { createTokenService } from '../../src/modules/auth/tokens.service.js';
import { createMetrics } from '../../src/modules/metrics/metrics.js';

export interface RecoveryApp {
  app: Express;
  database: DatabaseHandle;
  /** What the replayed requests need: an article's id and a reader's access token. */
  fixture: RecoveryFixture;
}

export interface RecoveryFixture {
  articleId: string;
  token: string;
}

export async function createRecoveryApp(databaseUrl: string, logger: Logger): Promise<RecoveryApp> {
  const database = openDatabase(databaseUrl, 5);
  await runMigrations(database.db);
  const now = systemClock.now();
  const [first] = await database.db
    .insert(articles)
    .values(
      ['Harbour lights return to the old port', 'Tides of the northern harbour'].map(
        (title, i) => ({
          title,
          description: `${title}, as seen from the quay.`,
          pubDate: new Date(now.getTime() - i * 60_000),
          link: `https://news.example/recovery/${crypto.randomUUID()}`,
          sourceName: 'Recovery Gazette',
          keywords: ['harbour'],
          titleKey: title.toLowerCase(),
        }),
      ),
    )
    .returning();
  const [reader] = await database.db
    .insert(users)
    .values({
      email: `reader-${crypto.randomUUID()}@example.com`,
      name: 'Reader',
      passwordHash: 'unused: the test signs the access token itself',
    })
    .returning();

  // Public answers are not kept (PUBLIC_CACHE_SECONDS=0): every request reaches the database.
  const base = loadConfig({
    NODE_ENV: 'test',
    BCRYPT_COST: '4',
    LOG_LEVEL: 'silent',
    PUBLIC_CACHE_SECONDS: '0',
  });
  const config = { ...base, jwtSecret: crypto.randomBytes(32).toString('hex') };
  const metrics = createMetrics(database.pool);
  const deps: AppDeps = {
    config,
    db: database.db,
    pool: database.pool,
    // Not started: nothing here sends mail.
    outbox: createMailOutbox({
      db: database.db,
      mailer: createLogMailer(logger),
      logger,
      clock: systemClock,
    }),
    clock: systemClock,
    logger,
    metrics,
    changes: createChanges(),
  };
  const token = await createTokenService(deps).newSessionAccessToken(deps.db, reader!);
  return { app: createApp(deps), database, fixture: { articleId: first!.id, token } };
}

export interface ReaderRequest {
  name: string;
  method: 'GET';
  path: string;
  headers: Record<string, string>;
}

/** What readers ask for: public lists, one article, search, signed-in pages, and readiness. */
export function readerRequests({ articleId, token }: RecoveryFixture): ReaderRequest[] {
  const signedIn = { Authorization: `Bearer ${token}` };
  return [
    { name: 'latest', path: '/api/articles/getlatestarticles?limit=5', headers: {} },
    { name: 'by id', path: `/api/articles/getarticlebyid?article_id=${articleId}`, headers: {} },
    { name: 'search', path: '/api/articles/getarticlebykeyword?keyword=harbour', headers: {} },
    { name: 'me', path: '/api/auth/me', headers: signedIn },
    { name: 'saved', path: '/api/articles/getsavedarticles', headers: signedIn },
    { name: 'ready', path: '/api/health/ready', headers: {} },
  ].map((r) => ({ ...r, method: 'GET' as const }));
}

export interface Answer {
  request: string;
  status: number;
  contentType: string;
  retryAfter: string | null;
  body: unknown;
  /** Milliseconds since the database was stopped. */
  at: number;
}

/**
 * One answer as a reader sees it. `send` is fetch against a listening server or an adapter over
 * supertest; either way the status, the headers and the parsed JSON body are what is kept.
 */
export async function ask(
  send: (r: ReaderRequest) => Promise<Response>,
  request: ReaderRequest,
  since: number,
): Promise<Answer> {
  const res = await send(request);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // kept as text: the assertions report it
  }
  return {
    request: request.name,
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    retryAfter: res.headers.get('retry-after'),
    body,
    at: Math.round(performance.now() - since),
  };
}

/** Every answer while the database is down: JSON 503 with Retry-After (or a 200), never a 500. */
export function expectOutageAnswers(answers: Answer[]): void {
  const wrong = answers.filter((a) => {
    if (a.status === 200) return false;
    if (a.status !== 503 || !a.contentType.includes('application/json')) return true;
    if (!a.retryAfter || !(Number(a.retryAfter) > 0)) return true;
    const expected =
      a.request === 'ready'
        ? { status: 'unavailable', message: 'Database unreachable', code: 'DATABASE_UNREACHABLE' }
        : { message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' };
    return JSON.stringify(a.body) !== JSON.stringify(expected);
  });
  expect(wrong, 'answers during the outage that are not JSON 503 with Retry-After').toEqual([]);
}

/** Checks a 200 body against the shared response contract, as contractAgent does. */
export function expectContract(request: ReaderRequest, answer: Answer): void {
  const schema = responseSchemaFor(request.method, request.path, answer.status);
  expect(schema, `${request.name}: no contract for ${answer.status}`).toBeDefined();
  const parsed = schema!.safeParse(answer.body);
  expect(parsed.success, `${request.name} ${answer.status}: ${JSON.stringify(answer.body)}`).toBe(
    true,
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
