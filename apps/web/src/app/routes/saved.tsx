import { usePageTitle } from '@/components/use-page-title';
import { withQuery } from '@/lib/with-query';

/** Placeholder: the Saved page arrives with issue 10. */
function SavedPage() {
  usePageTitle('Saved');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Saved articles</h1>
      <p className="text-muted">Your saved articles will appear here.</p>
    </div>
  );
}

export default withQuery(SavedPage);
