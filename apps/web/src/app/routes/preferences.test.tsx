import { CATEGORIES, MESSAGES, type PublicUser } from '@lede/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSelection } from '@/features/preferences/hooks/use-interest-selection';
import { createQueryClient } from '@/lib/query-client';
import { getUser, startSession } from '@/lib/storage';
import * as toastModule from '@/lib/toast';
import PreferencesPage from './preferences';

const reader: PublicUser = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: [],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(state: unknown) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname: '/preferences', state }]}>
        <Routes>
          <Route path="/preferences" element={<PreferencesPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  error = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => 'id');
  vi.spyOn(toastModule.toast, 'success').mockImplementation(() => 'id');
});

describe('preferences rules', () => {
  it('at least 3 categories, sent in the categories order', () => {
    expect(checkSelection(['science', 'travel'])).toEqual({
      ok: false,
      error: MESSAGES.validation.minInterests,
    });
    expect(checkSelection(['travel', 'science', 'food'])).toEqual({
      ok: true,
      interests: ['science', 'travel', 'food'],
    });
  });

  it('without fromReset the reader goes to /home', () => {
    startSession(reader, 't');
    renderAt(null);
    expect(screen.getByTestId('where')).toHaveTextContent('/home');
  });

  it('new mode: 15 toggles, the count, Save disabled at 0, refused under 3, saved at 3', async () => {
    startSession(reader, 't');
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            message: 'Interests saved successfully',
            user: { ...reader, interests: ['science', 'travel', 'food'] },
            AccessToken: 't2',
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt({ fromReset: true });
    expect(
      screen.getByRole('heading', { name: "Welcome! Let's Personalize Your Experience" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Select at least 3 categories for better personalization'),
    ).toBeVisible();
    const toggles = screen.getAllByRole('button', { pressed: false });
    expect(toggles).toHaveLength(CATEGORIES.length);
    expect(screen.getByRole('link', { name: 'Skip for Now' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: /Go Back/ })).toBeNull();
    expect(screen.getByText('0 categories selected')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /science/ }));
    await user.click(screen.getByRole('button', { name: /travel/ }));
    expect(screen.getByRole('button', { name: /science/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('2 categories selected')).toBeInTheDocument();
    await user.click(save);
    expect(error).toHaveBeenCalledWith(MESSAGES.validation.minInterests);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /Food & Dining/ }));
    expect(screen.getByText('3 categories selected')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/home'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/profile/setinterests');
    expect(JSON.parse(init.body as string)).toEqual({ interests: ['science', 'travel', 'food'] });
    expect(getUser()?.interests).toEqual(['science', 'travel', 'food']);
  });

  it('a failed save says so and stays', async () => {
    startSession(reader, 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const user = userEvent.setup();
    renderAt({ fromReset: true });
    for (const name of [/science/, /travel/, /sports/])
      await user.click(screen.getByRole('button', { name }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to save preferences. Please try again.'),
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('each interest is a toggle named by its label and description (shown in full from 640 px)', () => {
    startSession(reader, 't');
    renderAt({ fromReset: true });
    const list = screen.getByRole('list', { name: 'Interest categories' });
    const toggles = within(list).getAllByRole('button');
    expect(toggles).toHaveLength(CATEGORIES.length);
    CATEGORIES.forEach((c, i) => {
      // On a phone the description is visually hidden, never dropped from the name.
      expect(toggles[i]).toHaveAccessibleName(expect.stringContaining(c.label));
      expect(toggles[i]).toHaveAccessibleName(expect.stringContaining(c.description));
    });
  });

  it('insufficient and reset modes: their headings and Go Back targets', () => {
    startSession({ ...reader, interests: ['science'] }, 't');
    const { unmount } = renderAt({ fromReset: true });
    expect(screen.getByRole('heading', { name: 'Complete Your Interests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go Back/ })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('link', { name: 'Skip for Now' })).toBeNull();
    expect(screen.getByText('1 categories selected')).toBeInTheDocument();
    unmount();
    renderAt({ fromReset: true, mode: 'reset' });
    expect(screen.getByRole('heading', { name: 'Update Your Interests' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go Back/ })).toHaveAttribute('href', '/profile');
    expect(screen.getByText('0 categories selected')).toBeInTheDocument();
  });
});
