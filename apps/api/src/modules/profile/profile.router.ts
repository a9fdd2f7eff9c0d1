import { Router, type RequestHandler } from 'express';
import {
  changeEmailBody,
  editNameBody,
  MESSAGES,
  setInterestsBody,
  timezoneBody,
  toggleThemeBody,
  updateProfilePictureBody,
} from '@lede/shared';
import { ApiError } from '../../lib/errors.js';
import { parseInput, validBody } from '../../lib/validate.js';
import { currentUser, setSession } from '../auth/session.js';
import type { AuthService } from '../auth/auth.service.js';
import { REFRESH_COOKIE } from '../auth/tokens.service.js';
import { toPublicUser } from '../users/users.serializer.js';
import { receivePicture } from './pictures/picture-upload.js';
import type { ProfileService } from './profile.service.js';

const m = MESSAGES.profile;

/** /api/profile/...: the signed-in reader's own account. */
/**
 * /api/profile/...: the signed-in reader's own account. Every change answers with the updated
 * `user` (login's shape); the session middleware adds `AccessToken`.
 */
export function profileRouter(
  profile: ProfileService,
  auth: AuthService,
  signedIn: RequestHandler,
  codeLimits: RequestHandler[],
): Router {
  const router = Router();
  router.use(signedIn);

  router.put('/editname', async (req, res) => {
    const { name } = parseInput(editNameBody, req.body);
    const user = await profile.editName(currentUser(req), name);
    res.json({ message: m.nameUpdated, user: toPublicUser(user) });
  });

  /** `{ email }` mails a code to the new address; `{ email, otp, hash }` makes the change. */
  router.put('/changeemail', validBody(changeEmailBody), async (req, res, next) => {
    const body = parseInput(changeEmailBody, req.body);
    if (body.otp && body.hash) {
      const changed = await auth.emailChange.confirm(currentUser(req), {
        email: body.email,
        otp: body.otp,
        hash: body.hash,
        refreshToken: req.cookies?.[REFRESH_COOKIE],
      });
      setSession(res, req, changed.user, changed.accessToken);
      res.json({ message: m.emailUpdated, user: toPublicUser(changed.user) });
      return;
    }
    next();
  });
  router.put('/changeemail', ...codeLimits, async (req, res) => {
    const { email } = parseInput(changeEmailBody, req.body);
    const user = currentUser(req);
    const sent = await auth.emailChange.start(user, email, req.ip);
    res.json({
      message: m.emailCodeSent,
      ...sent,
      pendingEmail: email,
      user: toPublicUser(user),
    });
  });

  router.put('/toggletheme', async (req, res) => {
    const { theme } = parseInput(toggleThemeBody, req.body);
    const user = await profile.setTheme(currentUser(req), theme);
    res.json({ message: m.themeUpdated, user: toPublicUser(user) });
  });

  router.put('/resetinterests', async (req, res) => {
    const user = await profile.resetInterests(currentUser(req));
    res.json({ message: m.interestsReset, user: toPublicUser(user) });
  });

  router.post('/setinterests', async (req, res) => {
    const { interests } = parseInput(setInterestsBody, req.body);
    const user = await profile.setInterests(currentUser(req), interests);
    res.json({ message: m.interestsSaved, user: toPublicUser(user) });
  });

  router.put('/timezone', async (req, res) => {
    const { timezone } = parseInput(timezoneBody, req.body);
    const user = await profile.setTimezone(currentUser(req), timezone);
    res.json({ message: m.timezoneUpdated, user: toPublicUser(user) });
  });

  router.put('/updateprofilepicture', async (req, res) => {
    const { profile_url } = parseInput(updateProfilePictureBody, req.body);
    const user = await profile.choosePicture(currentUser(req), profile_url);
    res.json({
      message: user.profileUrl ? m.pictureUpdated : m.pictureRemoved,
      user: toPublicUser(user),
    });
  });

  router.post('/uploadpicture', receivePicture, async (req, res) => {
    if (!req.file) throw ApiError.badRequest(m.noFile);
    const { url, user } = await profile.uploadPicture(currentUser(req), req.file.buffer);
    res.json({ message: m.pictureUpdated, url, user: toPublicUser(user) });
  });

  router.delete('/deleteaccount', async (req, res) => {
    await profile.deleteAccount(currentUser(req));
    res.locals.accessToken = undefined;
    res.clearCookie(REFRESH_COOKIE, auth.tokens.cookieOptions(req));
    res.json({ message: m.accountDeleted });
  });

  router.get('/getstreak', async (req, res) => {
    res.json({ streak: await profile.streak(currentUser(req)) });
  });

  return router;
}
