export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt ignores everything after 72 bytes, so longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  test: (password: string) => boolean;
}

const SPECIAL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (p) => SPECIAL_PATTERN.test(p),
  },
];

export type StrengthLabel = 'Strong' | 'Good' | 'Fair' | 'Weak' | 'Very Weak';

export interface PasswordStrength {
  percent: number;
  label: StrengthLabel;
  passed: PasswordRule['id'][];
  failed: PasswordRule['id'][];
}

export function strengthLabel(percent: number): StrengthLabel {
  if (percent >= 100) return 'Strong';
  if (percent >= 80) return 'Good';
  if (percent >= 60) return 'Fair';
  if (percent >= 40) return 'Weak';
  return 'Very Weak';
}

export function passwordStrength(password: string): PasswordStrength {
  const passed = PASSWORD_RULES.filter((r) => r.test(password)).map((r) => r.id);
  const failed = PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.id);
  const percent = Math.round((passed.length / PASSWORD_RULES.length) * 100);
  return { percent, label: strengthLabel(percent), passed, failed };
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(password));
}

export function passwordByteLength(password: string): number {
  return new TextEncoder().encode(password).length;
}
