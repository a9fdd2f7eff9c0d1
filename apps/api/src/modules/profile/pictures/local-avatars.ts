import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './media-storage.types.js';

/** Where the app serves the avatars it stores itself. */
export const AVATARS_URL_PATH = '/media/avatars';
const AVATAR_FILE_NAME = /^[A-Za-z0-9_-]{1,100}\.webp$/;

export const avatarsDirectory = (dataDir: string) => path.join(dataDir, 'media', 'avatars');

/** The file behind a local avatar URL path such as `/media/avatars/x.webp`; undefined for anything else. */
export function localAvatarFileName(urlPath: string): string | undefined {
  const prefix = `${AVATARS_URL_PATH}/`;
  if (!urlPath.startsWith(prefix)) return undefined;
  const name = urlPath.slice(prefix.length);
  return AVATAR_FILE_NAME.test(name) ? name : undefined;
}

export async function localAvatarExists(dataDir: string, urlPath: string): Promise<boolean> {
  const name = localAvatarFileName(urlPath);
  if (!name) return false;
  try {
    return (await fs.stat(path.join(avatarsDirectory(dataDir), name))).isFile();
  } catch {
    return false;
  }
}

/** Avatars kept under `DATA_DIR/media/avatars`, returned as relative URLs like the default avatar. */
export function localAvatarStorage(dataDir: string): MediaStorage {
  const directory = avatarsDirectory(dataDir);
  return {
    async save(image, contentType) {
      if (contentType !== 'image/webp')
        throw new Error(`Local avatars are webp, not ${contentType}`);
      await fs.mkdir(directory, { recursive: true });
      const name = `${crypto.randomUUID()}.webp`;
      await fs.writeFile(path.join(directory, name), image, { flag: 'wx' });
      return `${AVATARS_URL_PATH}/${name}`;
    },
    async remove(url) {
      const name = localAvatarFileName(url);
      if (name) await fs.rm(path.join(directory, name), { force: true });
    },
  };
}
