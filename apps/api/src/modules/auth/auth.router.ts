import type { Request, Response } from 'express';
import { MESSAGES } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import type { RouteRegistrar } from '../../http/route.js';
import { createLimiter, ipKey } from '../../http/rate-limit.js';
import { toPublicUser } from '../users/index.js';
import type { AuthService, Session } from './auth.service.js';
import type { CodeLimits } from './code-limits.js';
import { bearerToken } from './session.js';
import { DEVICE_COOKIE } from './device-cookie.js';
import { REFRESH_COOKIE, VERIFICATION_COOKIE } from './tokens.service.js';

const m = MESSAGES.auth;

/** /api/auth/...: codes, signup, login, password reset and the session itself. */
export function authRoutes(
  routes: RouteRegistrar,
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  auth: AuthService,
  codeLimits: CodeLimits,
): void {
  const { db, clock, config } = deps;
  const caller = auth.callerOf;

  routes.use(
    '/api/auth',
    createLimiter({
      db,
      clock,
      name: 'auth-ip',
      limit: config.authIpLimit,
      windowMinutes: config.otp.windowMinutes,
      message: m.tooManyRequests,
      key: ipKey,
    }),
  );

  const startSession = (req: Request, res: Response, session: Session) => {
    res.cookie(REFRESH_COOKIE, session.refreshToken, auth.tokens.cookieOptions(req));
    return { AccessToken: session.accessToken, user: toPublicUser(session.user) };
  };
  /** The proof of this client's verified code: the body's, or the cookie verify-otp set. */
  const verificationToken = (req: Request, body: { verificationToken?: string }) =>
    body.verificationToken ?? (req.cookies?.[VERIFICATION_COOKIE] as string | undefined);
  /** After a sign-in or sign-up: this browser is now known to the account (device-cookie.ts). */
  const signedIn = (req: Request, res: Response, session: Session) => {
    res.clearCookie(VERIFICATION_COOKIE, auth.tokens.verificationCookieOptions(req));
    if (auth.devices.read(req)?.userId !== session.user.id) {
      res.cookie(
        DEVICE_COOKIE,
        auth.devices.issue(session.user.id),
        auth.devices.cookieOptions(req),
      );
    }
    return startSession(req, res, session);
  };

  routes.json('POST /api/auth/send-otp', codeLimits.signup, async ({ body, req }) => ({
    message: m.otpSent,
    ...(await auth.sendSignupOtp(body.email, caller(req))),
  }));

  routes.json(
    'POST /api/auth/verify-credentials-send-otp',
    codeLimits.login,
    async ({ body, req }) => ({
      message: m.credentialsVerified,
      ...(await auth.verifyCredentialsAndSendOtp(body.email, body.password, caller(req))),
    }),
  );

  routes.json('POST /api/auth/verify-otp', async ({ body: { email, otp, hash }, req, res }) => {
    const verificationToken = await auth.verifySignupOrLoginOtp(email, hash, otp, caller(req));
    res.cookie(VERIFICATION_COOKIE, verificationToken, auth.tokens.verificationCookieOptions(req));
    return { message: m.otpVerified, verified: true as const, verificationToken };
  });

  routes.json('POST /api/auth/signup', async ({ body, req, res }) => {
    const session = await auth.signup(body, verificationToken(req, body), caller(req));
    const { AccessToken, user } = signedIn(req, res, session);
    return { message: m.signupSuccess, AccessToken, newUser: user };
  });

  routes.json('POST /api/auth/login', async ({ body, req, res }) => {
    const session = await auth.login(body, verificationToken(req, body), caller(req));
    const { AccessToken, user } = signedIn(req, res, session);
    return { message: m.loginSuccess, AccessToken, user };
  });

  routes.json(
    'POST /api/auth/forgot-password',
    codeLimits.password_reset,
    async ({ body, req }) => ({
      message: m.resetOtpSent,
      ...(await auth.forgotPassword(body.email, caller(req))),
    }),
  );

  routes.json('POST /api/auth/verify-password-reset-otp', async ({ body, req }) => ({
    message: m.resetOtpVerified,
    resetToken: await auth.verifyResetOtp(body.email, body.hash, body.otp, caller(req)),
  }));

  routes.json('POST /api/auth/reset-password', async ({ body, req, res }) => {
    const userId = await auth.resetPassword(body);
    // Every session of the reader ended with the old password.
    caller(req).security('session.ended', { userId });
    res.clearCookie(REFRESH_COOKIE, auth.tokens.cookieOptions(req));
    return { message: m.passwordResetSuccess };
  });

  routes.json('POST /api/auth/refresh', async ({ req, res }) =>
    startSession(req, res, await auth.refresh(req.cookies?.[REFRESH_COOKIE], caller(req))),
  );

  routes.json('POST /api/auth/logout', async ({ req, res }) => {
    const ended = await auth.logout(req.cookies?.[REFRESH_COOKIE], bearerToken(req));
    const { security } = caller(req);
    for (const { sessionId, userId } of ended) security('session.ended', { userId, sessionId });
    res.clearCookie(REFRESH_COOKIE, auth.tokens.cookieOptions(req));
    return { message: m.loggedOut };
  });

  routes.json('GET /api/auth/me', ({ user }) => ({ user: toPublicUser(user) }));
}
