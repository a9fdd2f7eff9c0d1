import { MESSAGES, type PublicUser } from '@lede/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';
import { getToken, startSession } from '@/lib/storage';
import * as toastModule from '@/lib/toast';
import { ProfileCard } from './profile-card';

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
const NEW_EMAIL = 'ada.king@example.com';

/** The API answers these, in order; the JSON bodies the page sends are kept. */
function fakeApi(...answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(init.body as string));
      const answer = answers.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

const reauthRequired = {
  status: 403,
  body: { message: MESSAGES.auth.reauthRequired, code: 'REAUTH_REQUIRED' },
};
const wrongPassword = {
  status: 400,
  body: { message: MESSAGES.auth.wrongPassword, code: 'WRONG_PASSWORD' },
};
const codeSent = {
  status: 200,
  body: {
    message: MESSAGES.profile.emailCodeSent,
    hash: 'challenge-1',
    expiresIn: 600,
    pendingEmail: NEW_EMAIL,
    user: reader,
  },
};

function renderCard(onEmailChallenge = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfileCard user={reader} onEmailChallenge={onEmailChallenge} />
    </QueryClientProvider>,
  );
  return onEmailChallenge;
}

/** Edit Profile, a new address, Save with Enter. */
async function changeEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
  const email = screen.getByLabelText('Email');
  await user.clear(email);
  await user.type(email, `${NEW_EMAIL}{Enter}`);
}

let errorToast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setNavigator(vi.fn());
  startSession(reader, 'token');
  errorToast = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => 'id');
  vi.spyOn(toastModule.toast, 'success').mockImplementation(() => 'id');
});

describe('profile card: e-mail change and the password step', () => {
  it('asks for the password when the server does, keeps the new address and sends both', async () => {
    const sent = fakeApi(reauthRequired, codeSent);
    const user = userEvent.setup();
    const onEmailChallenge = renderCard();
    await changeEmail(user);

    const password = await screen.findByLabelText('Current password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(
      'For your security, confirm your password to continue.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue(NEW_EMAIL);
    expect(errorToast).not.toHaveBeenCalled();
    expect(getToken()).toBe('token');

    await user.type(password, 'Sup3r!pass{Enter}');
    await waitFor(() =>
      expect(onEmailChallenge).toHaveBeenCalledWith({
        email: NEW_EMAIL,
        hash: 'challenge-1',
        password: 'Sup3r!pass',
      }),
    );
    expect(sent).toEqual([{ email: NEW_EMAIL }, { email: NEW_EMAIL, password: 'Sup3r!pass' }]);
  });

  it('says a wrong password under the field and stays in the form', async () => {
    fakeApi(reauthRequired, wrongPassword);
    const user = userEvent.setup();
    const onEmailChallenge = renderCard();
    await changeEmail(user);
    const password = await screen.findByLabelText('Current password');
    await user.type(password, 'not-it');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.auth.wrongPassword),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue(NEW_EMAIL);
    expect(onEmailChallenge).not.toHaveBeenCalled();
    expect(errorToast).not.toHaveBeenCalled();

    // Escape leaves the form, password and all, and focus goes back to Edit Profile.
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toHaveFocus();
    expect(screen.getByText(reader.email)).toBeVisible();
  });
});
