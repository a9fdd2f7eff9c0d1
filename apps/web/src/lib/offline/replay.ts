import { api, ApiError } from '@/lib/api-client';
import type { QueuedAction } from './db';
import { dequeue, firstQueued } from './queue';

/**
 * Sends the reader's queued actions (queue.ts), oldest first, each once: an action leaves the
 * queue when the server took it or refused it for good (a 4xx such as 404, the article gone).
 * It stays, and the replay stops, when no answer came (offline again), when the server is over
 * the reader's write budget (429: later), or in trouble (5xx), or the session ended (401/403):
 * the next replay starts from it. Each action sends the state the reader left, so an action sent
 * again (a tab closed between the answer and the removal) changes nothing on the server.
 */

export interface Refusal {
  action: QueuedAction;
  status: number;
  message: string;
}

export interface ReplayReport {
  sent: number;
  refused: Refusal[];
  /** Actions left in the queue (the replay stopped early). */
  waiting: boolean;
  /** Stopped because the server asked to slow down (429). */
  throttled: boolean;
}

export type Sender = (action: QueuedAction) => Promise<unknown>;

/** The requests that put one action's state on the server. */
export const sendAction: Sender = async (action) => {
  const article_id = action.articleId;
  switch (action.kind) {
    case 'reaction':
      // Liking removes a dislike and the other way round: one request says either; neither
      // takes two (whichever the server holds goes, the other changes nothing).
      if (action.liked)
        return api('POST /api/userinteractions/like', { body: { article_id, liked: true } });
      if (action.disliked) {
        return api('POST /api/userinteractions/dislike', { body: { article_id, disliked: true } });
      }
      await api('POST /api/userinteractions/like', { body: { article_id, liked: false } });
      return api('POST /api/userinteractions/dislike', { body: { article_id, disliked: false } });
    case 'save':
      return api('POST /api/userinteractions/save', { body: { article_id, saved: action.saved } });
    case 'view':
      return api('POST /api/articles/markviewed', { body: { article_id } });
    case 'read':
      return api('POST /api/recommendations/markasread', { body: { articleId: action.articleId } });
  }
};

/** Whether a failure means "try again later" rather than "refused for good". */
function keepsForLater(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return (
    err.status === 0 ||
    err.status === 401 ||
    err.status === 403 ||
    err.status === 429 ||
    err.status >= 500
  );
}

async function drain(userId: string, send: Sender): Promise<ReplayReport> {
  const report: ReplayReport = { sent: 0, refused: [], waiting: false, throttled: false };
  for (;;) {
    const next = await firstQueued(userId);
    if (!next) return report;
    try {
      await send(next.action);
      report.sent += 1;
    } catch (err) {
      if (keepsForLater(err)) {
        report.waiting = true;
        report.throttled = err instanceof ApiError && err.status === 429;
        return report;
      }
      const apiError = err as ApiError;
      report.refused.push({
        action: next.action,
        status: apiError.status,
        message: apiError.message,
      });
    }
    await dequeue(userId, next.seq);
  }
}

/** One replay at a time per tab; across tabs, the Web Locks API where the browser has it. */
let running: Promise<ReplayReport> | undefined;

export function replayQueue(userId: string, send: Sender = sendAction): Promise<ReplayReport> {
  if (running) return running.then(() => replayQueue(userId, send));
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run: Promise<ReplayReport> = locks
    ? locks.request(`lede-offline-replay-${userId}`, () => drain(userId, send)).then((r) => r)
    : drain(userId, send);
  running = run;
  const clear = () => {
    if (running === run) running = undefined;
  };
  run.then(clear, clear);
  return run;
}
