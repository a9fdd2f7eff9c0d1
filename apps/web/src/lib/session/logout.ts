import { api } from '@/lib/api-client';
import { endSession } from '@/lib/storage';

/** Revokes the refresh cookie (best effort), then clears the session everywhere. */
export async function logout(): Promise<void> {
  try {
    await api('POST /api/auth/logout');
  } catch {
    // Signed out locally whatever the server said.
  }
  endSession();
}
