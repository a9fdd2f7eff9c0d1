import type { PublicArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoutesWithArticleDialog } from '@/lib/article-route';
import { toast } from '@/lib/toast';
import { ArticleList } from './article-list';
import { ArticleActionsProvider } from '@/test/article-actions';

function article(id: string, title: string): PublicArticle {
  return {
    _id: id,
    title,
    creator: ['Reporter'],
    description: `About ${title}`,
    pubDate: '2022-09-01T00:00:00.000Z',
    image_url: '/media/default-article.svg',
    link: `https://example.com/${id}`,
    source_name: 'Example',
    source_url: null,
    source_icon: null,
    keywords: [],
    categories: ['science'],
    likes: 0,
    story: { _id: 'story-lone', size: 1, source_count: 1 },
  };
}

const moon = article('a1', 'Moon landing');
const mars = article('a2', 'Mars rover');
const comet = article('a3', 'Comet passes');
const storm = article('a4', 'Solar storm');

function setup(initial: PublicArticle[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (articles: PublicArticle[]): ReactNode => (
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        {/* The article opens as the route /article/:id over the list, as in the app. */}
        <RoutesWithArticleDialog
          routes={[
            {
              path: '*',
              element: (
                <ArticleActionsProvider>
                  <ArticleList
                    articles={articles}
                    loading={false}
                    skeletons={2}
                    empty={<p>Nothing here</p>}
                    label="Articles"
                  />
                </ArticleActionsProvider>
              ),
            },
          ]}
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(wrap(initial));
  return { rerender: (articles: PublicArticle[]) => view.rerender(wrap(articles)) };
}

/** How long the lazily loaded modal may take to appear the first time. */
const MODAL_LOAD_MS = 10_000;

afterEach(() => toast.reset());

describe('ArticleList', () => {
  it("paints what a screen shows at once: a phone's two cards, two rows of a wider grid", async () => {
    const ten = Array.from({ length: 10 }, (_, i) => article(`b${i}`, `Story b${i}`));
    setup(ten);
    // In the first commit, with no wait: the rest follow, a slice per task.
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Story b9' })).toBeInTheDocument();
    cleanup();

    // Two columns from 640 px, three from 1024, four from 1280.
    for (const [width, cards] of [
      [640, 4],
      [1024, 6],
      [1280, 8],
    ]) {
      const wide = vi.spyOn(window, 'matchMedia').mockImplementation(
        (query) =>
          ({
            matches: Number(query.match(/min-width: (\d+)px/)?.[1] ?? Infinity) <= width!,
            media: query,
          }) as MediaQueryList,
      );
      setup(ten);
      expect(screen.getAllByRole('article'), `${width} px`).toHaveLength(cards!);
      wide.mockRestore();
      cleanup();
    }
  });

  it('keeps the open article when the list changes around it (refresh, removal before it)', async () => {
    const { rerender } = setup([moon, mars, comet]);
    // On a narrow screen the third card comes with the second slice, just after the first paint.
    await userEvent.click(await screen.findByRole('button', { name: 'Comet passes' }));
    // The modal's code loads on first use (a cold import: slow on a busy machine).
    expect(
      await screen.findByRole('dialog', { name: 'Comet passes' }, { timeout: MODAL_LOAD_MS }),
    ).toBeInTheDocument();

    // A new first item arrives and one before the open article leaves: still the same article.
    rerender([storm, comet]);
    expect(screen.getByRole('dialog', { name: 'Comet passes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Solar storm' })).toBeInTheDocument();
  });

  it('closes the modal when its article leaves the list, even with others after it', async () => {
    const { rerender } = setup([moon, mars, comet]);
    await userEvent.click(screen.getByRole('button', { name: 'Mars rover' }));
    expect(
      await screen.findByRole('dialog', { name: 'Mars rover' }, { timeout: MODAL_LOAD_MS }),
    ).toBeInTheDocument();

    rerender([moon, comet]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It does not come back when the list changes again.
    rerender([moon, comet, storm]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens an article as its own address: Previous/Next replace it, Back closes the dialog', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen: string[] = [];
    let navigate: ReturnType<typeof useNavigate> | undefined;
    function Probe() {
      const location = useLocation();
      navigate = useNavigate();
      seen.push(location.pathname);
      return <p data-testid="address">{location.pathname}</p>;
    }
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/explore']}>
          <Probe />
          <RoutesWithArticleDialog
            routes={[
              {
                path: '*',
                element: (
                  <ArticleActionsProvider>
                    <ArticleList
                      articles={[moon, mars, comet]}
                      loading={false}
                      skeletons={2}
                      empty={null}
                      label="Articles"
                    />
                  </ArticleActionsProvider>
                ),
              },
            ]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Moon landing' }));
    expect(
      await screen.findByRole('dialog', { name: 'Moon landing' }, { timeout: MODAL_LOAD_MS }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/article/a1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Mars rover' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/article/a2');
    // Back goes to the list, not to the previous article: Next replaced the entry.
    act(() => void navigate!(-1));
    expect(screen.getByTestId('address')).toHaveTextContent('/explore');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Moon landing' })).toBeInTheDocument();
  });

  it('says what a key did inside the modal, where the toaster is hidden from screen readers', async () => {
    setup([moon, mars]);
    await userEvent.click(screen.getByRole('button', { name: 'Mars rover' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Mars rover' },
      { timeout: MODAL_LOAD_MS },
    );
    await userEvent.keyboard('3');
    // A visitor is invited to sign in (a toast with a link, announced by its text).
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Log in to save articles.');
  });
});
