import { OTP_TTL_SECONDS, type OtpPurpose } from '@lede/shared';
import type { MailMessage } from '../../lib/mailer.js';

const SUBJECTS: Record<OtpPurpose, string> = {
  signup: 'Your Lede sign-up code',
  login: 'Your Lede sign-in code',
  password_reset: 'Your Lede password reset code',
  change_email: 'Confirm your new Lede e-mail address',
};

const INTROS: Record<OtpPurpose, string> = {
  signup: 'Use this code to finish creating your Lede account.',
  login: 'Use this code to finish signing in to Lede.',
  password_reset: 'Use this code to reset your Lede password.',
  change_email: 'Use this code to make this address the e-mail of your Lede account.',
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

/** Sent to the old address once the change is made, so a hijack cannot go unnoticed. */
export function emailChangedMail(to: string, newEmail: string, appOrigin: string): MailMessage {
  const text = `The e-mail address of your Lede account was changed to ${newEmail}. Every other session was signed out. If you did not do this, reply to this e-mail right away.`;
  const escaped = newEmail.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to,
    subject: 'Your Lede e-mail address was changed',
    text: `${text}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>The e-mail address of your Lede account was changed to <strong>${escaped}</strong>. Every other session was signed out.</p>
<p style="color:#57606a">If you did not do this, reply to this e-mail right away.</p>
<p><a href="${appOrigin}">Lede</a></p>
</body></html>`,
    logSummary: `now ${newEmail}`,
  };
}

const TAKEN: Record<'signup' | 'change_email', { subject: string; asked: string }> = {
  signup: {
    subject: 'Someone tried to sign up to Lede with your address',
    asked:
      'Someone asked to create a Lede account with this e-mail address, which already has one.',
  },
  change_email: {
    subject: 'Someone tried to move a Lede account to your address',
    asked:
      'Someone asked to make this e-mail address the address of another Lede account. Your account keeps it.',
  },
};

/**
 * Sent instead of a code when an address that has an account is asked for one to sign up or to
 * move another account to it: its owner learns of it, the asker learns nothing.
 */
export function addressTakenMail(
  to: string,
  purpose: 'signup' | 'change_email',
  appOrigin: string,
): MailMessage {
  const { subject, asked } = TAKEN[purpose];
  const signIn = `${appOrigin}/login`;
  const reset = `${appOrigin}/forgot-password`;
  const help = 'If it was not you, you need not do anything: nothing was changed.';
  return {
    to,
    subject,
    text: `${asked}\n\nIf it was you, sign in: ${signIn}\nForgot your password? Reset it: ${reset}\n\n${help}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>${asked}</p>
<p>If it was you, <a href="${signIn}">sign in</a>. Forgot your password? <a href="${reset}">Reset it</a>.</p>
<p style="color:#57606a">${help}</p>
<p><a href="${appOrigin}">Lede</a></p>
</body></html>`,
    logSummary: `no code: the address has an account (sign in at ${signIn})`,
  };
}
