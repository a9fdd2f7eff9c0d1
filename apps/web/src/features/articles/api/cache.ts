import type { PublicArticle } from '@lede/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

function isArticle(value: unknown): value is PublicArticle {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as PublicArticle)._id === 'string' &&
    typeof (value as PublicArticle).likes === 'number' &&
    typeof (value as PublicArticle).title === 'string'
  );
}

/** Returns `data` with every copy of article `id` given `likes`; untouched parts keep identity. */
export function withLikes<T>(data: T, id: string, likes: number): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const patched = withLikes(item, id, likes);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : data) as T;
  }
  if (!data || typeof data !== 'object') return data;
  if (isArticle(data) && data._id === id) {
    return (data.likes === likes ? data : { ...data, likes }) as T;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    const patched = v && typeof v === 'object' ? withLikes(v, id, likes) : v;
    if (patched !== v) changed = true;
    next[k] = patched;
  }
  return (changed ? next : data) as T;
}

/**
 * Writes an article's like count into every cached list that holds it: public lists and pages,
 * the reader's feed and saved articles, whatever their shape.
 */
export function setArticleLikes(qc: QueryClient, id: string, likes: number): void {
  for (const queryKey of [queryKeys.articles.all, queryKeys.reader.all]) {
    qc.setQueriesData<unknown>({ queryKey }, (data: unknown) => withLikes(data, id, likes));
  }
}
