import { z } from 'zod';
import { THEMES } from '../constants.js';
import { CATEGORY_IDS } from '../categories.js';

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
