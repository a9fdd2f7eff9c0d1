import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadToasts, toast } from '@/lib/toast';
import { AppToaster } from './app-toaster';

function Explore() {
  return (
    <>
      <button type="button" onClick={() => toast.success('Article Liked!')}>
        Like
      </button>
      <Link to="/search">Search</Link>
    </>
  );
}

function Login() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        toast.success('Login successful!');
        navigate('/home');
      }}
    >
      Verify
    </button>
  );
}

function renderApp(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/explore" element={<Explore />} />
        <Route path="/search" element={<h1>Search</h1>} />
        <Route path="/login" element={<Login />} />
        <Route path="/home" element={<h1>Home</h1>} />
      </Routes>
      <AppToaster />
    </MemoryRouter>,
  );
}

// A dismissed toast leaves after its exit animation (1 s), well before a success toast's 2 s end.
const gone = (text: string) =>
  waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument(), { timeout: 1500 });

describe('AppToaster on a change of page', () => {
  beforeAll(() => loadToasts());
  afterEach(() => act(() => toast.reset()));

  it('leaves the toasts of the page behind', async () => {
    const user = userEvent.setup();
    renderApp('/explore');
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(screen.getByText('Article Liked!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Search' }));
    expect(screen.getByRole('heading', { name: 'Search' })).toBeInTheDocument();
    await gone('Article Liked!');
  });

  it('carries the toast of the action that moved the reader, and only that one', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    act(() => {
      toast.success('Credentials verified! OTP sent to your email.');
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    await gone('Credentials verified! OTP sent to your email.');
    expect(screen.getByText('Login successful!')).toBeInTheDocument();
  });
});
