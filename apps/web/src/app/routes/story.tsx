import { MESSAGES } from '@lede/shared/constants';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { Button, buttonVariants } from '@/components/ui/button';
import { usePageTitle } from '@/components/use-page-title';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { useNeedsConnection } from '@/features/offline/hooks/use-needs-connection';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { isStoryNotFound, useStory } from '@/features/stories/api/stories';
import { StoryHeader } from '@/features/stories/components/story-header';
import { StorySkeleton } from '@/features/stories/components/story-skeleton';
import { StorySources } from '@/features/stories/components/story-sources';
import { StoryTimeline } from '@/features/stories/components/story-timeline';
import { useGoBack } from '@/lib/use-go-back';
import { listShown } from '@/lib/reader-state-hold';
import { STORY_REPORT_PARAM, paths } from '@/lib/paths';
import { StoryArticleDialog } from '../story-article-dialog';

/**
 * /story/:id: one story across sources, its timeline and its sources (visitors too).
 * `?report=<article id>` names the report the card that led here showed, which the page marks.
 */
export default function StoryPage() {
  return (
    <ArticleActionsProvider>
      <StoryScreen />
    </ArticleActionsProvider>
  );
}

function StoryScreen() {
  const { id } = useParams();
  // The report the card (or article) that led here showed: marked on the page.
  const [params] = useSearchParams();
  const fromCardId = params.get(STORY_REPORT_PARAM) ?? undefined;
  const query = useStory(id);
  const story = query.data;
  const notFound = query.isError && isStoryNotFound(query.error);
  const unreachable = useNeedsConnection({ ...query, hasData: !!story });
  const goBack = useGoBack();
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const linkRef = useCallback((articleId: string, el: HTMLAnchorElement | null) => {
    if (el) links.current.set(articleId, el);
    else links.current.delete(articleId);
  }, []);
  usePageTitle(story?.title ?? (notFound ? MESSAGES.stories.notFound : 'Story'));
  // A first load's reader state waits for the story's paint, as for a list's (reader-state-hold).
  useLayoutEffect(() => void (story && listShown()), [story]);

  if (unreachable) {
    return <NeedsConnection heading onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) return <StorySkeleton />;
  if (notFound) {
    return (
      <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.stories.notFound}</h1>
        <Link to={paths.explore()} className={buttonVariants({ variant: 'primary' })}>
          Explore articles
        </Link>
      </div>
    );
  }
  if (!story) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="sr-only">Story</h1>
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <Button variant="ghost" className="-ml-3" onClick={goBack}>
          <ArrowLeft size={18} aria-hidden="true" /> Back
        </Button>
      </div>
      <StoryHeader story={story} fromCard={story.articles.find((a) => a._id === fromCardId)} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <StoryTimeline
          articles={story.articles}
          titleArticleId={story.title_article_id}
          fromCard={fromCardId}
          linkRef={linkRef}
        />
        <StorySources sources={story.sources} />
      </div>
      <StoryArticleDialog
        articles={story.articles}
        onCloseFocus={(a) => links.current.get(a._id)?.focus()}
      />
    </div>
  );
}
