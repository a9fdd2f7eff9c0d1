const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'DD Month YYYY' (spec section 9), e.g. '05 March 2024', in UTC; '' for a missing or bad date.
 * Written out rather than through Intl.DateTimeFormat: building that formatter costs a list
 * page tens of milliseconds of main thread on a phone before the first card paints.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${day} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * 'DD Month YYYY, HH:MM UTC' (the spec's date and the time of day), e.g. '05 March 2024, 09:30
 * UTC'; '' for a missing or bad date. For events within a day of each other (a story's reports).
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = formatDate(value);
  if (!date) return '';
  const d = new Date(value!);
  const time = [d.getUTCHours(), d.getUTCMinutes()].map((n) => String(n).padStart(2, '0'));
  return `${date}, ${time.join(':')} UTC`;
}

/** '1 article', '3 articles': a count and its noun (a regular plural). */
export function formatCount(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;
/** Built on first use (only the activity list needs it). */
const relative = () =>
  (relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

/** Seconds, minutes, hours, then days ago (spec section 9). */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date()): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  if (seconds < 60) return relative().format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative().format(-hours, 'hour');
  return relative().format(-Math.floor(hours / 24), 'day');
}

/** 'Ada Lovelace and Charles Babbage' from the creator list; '' when unknown. */
export function formatCreators(creators: readonly string[]): string {
  const names = creators.filter((c) => c.trim() !== '');
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
