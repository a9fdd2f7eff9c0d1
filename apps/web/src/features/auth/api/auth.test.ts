import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { codeErrorText, isDeadCodeError } from './auth';

const error = (status: number, body: ConstructorParameters<typeof ApiError>[2]) =>
  new ApiError(status, body!.message, body);

describe('code errors', () => {
  it('sends the reader back by code, whatever the wording', () => {
    expect(isDeadCodeError(error(400, { message: 'Reworded', code: 'OTP_EXPIRED' }))).toBe(true);
    expect(
      isDeadCodeError(error(429, { message: 'x', code: 'OTP_TOO_MANY_ATTEMPTS', attemptsLeft: 0 })),
    ).toBe(true);
    expect(isDeadCodeError(error(400, { message: 'expired', code: 'OTP_INVALID' }))).toBe(false);
    expect(isDeadCodeError(new Error('Too many'))).toBe(false);
  });

  it('adds the attempts left to a wrong code, not to a dead one', () => {
    const wrong = error(400, { message: 'Invalid code', code: 'OTP_INVALID', attemptsLeft: 1 });
    expect(codeErrorText(wrong, 'fallback')).toBe('Invalid code. 1 attempt left.');
    const dead = error(429, { message: 'Gone', code: 'OTP_TOO_MANY_ATTEMPTS', attemptsLeft: 0 });
    expect(codeErrorText(dead, 'fallback')).toBe('Gone');
  });
});
