import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, errorCodeOf } from './error-codes.js';

describe('error codes', () => {
  it('pairs each fixed message with exactly one code', () => {
    const messages = Object.values(ERROR_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      expect(errorCodeOf(message)).toBe(code);
    }
  });

  it('lists every code once, in SCREAMING_SNAKE_CASE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });
});
