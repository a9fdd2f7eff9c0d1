import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';

/** The e-mail field of the sign-in, sign-up and reset forms. */
export function EmailField({
  id,
  error,
  field,
}: {
  id: string;
  error?: string;
  /** react-hook-form's `register('email')`. */
  field: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Email" error={error}>
      {(control) => (
        <input {...control} type="email" autoComplete="email" className="field" {...field} />
      )}
    </Field>
  );
}
