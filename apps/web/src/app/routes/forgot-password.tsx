import { MESSAGES } from '@lede/shared/constants';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { CodeEntry } from '@/features/auth/components/code-entry';
import { EmailStep } from '@/features/auth/components/forgot-email-step';
import { NewPasswordStep } from '@/features/auth/components/new-password-step';
import { useForgotPassword, useVerifyResetCode } from '@/features/auth/hooks/use-auth-mutations';
import { useCodeChallenge } from '@/features/auth/hooks/use-code-challenge';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';

const f = MESSAGES.fallbacks;

export default function ForgotPasswordPage() {
  usePageTitle('Reset password');
  const [reset, setReset] = useState<{ email: string; resetToken: string } | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const forgotPassword = useForgotPassword();
  const verifyResetCode = useVerifyResetCode();
  const codes = useCodeChallenge<{ email: string }>();
  const navigate = useNavigate();

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
        <NewPasswordStep
          email={reset.email}
          resetToken={reset.resetToken}
          onDead={backToStart}
          onDone={() => navigate(paths.login(), { replace: true })}
        />
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
        <Link to={paths.login()} className="link inline-flex items-center gap-1">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Login
        </Link>
      </p>
    </div>
  );
}
