/**
 * Every way the driver reports a database that is away (down, restarting, connection cut)
 * reaches readers as the same JSON 503 with Retry-After; anything else stays a 500.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { errorHandler } from '../../src/middleware/errors.js';

function answerTo(err: unknown) {
  const app = express();
  app.get('/api/boom', () => {
    throw err;
  });
  app.use(errorHandler(createLogger('silent')));
  return supertest(app).get('/api/boom');
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle throws them: the driver's error as `cause`. */
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

const unavailable: Array<[string, unknown]> = [
  ['refused (server down)', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  [
    'Unix socket gone (server shut down)',
    Object.assign(withCode('connect ENOENT /data/pg-socket/.s.PGSQL.5432', 'ENOENT'), {
      syscall: 'connect',
    }),
  ],
  ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
  ['broken pipe', withCode('write EPIPE', 'EPIPE')],
  ['timed out', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
  ['host name gone (container restarting)', withCode('getaddrinfo EAI_AGAIN db', 'EAI_AGAIN')],
  [
    'admin shutdown 57P01',
    withCode('terminating connection due to administrator command', '57P01'),
  ],
  ['crash shutdown 57P02', withCode('terminating connection because of crash', '57P02')],
  ['starting up 57P03', withCode('the database system is starting up', '57P03')],
  ['connection exception 08006', withCode('connection failure', '08006')],
  ['connection does not exist 08003', withCode('connection does not exist', '08003')],
  ['too many connections 53300', withCode('sorry, too many clients already', '53300')],
  ['terminated unexpectedly', wrapped(new Error('Connection terminated unexpectedly'))],
  ['terminated by timeout', new Error('Connection terminated due to connection timeout')],
  ['pool timeout', new Error('timeout exceeded when trying to connect')],
  [
    'not queryable',
    wrapped(new Error('Client has encountered a connection error and is not queryable')),
  ],
  ['wrapped 57P01', wrapped(withCode('terminating connection', '57P01'))],
  [
    'AggregateError of refusals (localhost: ::1 and 127.0.0.1)',
    new AggregateError([
      withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    ]),
  ],
];

describe('database outages as readers see them', () => {
  for (const [name, err] of unavailable) {
    it(`${name}: JSON 503 with Retry-After`, async () => {
      const res = await answerTo(err);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toEqual({
        message: 'Service temporarily unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
    });
  }

  it('a real bug or a constraint still answers 500, without Retry-After', async () => {
    for (const err of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      wrapped(withCode('duplicate key value violates unique constraint', '23505')),
      wrapped(withCode('relation "nope" does not exist', '42P01')),
      // a missing file is a bug, not an outage, unless it is the database's socket
      Object.assign(withCode("ENOENT: no such file or directory, open 'x'", 'ENOENT'), {
        syscall: 'open',
      }),
    ]) {
      const res = await answerTo(err);
      expect(res.status).toBe(500);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.body).toEqual({
        message: 'Something went wrong. Please try again.',
        code: 'INTERNAL_ERROR',
      });
    }
  });
});
