import { useState } from 'react';
import { sourceInitials } from './source-initials';

const MARK_SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm' } as const;

/** The source's icon, or its initials in a badge when it has none or the icon fails. */
export function SourceMark({
  name,
  icon,
  size = 'sm',
}: {
  name: string;
  icon: string | null;
  size?: keyof typeof MARK_SIZES;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = `${MARK_SIZES[size]} shrink-0 rounded-lg border border-line`;
  if (icon && icon !== failed) {
    return (
      <img
        src={icon}
        alt=""
        data-testid="source-mark"
        width={40}
        height={40}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(icon)}
        className={`${box} bg-raised object-contain`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="source-mark"
      className={`${box} inline-flex items-center justify-center bg-surface font-extrabold tracking-tight text-fg`}
    >
      {sourceInitials(name)}
    </span>
  );
}
