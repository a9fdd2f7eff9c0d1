import type { PublicArticle } from '@lede/shared/constants';
import { useState } from 'react';
import { pictureOf } from '../article-picture';

/**
 * The picture to show and what to do when it fails: once it has failed to load, src is null and
 * the article is shown text-first.
 */
export function useArticlePicture(article: Pick<PublicArticle, 'image_url'>) {
  const url = pictureOf(article);
  const [failed, setFailed] = useState<string | null>(null);
  return { src: url !== failed ? url : null, onError: () => setFailed(url) };
}

/** A fixed 16:9 box (width, height and aspect-ratio reserved: no layout shift). */
export function ArticleImage({
  src,
  onError,
  className = '',
  eager = false,
}: {
  src: string;
  onError: () => void;
  className?: string;
  eager?: boolean;
}) {
  return (
    <div className={`aspect-video w-full overflow-hidden bg-surface ${className}`}>
      <img
        src={src}
        alt=""
        width={640}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        referrerPolicy="no-referrer"
        className="size-full object-cover"
        onError={onError}
      />
    </div>
  );
}
