import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@lede/shared';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { authApi, codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import { AuthCard, FieldError, FormAlert } from '@/features/auth/components/auth-card';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { PasswordRules, PasswordStrength } from '@/features/auth/components/password-checks';
import { PasswordInput } from '@/features/auth/components/password-input';
import { signupFormSchema, type SignupForm } from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

export default function SignupPage() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<(SignupForm & { hash: string }) | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    mode: 'onChange',
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isValid, isSubmitting, touchedFields },
  } = form;
  const password = useWatch({ control, name: 'password' });
  const confirm = useWatch({ control, name: 'confirmPassword' });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const email = values.email.trim();
    try {
      const res = await authApi.sendSignupCode(email);
      toast.success(MESSAGES.auth.otpSent);
      setChallenge({ ...values, email, hash: res.hash });
    } catch (err) {
      const text = errorMessage(err, f.sendOtp);
      setFormError(text);
      toast.error(text);
    }
  });

  const backToForm = (message?: string) => {
    if (challenge) form.reset({ ...challenge, confirmPassword: challenge.confirmPassword });
    setChallenge(null);
    if (message) {
      setFormError(message);
      toast.error(message);
    }
  };

  if (challenge) {
    return (
      <CodeEntry
        purpose="signup"
        email={challenge.email}
        onBack={() => backToForm()}
        onResend={resendCode(
          () => authApi.sendSignupCode(challenge.email),
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
            await authApi.signup(challenge.name.trim(), challenge.email, challenge.password);
          } catch (err) {
            return backToForm(errorMessage(err, f.signup));
          }
          toast.success(MESSAGES.auth.signupSuccess);
          navigate('/preferences', { replace: true, state: { fromReset: true } });
        }}
      />
    );
  }

  const show = (key: keyof SignupForm) => (touchedFields[key] ? errors[key]?.message : undefined);
  const describe = (key: keyof SignupForm, extra?: string) =>
    [show(key) ? `signup-${key}-error` : undefined, extra].filter(Boolean).join(' ') || undefined;

  return (
    <AuthCard title="Create your account" subtitle="Get personalized news and recommendations.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor="signup-name" className="label">
            Full name
          </label>
          <input
            id="signup-name"
            autoComplete="name"
            className="field"
            aria-invalid={show('name') ? true : undefined}
            aria-describedby={describe('name')}
            {...register('name')}
          />
          <FieldError id="signup-name-error" message={show('name')} />
        </div>
        <div>
          <label htmlFor="signup-email" className="label">
            Email
          </label>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            className="field"
            aria-invalid={show('email') ? true : undefined}
            aria-describedby={describe('email')}
            {...register('email')}
          />
          <FieldError id="signup-email-error" message={show('email')} />
        </div>
        <div>
          <div className="mb-1 flex items-center gap-1">
            <label htmlFor="signup-password" className="label mb-0">
              Password
            </label>
            <button
              type="button"
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:text-fg"
              aria-label="Password requirements"
              aria-expanded={rulesOpen}
              aria-controls="signup-password-rules"
              onClick={() => setRulesOpen((o) => !o)}
            >
              <Info size={16} aria-hidden="true" />
            </button>
          </div>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            aria-invalid={show('password') ? true : undefined}
            aria-describedby={describe('password', rulesOpen ? 'signup-password-rules' : undefined)}
            {...register('password')}
            onFocus={() => setRulesOpen(true)}
          />
          <FieldError id="signup-password-error" message={show('password')} />
          {rulesOpen && (
            <div className="mt-2">
              <PasswordRules id="signup-password-rules" password={password} />
            </div>
          )}
          <div className="mt-2">
            <PasswordStrength password={password} confirm={confirm} />
          </div>
        </div>
        <div>
          <label htmlFor="signup-confirm" className="label">
            Confirm password
          </label>
          <PasswordInput
            id="signup-confirm"
            autoComplete="new-password"
            aria-invalid={show('confirmPassword') ? true : undefined}
            aria-describedby={describe('confirmPassword')}
            {...register('confirmPassword')}
          />
          <FieldError id="signup-confirmPassword-error" message={show('confirmPassword')} />
        </div>
        <FormAlert message={formError} />
        <button type="submit" className="btn-primary h-11" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Sending code…' : 'Create Account'}
        </button>
        <p className="text-center text-sm text-muted">
          Already have an account?{' '}
          <Link to="/login" className="link">
            Login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
