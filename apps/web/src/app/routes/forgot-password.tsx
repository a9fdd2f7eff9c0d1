import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared/constants';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { isDeadCodeError } from '@/features/auth/api/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { EmailField } from '@/features/auth/components/email-field';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import {
  useForgotPassword,
  useResetPassword,
  useVerifyResetCode,
} from '@/features/auth/hooks/use-auth-mutations';
import { useCodeChallenge } from '@/features/auth/hooks/use-code-challenge';
import {
  forgotEmailSchema,
  newPasswordFormSchema,
  type ForgotEmailForm,
  type NewPasswordForm,
} from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

export default function ForgotPasswordPage() {
  usePageTitle('Reset password');
  const [reset, setReset] = useState<{ email: string; resetToken: string } | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const forgotPassword = useForgotPassword();
  const verifyResetCode = useVerifyResetCode();
  const codes = useCodeChallenge<{ email: string }>();

  const backToStart = (message?: string) => {
    setReset(null);
    codes.setFormError(null);
    codes.backToForm(message);
  };
  const codeStep = codes.codeEntry({
    purpose: 'password_reset',
    send: ({ email }) => forgotPassword.mutateAsync(email),
    verify: ({ email, hash }, otp) => verifyResetCode.mutateAsync({ email, otp, hash }),
    verifyFallback: f.verifyResetOtp,
    onVerified: ({ email }, { resetToken }) => {
      toast.success(MESSAGES.auth.resetOtpVerified);
      codes.backToForm();
      setReset({ email, resetToken });
    },
  });

  return (
    <div className="flex flex-col gap-4">
      {reset ? (
        <NewPasswordStep email={reset.email} resetToken={reset.resetToken} onDead={backToStart} />
      ) : codeStep ? (
        <CodeEntry {...codeStep} />
      ) : (
        <EmailStep
          defaultEmail={lastEmail}
          error={codes.formError}
          onSubmit={(email) => {
            setLastEmail(email);
            return codes.request({ email }, () => forgotPassword.mutateAsync(email), {
              sent: MESSAGES.auth.resetOtpSent,
              fallback: f.sendResetOtp,
            });
          }}
        />
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link inline-flex items-center gap-1">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Login
        </Link>
      </p>
    </div>
  );
}

function EmailStep({
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

function NewPasswordStep({
  email,
  resetToken,
  onDead,
}: {
  email: string;
  resetToken: string;
  onDead: (message: string) => void;
}) {
  const navigate = useNavigate();
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
      const text = errorMessage(err, f.resetPassword);
      if (isDeadCodeError(err)) return onDead(text);
      setFormError(text);
      toast.error(CLIENT_MESSAGES.toasts.resetPasswordFailed);
      return;
    }
    toast.success(MESSAGES.auth.passwordResetSuccess);
    navigate('/login', { replace: true });
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
