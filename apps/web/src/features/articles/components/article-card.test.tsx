import type { PublicArticle } from '@lede/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleCard } from './article-card';
import { pictureOf } from './article-image';
import { categoryOf, sourceInitials } from './article-meta';

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

describe('article meta', () => {
  it('the default image path counts as no picture', () => {
    expect(pictureOf(base)).toBeNull();
    expect(pictureOf({ image_url: '' })).toBeNull();
    expect(pictureOf({ image_url: 'https://x.test/p.jpg' })).toBe('https://x.test/p.jpg');
  });

  it('the category is the first known one, or none', () => {
    expect(categoryOf({ categories: ['food', 'travel'] })).toBe('food');
    expect(categoryOf({ categories: ['U.S. NEWS'] })).toBeNull();
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
