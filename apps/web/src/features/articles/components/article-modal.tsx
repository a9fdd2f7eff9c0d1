import type { PublicArticle } from '@lede/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ToastEcho } from '@/components/toast-echo';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
} from '@/components/ui/dialog';
import { useArticleActions, useRecordView } from '@/lib/article-actions';
import { ArticleDetail } from './article-detail';

/**
 * The article modal (Radix Dialog: focus moves in, stays in, returns to the card; Escape and a
 * click outside close it). Keys: ←/→ previous/next, 1 like, 2 dislike, 3 save, 4 share.
 */
export function ArticleModal({
  articles,
  index,
  onIndexChange,
  onClose,
  onCloseFocus,
  onOpenArticle,
  renderExtra,
}: {
  articles: readonly PublicArticle[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes when the modal closes (the card of the article last shown). */
  onCloseFocus: (article: PublicArticle) => void;
  /** Called for each article shown (recommendations mark it read). */
  onOpenArticle?: (article: PublicArticle) => void;
  /** More controls below the article (the feed's "Fewer like this", "Hide this source"). */
  renderExtra?: (article: PublicArticle) => ReactNode;
}) {
  const article = index === null ? undefined : articles[index];
  return (
    <Dialog open={!!article} onOpenChange={(open) => !open && onClose()}>
      <DialogPortal>
        <DialogOverlay className="data-[state=open]:animate-in" />
        {article && index !== null && (
          <ModalContent
            key={article._id}
            article={article}
            hasPrevious={index > 0}
            hasNext={index < articles.length - 1}
            onPrevious={() => onIndexChange(Math.max(0, index - 1))}
            onNext={() => onIndexChange(Math.min(articles.length - 1, index + 1))}
            onCloseFocus={() => onCloseFocus(article)}
            onOpenArticle={onOpenArticle}
            extra={renderExtra?.(article)}
          />
        )}
      </DialogPortal>
    </Dialog>
  );
}

function ModalContent({
  article,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onCloseFocus,
  onOpenArticle,
  extra,
}: {
  article: PublicArticle;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onCloseFocus: () => void;
  onOpenArticle?: (article: PublicArticle) => void;
  extra?: ReactNode;
}) {
  const actions = useArticleActions(article);
  useRecordView(article._id);
  useOpenCallback(article, onOpenArticle);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const handlers: Record<string, (() => void) | undefined> = {
      ArrowLeft: hasPrevious ? onPrevious : undefined,
      ArrowRight: hasNext ? onNext : undefined,
      '1': actions.like,
      '2': actions.dislike,
      '3': actions.save,
      '4': actions.share,
    };
    const handler = handlers[e.key];
    if (handler) {
      e.preventDefault();
      handler();
    }
  };

  return (
    <DialogContent
      layout="sheet"
      className="mt-36 sm:mt-[max(0px,9rem_-_5vh)] sm:max-h-[calc(95vh-9rem)]"
      onKeyDown={onKeyDown}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        onCloseFocus();
      }}
    >
      <ToastEcho />
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
        <div className="flex gap-1">
          <Button
            variant="ghost"
            onClick={onPrevious}
            disabled={!hasPrevious}
            aria-keyshortcuts="ArrowLeft"
          >
            <ChevronLeft size={18} aria-hidden="true" /> Previous
          </Button>
          <Button
            variant="ghost"
            onClick={onNext}
            disabled={!hasNext}
            aria-keyshortcuts="ArrowRight"
          >
            Next <ChevronRight size={18} aria-hidden="true" />
          </Button>
        </div>
        <DialogCloseButton />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">
        <ArticleDetail
          article={article}
          actions={actions}
          title={(text) => (
            <DialogTitle className="text-2xl leading-tight font-bold">{text}</DialogTitle>
          )}
          description={(text) => (
            <DialogDescription className="text-base leading-relaxed">{text}</DialogDescription>
          )}
        />
        {extra}
        {!article.description && (
          <DialogDescription className="sr-only">{article.title}</DialogDescription>
        )}
        <p className="mt-6 text-xs text-muted">
          Keys: ← → previous / next · 1 like · 2 dislike · 3 save · 4 share · Esc close
        </p>
      </div>
    </DialogContent>
  );
}

function useOpenCallback(
  article: PublicArticle,
  onOpenArticle: ((article: PublicArticle) => void) | undefined,
) {
  const id = article._id;
  useEffectOnce(id, () => onOpenArticle?.(article));
}

function useEffectOnce(key: string, fn: () => void) {
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  useEffect(() => {
    fnRef.current();
  }, [key]);
}
