import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import {
  challengeHandleSchema,
  emailSchema,
  nameSchema,
  newPasswordSchema,
  otpSchema,
  passwordInputSchema,
  safeString,
  timezoneSchema,
} from './common.js';
import { publicUserSchema } from './profile.js';

/** Sign-up, sign-in, codes and password reset (routes/auth.ts). */

const v = MESSAGES.validation;

// Requests (spec section 7). zod objects drop unknown keys.
export const sendOtpBody = z.object({ email: emailSchema });

export const verifyCredentialsBody = z.object({
  email: emailSchema,
  password: passwordInputSchema,
});

export const verifyOtpBody = z.object({
  email: emailSchema,
  otp: otpSchema,
  hash: challengeHandleSchema,
});

/**
 * The proof a verified sign-up or sign-in code gives the client that verified it: sent back as
 * the `lede_verification` cookie by browsers, or in the body by clients without cookies.
 */
export const verificationTokenSchema = safeString({ error: v.invalidInput }).min(1).max(200);

export const signupBody = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  timezone: timezoneSchema.optional(),
  verificationToken: verificationTokenSchema.optional(),
});

export const loginBody = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  timezone: timezoneSchema.optional(),
  verificationToken: verificationTokenSchema.optional(),
});

export const forgotPasswordBody = z.object({ email: emailSchema });

export const verifyPasswordResetOtpBody = verifyOtpBody;

export const resetPasswordBody = z.object({
  email: emailSchema,
  newPassword: newPasswordSchema,
  resetToken: safeString().min(1).max(200),
});

export type SendOtpBody = z.infer<typeof sendOtpBody>;

export type VerifyCredentialsBody = z.infer<typeof verifyCredentialsBody>;

export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

export type SignupBody = z.infer<typeof signupBody>;

export type LoginBody = z.infer<typeof loginBody>;

export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const otpSentResponse = z.object({
  message: z.string(),
  hash: z.string(),
  expiresIn: z.number(),
});

export const verifyOtpResponse = z.object({
  message: z.string(),
  verified: z.literal(true),
  /** Single use, valid as long as the code's challenge; also set as the `lede_verification` cookie. */
  verificationToken: z.string(),
});

export const otpErrorResponse = z.object({
  message: z.string(),
  attemptsLeft: z.number().optional(),
});

export const verifyPasswordResetOtpResponse = z.object({
  message: z.string(),
  resetToken: z.string(),
});

export const signupResponse = z.object({
  message: z.string(),
  AccessToken: z.string(),
  newUser: publicUserSchema,
});

export const loginResponse = z.object({
  message: z.string(),
  AccessToken: z.string(),
  user: publicUserSchema,
});

export const refreshResponse = z.object({ AccessToken: z.string(), user: publicUserSchema });

export type OtpSentResponse = z.infer<typeof otpSentResponse>;

export type SignupResponse = z.infer<typeof signupResponse>;

export type LoginResponse = z.infer<typeof loginResponse>;

export type RefreshResponse = z.infer<typeof refreshResponse>;
