import type { PublicUser, Theme } from '@lede/shared';

/** Browser storage keys (the boot script, src/boot.ts, reads them too, before first paint). */
export const STORAGE_KEYS = {
  user: 'lede.user',
  token: 'lede.token',
  theme: 'lede.theme',
} as const;

/** Fired on window whenever the session ends (explicit logout, 401/403, another tab). */
export const AUTH_LOGOUT_EVENT = 'auth-logout';
const SESSION_CHANGE_EVENT = 'lede:session';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (private mode): the session lives for this page only.
  }
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function setToken(token: string): void {
  if (read(STORAGE_KEYS.token) === token) return;
  write(STORAGE_KEYS.token, token);
}

let cachedRaw: string | null | undefined;
let cachedUser: PublicUser | null = null;

/** The stored reader, or null for a visitor (a user without a token is no session). */
export function getUser(): PublicUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedUser = raw ? (JSON.parse(raw) as PublicUser) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

function notify(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

export function setUser(user: PublicUser): void {
  write(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

export function startSession(user: PublicUser, token: string): void {
  write(STORAGE_KEYS.token, token);
  setUser(user);
}

/** Clears user and token and tells every listener (the auth-logout event). */
export function endSession(): void {
  write(STORAGE_KEYS.user, null);
  write(STORAGE_KEYS.token, null);
  notify();
  window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
}

export function getDeviceTheme(): Theme | null {
  const t = read(STORAGE_KEYS.theme);
  return t === 'light' || t === 'dark' ? t : null;
}

export function setDeviceTheme(theme: Theme): void {
  write(STORAGE_KEYS.theme, theme);
}

/** For useSyncExternalStore: this tab's changes and other tabs' (the storage event). */
export function subscribeSession(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.user || e.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
