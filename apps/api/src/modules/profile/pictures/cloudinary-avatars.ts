import { v2 as cloudinary } from 'cloudinary';
import type { MediaStorage } from './media-storage.types.js';

export const CLOUDINARY_FOLDER = 'profile_pictures';
const DELIVERY_HOST = 'res.cloudinary.com';

export interface CloudinaryAccount {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}

/** `cloudinary://<api_key>:<api_secret>@<cloud_name>`, as Cloudinary's console shows it. */
export function parseCloudinaryUrl(cloudinaryUrl: string): CloudinaryAccount {
  const url = new URL(cloudinaryUrl);
  return {
    cloudName: url.hostname,
    apiKey: decodeURIComponent(url.username),
    apiSecret: decodeURIComponent(url.password),
  };
}

/** An https image delivery URL of this cloud (https://res.cloudinary.com/<cloud>/image/...). */
export function isCloudinaryImageUrl(url: URL, cloudName: string): boolean {
  return (
    url.protocol === 'https:' &&
    url.hostname === DELIVERY_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.startsWith(`/${cloudName}/image/`)
  );
}

/** The public id of a picture in our folder, e.g. `profile_pictures/abc` for `.../upload/v12/profile_pictures/abc.webp`. */
function avatarPublicId(rawUrl: string, cloudName: string): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  if (!isCloudinaryImageUrl(url, cloudName)) return undefined;
  const prefix = `/${cloudName}/image/upload/`;
  if (!url.pathname.startsWith(prefix)) return undefined;
  const match = /^(?:v\d+\/)?(profile_pictures\/[A-Za-z0-9_-]+)\.[A-Za-z0-9]+$/.exec(
    url.pathname.slice(prefix.length),
  );
  return match?.[1];
}

export function cloudinaryAvatarStorage(account: CloudinaryAccount): MediaStorage {
  // One cloud per process: the SDK keeps its credentials globally.
  cloudinary.config({
    cloud_name: account.cloudName,
    api_key: account.apiKey,
    api_secret: account.apiSecret,
    secure: true,
  });
  return {
    save: (image) =>
      new Promise<string>((resolve, reject) => {
        cloudinary.uploader
          .upload_stream({ folder: CLOUDINARY_FOLDER, resource_type: 'image' }, (error, result) => {
            if (error || !result?.secure_url)
              reject(new Error(error?.message ?? 'Cloudinary returned no secure_url'));
            else resolve(result.secure_url);
          })
          .end(image);
      }),
    async remove(url) {
      const publicId = avatarPublicId(url, account.cloudName);
      if (publicId)
        await cloudinary.uploader.destroy(publicId, { resource_type: 'image', invalidate: true });
    },
  };
}
