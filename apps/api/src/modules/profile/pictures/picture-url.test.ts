import { describe, expect, it } from 'vitest';
import { parsePictureUrl } from './picture-url.js';

const config = {
  appOrigin: 'https://lede.example',
  cloudinaryUrl: 'cloudinary://key:secret@democloud',
};
const withoutCloudinary = { appOrigin: 'https://lede.example' };

describe('parsePictureUrl', () => {
  it.each([
    [
      'https://res.cloudinary.com/democloud/image/upload/v1712/profile_pictures/abc.webp',
      {
        kind: 'cloudinary',
        url: 'https://res.cloudinary.com/democloud/image/upload/v1712/profile_pictures/abc.webp',
      },
    ],
    [
      '/media/avatars/0b6e7a3c-1f9d-4b1e-9c55-2f7d7f0a9a11.webp',
      { kind: 'local', url: '/media/avatars/0b6e7a3c-1f9d-4b1e-9c55-2f7d7f0a9a11.webp' },
    ],
    [
      'https://lede.example/media/avatars/a1.webp',
      { kind: 'local', url: '/media/avatars/a1.webp' },
    ],
    ['/media/default-avatar.svg', { kind: 'default' }],
    ['https://lede.example/media/default-avatar.svg', { kind: 'default' }],
  ])('accepts %s', (input, expected) => {
    expect(parsePictureUrl(input, config)).toEqual(expected);
  });

  it.each([
    [
      'plain http on the image host',
      'http://res.cloudinary.com/democloud/image/upload/v1/profile_pictures/a.webp',
    ],
    [
      'another cloud',
      'https://res.cloudinary.com/othercloud/image/upload/v1/profile_pictures/a.webp',
    ],
    [
      'a cloud whose name only starts like ours',
      'https://res.cloudinary.com/democloudx/image/upload/a.webp',
    ],
    ['a look-alike host', 'https://res.cloudinary.com.evil.example/democloud/image/upload/a.webp'],
    ['credentials in the URL', 'https://user:pw@res.cloudinary.com/democloud/image/upload/a.webp'],
    [
      'a non-image resource of our cloud',
      'https://res.cloudinary.com/democloud/raw/upload/page.html',
    ],
    ['another host', 'https://evil.example/avatar.png'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a relative path outside /media/avatars', '/api/profile/deleteaccount'],
    ['another file of the app', '/media/default-article.svg'],
    ['a path climbing out of /media/avatars', '/media/avatars/../../etc/passwd'],
    ['an encoded climb', '/media/avatars/%2e%2e/secret.webp'],
    ['a nested path', '/media/avatars/sub/a.webp'],
    ['a non-webp avatar', '/media/avatars/a.png'],
    ['a protocol-relative URL', '//evil.example/media/avatars/a.webp'],
    ['a backslash trick', '/\\evil.example/media/avatars/a.webp'],
    ['our path on another origin', 'https://evil.example/media/avatars/a.webp'],
    ['our path over http when the app is https', 'http://lede.example/media/avatars/a.webp'],
    ['a query string', '/media/avatars/a.webp?v=1'],
    ['a path without a leading slash', 'media/avatars/a.webp'],
    ['not a URL', 'avatar'],
  ])('refuses %s', (_case, input) => {
    expect(parsePictureUrl(input, config)).toBeUndefined();
  });

  it('accepts no Cloudinary URL when no Cloudinary account is configured', () => {
    expect(
      parsePictureUrl(
        'https://res.cloudinary.com/democloud/image/upload/v1/profile_pictures/a.webp',
        withoutCloudinary,
      ),
    ).toBeUndefined();
    expect(parsePictureUrl('/media/avatars/a.webp', withoutCloudinary)).toEqual({
      kind: 'local',
      url: '/media/avatars/a.webp',
    });
  });
});
