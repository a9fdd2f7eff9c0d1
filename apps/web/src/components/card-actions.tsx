import type { PublicArticle } from '@lede/shared';
import { Bookmark, Heart, Share2, ThumbsDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useArticleActions } from '@/lib/article-actions';

function IconAction({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      className={`inline-flex size-10 items-center justify-center rounded-lg text-sm font-semibold hover:bg-surface ${
        pressed ? 'text-accent' : 'text-muted'
      }`}
    >
      {children}
    </button>
  );
}

/** Like, dislike, save and share on a card (above the card's whole-card link). */
export function CardActions({
  article,
  extra,
}: {
  article: PublicArticle;
  /** More controls for this card (the feed's "Fewer like this", "Hide this source"). */
  extra?: ReactNode;
}) {
  const actions = useArticleActions(article);
  const fill = (on: boolean) => (on ? 'currentColor' : 'none');
  return (
    <div
      role="group"
      aria-label={`Actions for ${article.title}`}
      className="relative z-10 flex items-center gap-1 border-t border-line px-2 py-1"
    >
      <IconAction label="Like" pressed={actions.liked} onClick={actions.like}>
        <Heart size={18} aria-hidden="true" fill={fill(actions.liked)} />
      </IconAction>
      <span className="min-w-4 pr-1 text-sm font-semibold text-muted tabular-nums">
        {article.likes}
        <span className="sr-only">{article.likes === 1 ? ' like' : ' likes'}</span>
      </span>
      <IconAction label="Dislike" pressed={actions.disliked} onClick={actions.dislike}>
        <ThumbsDown size={18} aria-hidden="true" fill={fill(actions.disliked)} />
      </IconAction>
      <IconAction label="Save" pressed={actions.saved} onClick={actions.save}>
        <Bookmark size={18} aria-hidden="true" fill={fill(actions.saved)} />
      </IconAction>
      <IconAction label="Share" onClick={actions.share}>
        <Share2 size={18} aria-hidden="true" />
      </IconAction>
      {extra && <div className="ml-auto flex items-center">{extra}</div>}
    </div>
  );
}
