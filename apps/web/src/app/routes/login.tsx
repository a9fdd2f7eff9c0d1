import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@lede/shared/constants';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { EmailField } from '@/features/auth/components/email-field';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { PasswordInput } from '@/components/ui/password-input';
import {
  useLogin,
  useVerifyCode,
  useVerifyCredentials,
} from '@/features/auth/hooks/use-auth-mutations';
import { useCodeChallenge } from '@/features/auth/hooks/use-code-challenge';
import { loginFormSchema, type LoginForm } from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { PAGE_PATHS } from '@lede/shared/constants';

const f = MESSAGES.fallbacks;

export default function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const verifyCredentials = useVerifyCredentials();
  const verifyCode = useVerifyCode();
  const login = useLogin();
  const codes = useCodeChallenge<LoginForm>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(({ email, password }) => {
    const values = { email: email.trim(), password };
    return codes.request(values, () => verifyCredentials.mutateAsync(values), {
      sent: MESSAGES.auth.credentialsVerified,
      fallback: f.verifyCredentials,
    });
  });

  const codeStep = codes.codeEntry({
    purpose: 'login',
    send: ({ email, password }) => verifyCredentials.mutateAsync({ email, password }),
    verify: ({ email, hash }, otp) => verifyCode.mutateAsync({ email, otp, hash }),
    verifyFallback: f.verifyOtp,
    onVerified: async ({ email, password }) => {
      try {
        await login.mutateAsync({ email, password });
      } catch (err) {
        return codes.backToForm(errorMessage(err, f.login));
      }
      toast.success(MESSAGES.auth.loginSuccess);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== PAGE_PATHS.login ? from : paths.home(), { replace: true });
    },
  });
  if (codeStep) return <CodeEntry {...codeStep} />;

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Lede account.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField id="login-email" error={errors.email?.message} field={register('email')} />
        <Field
          id="login-password"
          label="Password"
          labelAside={
            <Link to={paths.forgotPassword()} className="link text-sm">
              Forgot password?
            </Link>
          }
          error={errors.password?.message}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...register('password')} />
          )}
        </Field>
        <FormAlert message={codes.formError} />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-muted">
          New to Lede?{' '}
          <Link to={paths.signup()} className="link">
            Create an account
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
