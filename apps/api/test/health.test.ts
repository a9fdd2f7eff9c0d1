import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createTestContext, createTestDatabase, type TestContext } from './context.js';
import { contractAgent } from './contract.js';
import { memoryLogger } from './memory-logger.js';
import { listenRaw } from './raw-http.js';

let ctx: TestContext;
let unreachable: DatabaseHandle;
beforeAll(async () => {
  ctx = await createTestContext();
  // Nothing listens on port 1: every query is refused.
  unreachable = openDatabase('postgres://postgres:postgres@127.0.0.1:1/none', 1);
});
afterAll(async () => {
  await unreachable?.close();
  await ctx?.close();
});

describe('liveness and readiness', () => {
  it('answers alive and ready while the database is up', async () => {
    const res = await ctx.request().get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });

    const ready = await ctx.request().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers['retry-after']).toBeUndefined();
  });

  it('answers not ready, with Retry-After, while the database is unreachable; still alive', async () => {
    const app = createApp({ ...ctx.deps, db: unreachable.db, pool: unreachable.pool });

    const ready = await supertest(app).get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers['content-type']).toMatch(/json/);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toEqual({
      status: 'unavailable',
      message: 'Database unreachable',
      code: 'DATABASE_UNREACHABLE',
    });

    const live = await contractAgent(app).get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    // The original check answers the same, Retry-After included.
    const health = await supertest(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.body).toEqual({
      status: 'unavailable',
      message: 'Database unreachable',
      code: 'DATABASE_UNREACHABLE',
    });
  });

  it('asks the database again on every check, after healthy answers too, never cached', async () => {
    const database = await createTestDatabase();
    const raw = await listenRaw(createApp({ ...ctx.deps, db: database.db, pool: database.pool }));
    try {
      for (let i = 0; i < 3; i++) {
        const ready = await raw.get('/api/health/ready');
        expect(ready.status).toBe(200);
        expect(ready.json()).toEqual({ status: 'ready' });
        expect(ready.headers['cache-control']).toBe('no-store');
      }
      await database.close();
      for (const path of ['/api/health/ready', '/api/health']) {
        const down = await raw.get(path);
        expect(down.status).toBe(503);
        expect(down.headers['retry-after']).toBe('5');
        expect(down.json()).toMatchObject({ code: 'DATABASE_UNREACHABLE' });
      }
      expect((await raw.get('/api/health/live')).status).toBe(200);
    } finally {
      await raw.close();
    }
  });

  it('keeps health checks out of the request log', async () => {
    const { logger, lines } = memoryLogger();
    const app = createApp({ ...ctx.deps, logger });
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
      await supertest(app).get(url).expect(200);
    }
    await supertest(app).get('/api/nope').expect(404);
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request completed')
      .map((entry) => entry.req);
    expect(logged).toEqual([{ method: 'GET', url: '/api/nope' }]);
  });
});
