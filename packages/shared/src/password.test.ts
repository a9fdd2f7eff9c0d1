import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordStrength, strengthLabel } from './password.js';
import { isValidEmail, maskEmail } from './email.js';
import { CATEGORIES, CATEGORY_IDS } from './categories.js';
import { signupBody, verifyOtpBody } from './schemas/auth.js';

describe('password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(isStrongPassword('Abcde1!')).toBe(true);
  });
  it.each([
    ['Ab1!', 'length'],
    ['abcde1!', 'uppercase'],
    ['ABCDE1!', 'lowercase'],
    ['Abcdef!', 'digit'],
    ['Abcdef1', 'special'],
  ])('%s fails the %s rule', (password, rule) => {
    const s = passwordStrength(password);
    expect(s.failed).toEqual([rule]);
    expect(s.percent).toBe(80);
    expect(s.label).toBe('Good');
    expect(isStrongPassword(password)).toBe(false);
  });
  it('labels strength by percentage', () => {
    expect(strengthLabel(100)).toBe('Strong');
    expect(strengthLabel(80)).toBe('Good');
    expect(strengthLabel(60)).toBe('Fair');
    expect(strengthLabel(40)).toBe('Weak');
    expect(strengthLabel(20)).toBe('Very Weak');
    expect(passwordStrength('').label).toBe('Very Weak');
    expect(passwordStrength('abc').percent).toBe(20);
    expect(passwordStrength('abC1').label).toBe('Fair');
  });
});

describe('email', () => {
  it('validates the simple pattern', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a b@c.de')).toBe(false);
    expect(isValidEmail('ab.c')).toBe(false);
    expect(isValidEmail('a@bc')).toBe(false);
  });
  it('masks all but the first three characters of the local part', () => {
    expect(maskEmail('johndoe@example.com')).toBe('joh****@example.com');
    expect(maskEmail('abc@example.com')).toBe('abc@example.com');
  });
});

describe('schemas', () => {
  it('normalises e-mails and drops unknown keys', () => {
    const r = signupBody.parse({
      name: ' Ann ',
      email: ' Ann@X.io ',
      password: 'Abcde1!',
      role: 'admin',
    });
    expect(r).toEqual({ name: 'Ann', email: 'ann@x.io', password: 'Abcde1!' });
  });
  it('refuses operator objects in string fields', () => {
    expect(
      signupBody.safeParse({ name: 'A', email: { $gt: '' }, password: 'Abcde1!' }).success,
    ).toBe(false);
  });
  it('requires a six-digit code', () => {
    const r = verifyOtpBody.safeParse({ email: 'a@b.co', otp: '12345', hash: 'h' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please enter complete OTP');
  });
  it('has 15 categories with emoji and description', () => {
    expect(CATEGORY_IDS).toHaveLength(15);
    for (const c of CATEGORIES) {
      expect(c.emoji.length).toBeGreaterThan(0);
      expect(c.description.length).toBeGreaterThan(10);
    }
    expect(CATEGORIES.find((c) => c.id === 'world')?.label).toBe('World News');
    expect(CATEGORIES.find((c) => c.id === 'food')?.label).toBe('Food & Dining');
  });
});
