import type { PublicArticle, StoryMemberArticle } from '@lede/shared';
import { MESSAGES } from '@lede/shared/constants';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { Button, buttonVariants } from '@/components/ui/button';
import { usePageTitle } from '@/components/use-page-title';
import { ArticleActionsProvider } from '@/features/articles/hooks/use-article-actions';
import { isStoryNotFound, useStory } from '@/features/stories/api/stories';
import { StoryHeader } from '@/features/stories/components/story-header';
import { StorySkeleton } from '@/features/stories/components/story-skeleton';
import { StorySources } from '@/features/stories/components/story-sources';
import { StoryTimeline } from '@/features/stories/components/story-timeline';
import { articlePath, overList, STORY_REPORT_PARAM, useOpenArticleId } from '@/lib/article-route';
import { useGoBack } from '@/lib/use-go-back';

// The article dialog loads when a reader first opens an article from the timeline.
const ArticleModal = lazy(() =>
  import('@/features/articles/components/article-modal').then((m) => ({
    default: m.ArticleModal,
  })),
);

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
  const goBack = useGoBack();
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const linkRef = useCallback((articleId: string, el: HTMLAnchorElement | null) => {
    if (el) links.current.set(articleId, el);
    else links.current.delete(articleId);
  }, []);
  usePageTitle(story?.title ?? (notFound ? MESSAGES.stories.notFound : 'Story'));

  if (query.isPending) return <StorySkeleton />;
  if (notFound) {
    return (
      <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.stories.notFound}</h1>
        <Link to="/explore" className={buttonVariants({ variant: 'primary' })}>
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

/**
 * The article opened from the timeline, as a dialog over the story (`/article/:id` with the story
 * as its background, lib/article-route): Back closes it, Previous / Next walk the timeline.
 */
function StoryArticleDialog({
  articles,
  onCloseFocus,
}: {
  articles: readonly StoryMemberArticle[];
  onCloseFocus: (article: PublicArticle) => void;
}) {
  const openId = useOpenArticleId();
  const navigate = useNavigate();
  const location = useLocation();
  // Once opened, the dialog stays mounted so that closing it animates and returns focus.
  const [used, setUsed] = useState(false);
  if (openId !== null && !used) setUsed(true);
  const found = openId === null ? -1 : articles.findIndex((a) => a._id === openId);
  // An article no longer in the story (it was refetched without it) closes the dialog.
  const orphaned = openId !== null && found < 0;
  useEffect(() => {
    if (orphaned) void navigate(-1);
  }, [orphaned, navigate]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ArticleModal
        articles={articles}
        index={found < 0 ? null : found}
        onIndexChange={(i) => {
          const next = articles[i];
          if (next)
            void navigate(articlePath(next._id), { replace: true, state: overList(location) });
        }}
        onClose={() => void navigate(-1)}
        onCloseFocus={onCloseFocus}
      />
    </Suspense>
  );
}
