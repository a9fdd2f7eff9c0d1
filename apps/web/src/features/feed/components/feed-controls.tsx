import type { PublicArticle } from '@lede/shared';
import { EyeOff, MinusCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useReaderControls, type useFeedControls } from '../api/controls';

/**
 * "Fewer like this" and "Hide this source" for one feed article. The controls come from the
 * page's one useFeedControls (not one mutation per card). Hiding is not offered while the feed
 * draws from one source only: it would leave the feed empty (the API refuses it too).
 */
export function FeedControls({
  article,
  variant,
  controls: { fewerLikeThis, hideSource },
}: {
  article: PublicArticle;
  /** Icons on a card, labelled buttons in the modal. */
  variant: 'card' | 'modal';
  controls: Pick<ReturnType<typeof useFeedControls>, 'fewerLikeThis' | 'hideSource'>;
}) {
  const hideLabel = `Hide ${article.source_name}`;
  const sources = useReaderControls().data?.feedSources;
  const canHide = sources === undefined || sources > 1;
  if (variant === 'card') {
    const icon =
      'inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-fg';
    return (
      <>
        <button
          type="button"
          className={icon}
          aria-label="Fewer like this"
          title="Fewer like this"
          onClick={() => fewerLikeThis(article)}
        >
          <MinusCircle size={18} aria-hidden="true" />
        </button>
        {canHide && (
          <button
            type="button"
            className={icon}
            aria-label="Hide this source"
            title={hideLabel}
            onClick={() => hideSource(article.source_name)}
          >
            <EyeOff size={18} aria-hidden="true" />
          </button>
        )}
      </>
    );
  }
  return (
    <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Your feed">
      <Button variant="outline" onClick={() => fewerLikeThis(article)}>
        <MinusCircle size={16} aria-hidden="true" /> Fewer like this
      </Button>
      {canHide && (
        <Button variant="outline" onClick={() => hideSource(article.source_name)}>
          <EyeOff size={16} aria-hidden="true" /> Hide this source
          <span className="sr-only"> ({article.source_name})</span>
        </Button>
      )}
    </div>
  );
}
