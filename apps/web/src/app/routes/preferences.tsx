import { CATEGORIES, CLIENT_MESSAGES, isCategoryId } from '@lede/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { CategoryCard } from '@/features/preferences/components/category-card';
import {
  checkSelection,
  goBackTarget,
  PREFERENCES_HEADINGS,
  PREFERENCES_HINT,
  preferencesMode,
  useInterestSelection,
} from '@/features/preferences/hooks/use-interest-selection';
import { useSessionUser } from '@/features/session/hooks/use-session';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { setUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { withQuery } from '@/lib/with-query';

/** Interest choice (outside the shared layout): needs the fromReset navigation state. */
function PreferencesPage() {
  usePageTitle('Preferences');
  const location = useLocation();
  const state = location.state as { fromReset?: boolean } | null;
  if (!state?.fromReset) return <Navigate to="/home" replace />;
  return <Preferences key={location.key} state={state} />;
}

function Preferences({ state }: { state: unknown }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mode = preferencesMode(state, user?.interests.length ?? 0);
  const initial = mode === 'reset' ? [] : (user?.interests ?? []).filter(isCategoryId);
  const { selected, toggle } = useInterestSelection(initial);
  const [saving, setSaving] = useState(false);
  const n = selected.length;

  const save = async () => {
    const check = checkSelection(selected);
    if (!check.ok) {
      toast.error(check.error);
      return;
    }
    setSaving(true);
    try {
      const res = await api('POST /api/profile/setinterests', {
        body: { interests: check.interests },
        fallback: CLIENT_MESSAGES.toasts.savePreferencesFailed,
      });
      setUser(res.user);
      // New interests rebuild the feed: drop the one held.
      qc.removeQueries({ queryKey: queryKeys.reader.recommendations() });
      toast.success(res.message);
      navigate('/home', { replace: true });
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status > 0
          ? err.message || CLIENT_MESSAGES.toasts.savePreferencesFailed
          : CLIENT_MESSAGES.toasts.savePreferencesError,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-5xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {PREFERENCES_HEADINGS[mode]}
        </h1>
        <p className="text-muted">Choose the topics you want in your feed.</p>
      </header>

      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Interest categories">
        {CATEGORIES.map((c) => (
          <li key={c.id}>
            <CategoryCard
              category={c}
              selected={selected.includes(c.id)}
              onToggle={() => toggle(c.id)}
            />
          </li>
        ))}
      </ul>

      <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t border-line bg-bg/95 px-4 py-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold" aria-live="polite">
            {n} categories selected
          </p>
          <p className="text-sm text-muted">{PREFERENCES_HINT}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {mode === 'new' ? (
            <Link to="/" className="btn-outline">
              Skip for Now
            </Link>
          ) : (
            <Link to={goBackTarget(mode)} className="btn-outline">
              <ArrowLeft size={18} aria-hidden="true" /> Go Back
            </Link>
          )}
          <button
            type="button"
            className="btn-primary"
            onClick={() => void save()}
            disabled={n === 0 || saving}
          >
            {saving ? 'Saving…' : 'Save & Continue'}
          </button>
        </div>
      </div>
    </main>
  );
}

export default withQuery(PreferencesPage);
