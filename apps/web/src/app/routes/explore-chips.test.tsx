import { CATEGORIES } from '@lede/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exploreChip, exploreChipLabel } from '@/features/articles/explore-chips';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import ExplorePage from './explore';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ articles: [], nextCursor: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

function Search() {
  return <p data-testid="search">{useLocation().search}</p>;
}

describe("Explore's chips", () => {
  it('show the two lists by name and each category by its label, in the spec order', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/explore']}>
          <ExplorePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const chips = within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([
      'all',
      'trending now',
      ...CATEGORIES.map((c) => exploreChipLabel(c.id)),
    ]);
    for (const label of ['Technology', 'World News', 'Food & Dining', 'Automotive'])
      expect(chips.map((c) => c.textContent)).toContain(label);
    expect(screen.getByRole('button', { name: 'trending now' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('a chip chosen by its label asks for its category id', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/explore']}>
          <ExplorePage />
          <Search />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'World News' }));
    expect(screen.getByRole('button', { name: 'World News' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('search')).toHaveTextContent('?category=world');
  });

  it('a topic link opens Explore with that chip chosen', () => {
    expect(paths.explore('food')).toBe('/explore?category=food');
    const search = new URLSearchParams(paths.explore('food').split('?')[1]);
    expect(exploreChip(search.get('category'))).toBe('food');
    expect(exploreChipLabel('food')).toBe('Food & Dining');
    expect(exploreChipLabel('trending now')).toBe('trending now');
  });
});
