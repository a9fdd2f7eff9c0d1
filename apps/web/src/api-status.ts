import { useEffect, useState } from 'react';

export type ApiStatus = 'checking' | 'ok' | 'unavailable';

/** Asks the API whether it is up: `GET /api/health` answers 200 `{ status: "ok" }`. */
export async function fetchApiStatus(
  signal?: AbortSignal,
): Promise<Exclude<ApiStatus, 'checking'>> {
  try {
    const res = await fetch('/api/health', { signal, headers: { Accept: 'application/json' } });
    if (!res.ok) return 'unavailable';
    const body = (await res.json()) as { status?: unknown };
    return body.status === 'ok' ? 'ok' : 'unavailable';
  } catch (err) {
    if (signal?.aborted) throw err;
    return 'unavailable';
  }
}

/** The API's health, checked once when the component mounts. */
export function useApiStatus(): ApiStatus {
  const [status, setStatus] = useState<ApiStatus>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchApiStatus(controller.signal).then(setStatus, () => {
      // Aborted because the component went away: nothing to update.
    });
    return () => controller.abort();
  }, []);
  return status;
}
