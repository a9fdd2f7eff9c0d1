import type { Request, RequestHandler } from 'express';
import type { CodeLimits } from '../auth/index.js';
import { MESSAGES } from '@lede/shared';
import type { RouteRegistrar } from '../../http/route.js';
import type { WriteLimits } from '../../http/write-limits.js';
import { ApiError } from '../../lib/errors.js';
import { currentSession, setSession } from '../auth/index.js';
import type { AuthService } from '../auth/index.js';
import { REFRESH_COOKIE } from '../auth/index.js';
import { toPublicUser } from '../users/index.js';
import { receivePicture } from './pictures/picture-upload.js';
import type { ProfileService } from './profile.service.js';

const m = MESSAGES.profile;

/** Step 2 of an e-mail change carries the code; step 1 only sends one (and is rate limited). */
const confirmsEmailChange = (req: Request) => Boolean(req.body?.otp && req.body?.hash);
const unlessConfirming = (handlers: RequestHandler[]): RequestHandler[] =>
  handlers.map(
    (handler) => (req, res, next) => (confirmsEmailChange(req) ? next() : handler(req, res, next)),
  );

/**
 * /api/profile/...: the signed-in reader's own account. Every change answers with the updated
 * `user` (login's shape); the session middleware adds `AccessToken`.
 */
export function profileRoutes(
  routes: RouteRegistrar,
  profile: ProfileService,
  auth: AuthService,
  codeLimits: CodeLimits,
  limits: WriteLimits,
): void {
  routes.json('PUT /api/profile/editname', [limits.profile], async ({ body, user }) => ({
    message: m.nameUpdated,
    user: toPublicUser(await profile.editName(user, body.name)),
  }));

  /** `{ email }` mails a code to the new address; `{ email, otp, hash }` makes the change. */
  routes.json(
    'PUT /api/profile/changeemail',
    [limits.profile, ...unlessConfirming(codeLimits.change_email)],
    async ({ body, user, req, res }) => {
      const session = currentSession(req);
      const caller = auth.callerOf(req);
      if (body.otp && body.hash) {
        const changed = await auth.emailChange.confirm(
          user,
          session,
          { email: body.email, otp: body.otp, hash: body.hash },
          caller,
        );
        setSession(res, req, { ...changed, session });
        // Every other session of the reader ended with the move.
        caller.security('session.ended', { userId: user.id, sessionId: session.id });
        return { message: m.emailUpdated, user: toPublicUser(changed.user) };
      }
      // Step 1 is the sensitive one: a copied token alone must not move the account elsewhere.
      await auth.confirmIdentity(user, session, body.password, caller);
      const sent = await auth.emailChange.start(user, body.email, caller);
      return {
        message: m.emailCodeSent,
        ...sent,
        pendingEmail: body.email,
        user: toPublicUser(user),
      };
    },
  );

  routes.json('PUT /api/profile/toggletheme', [limits.profile], async ({ body, user }) => ({
    message: m.themeUpdated,
    user: toPublicUser(await profile.setTheme(user, body.theme)),
  }));

  routes.json('PUT /api/profile/resetinterests', [limits.feeds], async ({ user }) => ({
    message: m.interestsReset,
    user: toPublicUser(await profile.resetInterests(user)),
  }));

  routes.json('POST /api/profile/setinterests', [limits.feeds], async ({ body, user }) => ({
    message: m.interestsSaved,
    user: toPublicUser(await profile.setInterests(user, body.interests)),
  }));

  routes.json('PUT /api/profile/timezone', [limits.profile], async ({ body, user }) => ({
    message: m.timezoneUpdated,
    user: toPublicUser(await profile.setTimezone(user, body.timezone)),
  }));

  routes.json('PUT /api/profile/updateprofilepicture', [limits.profile], async ({ body, user }) => {
    const updated = await profile.choosePicture(user, body.profile_url);
    return {
      message: updated.profileUrl ? m.pictureUpdated : m.pictureRemoved,
      user: toPublicUser(updated),
    };
  });

  /** Multipart: `receivePicture` reads the file the table names (`upload.field`), once counted. */
  routes.json(
    'POST /api/profile/uploadpicture',
    [limits.uploads, receivePicture],
    async ({ user, req }) => {
      if (!req.file) throw ApiError.badRequest(m.noFile);
      const { url, user: updated } = await profile.uploadPicture(user, req.file.buffer);
      return { message: m.pictureUpdated, url, user: toPublicUser(updated) };
    },
  );

  routes.json(
    'DELETE /api/profile/deleteaccount',
    [limits.profile],
    async ({ body, user, req, res }) => {
      await auth.confirmIdentity(user, currentSession(req), body.password, auth.callerOf(req));
      await profile.deleteAccount(user);
      auth.callerOf(req).security('session.ended', { userId: user.id });
      res.locals.accessToken = undefined;
      res.clearCookie(REFRESH_COOKIE, auth.tokens.cookieOptions(req));
      return { message: m.accountDeleted };
    },
  );

  routes.json('GET /api/profile/getstreak', async ({ user }) => ({
    streak: await profile.streak(user),
  }));
}
