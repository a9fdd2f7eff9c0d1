import { type CategoryId, DEFAULT_AVATAR_PATH, isCategoryId, type PublicUser } from '@lede/shared';
import type { UserRow } from './users.repository.js';

/** The only way a user leaves the API: never the password hash, tokens or codes. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    profile_url: user.profileUrl ?? DEFAULT_AVATAR_PATH,
    theme: user.theme,
    theme_chosen: user.themeChosen,
    interests: user.interests.filter((i): i is CategoryId => isCategoryId(i)),
    timezone: user.timezone,
    createdAt: user.createdAt.toISOString(),
  };
}
