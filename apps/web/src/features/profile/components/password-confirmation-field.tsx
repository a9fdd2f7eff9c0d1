import { CLIENT_MESSAGES } from '@lede/shared/constants';
import { useEffect, useId, useRef } from 'react';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import type { PasswordConfirmation } from '../hooks/use-password-confirmation';

/**
 * The current password, inside the form of a sensitive change once the server asked for it:
 * why, the field (focused as it appears and after each refusal) and the server's refusal.
 */
export function PasswordConfirmationField({
  confirmation,
  className,
}: {
  confirmation: PasswordConfirmation;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const { asked, password, setPassword, error, focusRequest } = confirmation;

  useEffect(() => {
    if (focusRequest === 0) return;
    input.current?.focus();
    input.current?.select();
  }, [focusRequest]);

  if (!asked) return null;
  return (
    <div className={className}>
      <p id={hintId} className="mb-3 text-sm">
        {CLIENT_MESSAGES.reauth.hint}
      </p>
      <Field
        id={id}
        label={CLIENT_MESSAGES.reauth.label}
        describedBy={hintId}
        error={error}
        errorAlert
      >
        {(control) => (
          <PasswordInput
            {...control}
            ref={input}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
