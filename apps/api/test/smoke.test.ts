import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context.js';
import { signUp } from './flows.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx.close(); });

it('health and signup work', async () => {
  const h = await ctx.request().get('/api/health');
  expect(h.status).toBe(200);
  expect(h.body).toEqual({ status: 'ok' });
  const { user } = await signUp(ctx, ctx.request());
  expect(user.email).toBe('ada@example.com');
});
