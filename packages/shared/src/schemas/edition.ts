import { z } from 'zod';
import { EDITION_FREQUENCIES, WEEKDAYS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { safeString, timezoneSchema, withAccessToken } from './common.js';

/**
 * The daily edition by e-mail: the reader's settings (off by default) and the unsubscribe link's
 * token. The edition leaves at `time` (24-hour `HH:MM`) in `timezone`, every day or, weekly, on
 * `weekday`.
 */

const e = MESSAGES.edition;

export const editionFrequencySchema = z.enum(EDITION_FREQUENCIES, { error: e.invalidFrequency });
export type EditionFrequency = z.infer<typeof editionFrequencySchema>;

export const weekdaySchema = z.enum(WEEKDAYS, { error: e.invalidWeekday });
export type Weekday = z.infer<typeof weekdaySchema>;

/** A time of day on the 24-hour clock, `07:30`. */
export const timeOfDaySchema = z
  .string({ error: e.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, e.invalidTime);

/** What the reader chose; `weekday` is null unless the edition is weekly. */
export const editionSettingsSchema = z.object({
  frequency: editionFrequencySchema,
  weekday: weekdaySchema.nullable(),
  time: timeOfDaySchema,
  timezone: z.string(),
});
export type EditionSettings = z.infer<typeof editionSettingsSchema>;

/** A weekly edition names its day; a daily one, or none, needs none (a day sent is dropped). */
export const editionSettingsBody = z
  .object({
    frequency: editionFrequencySchema,
    weekday: weekdaySchema.nullish(),
    time: timeOfDaySchema,
    timezone: timezoneSchema,
  })
  .refine((b) => b.frequency !== 'weekly' || b.weekday != null, {
    message: e.weekdayRequired,
    path: ['weekday'],
  });
export type EditionSettingsBody = z.input<typeof editionSettingsBody>;

export const editionSettingsResponse = withAccessToken(
  z.object({ edition: editionSettingsSchema }),
);

export const editionSettingsSavedResponse = withAccessToken(
  z.object({ message: z.string(), edition: editionSettingsSchema }),
);

/**
 * The unsubscribe link's token: two base64url parts joined by a dot (what it says, its
 * signature). Anything else is refused before the API reads it.
 */
export const unsubscribeQuery = z.object({
  token: safeString({ error: e.linkInvalid })
    .max(512, e.linkInvalid)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, e.linkInvalid),
});
