import { z } from 'zod';
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
import { MESSAGES } from '../messages.js';
import { publicUserSchema } from './user.js';

const v = MESSAGES.validation;

// Requests (spec section 7). zod objects drop unknown keys.
export const sendOtpRequest = z.object({ email: emailSchema });
export const verifyCredentialsRequest = z.object({
  email: emailSchema,
  password: passwordInputSchema,
});
export const verifyOtpRequest = z.object({
  email: emailSchema,
  otp: otpSchema,
  hash: challengeHandleSchema,
});
/**
 * The proof a verified sign-up or sign-in code gives the client that verified it: sent back as
 * the `lede_verification` cookie by browsers, or in the body by clients without cookies.
 */
export const verificationTokenSchema = safeString({ error: v.invalidInput }).min(1).max(200);
export const signupRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  timezone: timezoneSchema.optional(),
  verificationToken: verificationTokenSchema.optional(),
});
export const loginRequest = z.object({
  email: emailSchema,
  password: passwordInputSchema,
  timezone: timezoneSchema.optional(),
  verificationToken: verificationTokenSchema.optional(),
});
export const forgotPasswordRequest = z.object({ email: emailSchema });
export const verifyPasswordResetOtpRequest = verifyOtpRequest;
export const resetPasswordRequest = z.object({
  email: emailSchema,
  newPassword: newPasswordSchema,
  resetToken: safeString().min(1).max(200),
});

export type SendOtpRequest = z.infer<typeof sendOtpRequest>;
export type VerifyCredentialsRequest = z.infer<typeof verifyCredentialsRequest>;
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequest>;
export type SignupRequest = z.infer<typeof signupRequest>;
export type LoginRequest = z.infer<typeof loginRequest>;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

// Responses.
export const messageResponse = z.object({ message: z.string() });
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
export const errorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type OtpSentResponse = z.infer<typeof otpSentResponse>;
export type SignupResponse = z.infer<typeof signupResponse>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type RefreshResponse = z.infer<typeof refreshResponse>;
export type ErrorResponse = z.infer<typeof errorResponse>;
