import { usePageTitle } from '@/components/use-page-title';
import { useSessionUser } from '@/features/session/hooks/use-session';
import { withQuery } from '@/lib/with-query';

/** Placeholder: the recommendation feed arrives with issue 10. */
function HomePage() {
  usePageTitle('Home');
  const user = useSessionUser();
  const first = user?.name.trim().split(/\s+/)[0] || 'User';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Hello, {first}</h1>
      <p className="text-muted">Your recommendations will appear here.</p>
    </div>
  );
}

export default withQuery(HomePage);
