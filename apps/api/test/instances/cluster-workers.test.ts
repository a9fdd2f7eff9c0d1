/**
 * API_WORKERS=2 (src/cluster.ts): one app process (src/server.ts through tsx, real HTTP) whose
 * primary runs two node:cluster workers on one port, on one PostgreSQL database. The workers
 * are instances as two-instances.test.ts has them, behind the kernel's round robin instead of a
 * proxy: what one prepared, the other's changes reach through the LISTEN/NOTIFY relays, and
 * GET /api/metrics adds up both, as does METRICS_PORT, which the primary alone opens.
 *
 * Which worker answered is read from the log: every request line carries the worker's pid and
 * the request's id, which the answer carries as X-Request-Id.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createEmptyDatabase,
  eventually,
  startInstance,
  type EmptyDatabase,
  type Instance,
  type LogLine,
} from './instance.js';

const JWT_SECRET = 'one-secret-for-both-workers-of-this-test';
const METRICS_TOKEN = 'metrics-token-of-this-test';
const serverUrl = inject('pgServerUrl');
let database: EmptyDatabase;
let sql: pg.Client;
let tmp: string;
let app: Instance;

beforeAll(async () => {
  database = await createEmptyDatabase(serverUrl, 'cluster');
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-cluster-'));
  app = await startInstance('cluster', {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: tmp,
    DATABASE_URL: database.url,
    JWT_SECRET,
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4',
    // Longer than the test: what it sees of a change is the notification, not an expiry.
    PUBLIC_CACHE_SECONDS: '60',
    API_WORKERS: '2',
    METRICS_TOKEN,
    // A free port, opened by the primary alone; its log line says which.
    METRICS_PORT: '0',
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await sql?.end();
  await database?.drop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
}, 30_000);

interface Answer {
  status: number;
  /** The pid of the worker that answered (from its log line). */
  pid: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, any>;
}

/** One request on a connection of its own, so the kernel's round robin picks a worker for it. */
function request(
  method: string,
  pathname: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<Omit<Answer, 'pid'>> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.url}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: text ? (JSON.parse(text) as Record<string, any>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const requestLines = () => app.logged('request completed');

/** A Prometheus scrape on a connection of its own. */
function scrape(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(text) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      })
      .on('error', reject);
  });
}

/** Sends the request, then finds which worker answered it in the log. */
async function call(
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const answer = await request(method, pathname, options);
  const reqId = answer.headers['x-request-id'];
  const line = await eventually(
    `the log line of ${method} ${pathname}`,
    () => requestLines().find((l: LogLine) => l.reqId === reqId),
    3_000,
    10,
  );
  return { ...answer, pid: line.pid as number };
}

const workerPids = () =>
  new Set(app.logged('API worker listening').map((line) => line.pid as number));

describe('API_WORKERS=2: two workers on one port behave as one', () => {
  it('the primary runs two workers on one port and says it runs once both listen', async () => {
    // The primary hears each worker listen over IPC; the workers' own log lines are written
    // asynchronously (pino) and may land after the primary's.
    const pids = await eventually(
      'both workers log that they listen',
      () => (workerPids().size >= 2 ? workerPids() : undefined),
      3_000,
      10,
    );
    expect(pids.size, app.output()).toBe(2);
    expect(pids.has(app.pid)).toBe(false);
    // Printed by the primary, once (a worker only logs that it listens).
    expect(app.output().match(/^ {2}Lede is running at/gm)).toHaveLength(1);
    // The log is written asynchronously (pino): the line may land just after the printed one.
    await eventually(
      'the primary logs that every worker listens',
      () => app.logged('every API worker listens')[0],
      3_000,
      10,
    );
    expect(app.logged('every API worker listens')).toHaveLength(1);
    // Both migrated-or-waited under the start-up lock: the corpus was loaded once.
    expect(app.logged('loaded the bundled article corpus')).toHaveLength(1);
  });

  it('connections go to both workers', async () => {
    const answered = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const latest = await call('GET', '/api/articles/getlatestarticles');
      expect(latest.status).toBe(200);
      answered.add(latest.pid);
    }
    expect(answered).toEqual(workerPids());
  });

  it('a like through one worker shows in the bodies both prepared', async () => {
    const [reader] = (
      await sql.query<{ id: string; session_version: number }>(
        `insert into users (email, name, password_hash, interests)
         values ($1, 'Cluster Reader', 'x', '{politics,sports,science}') returning id, session_version`,
        [`cluster.${crypto.randomBytes(4).toString('hex')}@example.com`],
      )
    ).rows;
    const [session] = (
      await sql.query<{ id: string }>(
        `insert into sessions (user_id, authenticated_at, created_at, expires_at)
         values ($1, now(), now(), now() + interval '1 day') returning id`,
        [reader!.id],
      )
    ).rows;
    const iat = Math.floor(Date.now() / 1000);
    const token = jwt.sign(
      { sub: reader!.id, ver: reader!.session_version, sid: session!.id, iat, exp: iat + 600 },
      JWT_SECRET,
      { algorithm: 'HS256' },
    );

    const latest = await call('GET', '/api/articles/getlatestarticles');
    const article = latest.body.articles[0] as { _id: string; likes: number };
    const byId = `/api/articles/getarticlebyid?article_id=${article._id}`;
    // Each worker prepares the article's body (kept 60 s).
    const seen = new Map<number, number>();
    await eventually(
      'both workers answering the article',
      async () => {
        const answer = await call('GET', byId);
        seen.set(answer.pid, answer.body.article.likes as number);
        return seen.size === 2 || undefined;
      },
      5_000,
      0,
    );
    expect([...seen.values()]).toEqual([article.likes, article.likes]);

    const liked = await call('POST', '/api/userinteractions/like', {
      body: { article_id: article._id },
      token,
    });
    expect(liked.status).toBe(200);
    expect(liked.body.liked).toBe(true);

    const started = Date.now();
    const showsLike = new Set<number>();
    await eventually(
      'the like in both workers’ article body',
      async () => {
        const answer = await call('GET', byId);
        if (answer.body.article.likes === article.likes + 1) showsLike.add(answer.pid);
        return showsLike.size === 2 || undefined;
      },
      5_000,
      0,
    );
    console.info(`both workers showed the like ${Date.now() - started} ms after it was taken`);
  });

  it('GET /api/metrics, and METRICS_PORT opened by the primary alone, count both workers', async () => {
    const route = '/api/articles/getlatestarticles';
    const answered = requestLines().filter((l) => (l.req as { url: string }).url === route);
    const opened = app.logged('metrics listening');
    expect(opened.map((line) => [line.pid, line.host])).toEqual([[app.pid, '127.0.0.1']]);
    const scrapes = {
      apiPort: await scrape(`${app.url}/api/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` }),
      metricsPort: await scrape(`http://127.0.0.1:${opened[0]!.port as number}/metrics`),
    };
    for (const text of Object.values(scrapes)) {
      const counted = text
        .split('\n')
        .filter(
          (line) => line.startsWith('lede_http_requests_total{') && line.includes(`"${route}"`),
        )
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
      expect(counted).toBe(answered.length);
      // Pool gauges add up too: two pools of DATABASE_POOL_MAX (30) each.
      expect(text).toMatch(/^lede_db_pool_max_connections 60$/m);
    }
  });

  it('a worker that dies is replaced, and SIGTERM stops everything', async () => {
    const [victim] = [...workerPids()];
    process.kill(victim!, 'SIGKILL');
    await eventually('a new worker', () => (workerPids().size === 3 ? true : undefined), 30_000);
    const after = await call('GET', '/api/articles/getlatestarticles');
    expect(after.status).toBe(200);
    expect(after.pid).not.toBe(victim);
    expect(app.logged('an API worker exited')).toHaveLength(1);

    expect(await app.stop(), app.output()).toBe(0);
    expect(app.logged('stopped').length).toBe(3); // two workers, then the primary
  }, 40_000);
});
