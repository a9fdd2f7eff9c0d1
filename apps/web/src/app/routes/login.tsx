import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@lede/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { authApi, codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import { AuthCard, FieldError, FormAlert } from '@/features/auth/components/auth-card';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { PasswordInput } from '@/features/auth/components/password-input';
import { loginFormSchema, type LoginForm } from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

export default function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const [challenge, setChallenge] = useState<{
    email: string;
    password: string;
    hash: string;
  } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    const address = email.trim();
    try {
      const res = await authApi.verifyCredentials(address, password);
      toast.success(MESSAGES.auth.credentialsVerified);
      setChallenge({ email: address, password, hash: res.hash });
    } catch (err) {
      const text = errorMessage(err, f.verifyCredentials);
      setFormError(text);
      toast.error(text);
    }
  });

  const backToForm = (message?: string) => {
    setChallenge(null);
    if (message) {
      setFormError(message);
      toast.error(message);
    }
  };

  if (challenge) {
    return (
      <CodeEntry
        purpose="login"
        email={challenge.email}
        onBack={() => backToForm()}
        onResend={resendCode(
          () => authApi.verifyCredentials(challenge.email, challenge.password),
          (hash) => setChallenge({ ...challenge, hash }),
        )}
        onVerify={async (code) => {
          try {
            await authApi.verifyCode(challenge.email, code, challenge.hash);
          } catch (err) {
            const text = codeErrorText(err, f.verifyOtp);
            if (isDeadCodeError(err)) return backToForm(text);
            throw new Error(text);
          }
          try {
            await authApi.login(challenge.email, challenge.password);
          } catch (err) {
            return backToForm(errorMessage(err, f.login));
          }
          toast.success(MESSAGES.auth.loginSuccess);
          const from = (location.state as { from?: string } | null)?.from;
          navigate(from && from !== '/login' ? from : '/home', { replace: true });
        }}
      />
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Lede account.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor="login-email" className="label">
            Email
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            className="field"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            {...register('email')}
          />
          <FieldError id="login-email-error" message={errors.email?.message} />
        </div>
        <div>
          <div className="mb-1 flex items-baseline justify-between">
            <label htmlFor="login-password" className="label mb-0">
              Password
            </label>
            <Link to="/forgot-password" className="link text-sm">
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            {...register('password')}
          />
          <FieldError id="login-password-error" message={errors.password?.message} />
        </div>
        <FormAlert message={formError} />
        <button type="submit" className="btn-primary h-11" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </button>
        <p className="text-center text-sm text-muted">
          New to Lede?{' '}
          <Link to="/signup" className="link">
            Create an account
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
