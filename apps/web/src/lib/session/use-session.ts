import type { PublicUser } from '@lede/shared';
import { useSyncExternalStore } from 'react';
import { getToken, getUser, subscribeSession } from '@/lib/storage';

function snapshot(): PublicUser | null {
  return getToken() ? getUser() : null;
}

/** The signed-in reader (from browser storage), or null for a visitor. */
export function useSessionUser(): PublicUser | null {
  return useSyncExternalStore(subscribeSession, snapshot, () => null);
}
