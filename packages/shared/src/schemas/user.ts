import { z } from 'zod';
import { CATEGORY_IDS } from '../categories.js';

/** The picture of a reader who has none; choosing it removes the picture. */
export const DEFAULT_AVATAR_PATH = '/media/default-avatar.svg';

export const THEMES = ['light', 'dark'] as const;
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;

/** The only shape in which a user ever leaves the API. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profile_url: z.string(),
  theme: themeSchema,
  interests: z.array(z.enum(CATEGORY_IDS)),
  timezone: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
