import { CATEGORIES, isCategoryId } from '@lede/shared/constants';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
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
import { useSetInterests } from '@/features/preferences/hooks/use-set-interests';
import { useSessionUser } from '@/lib/session/use-session';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';

/** Interest choice (outside the shared layout): needs the fromReset navigation state. */
export default function PreferencesPage() {
  usePageTitle('Preferences');
  const location = useLocation();
  const state = location.state as { fromReset?: boolean } | null;
  if (!state?.fromReset) return <Navigate to={paths.home()} replace />;
  return <Preferences key={location.key} state={state} />;
}

function Preferences({ state }: { state: unknown }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const mode = preferencesMode(state, user?.interests.length ?? 0);
  const initial = mode === 'reset' ? [] : (user?.interests ?? []).filter(isCategoryId);
  const { selected, toggle } = useInterestSelection(initial);
  const setInterests = useSetInterests();
  const saving = setInterests.isPending;
  const n = selected.length;

  const save = () => {
    const check = checkSelection(selected);
    if (!check.ok) {
      toast.error(check.error);
      return;
    }
    // The mutation keeps the reader, drops the old feed and says how it went.
    setInterests.mutate(check.interests, {
      onSuccess: () => void navigate(paths.home(), { replace: true }),
    });
  };

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-5xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {PREFERENCES_HEADINGS[mode]}
        </h1>
        <p className="text-muted">Choose the topics you want in your feed.</p>
      </header>

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-label="Interest categories">
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
            <Link to={paths.landing()} className={buttonVariants({ variant: 'outline' })}>
              Skip for Now
            </Link>
          ) : (
            <Link to={goBackTarget(mode)} className={buttonVariants({ variant: 'outline' })}>
              <ArrowLeft size={18} aria-hidden="true" /> Go Back
            </Link>
          )}
          <Button onClick={() => void save()} disabled={n === 0 || saving}>
            {saving ? 'Saving…' : 'Save & Continue'}
          </Button>
        </div>
      </div>
    </main>
  );
}
