import { api } from '@/lib/api-client';
import { clearPrivateCaches } from '@/lib/private-caches';
import { clearOfflineCopies } from '@/lib/offline/clear';
import { endSession } from '@/lib/storage';

/**
 * Revokes the refresh cookie (best effort), then clears the session everywhere, and the caches
 * that could hold the reader's data (lib/private-caches).
 */
export async function logout(): Promise<void> {
  try {
    await api('POST /api/auth/logout');
  } catch {
    // Signed out locally whatever the server said.
  }
  await clearOfflineCopies();
  endSession();
  await clearPrivateCaches();
}
