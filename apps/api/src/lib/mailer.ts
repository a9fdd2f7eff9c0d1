import nodemailer from 'nodemailer';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Shown in the log line when no SMTP server is configured (local runs only). */
  logSummary?: string;
  /** Extra header fields (the daily edition's `List-Unsubscribe`). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  for (const [k, v] of Object.entries({
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '15000',
  })) {
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, html, headers });
    },
  };
}

/** Without SMTP each mail becomes one log line, so a local run is usable without a mail server. */
export function createLogMailer(logger: Logger): Mailer {
  return {
    async send({ to, subject, logSummary }) {
      logger.info(
        { mail: { to, subject } },
        `mail to ${to}: ${subject}${logSummary ? ` — ${logSummary}` : ''}`,
      );
    },
  };
}
