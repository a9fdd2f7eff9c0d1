import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@lede/shared/constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { PasswordInput } from '@/components/ui/password-input';
import {
  useLogin,
  useVerifyCode,
  useVerifyCredentials,
} from '@/features/auth/hooks/use-auth-mutations';
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
  const verifyCredentials = useVerifyCredentials();
  const verifyCode = useVerifyCode();
  const login = useLogin();
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
      const res = await verifyCredentials.mutateAsync({ email: address, password });
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
          () => verifyCredentials.mutateAsync(challenge),
          (hash) => setChallenge({ ...challenge, hash }),
        )}
        onVerify={async (code) => {
          try {
            await verifyCode.mutateAsync({
              email: challenge.email,
              otp: code,
              hash: challenge.hash,
            });
          } catch (err) {
            const text = codeErrorText(err, f.verifyOtp);
            if (isDeadCodeError(err)) return backToForm(text);
            throw new Error(text);
          }
          try {
            await login.mutateAsync(challenge);
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
        <Field id="login-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              className="field"
              {...register('email')}
            />
          )}
        </Field>
        <Field
          id="login-password"
          label="Password"
          labelAside={
            <Link to="/forgot-password" className="link text-sm">
              Forgot password?
            </Link>
          }
          error={errors.password?.message}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...register('password')} />
          )}
        </Field>
        <FormAlert message={formError} />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </Button>
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
