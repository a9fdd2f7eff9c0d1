import { CATEGORY_IDS, categoryLabel, isCategoryId } from '@lede/shared/constants';

/** Explore's chips, in the spec's order: two lists, then the 15 categories. */
export const ALL_CHIP = 'all';
export const TRENDING_CHIP = 'trending now';
export const EXPLORE_CHIPS = [ALL_CHIP, TRENDING_CHIP, ...CATEGORY_IDS] as const;

/** The chip a `?category=` asks for; 'trending now' (the default) for anything else. */
export function exploreChip(requested: string | null): string {
  return (EXPLORE_CHIPS as readonly string[]).includes(requested ?? '')
    ? (requested as string)
    : TRENDING_CHIP;
}

/** What a chip shows: a category's label ('World News' for world), the two lists their name. */
export function exploreChipLabel(chip: string): string {
  if (!isCategoryId(chip)) return chip;
  const label = categoryLabel(chip);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A chip's looks, chosen or not (Explore's chips, and the ones drawn before React loads). */
export const exploreChipClass = (active: boolean): string =>
  `rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors ${
    active
      ? 'border-accent bg-accent text-on-accent'
      : 'border-line bg-raised text-fg hover:bg-surface'
  }`;
