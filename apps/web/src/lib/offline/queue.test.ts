import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { clearOfflineData, type QueuedAction } from './db';
import { enqueue, hasQueued, queuedActions } from './queue';
import { replayQueue, sendAction } from './replay';

const A = 'reader-a';
const B = 'reader-b';

const like = (articleId: string): QueuedAction => ({
  kind: 'reaction',
  articleId,
  liked: true,
  disliked: false,
});
const dislike = (articleId: string): QueuedAction => ({
  kind: 'reaction',
  articleId,
  liked: false,
  disliked: true,
});
const none = (articleId: string): QueuedAction => ({
  kind: 'reaction',
  articleId,
  liked: false,
  disliked: false,
});
const save = (articleId: string, saved = true): QueuedAction => ({
  kind: 'save',
  articleId,
  saved,
});

const actionsOf = async (userId: string) => (await queuedActions(userId)).map((e) => e.action);

afterEach(async () => {
  await clearOfflineData();
});

describe('the queue', () => {
  it('keeps actions in the order they were made', async () => {
    await enqueue(A, like('a1'));
    await enqueue(A, save('a2'));
    await enqueue(A, { kind: 'view', articleId: 'a3' });
    await enqueue(A, { kind: 'read', articleId: 'a4' });
    expect(await actionsOf(A)).toEqual([
      like('a1'),
      save('a2'),
      { kind: 'view', articleId: 'a3' },
      { kind: 'read', articleId: 'a4' },
    ]);
  });

  it("coalesces an article's repeated actions into its last state, at the place of the last", async () => {
    await enqueue(A, like('a1'));
    await enqueue(A, save('a2'));
    await enqueue(A, dislike('a1'));
    await enqueue(A, none('a1'));
    await enqueue(A, save('a2', false));
    await enqueue(A, save('a1'));
    await enqueue(A, { kind: 'view', articleId: 'a1' });
    await enqueue(A, { kind: 'view', articleId: 'a1' });
    expect(await actionsOf(A)).toEqual([
      none('a1'),
      save('a2', false),
      save('a1'),
      { kind: 'view', articleId: 'a1' },
    ]);
  });

  it("belongs to its reader: another reader's queue never holds it", async () => {
    await enqueue(A, like('a1'));
    expect(await actionsOf(B)).toEqual([]);
    expect(await hasQueued(B)).toBe(false);
    expect(await hasQueued(A)).toBe(true);
  });

  it('is gone after clearOfflineData (logout, account deletion), for every reader', async () => {
    await enqueue(A, like('a1'));
    await enqueue(B, save('a2'));
    await clearOfflineData(A);
    expect(await actionsOf(A)).toEqual([]);
    expect(await actionsOf(B)).toEqual([]);
  });
});

/** A sender that records what it was asked to send and answers from `answers` by article. */
function recorder(answers: Record<string, () => unknown> = {}) {
  const sent: QueuedAction[] = [];
  const send = async (action: QueuedAction) => {
    sent.push(action);
    const answer = answers[action.articleId];
    if (answer) return answer();
    return { ok: true };
  };
  return { sent, send };
}

describe('the replay', () => {
  it('sends every action once, in order, and leaves the queue empty', async () => {
    await enqueue(A, like('a1'));
    await enqueue(A, save('a2'));
    await enqueue(A, dislike('a3'));
    const { sent, send } = recorder();
    const report = await replayQueue(A, send);
    expect(report).toEqual({ sent: 3, refused: [], waiting: false, throttled: false });
    expect(sent).toEqual([like('a1'), save('a2'), dislike('a3')]);
    expect(await actionsOf(A)).toEqual([]);

    // Exactly once: a second replay (the next start-up, another `online`) sends nothing.
    expect((await replayQueue(A, send)).sent).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it('sends each action once when replays start together (start-up and `online` at once)', async () => {
    for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) await enqueue(A, like(id));
    const { sent, send } = recorder();
    const reports = await Promise.all([replayQueue(A, send), replayQueue(A, send)]);
    expect(sent.map((a) => a.articleId)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(5);
  });

  it('stops at a request that gets no answer and resumes from it next time', async () => {
    await enqueue(A, like('a1'));
    await enqueue(A, save('a2'));
    await enqueue(A, save('a3'));
    let online = false;
    const { sent, send } = recorder({
      a2: () => {
        if (!online) throw new ApiError(0, 'Save article failed');
        return { ok: true };
      },
    });
    const first = await replayQueue(A, send);
    expect(first).toMatchObject({ sent: 1, waiting: true, throttled: false });
    expect(await actionsOf(A)).toEqual([save('a2'), save('a3')]);

    online = true;
    const second = await replayQueue(A, send);
    expect(second).toMatchObject({ sent: 2, waiting: false });
    expect(sent.map((a) => a.articleId)).toEqual(['a1', 'a2', 'a2', 'a3']);
    expect(await actionsOf(A)).toEqual([]);
  });

  it('drops what the server refuses for good (404) and says so; goes on with the rest', async () => {
    await enqueue(A, like('gone'));
    await enqueue(A, save('a2'));
    const { sent, send } = recorder({
      gone: () => {
        throw new ApiError(404, 'Article not found', {
          message: 'Article not found',
          code: 'ARTICLE_NOT_FOUND',
        });
      },
    });
    const report = await replayQueue(A, send);
    expect(report.sent).toBe(1);
    expect(report.refused).toEqual([
      { action: like('gone'), status: 404, message: 'Article not found' },
    ]);
    expect(sent).toHaveLength(2);
    expect(await actionsOf(A)).toEqual([]);
  });

  it('keeps the rest when the server asks to slow down (429), for a later replay', async () => {
    await enqueue(A, like('a1'));
    await enqueue(A, like('busy'));
    await enqueue(A, like('a3'));
    const { send } = recorder({
      busy: () => {
        throw new ApiError(429, 'Too many', { message: 'Too many', code: 'TOO_MANY_WRITES' });
      },
    });
    const report = await replayQueue(A, send);
    expect(report).toEqual({ sent: 1, refused: [], waiting: true, throttled: true });
    expect(await actionsOf(A)).toEqual([like('busy'), like('a3')]);
  });

  it('sends an action made during the replay after the others', async () => {
    await enqueue(A, like('a1'));
    const sent: string[] = [];
    const send = async (action: QueuedAction) => {
      sent.push(action.articleId);
      if (action.articleId === 'a1') await enqueue(A, save('a2'));
    };
    expect((await replayQueue(A, send)).sent).toBe(2);
    expect(sent).toEqual(['a1', 'a2']);
  });
});

describe('what a replayed action sends', () => {
  function fetchRecorder() {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({}), { status: 200 });
    });
    return calls;
  }

  it('the state the reader left, never a toggle', async () => {
    const calls = fetchRecorder();
    await sendAction(like('a1'));
    await sendAction(dislike('a2'));
    await sendAction(none('a3'));
    await sendAction(save('a4', false));
    await sendAction({ kind: 'view', articleId: 'a5' });
    await sendAction({ kind: 'read', articleId: 'a6' });
    expect(calls).toEqual([
      { url: '/api/userinteractions/like', body: { article_id: 'a1', liked: true } },
      { url: '/api/userinteractions/dislike', body: { article_id: 'a2', disliked: true } },
      { url: '/api/userinteractions/like', body: { article_id: 'a3', liked: false } },
      { url: '/api/userinteractions/dislike', body: { article_id: 'a3', disliked: false } },
      { url: '/api/userinteractions/save', body: { article_id: 'a4', saved: false } },
      { url: '/api/articles/markviewed', body: { article_id: 'a5' } },
      { url: '/api/recommendations/markasread', body: { articleId: 'a6' } },
    ]);
  });
});
