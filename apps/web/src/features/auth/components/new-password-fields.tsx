import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordRules, PasswordRulesToggle, PasswordStrength } from './password-checks';

/**
 * A new password and its confirmation (sign-up and reset): the rules open on focus or from
 * their toggle, and the strength meter follows both fields.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  values,
  fields,
  errors,
}: {
  idPrefix: string;
  labels: { password: string; confirm: string };
  values: { password: string; confirm: string };
  fields: { password: UseFormRegisterReturn; confirm: UseFormRegisterReturn };
  errors: { password?: string; confirm?: string };
}) {
  const [rulesOpen, setRulesOpen] = useState(false);
  const rulesId = `${idPrefix}-password-rules`;
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label={labels.password}
        labelAside={
          <PasswordRulesToggle
            open={rulesOpen}
            controls={rulesId}
            onToggle={() => setRulesOpen((o) => !o)}
          />
        }
        labelRowClassName="items-center gap-1"
        error={errors.password}
        describedBy={rulesOpen ? rulesId : undefined}
        after={
          <>
            {rulesOpen && (
              <div className="mt-2">
                <PasswordRules id={rulesId} password={values.password} />
              </div>
            )}
            <div className="mt-2">
              <PasswordStrength password={values.password} confirm={values.confirm} />
            </div>
          </>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            {...fields.password}
            onFocus={() => setRulesOpen(true)}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-confirm`} label={labels.confirm} error={errors.confirm}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...fields.confirm} />
        )}
      </Field>
    </>
  );
}
