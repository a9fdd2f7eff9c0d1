import type { PublicArticle } from '@lede/shared';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { logRenderError } from '@/components/error-fallback';

// "Full coverage" loads with the first article shown that belongs to a story of more than one.
const FullCoverage = lazy(() => import('@/features/stories/components/full-coverage'));

/**
 * An article's "Full coverage", as the article detail shows it (lib/article-coverage): loaded
 * when first needed, and nothing at all if it fails to load (the article is complete without it).
 */
export function renderStoryCoverage(article: PublicArticle) {
  return (
    <ErrorBoundary fallback={null} onError={logRenderError}>
      <Suspense fallback={null}>
        <FullCoverage article={article} />
      </Suspense>
    </ErrorBoundary>
  );
}
