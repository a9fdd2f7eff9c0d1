import { getUser } from '@/lib/storage';

/**
 * Logout and account deletion: deletes the reader's offline data (saved copies, queued actions:
 * lib/offline/db), before the session ends. Loaded only then, so the storage code stays out of
 * the first load. Never throws.
 */
export async function clearOfflineCopies(): Promise<void> {
  const userId = getUser()?._id;
  try {
    const { clearOfflineData } = await import('./db');
    await clearOfflineData(userId);
  } catch {
    // The storage code could not load: another reader still never opens this reader's
    // database (each is named by its reader), and the next logout deletes it.
  }
}
