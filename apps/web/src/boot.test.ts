import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './lib/storage';

/** The boot script runs once per page: each test loads it afresh, as a separate bundle would. */
async function boot(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  await import('./boot');
}

const asked: Array<{ url: string; authorization: string | undefined }> = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      asked.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
      return Promise.resolve(new Response(JSON.stringify({ url }), { status: 200 }));
    }),
  );
});

afterEach(async () => {
  (await import('./lib/early-requests')).forgetEarlyRequests();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  window.history.replaceState(null, '', '/');
});

describe('the boot script', () => {
  it("sets the signed-in reader's theme before anything renders", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ name: 'Ada', theme: 'dark' }));
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    await boot('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it("uses this device's choice for a visitor, else the system's (light here)", async () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    await boot('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.clear();
    await boot('/');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows a dark device for a reader who never picked a theme (every account starts light)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ name: 'Ada', theme: 'light' }));
    await boot('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
    // A pick made on this device holds against the device's theme.
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    await boot('/');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps light for a reader who picked it on another device, on a dark device', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ name: 'Ada', theme: 'light', theme_chosen: true }),
    );
    await boot('/');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("asks for a reader's feed with their token, and the app's API client takes that answer once", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ name: 'Ada', theme: 'light' }));
    await boot('/home');
    expect(asked.map((a) => a.url)).toContain('/api/recommendations/get');
    expect(asked.every((a) => a.authorization === 'Bearer token-1')).toBe(true);

    // The app's bundle holds its own copy of the module: it must find the same answers.
    vi.resetModules();
    const { takeEarlyResponse } = await import('./lib/early-requests');
    const early = takeEarlyResponse('/api/recommendations/get');
    expect(early).toBeDefined();
    expect(await (await early!).json()).toEqual({ url: '/api/recommendations/get' });
    expect(takeEarlyResponse('/api/recommendations/get')).toBeUndefined();
  });

  it('asks for nothing on a page without a list', async () => {
    await boot('/login');
    expect(asked).toEqual([]);
  });
});
