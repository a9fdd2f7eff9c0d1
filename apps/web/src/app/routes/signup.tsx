import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@lede/shared/constants';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { codeErrorText, isDeadCodeError, resendCode } from '@/features/auth/api/auth';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import {
  useSendSignupCode,
  useSignup,
  useVerifyCode,
} from '@/features/auth/hooks/use-auth-mutations';
import { signupFormSchema, type SignupForm } from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

export default function SignupPage() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<(SignupForm & { hash: string }) | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const sendSignupCode = useSendSignupCode();
  const verifyCode = useVerifyCode();
  const signup = useSignup();
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
      const res = await sendSignupCode.mutateAsync(email);
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
          () => sendSignupCode.mutateAsync(challenge.email),
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
            await signup.mutateAsync({
              name: challenge.name.trim(),
              email: challenge.email,
              password: challenge.password,
            });
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

  return (
    <AuthCard title="Create your account" subtitle="Get personalized news and recommendations.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="signup-name" label="Full name" error={show('name')}>
          {(control) => (
            <input {...control} autoComplete="name" className="field" {...register('name')} />
          )}
        </Field>
        <Field id="signup-email" label="Email" error={show('email')}>
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
        <NewPasswordFields
          idPrefix="signup"
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          values={{ password, confirm }}
          fields={{ password: register('password'), confirm: register('confirmPassword') }}
          errors={{ password: show('password'), confirm: show('confirmPassword') }}
        />
        <FormAlert message={formError} />
        <Button type="submit" size="lg" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Sending code…' : 'Create Account'}
        </Button>
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
