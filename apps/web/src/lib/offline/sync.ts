import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { OFFLINE_MESSAGES as m } from './messages';
import { replayQueue, type ReplayReport, type Refusal } from './replay';

/**
 * Replays the reader's queued actions (replay.ts) and says what happened: how many were sent,
 * which were refused and why. The screen keeps the state the reader left (the actions were
 * applied to it when made); a refused one puts back what the server holds. After a 429 the
 * rest is tried again a minute later.
 */

const RETRY_AFTER_THROTTLE_MS = 60_000;
const TOAST = { id: 'offline-replay' } as const;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function why(refusals: Refusal[]): string {
  const gone = refusals.every((r) => r.status === 404);
  return gone ? m.articleGone : (refusals[0]?.message ?? m.articleGone);
}

/** The toast text of a replay, or null when nothing was sent or refused. */
export function replaySummary(report: ReplayReport): string | null {
  const parts: string[] = [];
  if (report.sent > 0 || report.refused.length > 0) parts.push(m.sent(report.sent));
  if (report.refused.length > 0) parts.push(m.refused(report.refused.length, why(report.refused)));
  if (report.throttled) parts.push(m.waiting);
  return parts.length > 0 ? parts.join('; ') : null;
}

export async function syncOfflineActions(userId: string): Promise<ReplayReport | undefined> {
  let report: ReplayReport;
  try {
    report = await replayQueue(userId);
  } catch {
    return undefined; // storage unavailable: nothing was queued
  }
  const text = replaySummary(report);
  if (text) {
    if (report.refused.length > 0) toast.error(text, TOAST);
    else toast.success(text, TOAST);
  }
  if (report.sent > 0 || report.refused.length > 0) {
    // The reader's lists, streak and activity as the server now holds them (the same as the
    // screen, but for refused actions, or lists a new tab read before the replay). Not the
    // feed: it would reorder under the reader.
    const feed = queryKeys.feed()[1];
    void queryClient.invalidateQueries({
      queryKey: queryKeys.reader,
      predicate: (query) => query.queryKey[1] !== feed,
    });
  }
  if (report.throttled) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void syncOfflineActions(userId), RETRY_AFTER_THROTTLE_MS);
  }
  return report;
}
