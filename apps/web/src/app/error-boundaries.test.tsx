import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootErrorBoundary } from './error-boundaries';
import { Layout } from './layout';

/** A screen that fails to render while `broken` holds. */
let broken = true;
const failure = new Error('The explore screen broke');
function FlakyScreen() {
  if (broken) throw failure;
  return <h1>Explore</h1>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<h1>Landing</h1>} />
          <Route path="explore" element={<FlakyScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  broken = true;
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});

describe('route error boundary', () => {
  it('shows a short message in place of a broken screen, logs the error, and Try again recovers', async () => {
    renderAt('/explore');

    const fallback = screen.getByRole('alert');
    expect(fallback).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    // The rest of the layout still works: the navigation bar is there.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(
      'A screen failed to render:',
      failure,
      expect.any(String),
    );

    // Still broken: trying again shows the message again.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('the link home leaves the broken screen', async () => {
    renderAt('/explore');
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('root error boundary', () => {
  it('catches what breaks outside any route, with a retry and a plain link home', async () => {
    render(
      <RootErrorBoundary>
        <FlakyScreen />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(
      'A screen failed to render:',
      failure,
      expect.any(String),
    );

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeInTheDocument();
  });
});
