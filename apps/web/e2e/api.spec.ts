import { expect, test } from '@playwright/test';

test('GET /api/health answers {status:"ok"}', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
});

test('GET /api/nonexistent is a JSON 404 with a message', async ({ request }) => {
  const res = await request.get('/api/nonexistent');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await res.json()) as { message?: unknown };
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toBe('');
});
