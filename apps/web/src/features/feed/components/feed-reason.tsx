import { Sparkles } from 'lucide-react';
import type { FeedItem } from '../api/feed';

/** Why the feed picked this article, in the ranker's own plain words (the first reason). */
export function FeedReason({ item }: { item: FeedItem }) {
  const reason = item.reasons[0];
  if (!reason) return null;
  return (
    <p className="flex items-start gap-1.5 px-4 pb-3 text-xs font-medium text-muted">
      <Sparkles size={14} aria-hidden="true" className="mt-px shrink-0 text-accent" />
      <span>{reason}</span>
    </p>
  );
}
