import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { MailOutbox } from '../src/modules/mail/index.js';

export interface CaughtMail {
  to: string[];
  subject: string;
  raw: string;
  code?: string;
}

/** A real SMTP server on loopback that keeps every message it accepts. */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  /** When set, the server refuses every recipient (simulates a mail outage). */
  refuse = false;
  /** Refuses this many recipients, then accepts again (a short outage). */
  refuseNext = 0;
  /** While set, accepted messages wait here before the server answers (a slow mail server). */
  private held?: Promise<void>;
  /** Messages received while the server is held, not yet answered (sends in flight). */
  holding = 0;
  private server: SMTPServer;
  private outbox?: MailOutbox;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.refuse) return callback(new Error('Mailbox unavailable'));
        if (this.refuseNext > 0) {
          this.refuseNext -= 1;
          return callback(new Error('Mailbox unavailable'));
        }
        callback();
      },
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', async () => {
          if (this.held) {
            this.holding += 1;
            await this.held;
            this.holding -= 1;
          }
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          const body = raw
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n');
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject,
            raw,
            code: /\b(\d{6})\b/.exec(body)?.[1],
          });
          callback();
        });
      },
    });
  }

  /** Makes the server slow until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Mails leave the app after its answer: reading waits until the app's outbox is idle. */
  waitForOutbox(outbox: MailOutbox): void {
    this.outbox = outbox;
  }

  /** The newest code mailed to an address. */
  async lastCode(email: string): Promise<string> {
    const mail = (await this.messagesTo(email)).at(-1);
    if (!mail?.code) throw new Error(`no code was mailed to ${email}`);
    return mail.code;
  }

  async messagesTo(email: string): Promise<CaughtMail[]> {
    await this.outbox?.idle();
    return this.messages.filter((m) => m.to.includes(email.toLowerCase()));
  }
}
