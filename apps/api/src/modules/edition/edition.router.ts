import { MESSAGES } from '@lede/shared';
import type { Response } from 'express';
import type { RouteRegistrar } from '../../http/route.js';
import type { WriteLimits } from '../../http/write-limits.js';
import type { EditionService } from './edition.service.js';
import { UNSUBSCRIBE_PATH } from './edition.service.js';
import { invalidLinkPage, unsubscribedPage, unsubscribeFormPage } from './unsubscribe-page.js';

const html = (res: Response, status: number, body: string) => {
  // A page about one reader's link: never kept by a cache or a proxy.
  res.status(status).set('Cache-Control', 'no-store').type('html').send(body);
};

/**
 * /api/profile/edition: the signed-in reader's edition settings. /api/edition/unsubscribe: the
 * link of every edition, which needs no session (its token is the proof).
 */
export function editionRoutes(
  routes: RouteRegistrar,
  editions: EditionService,
  limits: WriteLimits,
  settingsUrl: string,
): void {
  routes.json('GET /api/profile/edition', async ({ user }) => ({
    edition: await editions.settings(user),
  }));

  routes.json('PUT /api/profile/edition', [limits.profile], async ({ body, user }) => ({
    message: MESSAGES.edition.saved,
    edition: await editions.saveSettings(user, { ...body, weekday: body.weekday ?? null }),
  }));

  routes.custom('GET /api/edition/unsubscribe', async ({ query, res }) => {
    if (!editions.isValidToken(query.token)) return html(res, 400, invalidLinkPage());
    html(res, 200, unsubscribeFormPage(`${UNSUBSCRIBE_PATH}?token=${query.token}`));
  });

  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click`; the token alone decides.
  routes.custom('POST /api/edition/unsubscribe', async ({ query, res }) => {
    if (!(await editions.unsubscribe(query.token))) return html(res, 400, invalidLinkPage());
    html(res, 200, unsubscribedPage(settingsUrl));
  });
}
