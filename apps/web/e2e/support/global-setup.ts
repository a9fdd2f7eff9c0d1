import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for the app under test (SMTP_URL in playwright.config.ts). Every
 * mail is appended to LEDE_E2E_MAIL_FILE, where the tests read the one-time codes.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const file = process.env.LEDE_E2E_MAIL_FILE!;
  const port = Number(process.env.LEDE_E2E_SMTP_PORT);
  fs.writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const body = raw.slice(raw.search(/\r?\n\r?\n/));
        const code = /^\s*(\d{6})\s*$/m.exec(body)?.[1];
        fs.appendFileSync(file, `${JSON.stringify({ to, subject, code, at: Date.now() })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
