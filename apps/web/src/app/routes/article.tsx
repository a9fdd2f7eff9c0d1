import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/components/use-page-title';
import { useArticle } from '@/features/articles/api/articles';
import { ArticleDetail } from '@/features/articles/components/article-detail';
import { NeedsConnection } from '@/features/offline/components/needs-connection';
import { OfflineNotice } from '@/features/offline/components/offline-notice';
import { useNeedsConnection } from '@/features/offline/hooks/use-needs-connection';
import { useStoredArticle } from '@/features/offline/hooks/use-offline-copies';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { useArticleActions, useRecordView } from '@/lib/article-actions';
import { OFFLINE_MESSAGES } from '@/lib/offline/messages';
import { useOnline } from '@/lib/online';
import { useGoBack } from '@/lib/use-go-back';
import { paths } from '@/lib/paths';

export default function ArticlePage() {
  return (
    <ArticleActionsProvider>
      <ArticleScreen />
    </ArticleActionsProvider>
  );
}

function ArticleScreen() {
  const { id } = useParams();
  const query = useArticle(id);
  // Without a connection: the copy kept on this device when the reader saved it (lib/offline).
  // (also when the server's copy is still in memory: the page says which one it shows).
  const online = useOnline();
  const unreachable = useNeedsConnection({ ...query, hasData: !!query.data });
  const offline = !online || unreachable;
  const stored = useStoredArticle(id, offline);
  const copy = offline ? (stored.data ?? undefined) : undefined;
  const article = copy ?? query.data;
  const actions = useArticleActions(article);
  const goBack = useGoBack();
  useRecordView(article?._id);
  usePageTitle(
    article?.title ??
      (offline
        ? OFFLINE_MESSAGES.needsConnection
        : query.isError
          ? 'Article not found'
          : 'Article'),
  );

  if (offline && !article) {
    if (stored.isLoading) return <PageLoader />;
    return (
      <NeedsConnection
        heading
        hint={OFFLINE_MESSAGES.noCopy}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending && !article) return <PageLoader />;
  if (!article) {
    return (
      <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-2xl font-bold">Article not found</h1>
        <Link to={paths.explore()} className={buttonVariants({ variant: 'primary' })}>
          Explore articles
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <Button variant="ghost" className="-ml-3" onClick={goBack}>
          <ArrowLeft size={18} aria-hidden="true" /> Back
        </Button>
      </div>
      {copy && <OfflineNotice text={OFFLINE_MESSAGES.savedCopy} />}
      <ArticleDetail
        article={article}
        actions={actions}
        title={(text) => (
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight">{text}</h1>
        )}
      />
    </div>
  );
}
