import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { memoryLogger } from '../../test/memory-logger.js';
import { uniqueEmail } from '../../test/flows.js';
import { createApp } from '../app.js';
import { users } from '../db/schema.js';
import { errorMessageForLog } from './database-error-log.js';

/**
 * A database error must tell an operator what failed (its SQLSTATE, the table and constraint,
 * the request) without writing the values it failed on: Drizzle's message lists the query's
 * parameters, PostgreSQL's detail quotes the row or key.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const entriesOf = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, any>);

/** The error a real failing statement throws, as the app's code would meet it. */
async function failureOf(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

describe('database errors in the log', () => {
  it('a request failing in the database logs its code, table, constraint and request id, not the row', async () => {
    await ctx.database.pool.query(
      'alter table users add constraint refuses_every_reader check (false) not valid',
    );
    try {
      const { logger, lines } = memoryLogger();
      const agent = supertest.agent(createApp({ ...ctx.deps, logger }));
      const email = uniqueEmail('secret.reader');
      const name = 'Zebediah Quartermaine';
      const sent = await agent.post('/api/auth/send-otp').send({ email }).expect(200);
      const otp = await ctx.mail.lastCode(email);
      await agent.post('/api/auth/verify-otp').send({ email, otp, hash: sent.body.hash });
      const failed = await agent
        .post('/api/auth/signup')
        .send({ name, email, password: 'Secret-pass1!' })
        .expect(500);

      const logged = lines.join('\n');
      for (const secret of [email, name, 'Secret-pass1!', '$2b$', sent.body.hash, otp]) {
        expect(logged).not.toContain(secret);
      }
      expect(logged).not.toMatch(/params|Failing row/);
      const [entry] = entriesOf(lines).filter((e) => e.msg === 'request failed');
      expect(entry).toMatchObject({
        reqId: failed.headers['x-request-id'],
        method: 'POST',
        url: '/api/auth/signup',
        err: {
          type: 'DatabaseError',
          code: '23514',
          severity: 'ERROR',
          table: 'users',
          constraint: 'refuses_every_reader',
          query: expect.stringMatching(/^insert into "users"/),
        },
      });
      expect(entry!.err.stack).toMatch(/^\s+at /);
    } finally {
      await ctx.database.pool.query('alter table users drop constraint refuses_every_reader');
    }
  });

  it('keeps the key out of a unique violation, logged as err or as a message', async () => {
    const email = uniqueEmail('taken.secret');
    const row = { email, name: 'Ada', passwordHash: 'hash-of-a-secret-password' };
    await ctx.deps.db.insert(users).values(row);
    const err = await failureOf(ctx.deps.db.insert(users).values(row));
    const { logger, lines } = memoryLogger();
    logger.error({ err }, 'could not store a reader');

    const [entry] = entriesOf(lines);
    expect(entry!.err).toMatchObject({
      code: '23505',
      table: 'users',
      constraint: expect.stringContaining('email'),
    });
    expect(entry!.err.message).toBe('duplicate key value violates unique constraint "…"');
    for (const logged of [lines.join('\n'), errorMessageForLog(err)]) {
      expect(logged).not.toContain(email);
      expect(logged).not.toContain('hash-of-a-secret-password');
    }
    expect(errorMessageForLog(err)).toMatch(/code 23505, schema public, table users, constraint/);
  });

  it('keeps a refused value out of PostgreSQL’s own message', async () => {
    const err = await failureOf(ctx.deps.db.execute(sql`select ${'otp-481516'}::uuid`));
    const { logger, lines } = memoryLogger();
    logger.warn({ err }, 'maintenance failed');
    expect(lines.join('\n')).not.toContain('481516');
    expect(errorMessageForLog(err)).not.toContain('481516');
    expect(entriesOf(lines)[0]!.err).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "…"',
      query: 'select $1::uuid',
    });
  });

  it('logs any other error as before, message and stack', () => {
    const { logger, lines } = memoryLogger();
    logger.error({ err: new Error('the mailer is down') }, 'mail could not be delivered');
    const [entry] = entriesOf(lines);
    expect(entry!.err).toMatchObject({ type: 'Error', message: 'the mailer is down' });
    expect(entry!.err.stack).toContain('the mailer is down');
  });
});
