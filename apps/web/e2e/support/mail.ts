import fs from 'node:fs';
import { expect } from '@playwright/test';

interface Mail {
  to: string[];
  subject: string;
  code?: string;
  at: number;
}

function mails(): Mail[] {
  const text = fs.readFileSync(process.env.LEDE_E2E_MAIL_FILE!, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail);
}

export function mailCount(email: string): number {
  return mails().filter((m) => m.to.includes(email.toLowerCase())).length;
}

/** Waits for the mail number `index` (0-based) to an address and returns its code. */
export async function codeFor(email: string, index = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mine = mails().filter((m) => m.to.includes(email.toLowerCase()));
        code = mine[index]?.code;
        return code;
      },
      { message: `mail #${index + 1} to ${email}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
