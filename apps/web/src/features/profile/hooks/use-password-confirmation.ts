import { passwordInputProblem } from '@lede/shared/constants';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';

/**
 * Whether the password step shows this failure (under its field) instead of the caller: the
 * server asking for the password, or refusing the one sent (wrong, or too many wrong ones).
 */
export function shownByPasswordStep(err: unknown, passwordSent: boolean): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.reauthRequired) return true;
  return passwordSent && (err.code === 'WRONG_PASSWORD' || err.code === 'RATE_LIMITED');
}

/**
 * The password step of a sensitive change. The first try goes without a password, as
 * a fresh sign-in needs none; when the server answers 403 REAUTH_REQUIRED the form shows the
 * password field (PasswordConfirmationField) and every later try carries the password.
 */
export function usePasswordConfirmation() {
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  // Bumped whenever the field should take focus: as it appears, and after each refusal.
  const [focusRequest, setFocusRequest] = useState(0);

  const showError = (message: string | undefined) => {
    setError(message);
    setFocusRequest((n) => n + 1);
  };

  return {
    asked,
    password,
    setPassword,
    error,
    focusRequest,
    /**
     * Before a try: `{ ok: true, password }` (undefined until asked for), or `{ ok: false }`
     * with the field's error shown when the asked-for password is empty.
     */
    beforeTry(): { ok: true; password?: string } | { ok: false } {
      if (!asked) return { ok: true };
      const problem = passwordInputProblem(password);
      if (problem) {
        showError(problem);
        return { ok: false };
      }
      // Cleared while the try runs, so the same refusal twice is announced twice.
      setError(undefined);
      return { ok: true, password };
    },
    /** After a failed try: true when the step shows it (see shownByPasswordStep). */
    handleError(err: unknown): boolean {
      if (!shownByPasswordStep(err, asked)) return false;
      setAsked(true);
      showError((err as ApiError).reauthRequired ? undefined : (err as ApiError).message);
      return true;
    },
    /** Back to no password (the form or dialog closed). */
    reset() {
      setAsked(false);
      setPassword('');
      setError(undefined);
    },
  };
}

export type PasswordConfirmation = ReturnType<typeof usePasswordConfirmation>;
