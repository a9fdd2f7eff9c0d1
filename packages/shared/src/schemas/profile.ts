import { z } from 'zod';
import { CATEGORY_IDS, MIN_INTERESTS } from '../categories.js';
import { THEMES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import {
  challengeHandleSchema,
  emailSchema,
  messageResponse,
  nameSchema,
  otpSchema,
  passwordInputSchema,
  safeString,
  timezoneSchema,
  withAccessToken,
} from './common.js';

/** The account: the public user, its edits, e-mail change, picture, interests, deletion. */

export const themeSchema = z.enum(THEMES);

export type Theme = z.infer<typeof themeSchema>;

/** The only shape in which a user ever leaves the API. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profile_url: z.string(),
  theme: themeSchema,
  /** Whether the reader picked `theme`; until then the page follows the device's theme. */
  theme_chosen: z.boolean(),
  interests: z.array(z.enum(CATEGORY_IDS)),
  timezone: z.string(),
  createdAt: z.string(),
});

export type PublicUser = z.infer<typeof publicUserSchema>;

// Profile.
export const editNameBody = z.object({ name: nameSchema });

/**
 * A verified e-mail change: `{ email }` sends a code to the new address; the same call with
 * the code and its `hash` applies the change.
 */
/**
 * The current password, for a sensitive change asked for outside the re-authentication window
 * (`REAUTH_WINDOW_SECONDS` after the session's own sign-in); 403 REAUTH_REQUIRED asks for it.
 */
const currentPassword = passwordInputSchema.optional();

export const changeEmailBody = z
  .object({
    email: emailSchema,
    otp: otpSchema.optional(),
    hash: challengeHandleSchema.optional(),
    password: currentPassword,
  })
  .refine((b) => (b.otp === undefined) === (b.hash === undefined), {
    message: MESSAGES.validation.otpIncomplete,
    path: ['otp'],
  });

export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** The body may be left out (the spec's client sends none); `password` re-authenticates. */
export const deleteAccountBody = z.object({ password: currentPassword });

export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const toggleThemeBody = z.object({ theme: themeSchema });

export const updateProfilePictureBody = z.object({
  // Relative paths are allowed: the app's own avatars and the default one ("remove picture").
  // Which hosts and paths are acceptable is decided by the API.
  profile_url: safeString({ error: 'profile_url is required' })
    .trim()
    .min(1, 'profile_url is required')
    .max(2048),
});

export const setInterestsBody = z.object({
  interests: z
    .array(z.enum(CATEGORY_IDS, { error: 'Unknown category' }), {
      error: MESSAGES.validation.minInterests,
    })
    .min(MIN_INTERESTS, MESSAGES.validation.minInterests)
    .max(CATEGORY_IDS.length)
    .refine((list) => new Set(list).size === list.length, 'Categories must not repeat'),
});

export const timezoneBody = z.object({ timezone: timezoneSchema });

export const meResponse = withAccessToken(z.object({ user: publicUserSchema }));

/** Every profile change answers with the updated reader, in login's shape. */
export const profileUserResponse = withAccessToken(
  z.object({ message: z.string(), user: publicUserSchema }),
);

export const timezoneResponse = withAccessToken(
  z.object({ message: z.string().optional(), user: publicUserSchema }),
);

/** Step 1 of a verified e-mail change: a code went to `pendingEmail`; nothing changed yet. */
export const changeEmailPendingResponse = withAccessToken(
  z.object({
    message: z.string(),
    hash: z.string(),
    expiresIn: z.number(),
    pendingEmail: z.string(),
    user: publicUserSchema,
  }),
);

export const changeEmailResponse = z.union([changeEmailPendingResponse, profileUserResponse]);

export const uploadPictureResponse = withAccessToken(
  z.object({ message: z.string(), url: z.string(), user: publicUserSchema }),
);

export const deleteAccountResponse = messageResponse;
