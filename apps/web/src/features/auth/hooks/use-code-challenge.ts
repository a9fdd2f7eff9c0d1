import type { OtpPurpose } from '@lede/shared/constants';
import { useState, type ComponentProps } from 'react';
import { codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import type { CodeEntry } from '@/features/auth/components/code-entry';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Sent = { hash: string };
type Challenge<T> = T & Sent;

interface CodeStep<T, R> {
  purpose: OtpPurpose;
  /** Asks for a code again for the same challenge (the resend button). */
  send: (challenge: Challenge<T>) => Promise<Sent>;
  /** Checks the code; rejects with the API's error. */
  verify: (challenge: Challenge<T>, code: string) => Promise<R>;
  /** The text when the check fails without one of its own. */
  verifyFallback: string;
  /** What follows a good code: sign in, sign up, the new password step. */
  onVerified: (challenge: Challenge<T>, result: R) => void | Promise<void>;
}

/**
 * The code-entry sequence that sign-in, sign-up and the password reset share: the form asks for a
 * code (`request`), the code screen checks it (`codeEntry`), and an expired code, too many
 * attempts or a lost verification go back to the form with the reason (`backToForm`), as do
 * "Back" and a failure of what follows the code. A wrong code stays on the code screen with the
 * attempts left.
 */
export function useCodeChallenge<T extends { email: string }>({
  onReturn,
}: {
  /** Called with the challenge when the reader goes back to the form (to refill it). */
  onReturn?: (challenge: Challenge<T>) => void;
} = {}) {
  const [challenge, setChallenge] = useState<Challenge<T> | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  /** Sends a code for `values`: the code screen shows, or the form says why not. */
  async function request(
    values: T,
    send: () => Promise<Sent>,
    { sent, fallback }: { sent: string; fallback: string },
  ): Promise<void> {
    setFormError(null);
    try {
      const { hash } = await send();
      toast.success(sent);
      setChallenge({ ...values, hash });
    } catch (err) {
      const text = errorMessage(err, fallback);
      setFormError(text);
      toast.error(text);
    }
  }

  function backToForm(message?: string): void {
    if (challenge) onReturn?.(challenge);
    setChallenge(null);
    if (message) {
      setFormError(message);
      toast.error(message);
    }
  }

  /** The code screen's props while a challenge is open, else null. */
  function codeEntry<R>(step: CodeStep<T, R>): ComponentProps<typeof CodeEntry> | null {
    if (!challenge) return null;
    return {
      purpose: step.purpose,
      email: challenge.email,
      onBack: () => backToForm(),
      onResend: resendCode(
        () => step.send(challenge),
        (hash) => setChallenge({ ...challenge, hash }),
      ),
      onVerify: async (code) => {
        let result: R;
        try {
          result = await step.verify(challenge, code);
        } catch (err) {
          const text = codeErrorText(err, step.verifyFallback);
          if (isDeadCodeError(err)) return backToForm(text);
          throw new Error(text);
        }
        await step.onVerified(challenge, result);
      },
    };
  }

  /** Opens the code screen for a code another form already asked for (the profile's e-mail). */
  function open(sent: Challenge<T>): void {
    setFormError(null);
    setChallenge(sent);
  }

  return { challenge, formError, setFormError, request, open, backToForm, codeEntry };
}
