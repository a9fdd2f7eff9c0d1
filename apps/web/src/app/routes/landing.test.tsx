import { CATEGORIES, type PublicArticle, type PublicUser } from '@lede/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { startSession } from '@/lib/storage';
import { QueryProvider } from '../query-provider';
import { LandingPage } from './landing';

const reader: PublicUser = {
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profile_url: '/media/default-avatar.svg',
  theme: 'light',
  theme_chosen: false,
  interests: [],
  timezone: 'UTC',
  createdAt: '2024-01-01T00:00:00.000Z',
};

const story = (i: number): PublicArticle => ({
  _id: `story-${i}`,
  title: `Top story ${i}`,
  creator: ['Jane Doe'],
  description: 'What happened.',
  pubDate: '2025-05-01T10:00:00.000Z',
  image_url: '',
  link: 'https://example.com',
  source_name: 'Example News',
  source_url: null,
  source_icon: null,
  keywords: ['world'],
  categories: ['world'],
  likes: 0,
  story: { _id: 'story-lone', size: 1, source_count: 1 },
});

let fetchMock: ReturnType<typeof vi.fn>;
let answer: { status: number; body: unknown };
beforeEach(() => {
  answer = { status: 200, body: { articles: [1, 2, 3, 4, 5, 6].map(story), nextCursor: 'next' } };
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => queryClient.clear());

function renderLanding() {
  return render(
    <QueryProvider>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('the landing page', () => {
  it('shows the top stories below the hero, each a link to its article', async () => {
    renderLanding();
    // The hero needs no data: it is there before the stories are.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Discover News That Matters—To You' }),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Top stories' });
    expect(within(section).getByRole('status', { name: 'Loading top stories' })).toBeVisible();

    const stories = await within(section).findAllByRole('link', { name: /^Top story/ });
    expect(stories.map((a) => a.getAttribute('href'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `/article/story-${i}`),
    );
    expect(within(section).getAllByText('World News')).toHaveLength(6);
    expect(within(section).getByRole('link', { name: 'See all trending' })).toHaveAttribute(
      'href',
      '/explore',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/articles/getlatesttrendingarticles?limit=6');
  });

  it('says so when the stories cannot be loaded, and keeps the rest of the page', async () => {
    answer = { status: 404, body: {} };
    renderLanding();
    expect(await screen.findByRole('alert')).toHaveTextContent('Trending articles fetch failed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get Started/ })).toBeInTheDocument();
  });

  it('opens Explore on a topic from its pill, named by its label', async () => {
    renderLanding();
    const topics = screen.getByRole('region', { name: '15 topics to follow' });
    const pills = within(topics).getAllByRole('link');
    expect(pills.map((a) => a.textContent)).toEqual(CATEGORIES.map((c) => c.label));
    expect(within(topics).getByRole('link', { name: 'World News' })).toHaveAttribute(
      'href',
      '/explore?category=world',
    );
    expect(within(topics).getByRole('link', { name: 'Food & Dining' })).toHaveAttribute(
      'href',
      '/explore?category=food',
    );
    await screen.findAllByRole('link', { name: /^Top story/ });
  });

  it('invites a visitor to sign up', async () => {
    renderLanding();
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /Explore First/ })).toHaveAttribute('href', '/explore');
    expect(screen.queryByRole('link', { name: /Go to your feed/ })).toBeNull();
    await screen.findAllByRole('link', { name: /^Top story/ });
  });

  it('offers a signed-in reader their feed instead of a signup', async () => {
    startSession({ ...reader, interests: ['science', 'world', 'travel'] }, 'token');
    renderLanding();
    expect(screen.getByRole('link', { name: /Go to your feed/ })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: /Explore First/ })).toHaveAttribute('href', '/explore');
    expect(screen.queryByRole('link', { name: /Get Started/ })).toBeNull();
    expect(screen.queryByText(/Join to get personalized news/)).toBeNull();
    await screen.findAllByRole('link', { name: /^Top story/ });
  });

  it('offers a reader who skipped the interests the news and a way to choose topics', async () => {
    startSession(reader, 'token');
    renderLanding();
    // Skip for Now goes to /: the reader stays here, with the top stories.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Discover News That Matters—To You' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Choose topics/ })).toHaveAttribute(
      'href',
      '/preferences',
    );
    expect(screen.queryByRole('link', { name: /Go to your feed/ })).toBeNull();
    await screen.findAllByRole('link', { name: /^Top story/ });
  });
});
