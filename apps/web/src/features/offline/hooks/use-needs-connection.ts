import { isNetworkFailure } from '@/lib/offline/actions';
import { useOnline } from '@/lib/online';

/**
 * Whether a page's data cannot come without a connection: nothing loaded yet and either the
 * browser is offline (the query waits, paused, instead of failing) or the request got no answer.
 * The page then shows NeedsConnection instead of a spinner or a raw error.
 */
export function useNeedsConnection(query: {
  hasData: boolean;
  isError: boolean;
  error: unknown;
}): boolean {
  const online = useOnline();
  if (query.hasData) return false;
  return !online || (query.isError && isNetworkFailure(query.error));
}
