import { MESSAGES, WEEKDAYS, type EditionSettings as Settings } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/app-toaster';
import { loadToasts, toast } from '@/lib/toast';
import { EditionSettings } from './edition-settings';

const stored: Settings = {
  frequency: 'off',
  weekday: null,
  time: '07:00',
  timezone: 'Europe/Paris',
};

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
let puts: unknown[];
let putAnswer: (body: Settings) => Answer;

beforeAll(() => loadToasts());
beforeEach(() => {
  // Radix measures the switch's thumb; jsdom does no layout and has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  puts = [];
  putAnswer = (body) => ({
    status: 200,
    body: { message: MESSAGES.edition.saved, edition: { ...body, weekday: body.weekday ?? null } },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(new URL(url, 'http://x').pathname).toBe('/api/profile/edition');
      let answer: Answer = { status: 200, body: { edition: stored } };
      if (init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Settings;
        puts.push(body);
        answer = putAnswer(body);
      }
      const { status, body } = await answer;
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => act(() => toast.reset()));

function renderCard() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <EditionSettings />
      <AppToaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const saveButton = () => screen.getByRole('button', { name: 'Save edition settings' });

describe('the edition settings card', () => {
  it('is off by default; a reader turns on a weekly edition from the keyboard and saves it', async () => {
    const user = renderCard();
    const onOff = await screen.findByRole('switch', { name: 'E-mail me the edition' });
    expect(onOff).not.toBeChecked();
    expect(screen.queryByLabelText('Time')).not.toBeInTheDocument();

    onOff.focus();
    await user.keyboard(' ');
    expect(onOff).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Paris');

    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    const days = screen.getAllByRole('option', { name: /day$/ }) as HTMLOptionElement[];
    expect(days.map((o) => o.value)).toEqual(WEEKDAYS);
    await user.selectOptions(screen.getByLabelText('Day'), 'Friday');
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:30' } });
    await user.click(saveButton());

    expect(await screen.findByText(MESSAGES.edition.saved)).toBeInTheDocument();
    expect(puts).toEqual([
      { frequency: 'weekly', weekday: 'friday', time: '18:30', timezone: 'Europe/Paris' },
    ]);
  });

  it('turning it off sends off, with no day, and keeps the time and zone', async () => {
    stored.frequency = 'daily';
    try {
      const user = renderCard();
      const onOff = await screen.findByRole('switch', { name: 'E-mail me the edition' });
      expect(onOff).toBeChecked();
      await user.click(onOff);
      await user.click(saveButton());
      await waitFor(() =>
        expect(puts).toEqual([
          { frequency: 'off', weekday: null, time: '07:00', timezone: 'Europe/Paris' },
        ]),
      );
    } finally {
      stored.frequency = 'off';
    }
  });

  it('shows the shared schema’s refusal at the time field, focuses it and sends nothing', async () => {
    const user = renderCard();
    await user.click(await screen.findByRole('switch', { name: 'E-mail me the edition' }));
    const time = screen.getByLabelText('Time');
    fireEvent.change(time, { target: { value: '' } });
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.edition.invalidTime);
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(time).toHaveAccessibleDescription(MESSAGES.edition.invalidTime);
    expect(time).toHaveFocus();
    expect(puts).toEqual([]);

    fireEvent.change(time, { target: { value: '06:15' } });
    expect(time).not.toHaveAttribute('aria-invalid');
  });

  it('disables the form while saving, then shows a zone the server refuses at its field', async () => {
    let refuse!: () => void;
    putAnswer = () =>
      new Promise((resolve) => {
        refuse = () =>
          resolve({
            status: 400,
            body: { message: MESSAGES.validation.invalidTimezone, code: 'INVALID_TIMEZONE' },
          });
      });
    const user = renderCard();
    await user.click(await screen.findByRole('switch', { name: 'E-mail me the edition' }));
    await user.click(saveButton());

    const pending = await screen.findByRole('button', { name: 'Saving…' });
    expect(pending).toBeDisabled();
    expect(screen.getByLabelText('Time')).toBeDisabled();
    act(() => refuse());

    const zone = screen.getByLabelText('Time zone');
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
    expect(zone).toHaveAccessibleDescription(MESSAGES.validation.invalidTimezone);
    // At the field, and in a toast.
    await waitFor(() =>
      expect(screen.getAllByText(MESSAGES.validation.invalidTimezone)).toHaveLength(2),
    );
    expect(saveButton()).toBeEnabled();
  });
});
