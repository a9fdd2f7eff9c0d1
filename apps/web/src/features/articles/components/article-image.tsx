import { DEFAULT_ARTICLE_IMAGE_PATH } from '@lede/shared';
import { useState } from 'react';

/** Fixed 16:9 box (no layout shift); the default image when absent or broken. */
export function ArticleImage({
  src,
  className = '',
  eager = false,
}: {
  src: string | null | undefined;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? DEFAULT_ARTICLE_IMAGE_PATH : src;
  return (
    <div className={`aspect-video w-full overflow-hidden bg-surface ${className}`}>
      <img
        src={url}
        alt=""
        width={640}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        referrerPolicy="no-referrer"
        className="size-full object-cover"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
