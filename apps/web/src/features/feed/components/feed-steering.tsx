import { categoryLabel, isCategoryId, type FeedCategory, type LearnedSubject } from '@lede/shared';
import { ArrowDown, ArrowUp, CircleOff, Eye, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { undoToast } from '@/components/undo-toast';
import { toast } from '@/lib/toast';
import {
  targetId,
  useFeedProfile,
  usePreview,
  useSteer,
  type SteeringChange,
  type SteeringKind,
  type SteeringState,
} from '../api/steering';

const OPTIONS: Array<{ state: Exclude<SteeringState, 'none'>; label: string; icon: ReactNode }> = [
  { state: 'up', label: 'Up', icon: <ArrowUp size={14} aria-hidden="true" /> },
  { state: 'down', label: 'Down', icon: <ArrowDown size={14} aria-hidden="true" /> },
  { state: 'off', label: 'Off', icon: <CircleOff size={14} aria-hidden="true" /> },
];

const STATE_TEXT: Record<SteeringState, string> = {
  up: 'more',
  down: 'less',
  off: 'off',
  none: 'as learned',
};

/** A weight in [0, 1] as a bar with its number in words (not colour alone). */
function Weight({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className="flex items-center gap-2 text-xs text-muted">
      <span
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={`Weight of ${label}`}
        className="h-2 w-24 overflow-hidden rounded-full border border-line bg-bg"
      >
        <span className="block h-full bg-accent" style={{ width: `${percent}%` }} />
      </span>
      <span>Weight {percent}%</span>
    </div>
  );
}

/** Up / Down / Off as toggle buttons; pressing the pressed one goes back to neutral. */
function SteerButtons({
  label,
  value,
  onChange,
}: {
  label: string;
  value: SteeringState;
  onChange: (state: SteeringState) => void;
}) {
  return (
    <div role="group" aria-label={`Steer ${label}`} className="flex shrink-0 gap-1">
      {OPTIONS.map((o) => {
        const pressed = value === o.state;
        return (
          <button
            key={o.state}
            type="button"
            aria-pressed={pressed}
            aria-label={`${o.label} ${label}`}
            onClick={() => onChange(pressed ? 'none' : o.state)}
            className={`inline-flex min-h-10 items-center gap-1 rounded-lg border px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
              pressed
                ? 'border-accent-strong bg-accent-strong text-on-accent'
                : 'border-line bg-surface text-fg hover:bg-raised'
            }`}
          >
            {o.icon}
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

function SteerRow({
  label,
  detail,
  weight,
  value,
  staged,
  onChange,
  children,
}: {
  label: string;
  detail: string;
  weight: number;
  value: SteeringState;
  staged: boolean;
  onChange: (state: SteeringState) => void;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-surface p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-sm font-medium break-words">{label}</p>
          <p className="text-xs text-muted">{detail}</p>
          {children}
        </div>
        <SteerButtons label={label} value={value} onChange={onChange} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Weight value={weight} label={label} />
        <span className="text-xs text-muted">
          {value === 'none' ? 'As learned' : `Turned ${STATE_TEXT[value]}`}
          {staged && ' (not applied yet)'}
        </span>
      </div>
    </li>
  );
}

function SubjectSources({ subject }: { subject: LearnedSubject }) {
  if (subject.sources.length === 0) return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-muted">
        {subject.sources.length} {subject.sources.length === 1 ? 'article' : 'articles'}
      </summary>
      <ul className="mt-1 list-disc pl-5">
        {subject.sources.map((s) => (
          <li key={s.article_id}>
            {s.title} <span className="text-muted">({s.action})</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * "Your feed" steering: the subjects and categories the feed learned, each with its
 * weight and source, turned up, down or off. Changes are staged, previewed (the next top 10) and
 * applied together; a toast offers to undo them.
 */
export function FeedSteering() {
  const profile = useFeedProfile();
  const [staged, setStaged] = useState<Map<string, SteeringChange>>(new Map());
  const preview = usePreview();
  const undoSteer = useSteer(() => toast.success('Change undone'));
  const steer = useSteer((undo, applied) => {
    const text =
      applied.length === 1
        ? 'Your feed is updated: 1 change'
        : `Your feed is updated: ${applied.length} changes`;
    undoToast(text, `steer:${applied.map((c) => targetId(c.kind, c.key)).join(',')}`, () =>
      undoSteer.mutate(undo),
    );
  });

  const stage = (kind: SteeringKind, key: string, current: SteeringState, state: SteeringState) => {
    setStaged((old) => {
      const next = new Map(old);
      if (state === current) next.delete(targetId(kind, key));
      else next.set(targetId(kind, key), { kind, key, state });
      return next;
    });
    preview.reset();
  };
  const changes = [...staged.values()];
  const valueOf = (kind: SteeringKind, key: string, current: SteeringState) =>
    staged.get(targetId(kind, key))?.state ?? current;

  if (profile.isError) {
    return <QueryError error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (profile.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        Loading…
      </p>
    );
  }
  const { subjects, categories } = profile.data;
  const subjectRow = (s: LearnedSubject) => (
    <SteerRow
      key={s.key}
      label={s.label}
      detail={s.source}
      weight={s.weight}
      value={valueOf('subject', s.key, s.steering)}
      staged={staged.has(targetId('subject', s.key))}
      onChange={(state) => stage('subject', s.key, s.steering, state)}
    >
      <SubjectSources subject={s} />
    </SteerRow>
  );
  const categoryRow = (c: FeedCategory) => (
    <SteerRow
      key={c.category}
      label={c.label}
      detail={c.source}
      weight={c.weight}
      value={valueOf('category', c.category, c.steering)}
      staged={staged.has(targetId('category', c.category))}
      onChange={(state) => stage('category', c.category, c.steering, state)}
    />
  );

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="mb-1 text-sm font-semibold">Learned subjects</h3>
        <p className="mb-2 text-xs text-muted">
          What several stories you liked, saved or read share: more stories on it, while you keep
          showing interest.
        </p>
        {subjects.length === 0 ? (
          <p className="text-sm text-muted">Nothing learned yet: like or save a few stories.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Learned subjects">
            {subjects.map(subjectRow)}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold">Categories</h3>
        <p className="mb-2 text-xs text-muted">
          Your interests keep a place on every page; only your own steering turns one down. The
          others were learned from what you did.
        </p>
        <ul className="flex flex-col gap-2" aria-label="Categories">
          {categories.map(categoryRow)}
        </ul>
      </div>

      <div className="flex flex-col gap-3" aria-live="polite">
        <p className="text-sm text-muted">
          {changes.length === 0
            ? 'Turn a subject or category up, down or off, then preview the change.'
            : `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} not applied yet.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="inline-flex min-h-10 items-center gap-1.5 px-3"
            disabled={changes.length === 0 || preview.isPending}
            onClick={() => preview.mutate(changes)}
          >
            <Eye size={16} aria-hidden="true" />
            {preview.isPending ? 'Previewing…' : 'Preview changes'}
          </Button>
          <Button
            className="min-h-10 px-3"
            disabled={changes.length === 0 || steer.isPending}
            onClick={() =>
              steer.mutate(changes, {
                onSuccess: () => {
                  setStaged(new Map());
                  preview.reset();
                },
              })
            }
          >
            {steer.isPending ? 'Applying…' : 'Apply'}
          </Button>
          {changes.length > 0 && (
            <Button
              variant="ghost"
              className="min-h-10 px-3"
              onClick={() => {
                setStaged(new Map());
                preview.reset();
              }}
            >
              Discard
            </Button>
          )}
        </div>
        {preview.isError && (
          <p role="alert" className="text-sm text-danger">
            Could not preview your feed. Please try again.
          </p>
        )}
      </div>

      {preview.data && (
        <section aria-labelledby="feed-preview-title" className="flex flex-col gap-2">
          <h3 id="feed-preview-title" className="text-sm font-semibold">
            Preview: your next top 10
          </h3>
          <ol className="flex flex-col gap-2">
            {preview.data.map((item, i) => (
              <li key={item.article_id._id} className="rounded-lg border border-line p-3">
                <p className="text-sm font-medium break-words">
                  {i + 1}. {item.article_id.title}
                </p>
                <p className="text-xs text-muted">
                  {item.category && isCategoryId(item.category)
                    ? categoryLabel(item.category)
                    : item.article_id.categories.join(', ')}
                </p>
                {item.reasons[0] && (
                  <p className="mt-1 flex items-start gap-1.5 text-xs text-muted">
                    <Sparkles size={14} aria-hidden="true" className="mt-px shrink-0 text-accent" />
                    <span>{item.reasons.join(' · ')}</span>
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
