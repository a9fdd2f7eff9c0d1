import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/components/use-page-title';
import { useArticle } from '@/features/articles/api/articles';
import { ArticleDetail } from '@/features/articles/components/article-detail';
import { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
import { useArticleActions, useRecordView } from '@/lib/article-actions';
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
  const article = query.data;
  const actions = useArticleActions(article);
  const goBack = useGoBack();
  useRecordView(article?._id);
  usePageTitle(article?.title ?? (query.isError ? 'Article not found' : 'Article'));

  if (query.isPending) return <PageLoader />;
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
