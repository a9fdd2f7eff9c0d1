import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared';
import { ArrowLeft, Info } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { authApi, codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import { AuthCard, FieldError, FormAlert } from '@/features/auth/components/auth-card';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { PasswordRules, PasswordStrength } from '@/features/auth/components/password-checks';
import { PasswordInput } from '@/features/auth/components/password-input';
import {
  forgotEmailSchema,
  newPasswordFormSchema,
  type ForgotEmailForm,
  type NewPasswordForm,
} from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

type Step =
  | { step: 1 }
  | { step: 2; email: string; hash: string }
  | { step: 3; email: string; resetToken: string };

export default function ForgotPasswordPage() {
  usePageTitle('Reset password');
  const [state, setState] = useState<Step>({ step: 1 });
  const [formError, setFormError] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');

  const backToStart = (message?: string) => {
    setState({ step: 1 });
    setFormError(message ?? null);
    if (message) toast.error(message);
  };

  return (
    <div className="flex flex-col gap-4">
      {state.step === 1 && (
        <EmailStep
          defaultEmail={lastEmail}
          error={formError}
          onSent={(email, hash) => {
            setFormError(null);
            setLastEmail(email);
            setState({ step: 2, email, hash });
          }}
          onError={setFormError}
        />
      )}
      {state.step === 2 && (
        <CodeEntry
          purpose="password_reset"
          email={state.email}
          onBack={() => backToStart()}
          onResend={resendCode(
            () => authApi.forgotPassword(state.email),
            (hash) => setState({ ...state, hash }),
          )}
          onVerify={async (code) => {
            try {
              const res = await authApi.verifyResetCode(state.email, code, state.hash);
              toast.success(MESSAGES.auth.resetOtpVerified);
              setState({ step: 3, email: state.email, resetToken: res.resetToken });
            } catch (err) {
              const text = codeErrorText(err, f.verifyResetOtp);
              if (isDeadCodeError(err)) return backToStart(text);
              throw new Error(text);
            }
          }}
        />
      )}
      {state.step === 3 && (
        <NewPasswordStep email={state.email} resetToken={state.resetToken} onDead={backToStart} />
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
  onSent,
  onError,
}: {
  defaultEmail: string;
  error: string | null;
  onSent: (email: string, hash: string) => void;
  onError: (message: string) => void;
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
  const onSubmit = handleSubmit(async (values) => {
    const address = values.email.trim();
    try {
      const res = await authApi.forgotPassword(address);
      toast.success(MESSAGES.auth.resetOtpSent);
      onSent(address, res.hash);
    } catch (err) {
      const text = errorMessage(err, f.sendResetOtp);
      onError(text);
      toast.error(text);
    }
  });
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's e-mail and we will send you a reset code."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor="forgot-email" className="label">
            Email
          </label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            className="field"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'forgot-email-error' : undefined}
            {...register('email')}
          />
          <FieldError id="forgot-email-error" message={errors.email?.message} />
        </div>
        <FormAlert message={error} />
        <button
          type="submit"
          className="btn-primary h-11"
          disabled={!email?.trim() || isSubmitting}
        >
          {isSubmitting ? 'Sending…' : 'Send Reset Code'}
        </button>
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
  const [rulesOpen, setRulesOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
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
      await authApi.resetPassword(email, values.password, resetToken);
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
        <div>
          <div className="mb-1 flex items-center gap-1">
            <label htmlFor="reset-password" className="label mb-0">
              New password
            </label>
            <button
              type="button"
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:text-fg"
              aria-label="Password requirements"
              aria-expanded={rulesOpen}
              aria-controls="reset-password-rules"
              onClick={() => setRulesOpen((o) => !o)}
            >
              <Info size={16} aria-hidden="true" />
            </button>
          </div>
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            aria-invalid={pwError ? true : undefined}
            aria-describedby={pwError ? 'reset-password-error' : undefined}
            {...register('password')}
            onFocus={() => setRulesOpen(true)}
          />
          <FieldError id="reset-password-error" message={pwError} />
          {rulesOpen && (
            <div className="mt-2">
              <PasswordRules id="reset-password-rules" password={password} />
            </div>
          )}
          <div className="mt-2">
            <PasswordStrength password={password} confirm={confirm} />
          </div>
        </div>
        <div>
          <label htmlFor="reset-confirm" className="label">
            Confirm new password
          </label>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? 'reset-confirm-error' : undefined}
            {...register('confirmPassword')}
          />
          <FieldError id="reset-confirm-error" message={confirmError} />
        </div>
        <FormAlert message={formError} />
        <button type="submit" className="btn-primary h-11" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset Password'}
        </button>
      </form>
    </AuthCard>
  );
}
