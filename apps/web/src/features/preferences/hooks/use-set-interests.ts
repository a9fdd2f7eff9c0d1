import { CLIENT_MESSAGES, type CategoryId } from '@lede/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { setUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { queryKeys } from '@/lib/query-keys';

/**
 * Saves the reader's interests: the answer's reader becomes the session's user and the feed held
 * is dropped (new interests rebuild it). Says so, or why not: the server's text when it answered,
 * the spec's when no answer came.
 */
export function useSetInterests() {
  return useMutation({
    mutationKey: ['profile', 'setinterests'],
    mutationFn: (interests: CategoryId[]) =>
      api('POST /api/profile/setinterests', {
        body: { interests },
        fallback: CLIENT_MESSAGES.toasts.savePreferencesFailed,
      }),
    onSuccess: (res, _interests, _context, { client }) => {
      setUser(res.user);
      client.removeQueries({ queryKey: queryKeys.feed() });
      toast.success(res.message);
    },
    onError: (err) =>
      toast.error(
        err instanceof ApiError && err.status > 0
          ? err.message || CLIENT_MESSAGES.toasts.savePreferencesFailed
          : CLIENT_MESSAGES.toasts.savePreferencesError,
      ),
  });
}
