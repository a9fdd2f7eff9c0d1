import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email.js';
import { MESSAGES } from '../messages.js';
import { isStrongPassword, passwordByteLength, PASSWORD_MAX_BYTES } from '../password.js';
import { OTP_PATTERN } from '../otp.js';

const v = MESSAGES.validation;

export const emailSchema = z
  .string({ error: v.allFieldsRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(EMAIL_MAX_LENGTH, v.invalidEmail)
  .regex(EMAIL_PATTERN, v.invalidEmail)
  .transform((e) => e.toLowerCase());

/** A password being checked (login): any non-empty string, no strength rules. */
export const passwordInputSchema = z
  .string({ error: v.allFieldsRequired })
  .min(1, v.allFieldsRequired)
  .refine((p) => passwordByteLength(p) <= PASSWORD_MAX_BYTES, v.passwordTooLong);

/** A password being set (signup, reset): must meet every rule. */
export const newPasswordSchema = passwordInputSchema.refine(
  isStrongPassword,
  v.passwordRequirements,
);

export const nameSchema = z
  .string({ error: v.nameRequired })
  .trim()
  .min(1, v.nameRequired)
  .max(100, v.nameTooLong);

export const otpSchema = z.string({ error: v.otpIncomplete }).regex(OTP_PATTERN, v.otpIncomplete);

/** The opaque handle of a one-time-code challenge. */
export const challengeHandleSchema = z.string({ error: v.invalidInput }).min(1).max(200);

export const timezoneSchema = z
  .string()
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
