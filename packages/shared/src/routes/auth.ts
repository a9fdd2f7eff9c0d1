import { defineRoutes } from './define.js';
import {
  forgotPasswordBody,
  loginBody,
  loginResponse,
  otpSentResponse,
  refreshResponse,
  resetPasswordBody,
  sendOtpBody,
  signupBody,
  signupResponse,
  verifyCredentialsBody,
  verifyOtpBody,
  verifyOtpResponse,
  verifyPasswordResetOtpBody,
  verifyPasswordResetOtpResponse,
} from '../schemas/auth.js';
import { messageResponse } from '../schemas/common.js';
import { meResponse } from '../schemas/profile.js';

/** Every /api/auth call counts against the per-IP limit (AUTH_IP_LIMIT). */
const LIMITED = ['RATE_LIMITED'] as const;
const SENDS_A_CODE = [...LIMITED, 'TOO_MANY_CODES'] as const;
const CHECKS_A_CODE = [
  ...LIMITED,
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  'OTP_GUESSES_EXHAUSTED',
  'OTP_NOT_FOUND',
  'OTP_ALREADY_USED',
] as const;
const NEEDS_A_VERIFIED_CODE = [
  ...LIMITED,
  'VERIFICATION_TOKEN_REQUIRED',
  'VERIFICATION_REQUIRED',
  'VERIFICATION_EXPIRED',
  'OTP_ALREADY_USED',
] as const;

export const AUTH_ROUTES = defineRoutes({
  'POST /api/auth/send-otp': {
    access: 'visitor',
    summary: 'Mails a signup code to a new e-mail address.',
    body: sendOtpBody,
    responses: { 200: otpSentResponse },
    errors: [...SENDS_A_CODE, 'EMAIL_TAKEN'],
  },
  'POST /api/auth/verify-credentials-send-otp': {
    access: 'visitor',
    summary: 'Checks e-mail and password, then mails a login code.',
    body: verifyCredentialsBody,
    responses: { 200: otpSentResponse },
    errors: [...SENDS_A_CODE, 'INVALID_CREDENTIALS'],
  },
  'POST /api/auth/verify-otp': {
    access: 'visitor',
    summary: 'Verifies a signup or login code; errors carry `attemptsLeft`.',
    notes:
      'Answers a single-use `verificationToken`, also set as the HttpOnly `lede_verification` ' +
      'cookie (path `/api/auth`, SameSite=Strict): signup and login need it, from the cookie ' +
      'or the body, so only the client that verified the code can use it.',
    body: verifyOtpBody,
    responses: { 200: verifyOtpResponse },
    errors: CHECKS_A_CODE,
  },
  'POST /api/auth/signup': {
    access: 'visitor',
    summary: 'Creates the account and signs in.',
    notes:
      'Needs a signup code for that e-mail verified within the last 10 minutes by this client ' +
      '(its `verificationToken`, as cookie or body field).',
    body: signupBody,
    responses: { 201: signupResponse },
    errors: [...NEEDS_A_VERIFIED_CODE, 'EMAIL_TAKEN'],
  },
  'POST /api/auth/login': {
    access: 'visitor',
    summary: 'Signs in.',
    notes:
      'Needs a login code for that e-mail verified within the last 10 minutes by this client ' +
      '(its `verificationToken`, as cookie or body field).',
    body: loginBody,
    responses: { 200: loginResponse },
    errors: [...NEEDS_A_VERIFIED_CODE, 'INVALID_CREDENTIALS'],
  },
  'POST /api/auth/forgot-password': {
    access: 'visitor',
    summary: 'Mails a password reset code.',
    notes: 'The same answer whether or not the account exists (a code is mailed only if it does).',
    body: forgotPasswordBody,
    responses: { 200: otpSentResponse },
    errors: SENDS_A_CODE,
  },
  'POST /api/auth/verify-password-reset-otp': {
    access: 'visitor',
    summary: 'Verifies a reset code and answers a single-use `resetToken` (10 minutes).',
    body: verifyPasswordResetOtpBody,
    responses: { 200: verifyPasswordResetOtpResponse },
    errors: CHECKS_A_CODE,
  },
  'POST /api/auth/reset-password': {
    access: 'visitor',
    summary: 'Sets a new password and revokes every session of the account.',
    body: resetPasswordBody,
    responses: { 200: messageResponse },
    errors: [...LIMITED, 'RESET_TOKEN_INVALID'],
  },
  'POST /api/auth/refresh': {
    access: 'visitor',
    summary: 'Trades the `lede_refresh` cookie for a new access token (and a new cookie).',
    responses: { 200: refreshResponse },
    errors: [...LIMITED, 'SESSION_EXPIRED'],
  },
  'POST /api/auth/logout': {
    access: 'visitor',
    summary: 'Ends the session: its refresh tokens and its access tokens, at once, everywhere.',
    notes:
      'The session is the one of the `lede_refresh` cookie, or of the bearer token when there ' +
      'is no cookie; the cookie is cleared.',
    responses: { 200: messageResponse },
    errors: LIMITED,
  },
  'GET /api/auth/me': {
    access: 'signedIn',
    summary: 'The signed-in reader.',
    responses: { 200: meResponse },
    errors: LIMITED,
  },
});
