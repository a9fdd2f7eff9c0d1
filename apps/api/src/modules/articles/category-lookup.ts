import { CATEGORIES, type CategoryId } from '@lede/shared';

const byName = new Map<string, CategoryId>(
  CATEGORIES.flatMap((c) => [
    [c.id, c.id],
    [c.label.toLowerCase(), c.id],
  ]),
);

/** The category a chip or search term names, by id or label, case-insensitively ('World News' → 'world'). */
export function categoryNamedBy(keyword: string): CategoryId | undefined {
  return byName.get(keyword.trim().replace(/\s+/g, ' ').toLowerCase());
}
