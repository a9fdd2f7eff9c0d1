import { Tabs } from 'radix-ui';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { ArticleList } from '@/features/articles/components/article-list';
import { ActivityList } from '@/features/reader-actions/components/activity-list';
import { useSavedArticles } from '@/features/reader-actions/api/reader-actions';
import { paths } from '@/lib/paths';

function SavedTab() {
  const saved = useSavedArticles();
  if (saved.isError) return <QueryError error={saved.error} onRetry={() => void saved.refetch()} />;
  const articles = saved.data?.map((e) => e.article_id);
  return (
    <div className="flex flex-col gap-4">
      {articles && articles.length > 0 && (
        <Link to={paths.saved()} className="link self-end text-sm">
          Open the Saved page
        </Link>
      )}
      <ArticleList
        label="Saved articles"
        articles={articles}
        loading={saved.isPending}
        skeletons={2}
        columns="sm:grid-cols-2 xl:grid-cols-3"
        empty={<p className="card p-8 text-center text-muted">No saved articles yet</p>}
      />
    </div>
  );
}

const tabClass =
  'rounded-lg px-4 py-2 text-sm font-semibold text-muted hover:text-fg data-[state=active]:bg-raised data-[state=active]:text-fg data-[state=active]:shadow-sm';

/** Saved Articles and Activity (spec: the right side of the profile). */
export function ProfileTabs() {
  return (
    <Tabs.Root defaultValue="saved" className="flex min-w-0 flex-col gap-4">
      <Tabs.List
        aria-label="Your articles"
        className="flex gap-1 self-start rounded-xl bg-surface p-1"
      >
        <Tabs.Trigger value="saved" className={tabClass}>
          Saved Articles
        </Tabs.Trigger>
        <Tabs.Trigger value="activity" className={tabClass}>
          Activity
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="saved">
        <SavedTab />
      </Tabs.Content>
      <Tabs.Content value="activity">
        <ActivityList />
      </Tabs.Content>
    </Tabs.Root>
  );
}
