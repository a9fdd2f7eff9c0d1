import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/app-toaster';
import {
  announcements,
  leavePage,
  loadToasts,
  toast,
  TOAST_LIMIT,
  trackReaderInput,
} from './toast';

/** Advances in small steps so each timer's render and effects run before the next one. */
function advance(ms: number) {
  for (let t = 0; t < ms; t += 100) act(() => vi.advanceTimersByTime(100));
}

const visibleToasts = () => screen.queryAllByRole('status').filter((el) => el.textContent);

describe('toasts (spec section 9)', () => {
  // The library loads on the first toast (see below); once it has, toasts show at once.
  beforeAll(() => loadToasts());
  beforeEach(() => {
    vi.useFakeTimers();
    render(<AppToaster />);
  });
  afterEach(() => {
    act(() => toast.reset());
    vi.useRealTimers();
  });

  it('shows a success toast for 2 s and an error toast for 4 s', () => {
    act(() => {
      toast.success('Saved it');
      toast.error('Broke it');
    });
    expect(screen.getByText('Saved it')).toBeInTheDocument();
    expect(screen.getByText('Broke it')).toBeInTheDocument();
    advance(2100);
    // Dismissed toasts leave after their exit animation.
    advance(1100);
    expect(screen.queryByText('Saved it')).not.toBeInTheDocument();
    expect(screen.getByText('Broke it')).toBeInTheDocument();
    advance(2100);
    expect(screen.queryByText('Broke it')).not.toBeInTheDocument();
  });

  it('keeps a loading toast until it is dismissed', () => {
    let id = '';
    act(() => {
      id = toast.loading('Working…');
    });
    advance(60_000);
    expect(screen.getByText('Working…')).toBeInTheDocument();
    act(() => toast.dismiss(id));
    advance(1100);
    expect(screen.queryByText('Working…')).not.toBeInTheDocument();
  });

  it('keeps at most 20 toasts', () => {
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`Message ${i}`);
    });
    expect(TOAST_LIMIT).toBe(20);
    expect(visibleToasts()).toHaveLength(20);
    expect(screen.getByText('Message 25')).toBeInTheDocument();
    expect(screen.queryByText('Message 5')).not.toBeInTheDocument();
  }, 20_000);

  it('suppresses a duplicate of the same type and text for its duration', () => {
    act(() => {
      toast.error('Session expired. Please log in again.');
      toast.error('Session expired. Please log in again.');
      toast.success('Session expired. Please log in again.');
    });
    expect(screen.getAllByText('Session expired. Please log in again.')).toHaveLength(2);
    advance(4100);
    act(() => {
      toast.error('Session expired. Please log in again.');
    });
    advance(1100);
    expect(screen.getAllByText('Session expired. Please log in again.')).toHaveLength(1);
  });

  it('announces readable text: the message, or the label of a JSX toast, never its dedupe key', () => {
    toast.success('Article Saved!');
    expect(announcements.current().text).toBe('Article Saved!');
    toast.success(<span>Article Unsaved!</span>, {
      key: 'Article Unsaved! a1',
      label: 'Article Unsaved!',
    });
    expect(announcements.current().text).toBe('Article Unsaved!');
    toast(<span>Log in to save articles.</span>, { key: 'Log in to save articles.' });
    expect(announcements.current().text).toBe('Log in to save articles.');
  });

  it('shows one toast per id: a new one replaces the last, and may say again what it replaced', () => {
    const kind = { id: 'article-action' };
    act(() => {
      toast.success('Link copied!', kind);
      toast.success('Article Shared!', kind);
    });
    expect(visibleToasts().map((el) => el.textContent)).toEqual(['Article Shared!']);
    act(() => {
      toast.success('Article Liked!', kind);
      toast.success('Article Unliked!', kind);
      // Not a duplicate: the toast that said it was replaced.
      toast.success('Article Liked!', kind);
    });
    expect(visibleToasts().map((el) => el.textContent)).toEqual(['Article Liked!']);
    act(() => {
      toast.success('Article Liked!', kind);
    });
    expect(visibleToasts()).toHaveLength(1);
  });
});

describe('toasts on a new page', () => {
  beforeAll(() => loadToasts());
  let stop = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    stop = trackReaderInput(window);
    render(<AppToaster />);
  });
  afterEach(() => {
    stop();
    act(() => toast.reset());
    vi.useRealTimers();
  });

  it("are left behind, but for those that answer the reader's last press or key", () => {
    act(() => {
      toast.success('Credentials verified! OTP sent to your email.');
    });
    // The reader types the code; signing in says so and moves to /home.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '6' }));
    act(() => {
      toast.success('Login successful!');
      leavePage();
    });
    advance(1100);
    expect(screen.queryByText('Credentials verified! OTP sent to your email.')).toBeNull();
    expect(screen.getByText('Login successful!')).toBeInTheDocument();

    // The next press (a link) leaves it behind too.
    window.dispatchEvent(new Event('pointerdown'));
    act(() => leavePage());
    advance(1100);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('can be shown again on the new page', () => {
    act(() => {
      toast.success('Article Liked!');
    });
    window.dispatchEvent(new Event('pointerdown'));
    act(() => leavePage());
    advance(1100);
    act(() => {
      toast.success('Article Liked!');
    });
    expect(screen.getByText('Article Liked!')).toBeInTheDocument();
  });
});

describe('the toast library, loaded on demand', () => {
  // A fresh copy of lib/toast (and of react-hot-toast): nothing loaded, no toaster wanted.
  async function freshToasts() {
    vi.resetModules();
    const toasts = await import('./toast');
    const { AppToaster: Toaster } = await import('@/components/app-toaster');
    return { ...toasts, Toaster };
  }

  it('keeps a toast asked for before it has loaded, and shows it once it has', async () => {
    const { toast, toasterWanted, loadToasts, Toaster } = await freshToasts();
    expect(toasterWanted.current()).toBe(false);
    const id = toast.success('Saved early');
    const dismissed = toast.success('Dismissed early');
    toast.dismiss(dismissed);
    expect(id).not.toBe(dismissed);
    expect(toasterWanted.current()).toBe(true);
    await loadToasts();
    render(<Toaster />);
    expect(screen.getByText('Saved early')).toBeInTheDocument();
    // A dismissed toast leaves after its exit animation (1 s).
    await waitFor(() => expect(screen.queryByText('Dismissed early')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(screen.getByText('Saved early')).toBeInTheDocument();
    act(() => toast.reset());
  });

  it('loads nothing to dismiss a toast when none has been shown', async () => {
    const { toast, toasterWanted } = await freshToasts();
    toast.dismiss('toast-1');
    toast.dismiss();
    expect(toasterWanted.current()).toBe(false);
  });

  it("loads on the reader's first press or key, once", async () => {
    const { toasterWanted, loadToastsOnFirstInput } = await freshToasts();
    const target = new EventTarget();
    const stop = loadToastsOnFirstInput(target);
    const changes = vi.fn();
    toasterWanted.subscribe(changes);
    expect(toasterWanted.current()).toBe(false);
    target.dispatchEvent(new Event('keydown'));
    expect(toasterWanted.current()).toBe(true);
    target.dispatchEvent(new Event('pointerdown'));
    expect(changes).toHaveBeenCalledTimes(1);
    stop();
  });
});
