import { MESSAGES } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import type { ReaderActionsService } from '../reader-actions/index.js';
import { clearRecommendations } from '../feed/index.js';
import { usersRepository, type NewUserRow, type UserRow } from '../users/index.js';
import { AVATAR_CONTENT_TYPE, toAvatar } from './pictures/avatar-image.js';
import { localAvatarExists } from './pictures/local-avatars.js';
import type { MediaStorage } from './pictures/media-storage.types.js';
import { parsePictureUrl } from './pictures/picture-url.js';
import { profileRepository as profiles } from './profile.repository.js';

type EditableFields = Pick<NewUserRow, 'name' | 'theme' | 'themeChosen' | 'interests' | 'timezone'>;

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService(
  {
    db,
    clock,
    config,
    logger,
    changes,
  }: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'changes'>,
  storage: MediaStorage,
  readerActions: ReaderActionsService,
) {
  const { changingFeed } = changes;
  /** The account may have been deleted since the token was checked: then the caller is signed out. */
  const accountGone = () => ApiError.unauthorized(MESSAGES.auth.invalidToken);

  async function update(user: UserRow, values: Partial<EditableFields>): Promise<UserRow> {
    const updated = await usersRepository.update(db, user.id, values, clock.now());
    if (!updated) throw accountGone();
    return updated;
  }

  /** Deletes a picture nobody shows any more; a failure only leaves a stray file behind. */
  async function discardPicture(url: string | null, keep: string | null): Promise<void> {
    if (!url || url === keep || (await profiles.isProfileUrlInUse(db, url))) return;
    try {
      await storage.remove(url);
    } catch (err) {
      logger.warn({ err, url }, 'could not delete a replaced profile picture');
    }
  }

  async function replacePicture(user: UserRow, url: string | null): Promise<UserRow> {
    const replaced = await profiles.replaceProfileUrl(db, user.id, url, clock.now());
    if (!replaced) throw accountGone();
    await discardPicture(replaced.previousUrl, url);
    return replaced.user;
  }

  /**
   * New interests make the old feed wrong: it is emptied in the same transaction (the spec's
   * reset), and the next `get` builds one for the new interests. Read articles stay excluded
   * through the reader's views. A reset (`forgetLearning`, "Reset interests") also clears what
   * the feed learned and the steering, as its dialog says (RESET_INTERESTS_DIALOG).
   */
  const replaceInterests = (user: UserRow, interests: string[], { forgetLearning = false } = {}) =>
    changingFeed(user.id, () =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const updated = await usersRepository.update(tx, user.id, { interests }, now);
        if (!updated) throw accountGone();
        await clearRecommendations(tx, user.id, forgetLearning ? { forgetLearningAt: now } : {});
        return updated;
      }),
    );

  return {
    editName: (user: UserRow, name: string) => update(user, { name }),
    setTheme: (user: UserRow, theme: UserRow['theme']) =>
      update(user, { theme, themeChosen: true }),
    setInterests: (user: UserRow, interests: string[]) => replaceInterests(user, interests),
    resetInterests: (user: UserRow) => replaceInterests(user, [], { forgetLearning: true }),

    async setTimezone(user: UserRow, timezone: string): Promise<UserRow> {
      if (!(await usersRepository.isTimezoneKnown(db, timezone))) {
        throw ApiError.badRequest(MESSAGES.validation.invalidTimezone);
      }
      return update(user, { timezone });
    },

    /** Points the profile at an existing picture; the default avatar means "no picture". */
    async choosePicture(user: UserRow, profileUrl: string): Promise<UserRow> {
      const choice = parsePictureUrl(profileUrl, config);
      if (
        !choice ||
        (choice.kind === 'local' && !(await localAvatarExists(config.dataDir, choice.url)))
      ) {
        throw ApiError.badRequest(MESSAGES.profile.invalidPictureUrl);
      }
      return replacePicture(user, choice.kind === 'default' ? null : choice.url);
    },

    async uploadPicture(user: UserRow, upload: Buffer): Promise<{ url: string; user: UserRow }> {
      const avatar = await toAvatar(upload);
      let url: string;
      try {
        url = await storage.save(avatar, AVATAR_CONTENT_TYPE);
      } catch (err) {
        logger.error({ err }, 'could not store a profile picture');
        throw ApiError.unavailable(MESSAGES.errors.unavailable);
      }
      try {
        return { url, user: await replacePicture(user, url) };
      } catch (err) {
        await discardPicture(url, null);
        throw err;
      }
    },

    async deleteAccount(user: UserRow): Promise<void> {
      if (!(await changingFeed(user.id, () => profiles.deleteAccount(db, user))))
        throw accountGone();
      await discardPicture(user.profileUrl, null);
    },

    streak: (user: UserRow) => readerActions.streak(user),
  };
}
