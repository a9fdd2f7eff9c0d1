import { CLIENT_MESSAGES, MESSAGES, type ErrorCode, type Theme } from '@lede/shared/constants';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { browserTimezone } from '@/lib/format';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

/**
 * A code error that sends the reader back to the form (spec section 4: the code expired, too
 * many attempts or codes, or the verification or session it needed is gone).
 */
const DEAD_CODE_ERRORS: readonly ErrorCode[] = [
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  'TOO_MANY_CODES',
  'RATE_LIMITED',
  'VERIFICATION_EXPIRED',
  'RESET_TOKEN_INVALID',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
];
export function isDeadCodeError(err: unknown): boolean {
  return err instanceof ApiError && err.code !== undefined && DEAD_CODE_ERRORS.includes(err.code);
}

/** A code failure shows the message followed by the attempts left (spec section 8). */
export function codeErrorText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  const left = err.attemptsLeft;
  if (left === undefined || isDeadCodeError(err)) return err.message;
  return `${err.message}. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
}

/**
 * The code screen's resend, for every purpose: asks for a new code, keeps its challenge and says
 * so; a failure becomes the error the code screen shows.
 */
export function resendCode(
  send: () => Promise<{ hash: string }>,
  keepHash: (hash: string) => void,
) {
  return async () => {
    try {
      keepHash((await send()).hash);
      toast.success(CLIENT_MESSAGES.auth.newOtpSent);
    } catch (err) {
      throw new Error(errorMessage(err, f.resendOtp));
    }
  };
}

/** The calls of the sign-up, sign-in and reset flows (their mutations: ../hooks/use-auth-mutations). */
export const authApi = {
  sendSignupCode: (email: string) =>
    api('POST /api/auth/send-otp', { body: { email }, fallback: f.sendOtp }),
  verifyCredentials: (email: string, password: string) =>
    api('POST /api/auth/verify-credentials-send-otp', {
      body: { email, password },
      fallback: f.verifyCredentials,
    }),
  verifyCode: (email: string, otp: string, hash: string) =>
    api('POST /api/auth/verify-otp', { body: { email, otp, hash }, fallback: f.verifyOtp }),
  signup: (name: string, email: string, password: string) =>
    api('POST /api/auth/signup', {
      body: { name, email, password, timezone: browserTimezone() },
      fallback: f.signup,
    }).then((res) => ({ user: res.newUser, token: res.AccessToken })),
  /** The theme of a new account (saved quietly after sign-up). */
  saveTheme: (theme: Theme) =>
    api('PUT /api/profile/toggletheme', { body: { theme } }).then((res) => res.user),
  login: (email: string, password: string) =>
    api('POST /api/auth/login', {
      body: { email, password, timezone: browserTimezone() },
      fallback: f.login,
    }).then((res) => ({ user: res.user, token: res.AccessToken })),
  forgotPassword: (email: string) =>
    api('POST /api/auth/forgot-password', { body: { email }, fallback: f.sendResetOtp }),
  verifyResetCode: (email: string, otp: string, hash: string) =>
    api('POST /api/auth/verify-password-reset-otp', {
      body: { email, otp, hash },
      fallback: f.verifyResetOtp,
    }),
  resetPassword: (email: string, newPassword: string, resetToken: string) =>
    api('POST /api/auth/reset-password', {
      body: { email, newPassword, resetToken },
      fallback: f.resetPassword,
    }),
};
