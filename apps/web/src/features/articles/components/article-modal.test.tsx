import type { PublicArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ArticleActionsProvider } from '@/test/article-actions';
import { ArticleModal } from './article-modal';

const moon: PublicArticle = {
  _id: 'a1',
  title: 'Moon landing',
  creator: ['Neil'],
  description: 'One small step',
  pubDate: '2022-09-01T00:00:00.000Z',
  image_url: '/media/default-article.svg',
  link: 'https://example.com/a1',
  source_name: 'Example',
  source_url: null,
  source_icon: null,
  keywords: ['science'],
  categories: ['science'],
  likes: 5,
  story: { _id: 'story-lone', size: 1, source_count: 1 },
};

describe('ArticleModal and the toasts', () => {
  it('starts below the toasts (72 px down, one toast high) at every width', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ArticleActionsProvider>
            <ArticleModal
              articles={[moon]}
              index={0}
              onIndexChange={() => undefined}
              onClose={() => undefined}
              onCloseFocus={() => undefined}
            />
          </ArticleActionsProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Moon landing' });
    // 9rem: on a phone the sheet's top is 0, from sm it is 5vh, and the margin makes up the rest.
    expect(dialog).toHaveClass('mt-36', 'sm:mt-[max(0px,9rem_-_5vh)]');
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Like' }));
  });
});
