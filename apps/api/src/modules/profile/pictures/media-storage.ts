import type { Config } from '../../../config.js';
import { cloudinaryAvatarStorage, parseCloudinaryUrl } from './cloudinary-avatars.js';
import { localAvatarStorage } from './local-avatars.js';
import type { MediaStorage } from './media-storage.types.js';

/** Cloudinary when CLOUDINARY_URL is set, otherwise the app's own disk. */
export function createMediaStorage(
  config: Pick<Config, 'dataDir' | 'cloudinaryUrl'>,
): MediaStorage {
  const local = localAvatarStorage(config.dataDir);
  if (!config.cloudinaryUrl) return local;
  const cloud = cloudinaryAvatarStorage(parseCloudinaryUrl(config.cloudinaryUrl));
  return {
    save: (image, contentType) => cloud.save(image, contentType),
    // Pictures stored locally before Cloudinary was configured are still cleaned up.
    remove: async (url) => {
      await Promise.all([cloud.remove(url), local.remove(url)]);
    },
  };
}
