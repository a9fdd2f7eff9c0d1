import { isStrongPassword, isValidEmail, MESSAGES } from '@lede/shared/constants';
import { z } from 'zod';

const v = MESSAGES.validation;

/**
 * The forms' validation (spec section 5), built from the shared rules and texts. The API parses
 * the same requests with the shared request schemas.
 */
export const loginFormSchema = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((form, ctx) => {
    const email = form.email.trim();
    if (!email || !form.password) {
      for (const key of ['email', 'password'] as const)
        if (!form[key].trim())
          ctx.addIssue({ code: 'custom', path: [key], message: v.allFieldsRequired });
      return;
    }
    if (!isValidEmail(email))
      ctx.addIssue({ code: 'custom', path: ['email'], message: v.invalidEmail });
  });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const signupFormSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((form, ctx) => {
    const required = ['name', 'email', 'password', 'confirmPassword'] as const;
    for (const key of required)
      if (!form[key].trim())
        ctx.addIssue({ code: 'custom', path: [key], message: v.allFieldsRequired });
    if (form.email.trim() && !isValidEmail(form.email.trim()))
      ctx.addIssue({ code: 'custom', path: ['email'], message: v.invalidEmail });
    if (form.password && !isStrongPassword(form.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message: v.passwordRequirements });
    if (form.confirmPassword && form.password !== form.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: v.passwordsDoNotMatch });
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

export const forgotEmailSchema = z.object({ email: z.string() }).superRefine((form, ctx) => {
  const email = form.email.trim();
  if (!email) ctx.addIssue({ code: 'custom', path: ['email'], message: v.emailRequired });
  else if (!isValidEmail(email))
    ctx.addIssue({ code: 'custom', path: ['email'], message: v.invalidEmail });
});
export type ForgotEmailForm = z.infer<typeof forgotEmailSchema>;

export const newPasswordFormSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    if (!form.password || !form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: v.bothPasswordsRequired });
      return;
    }
    if (!isStrongPassword(form.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message: v.passwordRequirements });
    if (form.password !== form.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: v.passwordsDoNotMatch });
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
