import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSessionUser } from '@/features/session/hooks/use-session';

/** Opening an article while signed in records the view; the answer is the new streak. */
export function useRecordView(articleId: string | undefined): void {
  const signedIn = !!useSessionUser();
  const qc = useQueryClient();
  useEffect(() => {
    if (!signedIn || !articleId) return;
    api('POST /api/articles/markviewed', { body: { article_id: articleId } }).then(
      (res) => qc.setQueryData(queryKeys.reader.streak(), res.streak),
      () => {
        // The streak stays as it was; reading goes on.
      },
    );
  }, [signedIn, articleId, qc]);
}
