import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  forgotPasswordRequest,
  loginRequest,
  MESSAGES,
  resetPasswordRequest,
  sendOtpRequest,
  signupRequest,
  verifyCredentialsRequest,
  verifyOtpRequest,
  verifyPasswordResetOtpRequest,
} from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { parseInput, validBody } from '../../lib/validate.js';
import { createLimiter, ipKey } from './rate-limit.js';
import { toPublicUser } from '../users/users.serializer.js';
import type { AuthService, Session } from './auth.service.js';
import { REFRESH_COOKIE } from './tokens.service.js';

const m = MESSAGES.auth;

export function authRouter(deps: AppDeps, auth: AuthService, sendLimits: RequestHandler[]): Router {
  const { db, clock, config } = deps;
  const router = Router();
  const window = config.otp.windowMinutes;

  router.use(
    createLimiter({
      db,
      clock,
      name: 'auth-ip',
      limit: config.authIpLimit,
      windowMinutes: window,
      message: m.tooManyRequests,
      key: ipKey,
    }),
  );

  const startSession = (req: Request, res: Response, session: Session) => {
    res.cookie(REFRESH_COOKIE, session.refreshToken, auth.tokens.cookieOptions(req));
    return { AccessToken: session.accessToken, user: toPublicUser(session.user) };
  };

  router.post('/send-otp', validBody(sendOtpRequest), ...sendLimits, async (req, res) => {
    const { email } = parseInput(sendOtpRequest, req.body);
    const sent = await auth.sendSignupOtp(email, req.ip);
    res.json({ message: m.otpSent, ...sent });
  });

  router.post(
    '/verify-credentials-send-otp',
    validBody(verifyCredentialsRequest),
    ...sendLimits,
    async (req, res) => {
      const { email, password } = parseInput(verifyCredentialsRequest, req.body);
      const sent = await auth.verifyCredentialsAndSendOtp(email, password, req.ip);
      res.json({ message: m.credentialsVerified, ...sent });
    },
  );

  router.post('/verify-otp', async (req, res) => {
    const { email, otp, hash } = parseInput(verifyOtpRequest, req.body);
    await auth.verifySignupOrLoginOtp(email, hash, otp);
    res.json({ message: m.otpVerified, verified: true });
  });

  router.post('/signup', async (req, res) => {
    const input = parseInput(signupRequest, req.body);
    const { AccessToken, user } = startSession(req, res, await auth.signup(input));
    res.status(201).json({ message: m.signupSuccess, AccessToken, newUser: user });
  });

  router.post('/login', async (req, res) => {
    const input = parseInput(loginRequest, req.body);
    const { AccessToken, user } = startSession(req, res, await auth.login(input));
    res.json({ message: m.loginSuccess, AccessToken, user });
  });

  router.post(
    '/forgot-password',
    validBody(forgotPasswordRequest),
    ...sendLimits,
    async (req, res) => {
      const { email } = parseInput(forgotPasswordRequest, req.body);
      const sent = await auth.forgotPassword(email, req.ip);
      res.json({ message: m.resetOtpSent, ...sent });
    },
  );

  router.post('/verify-password-reset-otp', async (req, res) => {
    const { email, otp, hash } = parseInput(verifyPasswordResetOtpRequest, req.body);
    const resetToken = await auth.verifyResetOtp(email, hash, otp);
    res.json({ message: m.resetOtpVerified, resetToken });
  });

  router.post('/reset-password', async (req, res) => {
    const input = parseInput(resetPasswordRequest, req.body);
    await auth.resetPassword(input);
    res.clearCookie(REFRESH_COOKIE, auth.tokens.cookieOptions(req));
    res.json({ message: m.passwordResetSuccess });
  });

  router.post('/refresh', async (req, res) => {
    const session = await auth.refresh(req.cookies?.[REFRESH_COOKIE]);
    res.json(startSession(req, res, session));
  });

  router.post('/logout', async (req, res) => {
    await auth.logout(req.cookies?.[REFRESH_COOKIE]);
    res.clearCookie(REFRESH_COOKIE, auth.tokens.cookieOptions(req));
    res.json({ message: m.loggedOut });
  });

  return router;
}
