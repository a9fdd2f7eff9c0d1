import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared/constants';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isDeadCodeError } from '../api/auth';
import { useResetPassword } from '../hooks/use-auth-mutations';
import { newPasswordFormSchema, type NewPasswordForm } from '../schemas';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

/**
 * The reset's last step: the new password, with the token a verified code gave. A dead token
 * goes back to the start (`onDead`, with the reason); success calls `onDone`.
 */
export function NewPasswordStep({
  email,
  resetToken,
  onDead,
  onDone,
}: {
  email: string;
  resetToken: string;
  onDead: (message: string) => void;
  onDone: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const confirm = useWatch({ control, name: 'confirmPassword' });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword.mutateAsync({ email, newPassword: values.password, resetToken });
    } catch (err) {
      const text = errorMessage(err, MESSAGES.fallbacks.resetPassword);
      if (isDeadCodeError(err)) return onDead(text);
      setFormError(text);
      toast.error(CLIENT_MESSAGES.toasts.resetPasswordFailed);
      return;
    }
    toast.success(MESSAGES.auth.passwordResetSuccess);
    onDone();
  });
  const pwError = touchedFields.password ? errors.password?.message : undefined;
  const confirmError = touchedFields.confirmPassword ? errors.confirmPassword?.message : undefined;
  return (
    <AuthCard
      title="Create New Password"
      subtitle="Choose a strong password you have not used here."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="reset"
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          values={{ password, confirm }}
          fields={{ password: register('password'), confirm: register('confirmPassword') }}
          errors={{ password: pwError, confirm: confirmError }}
        />
        <FormAlert message={formError} />
        <Button type="submit" size="lg" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
