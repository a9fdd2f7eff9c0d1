import {
  MESSAGES,
  type ActivityEntry,
  type ReactionResult,
  type SavedArticleEntry,
  type SaveResult,
} from '@lede/shared';
import { toPublicArticle } from '../articles/index.js';
import type { ActivityRow, ReactionKind, SavedArticleRow } from './reader-actions.repository.js';
import type { ReactionOutcome, SaveOutcome } from './reader-actions.service.js';

const m = MESSAGES.interactions;

export function toReactionResult(
  requested: ReactionKind,
  { reaction, counts }: ReactionOutcome,
): ReactionResult {
  const message =
    requested === 'like'
      ? reaction === 'like'
        ? m.liked
        : m.unliked
      : reaction === 'dislike'
        ? m.disliked
        : m.undisliked;
  return {
    message,
    liked: reaction === 'like',
    disliked: reaction === 'dislike',
    likes: counts.likes,
    dislikes: counts.dislikes,
  };
}

export const toSaveResult = ({ saved, counts }: SaveOutcome): SaveResult => ({
  message: saved ? m.saved : m.unsaved,
  saved,
  saves: counts.saves,
});

export const toActivityEntry = (row: ActivityRow): ActivityEntry => ({
  _id: row.id,
  action: row.action,
  timestamp: row.at.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  article_id: row.articleId,
  article_title: row.articleTitle,
});

export const toSavedArticleEntry = (row: SavedArticleRow): SavedArticleEntry => ({
  _id: row.id,
  article_id: toPublicArticle(row.article),
  savedAt: row.savedAt.toISOString(),
});
