import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.js';
import { emailSchema, nameSchema } from './schemas/common.js';

describe('isValidEmail', () => {
  it.each([
    'a@b.co',
    'ada.lovelace+news@example.com',
    "o'brien@mail.example.org",
    'x@xn--bcher-kva.ch',
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));

  it.each([
    ['two at signs', 'a@b@example.com'],
    ['no domain dot', 'a@localhost'],
    ['a space', 'a b@c.de'],
    ['no at sign', 'ab.c'],
    ['a numeric top level', 'a@example.123'],
    ['a leading dot', '.a@example.com'],
    ['a double dot', 'a..b@example.com'],
    ['an empty label', 'a@example..com'],
    ['a hyphen at a label edge', 'a@-example.com'],
    ['a local part over 64', `${'a'.repeat(65)}@example.com`],
    ['over 254 characters', `a@${'b'.repeat(250)}.com`],
    ['a NUL', 'a\u0000b@example.com'],
  ])('refuses %s', (_case, email) => expect(isValidEmail(email)).toBe(false));
});

describe('the shared string schemas refuse control characters', () => {
  it.each(['abc\u0000def', 'tab\there', 'bell\u0007', 'c1\u0085'])('name %j', (name) => {
    const result = nameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Text must not contain control characters.');
  });

  it('e-mail with a NUL is refused before the pattern is tried', () => {
    expect(emailSchema.safeParse('a\u0000b@example.com').success).toBe(false);
  });

  it('keeps ordinary Unicode', () => {
    expect(nameSchema.parse('  Zoë Ångström 李  ')).toBe('Zoë Ångström 李');
  });
});
