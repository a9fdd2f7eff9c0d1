import type { Request } from 'express';
import { MESSAGES } from '@lede/shared';
import type { RouteRegistrar } from '../../http/route.js';
import type { WriteLimits } from '../../http/write-limits.js';
import type { ReactionKind } from './reader-actions.repository.js';
import type { ReaderActionsService } from './reader-actions.service.js';
import type { UserRow } from '../users/index.js';
import { decodeSavedCursor, encodeSavedCursor } from './saved-cursor.js';
import {
  toActivityEntry,
  toReactionResult,
  toSavedArticleEntry,
  toSaveResult,
} from './reader-actions.serializer.js';

/**
 * The reader's own lists, reactions and reading: /api/userinteractions/... and the signed-in
 * routes under /api/articles/... beside the public ones.
 */
export function readerActionsRoutes(
  routes: RouteRegistrar,
  readerActions: ReaderActionsService,
  limits: WriteLimits,
): void {
  const actionLimit = [limits.actions];
  /** Likes, dislikes and saves charge the `actions` budget in their own statement: one round trip. */
  const chargedInStatement = [limits.actionsInStatement];
  /** `want` (the body's `liked`, `disliked` or `saved`) sets the state; without it, a toggle. */
  const react = async (
    kind: ReactionKind,
    user: UserRow,
    articleId: string,
    want: boolean | undefined,
    req: Request,
  ) =>
    toReactionResult(
      kind,
      await readerActions.toggleReaction(user, articleId, kind, want, limits.chargeOf(req)),
    );
  routes.json('POST /api/userinteractions/like', chargedInStatement, ({ body, user, req }) =>
    react('like', user, body.article_id, body.liked, req),
  );
  routes.json('POST /api/userinteractions/dislike', chargedInStatement, ({ body, user, req }) =>
    react('dislike', user, body.article_id, body.disliked, req),
  );

  routes.json('POST /api/userinteractions/save', chargedInStatement, async ({ body, user, req }) =>
    toSaveResult(
      await readerActions.toggleSave(user, body.article_id, body.saved, limits.chargeOf(req)),
    ),
  );

  routes.json('POST /api/userinteractions/share', actionLimit, async ({ body, user }) => {
    const counts = await readerActions.share(user, body.article_id);
    return { message: MESSAGES.interactions.shared, shares: counts.shares };
  });

  routes.json('GET /api/userinteractions/recentactivity', async ({ query, user }) => ({
    data: (await readerActions.recentActivity(user, query.limit)).map(toActivityEntry),
  }));

  routes.json('GET /api/articles/getlikedarticleids', async ({ user }) => ({
    likedArticleIds: await readerActions.likedArticleIds(user),
  }));
  routes.json('GET /api/articles/getdislikedarticleids', async ({ user }) => ({
    dislikedArticleIds: await readerActions.dislikedArticleIds(user),
  }));
  routes.json('GET /api/articles/getsavedarticleids', async ({ user }) => ({
    savedArticleIds: await readerActions.savedArticleIds(user),
  }));
  routes.json('GET /api/articles/getsavedarticles', async ({ query, user }) => {
    const after = decodeSavedCursor(query.cursor);
    const { entries, next } = await readerActions.savedArticles(user, query.limit, after);
    return {
      savedArticles: entries.map(toSavedArticleEntry),
      nextCursor: next && encodeSavedCursor(next),
    };
  });

  /** Opening an article while signed in: the one thing that counts as reading for the streak. */
  routes.json('POST /api/articles/markviewed', actionLimit, async ({ body, user }) => ({
    streak: await readerActions.markViewed(user, body.article_id),
  }));
}
