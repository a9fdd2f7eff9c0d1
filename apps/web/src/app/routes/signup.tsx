import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, SIGNUP_TAKEN_ADDRESS_HINT } from '@lede/shared/constants';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { AuthCard } from '@/features/auth/components/auth-card';
import { EmailField } from '@/features/auth/components/email-field';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import {
  useSendSignupCode,
  useSignup,
  useVerifyCode,
} from '@/features/auth/hooks/use-auth-mutations';
import { useCodeChallenge } from '@/features/auth/hooks/use-code-challenge';
import { signupFormSchema, type SignupForm } from '@/features/auth/schemas';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';

const f = MESSAGES.fallbacks;

export default function SignupPage() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
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
  const codes = useCodeChallenge<SignupForm>({
    onReturn: ({ hash: _hash, ...values }) => form.reset(values),
  });

  const onSubmit = handleSubmit((values) => {
    const email = values.email.trim();
    return codes.request({ ...values, email }, () => sendSignupCode.mutateAsync(email), {
      sent: MESSAGES.auth.otpSent,
      fallback: f.sendOtp,
    });
  });

  const codeStep = codes.codeEntry({
    purpose: 'signup',
    send: ({ email }) => sendSignupCode.mutateAsync(email),
    verify: ({ email, hash }, otp) => verifyCode.mutateAsync({ email, otp, hash }),
    verifyFallback: f.verifyOtp,
    onVerified: async ({ name, email, password }) => {
      try {
        await signup.mutateAsync({ name: name.trim(), email, password });
      } catch (err) {
        return codes.backToForm(errorMessage(err, f.signup));
      }
      toast.success(MESSAGES.auth.signupSuccess);
      navigate(paths.preferences(), { replace: true, state: { fromReset: true } });
    },
  });
  if (codeStep) return <CodeEntry {...codeStep} note={SIGNUP_TAKEN_ADDRESS_HINT} />;

  const show = (key: keyof SignupForm) => (touchedFields[key] ? errors[key]?.message : undefined);

  return (
    <AuthCard title="Create your account" subtitle="Get personalized news and recommendations.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="signup-name" label="Full name" error={show('name')}>
          {(control) => (
            <input {...control} autoComplete="name" className="field" {...register('name')} />
          )}
        </Field>
        <EmailField id="signup-email" error={show('email')} field={register('email')} />
        <NewPasswordFields
          idPrefix="signup"
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          values={{ password, confirm }}
          fields={{ password: register('password'), confirm: register('confirmPassword') }}
          errors={{ password: show('password'), confirm: show('confirmPassword') }}
        />
        <FormAlert message={codes.formError} />
        <Button type="submit" size="lg" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Sending code…' : 'Create Account'}
        </Button>
        <p className="text-center text-sm text-muted">
          Already have an account?{' '}
          <Link to={paths.login()} className="link">
            Login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
