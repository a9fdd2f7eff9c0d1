import type { EditionSettings, EditionSettingsBody, Weekday } from '@lede/shared';
import { ApiError } from '@/lib/api-client';
import { browserTimezone } from '@/lib/format';

/** The card's fields: the switch, then the schedule it keeps while off. */
export interface EditionForm {
  on: boolean;
  cadence: 'daily' | 'weekly';
  weekday: Weekday;
  time: string;
  timezone: string;
}

export type EditionField = 'frequency' | 'weekday' | 'time' | 'timezone';
export type EditionErrors = Partial<Record<EditionField, string>>;

export function formFrom(settings: EditionSettings): EditionForm {
  return {
    on: settings.frequency !== 'off',
    cadence: settings.frequency === 'weekly' ? 'weekly' : 'daily',
    weekday: settings.weekday ?? 'monday',
    time: settings.time,
    timezone: settings.timezone || browserTimezone() || 'UTC',
  };
}

export function bodyFrom(form: EditionForm): EditionSettingsBody {
  const frequency = form.on ? form.cadence : 'off';
  return {
    frequency,
    weekday: frequency === 'weekly' ? form.weekday : null,
    time: form.time,
    timezone: form.timezone,
  };
}

/**
 * The shared schema's refusals, by field; none when the body is valid. The schema (and zod) load
 * on the first save; if they cannot, the server checks the same schema and answers by field.
 */
export async function refusals(body: EditionSettingsBody): Promise<EditionErrors> {
  try {
    const { checkBody } = await import('./edition-check');
    return checkBody(body);
  } catch {
    return {};
  }
}

/** The server's refusal, by field, when it names one. */
export function serverErrors(err: unknown): EditionErrors {
  if (!(err instanceof ApiError) || !err.body) return {};
  if (err.code === 'INVALID_TIMEZONE') return { timezone: err.message };
  const errors: EditionErrors = {};
  for (const { path, message } of err.body.errors ?? []) {
    const field = path.split('.')[0] as EditionField;
    errors[field] ??= message;
  }
  return errors;
}

/** Every IANA zone the browser knows, with `current` in it even when it is not (an alias). */
export function timezones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}
