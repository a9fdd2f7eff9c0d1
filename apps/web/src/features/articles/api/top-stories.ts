import { CLIENT_MESSAGES, type PublicArticle } from '@lede/shared/constants';
import { useEffect, useState } from 'react';
import { apiPath } from '@/lib/api-path';

type TopStories =
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'success'; articles: PublicArticle[] };

async function fetchTopStories(count: number, signal: AbortSignal): Promise<PublicArticle[]> {
  let res: Response;
  try {
    res = await fetch(apiPath('GET /api/articles/getlatesttrendingarticles', { limit: count }), {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new Error(CLIENT_MESSAGES.data.trendingFetch);
  }
  const body = (await res.json().catch(() => ({}))) as {
    articles?: PublicArticle[];
    message?: unknown;
  };
  if (!res.ok || !Array.isArray(body.articles)) {
    const message = typeof body.message === 'string' && body.message ? body.message : '';
    throw new Error(message || CLIENT_MESSAGES.data.trendingFetch);
  }
  return body.articles.slice(0, count);
}

/**
 * The landing page's first `count` trending stories, asked for with a plain fetch: the query
 * library and the API client (the `data` chunk, vite.config.ts) would more than double the
 * JavaScript a first visit to / downloads. `retry` asks again after a failure.
 */
export function useTopStories(count: number): TopStories & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TopStories>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    fetchTopStories(count, controller.signal).then(
      (articles) => setState({ status: 'success', articles }),
      (err: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: (err as Error).message });
      },
    );
    return () => controller.abort();
  }, [count, attempt]);
  return {
    ...state,
    retry: () => {
      setState({ status: 'pending' });
      setAttempt((n) => n + 1);
    },
  };
}
