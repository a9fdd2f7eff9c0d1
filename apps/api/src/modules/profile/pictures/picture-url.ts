import type { Config } from '../../../config.js';
import { DEFAULT_AVATAR_PATH } from '@lede/shared';
import { isCloudinaryImageUrl, parseCloudinaryUrl } from './cloudinary-avatars.js';
import { localAvatarFileName } from './local-avatars.js';

/**
 * What a requested profile_url turns into: the default avatar (no picture), one of ours, or the
 * image host's. `url` is the form to store; for our own avatars it is the relative path.
 */
export type PictureChoice =
  { kind: 'default' } | { kind: 'local'; url: string } | { kind: 'cloudinary'; url: string };

/**
 * Accepts only pictures we can vouch for: https images on the configured Cloudinary cloud,
 * avatars this app stores (relative or absolute on APP_ORIGIN) and the default avatar.
 */
export function parsePictureUrl(
  input: string,
  config: Pick<Config, 'appOrigin' | 'cloudinaryUrl'>,
): PictureChoice | undefined {
  const appOrigin = new URL(config.appOrigin).origin;
  let url: URL;
  try {
    // Only a leading slash makes a path relative; '//host/...' resolves to another origin: refused below.
    url = input.startsWith('/') ? new URL(input, appOrigin) : new URL(input);
  } catch {
    return undefined;
  }

  if (url.origin === appOrigin && url.search === '' && url.hash === '') {
    if (url.pathname === DEFAULT_AVATAR_PATH) return { kind: 'default' };
    if (localAvatarFileName(url.pathname)) return { kind: 'local', url: url.pathname };
    return undefined;
  }
  if (
    config.cloudinaryUrl &&
    isCloudinaryImageUrl(url, parseCloudinaryUrl(config.cloudinaryUrl).cloudName)
  ) {
    return { kind: 'cloudinary', url: url.href };
  }
  return undefined;
}
