import type { Theme } from '@lede/shared';

/** The Lede mark and name; the dark variant inverts the mark for dark backgrounds. */
export function Logo({ theme }: { theme: Theme }) {
  const dark = theme === 'dark';
  return (
    <span className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight">
      <svg
        width="28"
        height="28"
        viewBox="0 0 32 32"
        aria-hidden="true"
        data-variant={dark ? 'dark' : 'light'}
      >
        <rect width="32" height="32" rx="7" fill={dark ? '#f1f5f9' : '#111827'} />
        <path d="M10 7h4v14h9v4H10z" fill={dark ? '#0b1120' : '#ffffff'} />
      </svg>
      <span>Lede</span>
    </span>
  );
}
