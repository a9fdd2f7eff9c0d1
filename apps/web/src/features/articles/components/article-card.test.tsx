import type { PublicArticle } from '@lede/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ArticleCard } from './article-card';
import { categoryOf } from '../article-facts';
import { pictureOf } from '../article-picture';
import { sourceInitials } from '@/components/source-initials';
import { CategoryKicker } from './article-meta';

const base: PublicArticle = {
  _id: 'a1',
  title: 'Rover finds water ice',
  creator: ['Ada Reporter'],
  description: 'Under the crater rim.',
  pubDate: '2022-09-01T00:00:00.000Z',
  image_url: '/media/default-article.svg',
  link: 'https://example.com/a1',
  source_name: 'HuffPost',
  source_url: null,
  source_icon: null,
  keywords: [],
  categories: ['unknown', 'science', 'world'],
  likes: 0,
  story: { _id: 'story-lone', size: 1, source_count: 1 },
};

function card(article: PublicArticle) {
  render(<ArticleCard article={article} onOpen={() => undefined} />);
  return screen.getByRole('article');
}

describe('ArticleCard', () => {
  it('without a picture: text-first, no image, the source mark and the first known category', () => {
    const el = card(base);
    expect(el.querySelector('img')).toBeNull();
    expect(el).toHaveAttribute('data-category', 'science');
    expect(within(el).getByTestId('source-mark')).toHaveTextContent('HP');
    expect(within(el).getByText('science')).toBeInTheDocument();
    expect(within(el).getByText('By Ada Reporter')).toBeInTheDocument();
  });

  it('with a picture: the picture in a reserved box; text-first once it fails to load', () => {
    const el = card({ ...base, image_url: 'https://img.example.com/ice.jpg' });
    const img = el.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://img.example.com/ice.jpg');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    fireEvent.error(img);
    expect(el.querySelector('img')).toBeNull();
    expect(within(el).getByTestId('source-mark')).toBeInTheDocument();
  });

  it('a source icon replaces the initials until it fails', () => {
    const el = card({ ...base, source_icon: 'https://img.example.com/icon.png' });
    const icon = el.querySelector('img')!;
    expect(icon).toHaveAttribute('src', 'https://img.example.com/icon.png');
    fireEvent.error(icon);
    expect(within(el).getByTestId('source-mark')).toHaveTextContent('HP');
  });
});

describe('ArticleCard and its story', () => {
  function storyCard(story: PublicArticle['story'], onOpen = () => undefined) {
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<ArticleCard article={{ ...base, story }} onOpen={onOpen} />} />
          <Route path="/story/:id" element={<p>The story page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    return screen.queryByRole('article');
  }

  it('says how many sources tell the story, as a link to it that names the card report', () => {
    const el = storyCard({ _id: 'st-1', size: 5, source_count: 3 })!;
    const link = within(el).getByRole('link', { name: 'Full coverage: 3 sources' });
    expect(link).toHaveTextContent('3 sources');
    // The story page marks the report the card showed (it may not be the one titling it).
    expect(link).toHaveAttribute('href', `/story/st-1?report=${base._id}`);
  });

  it('says how many articles when one source wrote them all', () => {
    const el = storyCard({ _id: 'st-2', size: 2, source_count: 1 })!;
    const link = within(el).getByRole('link', { name: 'Full coverage: 2 articles' });
    expect(link).toHaveTextContent('2 articles');
    expect(within(el).queryByText(/sources?$/)).toBeNull();
  });

  it('says nothing of a story for an article alone in it', () => {
    const el = storyCard({ _id: 'st-3', size: 1, source_count: 1 })!;
    expect(within(el).queryByRole('link')).toBeNull();
    expect(within(el).queryByText(/\d+ (sources|articles)/)).toBeNull();
  });

  it('the story link is reached by Tab after the title and opens the story, not the article', async () => {
    const onOpen = vi.fn();
    storyCard({ _id: 'st-4', size: 3, source_count: 2 }, onOpen);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Rover finds water ice' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Full coverage: 2 sources' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('The story page')).toBeInTheDocument();
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('article meta', () => {
  it('the default image path counts as no picture', () => {
    expect(pictureOf(base)).toBeNull();
    expect(pictureOf({ image_url: '' })).toBeNull();
    expect(pictureOf({ image_url: 'https://x.test/p.jpg' })).toBe('https://x.test/p.jpg');
  });

  it("the category is the article's primary (its first), else the first known one, or none", () => {
    expect(categoryOf({ categories: ['food', 'travel'] })).toBe('food');
    expect(categoryOf({ categories: ['travel', 'food'] })).toBe('travel');
    expect(categoryOf({ categories: ['U.S. NEWS', 'world'] })).toBe('world');
    expect(categoryOf({ categories: ['U.S. NEWS'] })).toBeNull();
    expect(categoryOf({ categories: [] })).toBeNull();
  });

  it('the kicker names one of the 15 categories, never "News"', () => {
    const { container, rerender } = render(<CategoryKicker category="world" />);
    expect(container).toHaveTextContent('World News');
    rerender(<CategoryKicker category={null} />);
    expect(container).toBeEmptyDOMElement();
    render(
      <MemoryRouter>
        <ArticleCard article={{ ...base, categories: ['U.S. NEWS'] }} onOpen={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/^news$/i)).toBeNull();
  });

  it('initials of a source name', () => {
    expect(sourceInitials('HuffPost')).toBe('HP');
    expect(sourceInitials('BBC News')).toBe('BN');
    expect(sourceInitials('The Guardian')).toBe('G');
    expect(sourceInitials('reuters')).toBe('R');
    expect(sourceInitials('Le Monde diplomatique')).toBe('LM');
    expect(sourceInitials('')).toBe('·');
  });
});
