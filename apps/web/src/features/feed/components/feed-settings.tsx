import type { ReactNode } from 'react';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useFeedControls, useReaderControls } from '../api/controls';
import { FeedSteering } from './feed-steering';

function Group({
  title,
  does,
  empty,
  children,
}: {
  title: string;
  /** What being in this list does to the feed, in words. */
  does: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <p className="mb-2 text-xs text-muted">{does}</p>
      {children.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">{children}</ul>
      )}
    </div>
  );
}

function Row({ label, detail, action }: { label: string; detail?: string; action: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-surface py-1 pr-1 pl-3">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words">{label}</p>
        {detail && <p className="text-xs text-muted">{detail}</p>}
      </div>
      {action}
    </li>
  );
}

const small = 'min-h-10 shrink-0 px-3 py-1';

/** What shapes the feed besides the interests: hidden sources, muted and learned topics. */
export function FeedSettings() {
  const controls = useReaderControls();
  const { forgetTopic, unmuteTopic, showSource } = useFeedControls();
  return (
    <section aria-labelledby="feed-settings-title" className="card flex flex-col gap-5 p-6">
      <h2 id="feed-settings-title" className="text-lg font-bold">
        Your feed
      </h2>
      <FeedSteering />
      {controls.isError ? (
        <QueryError error={controls.error} onRetry={() => void controls.refetch()} />
      ) : controls.isPending ? (
        <p role="status" className="text-sm text-muted">
          Loading…
        </p>
      ) : (
        <>
          <Group
            title="Learned topics"
            does="Categories you did not choose, learned from two or more stories you liked: they earn a share of your feed."
            empty="Nothing learned yet: like or save a few stories."
          >
            {controls.data.learnedTopics.map((t) => (
              <Row
                key={t.category}
                label={t.label}
                detail={t.reason}
                action={
                  <Button
                    variant="outline"
                    className={small}
                    onClick={() => forgetTopic(t.category)}
                  >
                    Remove<span className="sr-only"> {t.label}</span>
                  </Button>
                }
              />
            ))}
          </Group>
          <Group
            title="Muted topics"
            does="Pushed down in your feed, further each time you ask for fewer."
            empty="No muted topics."
          >
            {controls.data.mutedTopics.map((t) => (
              <Row
                key={`${t.kind}:${t.value}`}
                label={t.label}
                detail={t.kind === 'category' ? 'Category' : 'Topic word'}
                action={
                  <Button
                    variant="outline"
                    className={small}
                    onClick={() => unmuteTopic(t.kind, t.value)}
                  >
                    Unmute<span className="sr-only"> {t.label}</span>
                  </Button>
                }
              />
            ))}
          </Group>
          <Group
            title="Hidden sources"
            does="Never shown in your feed until you show them again."
            empty="No hidden sources."
          >
            {controls.data.hiddenSources.map((s) => (
              <Row
                key={s.source_name}
                label={s.source_name}
                detail={`Hidden ${formatDate(s.hiddenAt)}`}
                action={
                  <Button
                    variant="outline"
                    className={small}
                    onClick={() => showSource(s.source_name)}
                  >
                    Show again<span className="sr-only"> {s.source_name}</span>
                  </Button>
                }
              />
            ))}
          </Group>
        </>
      )}
    </section>
  );
}
