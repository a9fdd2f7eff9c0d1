import type { Theme } from '@lede/shared';
import { useMutation } from '@tanstack/react-query';
import { getDeviceTheme, setUser, startSession } from '@/lib/storage';
import { authApi } from '../api/auth';

/**
 * The writes of the sign-up, sign-in and password-reset flows, each a mutation. The screens
 * decide what comes next (the code screen, back to the form, where to go) from the result or
 * from the error's `code`; the mutations keep the session.
 */

/** Sign-up, step 1: a code to the address. */
export function useSendSignupCode() {
  return useMutation({
    mutationKey: ['auth', 'send-otp'],
    mutationFn: (email: string) => authApi.sendSignupCode(email),
  });
}

/** Sign-in, step 1: the password is checked and a code is mailed. */
export function useVerifyCredentials() {
  return useMutation({
    mutationKey: ['auth', 'verify-credentials-send-otp'],
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      authApi.verifyCredentials(email, password),
  });
}

/** Sign-up and sign-in, step 2: the code. */
export function useVerifyCode() {
  return useMutation({
    mutationKey: ['auth', 'verify-otp'],
    mutationFn: ({ email, otp, hash }: { email: string; otp: string; hash: string }) =>
      authApi.verifyCode(email, otp, hash),
  });
}

/**
 * Creates the account and starts the session. A theme the visitor picked on this device is saved
 * to the new account (which starts as 'light') in the background; without a pick the page keeps
 * following the device.
 */
export function useSignup() {
  const { mutate: saveTheme } = useMutation({
    mutationKey: ['profile', 'toggletheme'],
    mutationFn: (theme: Theme) => authApi.saveTheme(theme),
    onSuccess: (user) => setUser(user),
    // On failure the account keeps 'light'; this device keeps the page's theme.
  });
  return useMutation({
    mutationKey: ['auth', 'signup'],
    mutationFn: ({ name, email, password }: { name: string; email: string; password: string }) =>
      authApi.signup(name, email, password),
    onSuccess: ({ user, token }) => {
      const picked = getDeviceTheme();
      startSession(picked ? { ...user, theme: picked } : user, token);
      if (picked && user.theme !== picked) saveTheme(picked);
    },
  });
}

/** Sign-in, step 3 (after the code): starts the session. */
export function useLogin() {
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      authApi.login(email, password),
    onSuccess: ({ user, token }) => startSession(user, token),
  });
}

/** Password reset, step 1: a code to the address. */
export function useForgotPassword() {
  return useMutation({
    mutationKey: ['auth', 'forgot-password'],
    mutationFn: (email: string) => authApi.forgotPassword(email),
  });
}

/** Password reset, step 2: the code, answered with a reset token. */
export function useVerifyResetCode() {
  return useMutation({
    mutationKey: ['auth', 'verify-password-reset-otp'],
    mutationFn: ({ email, otp, hash }: { email: string; otp: string; hash: string }) =>
      authApi.verifyResetCode(email, otp, hash),
  });
}

/** Password reset, step 3: the new password. */
export function useResetPassword() {
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: ({
      email,
      newPassword,
      resetToken,
    }: {
      email: string;
      newPassword: string;
      resetToken: string;
    }) => authApi.resetPassword(email, newPassword, resetToken),
  });
}
