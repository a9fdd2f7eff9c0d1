import { UserRound } from 'lucide-react';
import { useState } from 'react';

/** The reader's picture in the navigation bar; an icon when it fails to load. */
export function AccountAvatar({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = 'size-8 rounded-full border border-line bg-surface';
  // The shared default avatar's path is not imported here: the constants module it lives in
  // loads with the data chunk, which the landing page's first load does without.
  if (failed === src) {
    return (
      <span className={`${frame} inline-flex items-center justify-center text-muted`}>
        <UserRound size={18} aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={32}
      height={32}
      onError={() => setFailed(src)}
      className={`${frame} object-cover`}
    />
  );
}
