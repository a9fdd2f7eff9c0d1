import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { useFeedControls, useReaderControls } from '../api/controls';
import { useFeedProfile, useSteer, type SteeringChange } from '../api/steering';
import { paths } from '@/lib/paths';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The feed with nothing to show: the spec's words and button, then why (what the reader hid,
 * muted or turned off) and a way back for each, and the time of the last refresh, so that a
 * refresh that finds nothing still says so.
 */
export function EmptyFeed({
  onRefresh,
  refreshing,
  refreshedAt,
}: {
  onRefresh: () => void;
  refreshing: boolean;
  /** When the reader last refreshed on this page. */
  refreshedAt?: Date;
}) {
  const controls = useReaderControls().data;
  const profile = useFeedProfile().data;
  const { showSource, unmuteTopic } = useFeedControls();
  const steer = useSteer();
  const hidden = controls?.hiddenSources ?? [];
  const muted = controls?.mutedTopics ?? [];
  const turnedDown: SteeringChange[] = [
    ...(profile?.categories ?? []).map((c) => ({
      kind: 'category' as const,
      key: c.category,
      state: c.steering,
    })),
    ...(profile?.subjects ?? []).map((s) => ({
      kind: 'subject' as const,
      key: s.key,
      state: s.steering,
    })),
  ].filter((t) => t.state === 'off' || t.state === 'down');

  const reasons: string[] = [];
  if (hidden.length > 0) reasons.push(`You hid ${plural(hidden.length, 'source')}.`);
  if (muted.length > 0) reasons.push(`You muted ${plural(muted.length, 'topic')}.`);
  if (turnedDown.length > 0)
    reasons.push(`You turned down or off ${plural(turnedDown.length, 'topic')}.`);
  if (reasons.length === 0)
    reasons.push(
      'You have seen every story on your topics for now: choose more or check back later.',
    );

  return (
    <div className="card flex flex-col items-center gap-4 p-6 text-center sm:p-10">
      <p className="text-muted">No recommendations available at the moment.</p>
      <p className="max-w-prose text-sm">{reasons.join(' ')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {hidden.length > 0 && (
          <Button
            variant="outline"
            onClick={() => hidden.forEach((s) => showSource(s.source_name))}
          >
            Show hidden sources again
          </Button>
        )}
        {muted.length > 0 && (
          <Button
            variant="outline"
            onClick={() => muted.forEach((t) => unmuteTopic(t.kind, t.value))}
          >
            Unmute all topics
          </Button>
        )}
        {turnedDown.length > 0 && (
          <Button
            variant="outline"
            disabled={steer.isPending}
            onClick={() => steer.mutate(turnedDown.map((t) => ({ ...t, state: 'none' })))}
          >
            Reset steering
          </Button>
        )}
        <Link
          to={paths.preferences()}
          state={{ fromReset: true }}
          className={buttonVariants({ variant: 'outline' })}
        >
          Choose more interests
        </Link>
        <Button onClick={onRefresh} disabled={refreshing}>
          <RefreshCw size={18} aria-hidden="true" className={refreshing ? 'animate-spin' : ''} />
          Refresh Recommendations
        </Button>
      </div>
      {refreshedAt && (
        <p className="text-xs text-muted" role="status">
          Refreshed at{' '}
          {refreshedAt.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}:
          nothing new yet.
        </p>
      )}
    </div>
  );
}
