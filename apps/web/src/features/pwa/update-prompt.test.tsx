import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sw = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    waiting: false,
    listeners,
    start: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
    announce(waiting: boolean) {
      this.waiting = waiting;
      for (const listener of listeners) listener();
    },
  };
});

vi.mock('./register', () => ({
  startServiceWorker: sw.start,
  reloadToUpdate: sw.reload,
  updateAvailable: {
    subscribe: (listener: () => void) => {
      sw.listeners.add(listener);
      return () => sw.listeners.delete(listener);
    },
    current: () => sw.waiting,
  },
}));

const { default: UpdatePrompt } = await import('./update-prompt');

beforeEach(() => {
  sw.waiting = false;
  sw.start.mockClear();
  sw.reload.mockClear();
});

describe('UpdatePrompt', () => {
  it('registers the service worker and says nothing while no new build waits', () => {
    render(<UpdatePrompt />);
    expect(sw.start).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a new version is available, and Reload (by keyboard) brings it in', async () => {
    render(<UpdatePrompt />);
    act(() => sw.announce(true));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(sw.reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('Later hides it until the next page load', async () => {
    render(<UpdatePrompt />);
    act(() => sw.announce(true));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(sw.reload).not.toHaveBeenCalled();
  });
});
