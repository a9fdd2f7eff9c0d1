import { MESSAGES } from './messages.js';

const { validation: v, auth: a, profile: p, errors: e } = MESSAGES;

/**
 * Every error the API answers carries a stable `code` beside its `message`: clients decide by
 * the code, and the message (the spec's text) may be reworded freely. Each fixed message has
 * exactly one code; the API's `ApiError` finds the code of the message it is given here.
 */
export const ERROR_MESSAGES = {
  MALFORMED_JSON: v.malformedJson,
  PAYLOAD_TOO_LARGE: e.payloadTooLarge,
  INVALID_INPUT: v.invalidInput,
  INVALID_TIMEZONE: v.invalidTimezone,
  SAME_EMAIL: v.sameEmail,
  INVALID_CURSOR: MESSAGES.articles.invalidCursor,

  EMAIL_TAKEN: a.emailTaken,
  INVALID_CREDENTIALS: a.invalidCredentials,
  OTP_INVALID: a.otpInvalid,
  OTP_EXPIRED: a.otpExpired,
  OTP_TOO_MANY_ATTEMPTS: a.otpTooManyAttempts,
  OTP_GUESSES_EXHAUSTED: a.otpGuessesExhausted,
  OTP_NOT_FOUND: a.otpNotFound,
  OTP_ALREADY_USED: a.otpAlreadyUsed,
  VERIFICATION_REQUIRED: a.verificationRequired,
  VERIFICATION_EXPIRED: a.verificationExpired,
  VERIFICATION_TOKEN_REQUIRED: a.verificationTokenRequired,
  RESET_TOKEN_INVALID: a.resetTokenInvalid,
  TOO_MANY_CODES: a.tooManyCodes,
  RATE_LIMITED: a.tooManyRequests,
  TOO_MANY_WRITES: MESSAGES.limits.tooManyWrites,
  UNAUTHENTICATED: a.unauthenticated,
  INVALID_TOKEN: a.invalidToken,
  SESSION_EXPIRED: a.refreshInvalid,
  REAUTH_REQUIRED: a.reauthRequired,
  WRONG_PASSWORD: a.wrongPassword,

  ARTICLE_NOT_FOUND: MESSAGES.articles.notFound,
  STORY_NOT_FOUND: MESSAGES.stories.notFound,
  NEEDS_PREFERENCES: MESSAGES.recommendations.needsPreferences,
  LAST_SOURCE: MESSAGES.recommendations.lastSource,
  NOTHING_TO_UNDO: MESSAGES.recommendations.nothingToUndo,

  INVALID_PICTURE_URL: p.invalidPictureUrl,
  NOT_AN_IMAGE: p.onlyImages,
  FILE_TOO_LARGE: p.maxFileSize,
  IMAGE_TOO_LARGE: p.imageTooLarge,
  NO_FILE: p.noFile,

  UNSUBSCRIBE_LINK_INVALID: MESSAGES.edition.linkInvalid,

  METRICS_TOKEN_INVALID: MESSAGES.metrics.wrongToken,
  METRICS_FORBIDDEN: MESSAGES.metrics.tokenRequired,

  NOT_FOUND: e.notFound,
  INTERNAL_ERROR: e.internal,
  SERVICE_UNAVAILABLE: e.unavailable,
  DATABASE_UNREACHABLE: e.databaseUnreachable,
} as const;

/**
 * Codes whose message varies: `VALIDATION_FAILED` says what the first bad field got wrong
 * (its `errors` list has them all), `INVALID_UPLOAD` what the multipart parser refused.
 */
export const VARIABLE_ERROR_CODES = ['VALIDATION_FAILED', 'INVALID_UPLOAD'] as const;

export type ErrorMessage = (typeof ERROR_MESSAGES)[keyof typeof ERROR_MESSAGES];
export type ErrorCode = keyof typeof ERROR_MESSAGES | (typeof VARIABLE_ERROR_CODES)[number];

/** Every error code, once. */
export const ERROR_CODES = [
  ...VARIABLE_ERROR_CODES,
  ...(Object.keys(ERROR_MESSAGES) as (keyof typeof ERROR_MESSAGES)[]),
] as [ErrorCode, ...ErrorCode[]];

const codeByMessage = new Map<string, ErrorCode>(
  Object.entries(ERROR_MESSAGES).map(([code, message]) => [message, code as ErrorCode]),
);

/** The code of a fixed error message. */
export function errorCodeOf(message: ErrorMessage): ErrorCode {
  return codeByMessage.get(message)!;
}
