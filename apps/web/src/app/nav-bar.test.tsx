import type { PublicUser } from '@lede/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { getToken, startSession } from '@/lib/storage';
import { NavBar } from './nav-bar';
import { QueryProvider } from './query-provider';

const reader: PublicUser = {
  _id: 'u1',
  name: 'Katherine Johnson',
  email: 'katherine@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: ['science', 'world', 'food'],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

// Radix measures the open menu with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let calls: string[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      const body = url.includes('getstreak') ? { streak: 3 } : { message: 'ok' };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => queryClient.clear());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNav() {
  return render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/explore']}>
        <NavBar />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}

/**
 * The account menu's button once the menu's code has come (when the page is idle): until then a
 * plain button stands in for it.
 */
async function accountMenuButton(): Promise<HTMLElement> {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Your account' })).toHaveAttribute(
      'data-state',
      'closed',
    ),
  );
  return screen.getByRole('button', { name: 'Your account' });
}

describe('the navigation bar', () => {
  it('gives a visitor Explore, Login and Sign Up: no Saved link, no account menu', () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Explore' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Saved' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Your account' })).toBeNull();
  });

  it('has Saved for a signed-in reader, in the bar and in the phone menu', async () => {
    startSession(reader, 'token');
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(expect.arrayContaining(['Home', 'Explore', 'Saved', 'Profile']));

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const phoneMenu = document.getElementById(
      screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls')!,
    )!;
    expect(within(phoneMenu).getByRole('link', { name: 'Saved' })).toHaveAttribute(
      'href',
      '/saved',
    );
  });

  it('opens the account menu from the bar: the reader, Profile, Saved, and Log out', async () => {
    startSession(reader, 'token');
    renderNav();
    await userEvent.click(await accountMenuButton());

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Katherine Johnson')).toBeInTheDocument();
    expect(within(menu).getByText('katherine@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Saved' })).toHaveAttribute('href', '/saved');

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login'));
    expect(calls).toContain('POST /api/auth/logout');
    expect(getToken()).toBeNull();
    // Signed out: the bar offers the ways in again.
    expect(screen.queryByRole('button', { name: 'Your account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('works by keyboard: Enter opens the menu on its first item, Escape closes it', async () => {
    startSession(reader, 'token');
    renderNav();
    const trigger = await accountMenuButton();
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Saved' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
