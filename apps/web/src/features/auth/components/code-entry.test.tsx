import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeEntry } from './code-entry';

const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ });
const values = () =>
  boxes()
    .map((b) => (b as HTMLInputElement).value)
    .join('');

function setup(overrides: Partial<Parameters<typeof CodeEntry>[0]> = {}) {
  const onVerify = vi.fn(async (_code: string) => undefined);
  const onResend = vi.fn(async () => undefined);
  const onBack = vi.fn();
  render(
    <CodeEntry
      purpose="signup"
      email="reader@example.com"
      onVerify={onVerify}
      onResend={onResend}
      onBack={onBack}
      {...overrides}
    />,
  );
  return { onVerify, onResend, onBack };
}

// jsdom has no scrolling; the screen scrolls to the top when it appears.
let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.useRealTimers());

describe('CodeEntry', () => {
  it('shows the heading per purpose and the masked e-mail', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    expect(screen.getByText('rea***@example.com')).toBeVisible();
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes()[0]).toHaveFocus();
  });

  it('shows the note it is given under the e-mail, and none without', () => {
    setup({ note: 'Already have an account? We e-mailed you a sign-in link instead.' });
    expect(
      screen.getByText('Already have an account? We e-mailed you a sign-in link instead.'),
    ).toBeVisible();
    cleanup();
    setup({ purpose: 'login' });
    expect(screen.queryByText(/sign-in link instead/)).toBeNull();
  });

  it("uses 'Verify Reset Code' for a password reset", () => {
    setup({ purpose: 'password_reset', email: 'abc@x.io' });
    expect(screen.getByRole('heading', { name: 'Verify Reset Code' })).toBeVisible();
    expect(screen.getByText('abc@x.io')).toBeVisible();
  });

  it('accepts digits only, advances, and submits on the sixth digit', async () => {
    const user = userEvent.setup();
    const { onVerify } = setup();
    await user.keyboard('1a2');
    expect(values()).toBe('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('3456');
    expect(onVerify).toHaveBeenCalledTimes(1);
    expect(onVerify).toHaveBeenCalledWith('123456');
  });

  it('moves back on Backspace', async () => {
    const user = userEvent.setup();
    setup();
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1');
    expect(boxes()[1]).toHaveFocus();
  });

  it('takes a pasted six-digit code in any box and submits it', () => {
    const { onVerify } = setup();
    fireEvent.paste(boxes()[4]!, { clipboardData: { getData: () => ' 98-76 54 ' } });
    expect(values()).toBe('987654');
    expect(onVerify).toHaveBeenCalledWith('987654');
  });

  it('asks for the complete code when submitted early', async () => {
    const user = userEvent.setup();
    const { onVerify } = setup();
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verify & Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter complete OTP');
    expect(onVerify).not.toHaveBeenCalled();
  });

  it('shows the error a failed verification gives and clears the boxes', async () => {
    const user = userEvent.setup();
    setup({
      onVerify: async () => {
        throw new Error('Invalid code. 4 attempts left.');
      },
    });
    await user.keyboard('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code. 4 attempts left.');
    expect(values()).toBe('');
  });

  it('counts down 300 s, then says the code expired and enables resend', async () => {
    vi.useFakeTimers();
    const { onResend } = setup();
    const resend = screen.getByRole('button', { name: /Resend code/ });
    expect(screen.getByText('5:00')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByText('3:59')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(240_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Code has expired');
    expect(resend).toBeEnabled();

    fireEvent.change(boxes()[0]!, { target: { value: '4' } });
    await act(async () => {
      fireEvent.click(resend);
    });
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(values()).toBe('');
    expect(screen.getByText('5:00')).toBeInTheDocument();
    expect(screen.queryByText('Code has expired')).not.toBeInTheDocument();
    expect(resend).toBeDisabled();
  });

  it('appears at the top of the page, heading and Back in view, with the first box focused', () => {
    setup();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(boxes()[0]).toHaveFocus();
  });

  it('fits the six boxes on one centred row of a 320 px card', () => {
    setup();
    // Fixed 44 px boxes overflowed a phone's card (6 × 44 + 5 × 8 = 304 px, the card holds 238 px
    // at 320 px): each box takes a sixth of the row, 44 px at most (48 from sm).
    for (const box of boxes()) {
      expect(box).toHaveClass('flex-1', 'min-w-0', 'max-w-11', 'sm:max-w-12');
      expect(box.className).not.toMatch(/(^|\s)(sm:)?w-\d/);
    }
    const row = boxes()[0]!.parentElement!;
    expect(row).toHaveClass('flex', 'justify-center');
    // A fieldset is at least as wide as its content unless told otherwise.
    expect(row.closest('fieldset')).toHaveClass('min-w-0');
  });

  it('goes back with the Back button', async () => {
    const user = userEvent.setup();
    const { onBack } = setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });
});
