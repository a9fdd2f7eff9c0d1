import { CATEGORY_IDS } from '@lede/shared';
import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, setTheme, watchConsole } from './support/helpers';
import { cardsOf, pageToken, signedInReader } from './support/reader';

test('an empty feed says why and offers the way back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signedInReader(page, request, 'empty-feed', ['science', 'travel', 'food']);
  const headers = { Authorization: `Bearer ${await pageToken(page)}` };

  // Every category turned off. The bundled corpus still has uncategorised stories, so the
  // stored feed is stood in for by an empty one (the reasons and the ways back are real).
  const off = await page.request.post('/api/recommendations/steer', {
    headers,
    data: { changes: CATEGORY_IDS.map((key) => ({ kind: 'category', key, state: 'off' })) },
  });
  expect(off.status()).toBe(200);
  // A refresh's answer is the feed's first page: it is stood in for the same way.
  const empty = { recommendations: [], interestCount: 3, nextCursor: null };
  await page.route('**/api/recommendations/get', (route) => route.fulfill({ json: empty }));
  await page.route('**/api/recommendations/refresh', (route) =>
    route.fulfill({ json: { ...empty, message: 'Recommendations refreshed!' } }),
  );

  await page.goto('/home');
  await expect(page.getByText('No recommendations available at the moment.')).toBeVisible();
  await expect(
    page.getByText(`You turned down or off ${CATEGORY_IDS.length} topics.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose more interests' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expectNoA11yViolations(page, `empty feed (${theme})`);
  }

  // Refresh finds nothing and says so; Reset steering rebuilds the feed and brings it back.
  await page.getByRole('button', { name: 'Refresh Recommendations' }).click();
  await expect(page.getByRole('status').filter({ hasText: /nothing new yet/ })).toBeVisible();
  await page.unroute('**/api/recommendations/get');
  await page.unroute('**/api/recommendations/refresh');
  await page.getByRole('button', { name: 'Reset steering' }).click();
  await expect(cardsOf(page, 'Recommended articles').first()).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
