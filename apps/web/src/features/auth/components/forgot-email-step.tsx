import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { forgotEmailSchema, type ForgotEmailForm } from '../schemas';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

/** The reset's first step: the account's address, to which a reset code goes. */
export function EmailStep({
  defaultEmail,
  error,
  onSubmit: send,
}: {
  defaultEmail: string;
  error: string | null;
  /** Asks for a reset code for the address; the page shows the code screen or the error. */
  onSubmit: (email: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ForgotEmailForm>({
    resolver: zodResolver(forgotEmailSchema),
    defaultValues: { email: defaultEmail },
  });
  const email = useWatch({ control, name: 'email' });
  const onSubmit = handleSubmit((values) => send(values.email.trim()));

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's e-mail and we will send you a reset code."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField id="forgot-email" error={errors.email?.message} field={register('email')} />
        <FormAlert message={error} />
        <Button type="submit" size="lg" disabled={!email?.trim() || isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send Reset Code'}
        </Button>
        <p className="text-xs text-muted">
          Reset codes expire automatically after 5 minutes and can be used only once.
        </p>
      </form>
    </AuthCard>
  );
}
