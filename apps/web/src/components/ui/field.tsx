import { cx } from 'class-variance-authority';
import type { ReactNode } from 'react';

/** What a field's control needs to be named, described and flagged for assistive technology. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The error id of the field whose control has this id. */
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A form field: its label (htmlFor the control), an optional description, the control itself
 * (a render prop given id, aria-invalid and aria-describedby) and its error when there is one.
 *
 * ```tsx
 * <Field id="login-email" label="Email" error={errors.email?.message}>
 *   {(control) => <input {...control} type="email" className="field" {...register('email')} />}
 * </Field>
 * ```
 */
export function Field({
  id,
  label,
  labelAside,
  labelRowClassName = 'items-baseline justify-between',
  labelClassName,
  description,
  describedBy,
  error,
  errorAlert = false,
  className,
  after,
  children,
}: {
  /** The control's id. */
  id: string;
  label: ReactNode;
  /** Shown on the label's line, after it (a "Forgot password?" link, a help toggle). */
  labelAside?: ReactNode;
  /** Layout of the label's line when it has an aside. */
  labelRowClassName?: string;
  labelClassName?: string;
  /** A hint under the control, read with it. */
  description?: ReactNode;
  /** More ids the control is described by (a panel shown beside it). */
  describedBy?: string;
  /** The error to show (none when undefined or empty). */
  error?: string;
  /** Announce the error as it appears (role=alert), for errors that come after a save. */
  errorAlert?: boolean;
  className?: string;
  /** Shown after the error (password rules, a strength meter). */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const descriptionId = `${id}-description`;
  const errorId = fieldErrorId(id);
  const ids = [error ? errorId : undefined, description ? descriptionId : undefined, describedBy]
    .filter(Boolean)
    .join(' ');
  const labelElement = (
    <label htmlFor={id} className={cx('label', labelAside ? 'mb-0' : undefined, labelClassName)}>
      {label}
    </label>
  );
  return (
    <div className={className}>
      {labelAside ? (
        <div className={cx('mb-1 flex', labelRowClassName)}>
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': ids || undefined,
      })}
      {description && (
        <p id={descriptionId} className="mt-1 text-xs text-muted">
          {description}
        </p>
      )}
      <FieldError id={errorId} message={error} alert={errorAlert} />
      {after}
    </div>
  );
}

/** A field's error text (id for aria-describedby); nothing without a message. */
export function FieldError({
  id,
  message,
  alert = false,
  className,
}: {
  id: string;
  message?: string;
  alert?: boolean;
  /** Replaces the default top margin (mt-1). */
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      role={alert ? 'alert' : undefined}
      className={cx('text-sm font-medium text-danger', className ?? 'mt-1')}
    >
      {message}
    </p>
  );
}

/** An error about the whole form (the server's answer), announced as it appears. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}
