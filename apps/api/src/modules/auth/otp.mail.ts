import { OTP_TTL_SECONDS, type OtpPurpose } from '@lede/shared';
import type { MailMessage } from '../../lib/mailer.js';

const SUBJECTS: Record<OtpPurpose, string> = {
  signup: 'Your Lede sign-up code',
  login: 'Your Lede sign-in code',
  password_reset: 'Your Lede password reset code',
};

const INTROS: Record<OtpPurpose, string> = {
  signup: 'Use this code to finish creating your Lede account.',
  login: 'Use this code to finish signing in to Lede.',
  password_reset: 'Use this code to reset your Lede password.',
};

export function otpMail(
  to: string,
  purpose: OtpPurpose,
  code: string,
  appOrigin: string,
): MailMessage {
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  const intro = INTROS[purpose];
  const footer = `The code expires in ${minutes} minutes and can be used once. If you did not ask for it, ignore this e-mail.`;
  return {
    to,
    subject: SUBJECTS[purpose],
    text: `${intro}\n\n    ${code}\n\n${footer}\n\n${appOrigin}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>${intro}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p style="color:#57606a">${footer}</p>
<p><a href="${appOrigin}">Lede</a></p>
</body></html>`,
    logSummary: `code ${code} (expires in ${minutes} minutes)`,
  };
}
