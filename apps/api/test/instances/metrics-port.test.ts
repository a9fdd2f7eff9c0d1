/**
 * METRICS_PORT on a real server (src/server.ts through tsx, one process): Prometheus reads the
 * metrics on a listener of its own, bound to loopback, that serves nothing else; the API's port
 * refuses them to a loopback client without METRICS_TOKEN, as it refuses everyone (behind
 * Docker's userland proxy or a proxy without TRUST_PROXY, every visitor is loopback or private).
 * The cluster's primary opening it alone: cluster-workers.test.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createEmptyDatabase,
  eventually,
  startInstance,
  type EmptyDatabase,
  type Instance,
} from './instance.js';

let database: EmptyDatabase;
let tmp: string;
let app: Instance;
let metricsUrl: string;

beforeAll(async () => {
  database = await createEmptyDatabase(inject('pgServerUrl'), 'metrics_port');
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-metrics-port-'));
  app = await startInstance('metrics-port', {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: tmp,
    DATABASE_URL: database.url,
    JWT_SECRET: 'a-secret-for-the-metrics-port-test',
    LOG_LEVEL: 'info',
    SEED_CORPUS: 'false',
    METRICS_PORT: '0',
  });
  // The log line may come a moment after the "running at" one.
  const [opened] = await eventually(
    'the metrics listener’s log line',
    () =>
      app.logged('metrics listening').length > 0 ? app.logged('metrics listening') : undefined,
    5_000,
  );
  metricsUrl = `http://127.0.0.1:${opened!.port as number}`;
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
}, 30_000);

describe('METRICS_PORT', () => {
  it('opens one listener, on loopback', () => {
    expect(app.logged('metrics listening').map((line) => line.host)).toEqual(['127.0.0.1']);
  });

  it('serves the metrics there without a token, counting the API’s requests', async () => {
    expect((await fetch(`${app.url}/api/articles/getlatestarticles`)).status).toBe(200);
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(
      /^lede_http_requests_total\{method="GET",route="\/api\/articles\/getlatestarticles",status="200"\} 1$/m,
    );
  });

  it('serves nothing else there', async () => {
    for (const pathname of ['/', '/api/health', '/api/articles/getlatestarticles']) {
      expect([pathname, (await fetch(`${metricsUrl}${pathname}`)).status]).toEqual([pathname, 404]);
    }
  });

  it('the API’s port refuses them to a loopback client without METRICS_TOKEN', async () => {
    const res = await fetch(`${app.url}/api/metrics`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'METRICS_FORBIDDEN' });
  });

  it('stops with the server', async () => {
    expect(await app.stop(), app.output()).toBe(0);
    await expect(fetch(`${metricsUrl}/metrics`)).rejects.toThrow();
  });
});
