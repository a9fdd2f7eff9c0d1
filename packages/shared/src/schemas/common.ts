import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../email.js';
import { hasControlCharacters, NAME_MAX_LENGTH } from '../field-checks.js';
import { MESSAGES } from '../messages.js';
import { OTP_PATTERN } from '../otp.js';
import { isStrongPassword, PASSWORD_MAX_BYTES, passwordByteLength } from '../password.js';

/**
 * Primitives every feature's schemas share: strings, e-mail, password, code, ids, and the
 * `AccessToken` a signed-in answer carries.
 *
 * One schema file per feature (auth, articles, reader, profile, recommendations, system), each
 * holding its routes' bodies, queries and responses, named by one convention:
 *   `<thing>Body`      a request body            (`signupBody`, type `SignupBody`)
 *   `<thing>Query`     a query string            (`pageQuery`)
 *   `<thing>Response`  a route's whole answer    (`feedResponse`), as the route table names it
 *   `<thing>Schema`    a part of those           (`publicArticleSchema`, type `PublicArticle`)
 */

const v = MESSAGES.validation;

/**
 * Every string the API accepts starts here: control characters are refused before anything
 * else runs (PostgreSQL cannot even store NUL).
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !hasControlCharacters(s), v.controlCharacters);

export const emailSchema = safeString({ error: v.allFieldsRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(EMAIL_MAX_LENGTH, v.invalidEmail)
  .refine(isValidEmail, v.invalidEmail)
  .transform((e) => e.toLowerCase());

/** A password being checked (login): any non-empty string, no strength rules. */
export const passwordInputSchema = safeString({ error: v.allFieldsRequired })
  .min(1, v.allFieldsRequired)
  .refine((p) => passwordByteLength(p) <= PASSWORD_MAX_BYTES, v.passwordTooLong);

/** A password being set (signup, reset): must meet every rule. */
export const newPasswordSchema = passwordInputSchema.refine(
  isStrongPassword,
  v.passwordRequirements,
);

export const nameSchema = safeString({ error: v.nameRequired })
  .trim()
  .min(1, v.nameRequired)
  .max(NAME_MAX_LENGTH, v.nameTooLong);

export const otpSchema = z.string({ error: v.otpIncomplete }).regex(OTP_PATTERN, v.otpIncomplete);

/** The opaque handle of a one-time-code challenge. */
export const challengeHandleSchema = safeString({ error: v.invalidInput }).min(1).max(200);

export const timezoneSchema = safeString()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, v.invalidTimezone);

export const objectIdSchema = z.string().uuid();

// Responses.
export const messageResponse = z.object({ message: z.string() });

export const articleIdSchema = z
  .string({ error: 'article_id is required' })
  .uuid('Invalid article id');

/** Present whenever the caller has a valid session (spec: "most success responses carry AccessToken"). */
// Generic over the shape (not the object type), so the declared types keep every field.
export const withAccessToken = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ AccessToken: z.string().min(1) });

/** Public routes: a visitor gets no token, a signed-in reader gets one. */
export const withOptionalAccessToken = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) =>
  schema.extend({ AccessToken: z.string().min(1).optional() });
