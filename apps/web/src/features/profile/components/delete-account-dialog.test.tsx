import { MESSAGES, type PublicUser } from '@lede/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';
import { getToken, startSession } from '@/lib/storage';
import * as toastModule from '@/lib/toast';
import { AccountActions } from './account-actions';
import { DeleteAccountDialog } from './delete-account-dialog';

const reader: PublicUser = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: ['science', 'travel', 'food'],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** The API answers these, in order; every request the page makes is kept. */
function fakeApi(...answers: { status: number; body: unknown }[]) {
  const requests: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      const answer = answers.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}

const reauthRequired = {
  status: 403,
  body: { message: MESSAGES.auth.reauthRequired, code: 'REAUTH_REQUIRED' },
};
const wrongPassword = {
  status: 400,
  body: { message: MESSAGES.auth.wrongPassword, code: 'WRONG_PASSWORD' },
};
const rateLimited = {
  status: 429,
  body: { message: MESSAGES.auth.tooManyRequests, code: 'RATE_LIMITED' },
};
const deleted = { status: 200, body: { message: MESSAGES.profile.accountDeleted } };

function renderAccountActions() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AccountActions />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Opens the dialog from the keyboard and confirms with DELETE and Enter. */
async function confirmDeletion(user: ReturnType<typeof userEvent.setup>) {
  screen.getByRole('button', { name: 'Delete Account' }).focus();
  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByLabelText('Confirmation'), 'DELETE{Enter}');
}

let navigate: ReturnType<typeof vi.fn<(to: string, options?: unknown) => void>>;
let errorToast: ReturnType<typeof vi.spyOn>;
let successToast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.fn<(to: string, options?: unknown) => void>();
  setNavigator(navigate);
  errorToast = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => 'id');
  successToast = vi.spyOn(toastModule.toast, 'success').mockImplementation(() => 'id');
});

describe('delete account dialog', () => {
  it('warns first, then keeps Delete disabled until DELETE is typed exactly', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    render(<DeleteAccountDialog open onOpenChange={() => undefined} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('delete your saved articles and preferences');
    expect(dialog).toHaveTextContent('remove your reading history and recommendations');
    expect(dialog).toHaveTextContent('cancel your subscriptions');
    expect(dialog).toHaveTextContent('erase all your data');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const field = screen.getByLabelText('Confirmation');
    const confirm = screen.getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    for (const wrong of ['delete', 'DELET', 'DELETE ', ' DELETE', 'DELETED']) {
      await user.clear(field);
      await user.type(field, wrong);
      expect(confirm).toBeDisabled();
      await user.type(field, '{Enter}');
    }
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // A fresh sign-in needs no password: the first try goes without one.
    expect(onConfirm).toHaveBeenCalledWith(undefined);
  });

  it('asks for the password when the server does, focuses it and deletes with it', async () => {
    startSession(reader, 'token');
    const requests = fakeApi(reauthRequired, deleted);
    const user = userEvent.setup();
    renderAccountActions();
    await confirmDeletion(user);

    const password = await screen.findByLabelText('Current password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(
      'For your security, confirm your password to continue.',
    );
    expect(screen.getByRole('alertdialog')).toBeVisible();
    // Still signed in, and nothing said but the question.
    expect(getToken()).toBe('token');
    expect(navigate).not.toHaveBeenCalled();
    expect(errorToast).not.toHaveBeenCalled();

    await user.type(password, 'Sup3r!pass{Enter}');
    await waitFor(() => expect(successToast).toHaveBeenCalledWith(MESSAGES.profile.accountDeleted));
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['DELETE', '/api/profile/deleteaccount', undefined],
      ['DELETE', '/api/profile/deleteaccount', { password: 'Sup3r!pass' }],
    ]);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('says a wrong password, or too many, under the field and stays open; Escape closes', async () => {
    startSession(reader, 'token');
    const requests = fakeApi(reauthRequired, wrongPassword, rateLimited);
    const user = userEvent.setup();
    renderAccountActions();
    await confirmDeletion(user);
    const password = await screen.findByLabelText('Current password');

    // Nothing typed: asked for, without a request.
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MESSAGES.validation.allFieldsRequired,
    );
    expect(requests).toHaveLength(1);

    await user.type(password, 'not-it');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.wrongPassword),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      `${MESSAGES.auth.wrongPassword} For your security, confirm your password to continue.`,
    );
    expect(password).toHaveFocus();
    expect(screen.getByRole('alertdialog')).toBeVisible();
    expect(getToken()).toBe('token');

    // The wrong password is selected: what is typed next replaces it.
    await user.keyboard('again{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.tooManyRequests),
    );
    expect(requests[2]!.body).toEqual({ password: 'again' });
    expect(errorToast).not.toHaveBeenCalled();
    expect(successToast).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();
    // Opened again, it starts over: no password until the server asks.
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });
});
