import { describe, expect, it } from 'vitest';
import { emailProblem, nameProblem, passwordInputProblem } from './field-checks.js';
import { emailSchema, nameSchema, passwordInputSchema } from './schemas/common.js';

/** What a schema answers first for `value`, as a screen shows it. */
const firstIssue = (schema: typeof emailSchema | typeof nameSchema, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

const NAMES = ['Ada', '  Ada  ', '', '   ', 'a'.repeat(100), 'a'.repeat(101), 'Ada\u0000', ' x\n'];
const EMAILS = [
  'ada@example.com',
  ' Ada@Example.com ',
  '',
  '  ',
  'ada@',
  'ada@example',
  'a b@example.com',
  `${'a'.repeat(250)}@example.com`,
  'ada@exam\u0007ple.com',
  'ada..b@example.com',
];
const PASSWORDS = ['Str0ng!pass', '', ' ', 'é'.repeat(36), 'é'.repeat(37), 'pa\u0000ss'];

describe('field checks without zod say what the schemas say', () => {
  it.each(NAMES)('name %j', (value) => {
    expect(nameProblem(value)).toBe(firstIssue(nameSchema, value));
  });
  it.each(EMAILS)('e-mail %j', (value) => {
    expect(emailProblem(value)).toBe(firstIssue(emailSchema, value));
  });
  it.each(PASSWORDS)('password %j', (value) => {
    expect(passwordInputProblem(value)).toBe(firstIssue(passwordInputSchema, value));
  });
  it('the checks can fail', () => {
    expect(nameProblem('')).toBe('Name is required.');
    expect(emailProblem('ada@')).toBe('Please enter a valid email address.');
    expect(passwordInputProblem('é'.repeat(37))).toBe('Password must be at most 72 bytes long.');
  });
});
