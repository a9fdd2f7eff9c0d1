import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSessionUser } from '@/lib/session/use-session';

/** Opening an article while signed in records the view; the answer is the new streak. */
export function useRecordView(articleId: string | undefined): void {
  const signedIn = !!useSessionUser();
  const { mutate: recordView } = useMutation({
    mutationKey: ['articles', 'markviewed'],
    mutationFn: (id: string) => api('POST /api/articles/markviewed', { body: { article_id: id } }),
    onSuccess: (res, _id, _context, { client }) =>
      client.setQueryData(queryKeys.reader.streak(), res.streak),
    // On failure the streak stays as it was; reading goes on.
  });
  useEffect(() => {
    if (signedIn && articleId) recordView(articleId);
  }, [signedIn, articleId, recordView]);
}
