import type { PublicArticle } from '@lede/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArticleList } from './article-list';
import { listCommand } from '@/lib/use-list-shortcuts';
import { RoutesWithArticleDialog } from '@/lib/article-route';
import { ArticleActionsProvider } from '@/test/article-actions';

function key(init: KeyboardEventInit, target?: EventTarget) {
  const e = new KeyboardEvent('keydown', { bubbles: true, ...init });
  if (target) Object.defineProperty(e, 'target', { value: target });
  return e;
}

describe('list shortcut handler', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps j, k, o and ? and nothing else', () => {
    document.body.innerHTML = '<button>x</button>';
    const button = document.querySelector('button')!;
    expect(listCommand(key({ key: 'j' }, button))).toBe('next');
    expect(listCommand(key({ key: 'k' }, button))).toBe('previous');
    expect(listCommand(key({ key: 'o' }, button))).toBe('open');
    expect(listCommand(key({ key: '?' }, button))).toBe('help');
    expect(listCommand(key({ key: 'x' }, button))).toBeNull();
    expect(listCommand(key({ key: 'j', ctrlKey: true }, button))).toBeNull();
    expect(listCommand(key({ key: 'j', metaKey: true }, button))).toBeNull();
  });

  it('never fires while typing in a field', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><select id="s"></select><div id="c" contenteditable="true"></div>';
    for (const id of ['i', 't', 's', 'c']) {
      expect(listCommand(key({ key: 'j' }, document.getElementById(id)!))).toBeNull();
      expect(listCommand(key({ key: '?' }, document.getElementById(id)!))).toBeNull();
    }
  });

  it('stays quiet while a dialog holds the keyboard', () => {
    document.body.innerHTML = '<div role="dialog"><button>x</button></div>';
    expect(listCommand(key({ key: 'j' }, document.querySelector('button')!))).toBeNull();
  });
});

const article = (i: number): PublicArticle => ({
  _id: `a${i}`,
  title: `Story ${i}`,
  creator: [],
  description: '',
  pubDate: '2022-09-01T00:00:00.000Z',
  image_url: '/x.svg',
  link: 'https://example.com',
  source_name: 'Example',
  source_url: null,
  source_icon: null,
  keywords: [],
  categories: [],
  likes: 0,
  story: { _id: 'story-lone', size: 1, source_count: 1 },
});

describe('keyboard reading on a list', () => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView ??= () => undefined;

  it('j / k move between cards, o opens the focused one, ? lists the shortcuts; typing does not', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <input aria-label="Search" />
          <RoutesWithArticleDialog
            routes={[
              {
                path: '*',
                element: (
                  <ArticleActionsProvider>
                    <ArticleList
                      label="Stories"
                      articles={[article(1), article(2), article(3)]}
                      loading={false}
                      skeletons={0}
                      empty={null}
                    />
                  </ArticleActionsProvider>
                ),
              },
            ]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const title = (i: number) => screen.getByRole('button', { name: `Story ${i}` });
    await user.keyboard('j');
    expect(title(1)).toHaveFocus();
    await user.keyboard('jj');
    expect(title(3)).toHaveFocus();
    await user.keyboard('j');
    expect(title(3)).toHaveFocus();
    await user.keyboard('k');
    expect(title(2)).toHaveFocus();

    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('jo?');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('jo?');
    expect(screen.queryByRole('dialog')).toBeNull();

    title(2).focus();
    await user.keyboard('o');
    expect(await screen.findByRole('dialog', { name: 'Story 2' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Next article in the list');
    expect(help).toHaveTextContent('Like (open article)');
  });
});
