import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordRules, PasswordStrength } from './password-checks';

const percent = () =>
  Number(
    screen
      .getByTestId('password-strength')
      .querySelector('[data-percent]')!
      .getAttribute('data-percent'),
  );

describe('PasswordRules', () => {
  it('marks each rule met or not met', () => {
    render(<PasswordRules password="abcD1" />);
    const item = (text: RegExp) => screen.getByText(text).closest('li')!;
    expect(item(/At least 6 characters/)).toHaveTextContent('(not met)');
    expect(item(/One uppercase letter/)).toHaveTextContent('(met)');
    expect(item(/One lowercase letter/)).toHaveTextContent('(met)');
    expect(item(/One number/)).toHaveTextContent('(met)');
    expect(item(/One special character/)).toHaveTextContent('(not met)');
  });
});

describe('PasswordStrength', () => {
  it.each([
    ['a', 'Very Weak', 20],
    ['ab1', 'Weak', 40],
    ['aB1', 'Fair', 60],
    ['aB1!', 'Good', 80],
    ['aB1!xy', 'Strong', 100],
  ])('%s is %s (%d percent)', (password, label, expected) => {
    render(<PasswordStrength password={password} />);
    expect(screen.getByText(label)).toBeVisible();
    expect(percent()).toBe(expected);
  });

  it('adds the confirm-match row once a confirmation is typed', () => {
    const { rerender } = render(<PasswordStrength password="aB1!xy" confirm="" />);
    expect(screen.queryByText(/Passwords (do not )?match/)).not.toBeInTheDocument();
    rerender(<PasswordStrength password="aB1!xy" confirm="aB1" />);
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    rerender(<PasswordStrength password="aB1!xy" confirm="aB1!xy" />);
    expect(screen.getByText('Passwords match')).toBeVisible();
  });
});
