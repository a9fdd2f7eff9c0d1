import { Navigate, useLocation } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { withQuery } from '@/lib/with-query';

/** Placeholder (outside the shared layout): the interest picker arrives with issue 10. */
function PreferencesPage() {
  usePageTitle('Preferences');
  const location = useLocation();
  const state = location.state as { fromReset?: boolean } | null;
  if (!state?.fromReset) return <Navigate to="/home" replace />;
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col gap-4 px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">
        Welcome! Let&apos;s Personalize Your Experience
      </h1>
      <p className="text-muted">Select at least 3 categories for better personalization</p>
      <Link to="/" className="btn-outline self-start">
        Skip for Now
      </Link>
    </main>
  );
}

export default withQuery(PreferencesPage);
