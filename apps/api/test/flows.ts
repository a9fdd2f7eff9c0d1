import type supertest from 'supertest';
import type { TestContext } from './context.js';

export const PASSWORD = 'Str0ng!pass';

/** Signs a reader up the way the client does: code, verification, account. */
export async function signUp(
  ctx: TestContext,
  agent: supertest.Agent,
  { name = 'Ada Lovelace', email = 'ada@example.com', password = PASSWORD } = {},
) {
  const sent = await agent.post('/api/auth/send-otp').send({ email }).expect(200);
  const code = await ctx.mail.lastCode(email);
  const verified = await agent
    .post('/api/auth/verify-otp')
    .send({ email, otp: code, hash: sent.body.hash })
    .expect(200);
  // Also in the body: a Secure cookie (an https APP_ORIGIN) does not come back over plain HTTP.
  const { verificationToken } = verified.body as { verificationToken: string };
  const res = await agent
    .post('/api/auth/signup')
    .send({ name, email, password, verificationToken })
    .expect(201);
  return { token: res.body.AccessToken as string, user: res.body.newUser, res };
}

/** Signs in with password and code. */
export async function logIn(
  ctx: TestContext,
  agent: supertest.Agent,
  email: string,
  password = PASSWORD,
) {
  const sent = await agent
    .post('/api/auth/verify-credentials-send-otp')
    .send({ email, password })
    .expect(200);
  const code = await ctx.mail.lastCode(email);
  const verified = await agent
    .post('/api/auth/verify-otp')
    .send({ email, otp: code, hash: sent.body.hash })
    .expect(200);
  const { verificationToken } = verified.body as { verificationToken: string };
  const res = await agent
    .post('/api/auth/login')
    .send({ email, password, verificationToken })
    .expect(200);
  return { token: res.body.AccessToken as string, user: res.body.user, res };
}

/** A wrong code for a known right one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let counter = 0;
/** A different address per call, so tests in one file never share rate-limit counters. */
export const uniqueEmail = (prefix = 'reader') =>
  `${prefix}.${Date.now().toString(36)}${++counter}@example.com`;
