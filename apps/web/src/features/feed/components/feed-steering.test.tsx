import type { FeedProfile } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as toastModule from '@/lib/toast';
import { FeedSteering } from './feed-steering';

const profile: FeedProfile = {
  subjects: [
    {
      key: '@mars rover|ice|water',
      label: 'Mars Rover · ice · water',
      terms: ['Mars Rover', 'ice', 'water'],
      weight: 0.75,
      source: 'From 2 articles you liked',
      sources: [
        { article_id: 'a1', title: 'Rover finds water ice', action: 'liked' },
        { article_id: 'a2', title: 'Ice on Mars, again', action: 'liked' },
      ],
      steering: 'none',
    },
  ],
  categories: [
    {
      category: 'science',
      label: 'Science',
      weight: 1,
      declared: true,
      positives: 2,
      dislikes: 0,
      source: 'Your interests · liked 2 times',
      steering: 'none',
    },
  ],
};

const article = (id: string, title: string) => ({
  _id: id,
  title,
  creator: null,
  description: '',
  pubDate: '2022-09-01T00:00:00.000Z',
  image_url: null,
  link: `https://example.com/${id}`,
  source_name: 'Example',
  source_url: null,
  source_icon: null,
  keywords: [],
  categories: ['science'],
  likes: 0,
});

type Handler = (body: unknown) => { status: number; body: unknown };
let routes: Record<string, Handler>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  routes = { '/api/recommendations/profile': () => ({ status: 200, body: profile }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ path, body });
      const answer = routes[path]?.(body) ?? { status: 500, body: { message: 'boom' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <FeedSteering />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return qc;
}

describe('FeedSteering', () => {
  it('shows subjects and categories with weight and source; stages a change and previews it', async () => {
    routes['/api/recommendations/preview'] = () => ({
      status: 200,
      body: {
        recommendations: [
          {
            article_id: article('b1', 'Comet seen'),
            score: 1,
            reasons: ['Because you like Science'],
          },
        ],
      },
    });
    setup();
    const subject = await screen.findByText('Mars Rover · ice · water', { selector: 'p' });
    const row = subject.closest('li')!;
    expect(within(row).getByText('From 2 articles you liked')).toBeInTheDocument();
    expect(within(row).getByText('Weight 75%')).toBeInTheDocument();
    expect(within(row).getByRole('meter')).toHaveAttribute('aria-valuenow', '75');

    const off = within(row).getByRole('button', { name: 'Off Mars Rover · ice · water' });
    expect(off).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(off);
    expect(off).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 change not applied yet.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    expect(await screen.findByText('1. Comet seen')).toBeInTheDocument();
    expect(screen.getByText('Because you like Science')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/recommendations/preview')!.body).toEqual({
      changes: [{ kind: 'subject', key: '@mars rover|ice|water', state: 'off' }],
    });
    // Nothing was written.
    expect(calls.some((c) => c.path === '/api/recommendations/steer')).toBe(false);

    // Pressing it again takes the change back.
    await userEvent.click(off);
    expect(off).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('1. Comet seen')).not.toBeInTheDocument();
  });

  it('applies with an undo toast; a failed write goes back to the state before', async () => {
    const success = vi.spyOn(toastModule.toast, 'success');
    const error = vi.spyOn(toastModule.toast, 'error');
    routes['/api/recommendations/steer'] = () => ({
      status: 500,
      body: { message: 'Could not change your feed. Please try again.' },
    });
    setup();
    const up = await screen.findByRole('button', { name: 'Up Science' });
    await userEvent.click(up);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Could not change your feed. Please try again.'),
    );
    // Still staged, so the reader can try again; the saved state is unchanged.
    expect(up).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 change not applied yet.')).toBeInTheDocument();

    routes['/api/recommendations/steer'] = () => ({
      status: 200,
      body: {
        message: 'Your feed is updated',
        applied: [{ kind: 'category', key: 'science', state: 'up' }],
        undo: [{ kind: 'category', key: 'science', state: 'none' }],
        subjects: profile.subjects,
        categories: [{ ...profile.categories[0]!, steering: 'up' }],
      },
    });
    routes['/api/recommendations/refresh'] = () => ({
      status: 200,
      body: { message: 'Recommendations refreshed!', recommendations: [], interestCount: 3 },
    });
    routes['/api/recommendations/profile'] = () => ({
      status: 200,
      body: { ...profile, categories: [{ ...profile.categories[0]!, steering: 'up' }] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(success).toHaveBeenCalled());
    expect(screen.getByText(/Turn a subject or category up, down or off/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Up Science' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.map((c) => c.path)).toContain('/api/recommendations/refresh');
  });
});
