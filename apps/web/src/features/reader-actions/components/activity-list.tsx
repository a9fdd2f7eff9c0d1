import type { ActivityAction } from '@lede/shared';
import { Bookmark, Heart, Share2, ThumbsDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { QueryError } from '@/components/query-error';
import { formatRelativeTime } from '@/lib/format';
import { useActivity } from '../api/reader-actions';
import { paths } from '@/lib/paths';

const ACTIONS: Record<ActivityAction, { verb: string; icon: typeof Heart }> = {
  like: { verb: 'Liked', icon: Heart },
  dislike: { verb: 'Disliked', icon: ThumbsDown },
  save: { verb: 'Saved', icon: Bookmark },
  share: { verb: 'Shared', icon: Share2 },
};

/** What the reader did, newest first, with relative times. */
export function ActivityList() {
  const activity = useActivity();
  if (activity.isError)
    return <QueryError error={activity.error} onRetry={() => void activity.refetch()} />;
  if (activity.isPending) {
    return (
      <p role="status" className="p-6 text-center text-muted">
        Loading…
      </p>
    );
  }
  if (activity.data.length === 0) {
    return <p className="card p-8 text-center text-muted">No recent activity</p>;
  }
  const now = new Date();
  return (
    <ul className="card divide-y divide-line">
      {activity.data.map((a) => {
        const { verb, icon: Icon } = ACTIONS[a.action];
        return (
          <li key={a._id} className="flex items-start gap-3 p-4">
            <Icon size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-muted" />
            <div className="min-w-0 flex-1">
              <p className="text-sm">
                <span className="font-semibold">{verb}</span>{' '}
                <Link to={paths.article(a.article_id)} className="link break-words">
                  {a.article_title}
                </Link>
              </p>
              <p className="text-xs text-muted">
                <time dateTime={a.timestamp}>{formatRelativeTime(a.timestamp, now)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
