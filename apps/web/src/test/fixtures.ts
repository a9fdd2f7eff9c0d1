import type { PublicArticle, PublicUser } from '@lede/shared';

/** A signed-in reader as the API answers it. */
export const testReader: PublicUser = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: ['science', 'world', 'travel'],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** An article as the API answers it, alone in its story. */
export const testArticle = (id: string, title: string): PublicArticle => ({
  _id: id,
  title,
  creator: ['Jane Doe'],
  description: 'What happened.',
  pubDate: '2025-05-01T10:00:00.000Z',
  image_url: '',
  link: `https://example.com/${id}`,
  source_name: 'Example News',
  source_url: null,
  source_icon: null,
  keywords: ['science'],
  categories: ['science'],
  likes: 0,
  story: { _id: `story-${id}`, size: 1, source_count: 1 },
});
