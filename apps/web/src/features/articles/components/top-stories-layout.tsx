/*
 * What the landing page's top stories look like, shared by the landing page (its first paint
 * shows the skeleton) and the lazily loaded stories: the same grid of the same fixed-height
 * cards, so nothing below moves when the stories arrive.
 */

/** How many stories the landing page shows. */
export const TOP_STORIES = 6;

export const topStoriesGrid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
export const topStoryCard = 'card relative flex h-40 flex-col gap-2 overflow-hidden p-4';

export function TopStoriesSkeleton() {
  return (
    <div role="status" aria-label="Loading top stories" className={topStoriesGrid}>
      {Array.from({ length: TOP_STORIES }, (_, i) => (
        <div key={i} aria-hidden="true" className={topStoryCard}>
          <div className="h-6 w-1/3 animate-pulse rounded bg-surface" />
          <div className="h-5 w-11/12 animate-pulse rounded bg-surface" />
          <div className="h-5 w-3/4 animate-pulse rounded bg-surface" />
          <div className="mt-auto h-3 w-1/2 animate-pulse rounded bg-surface" />
        </div>
      ))}
    </div>
  );
}
