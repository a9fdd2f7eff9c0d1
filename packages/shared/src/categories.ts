export interface Category {
  id: CategoryId;
  label: string;
  emoji: string;
  description: string;
}

export const CATEGORY_IDS = [
  'technology',
  'business',
  'politics',
  'health',
  'science',
  'sports',
  'entertainment',
  'world',
  'finance',
  'lifestyle',
  'travel',
  'food',
  'environment',
  'education',
  'automotive',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CATEGORIES: readonly Category[] = [
  {
    id: 'technology',
    label: 'technology',
    emoji: '💻',
    description: 'Gadgets, software, AI and the companies building them.',
  },
  {
    id: 'business',
    label: 'business',
    emoji: '💼',
    description: 'Companies, markets, work and the economy.',
  },
  {
    id: 'politics',
    label: 'politics',
    emoji: '🏛️',
    description: 'Elections, governments and public policy.',
  },
  {
    id: 'health',
    label: 'health',
    emoji: '🩺',
    description: 'Medicine, wellness, fitness and public health.',
  },
  { id: 'science', label: 'science', emoji: '🔬', description: 'Discoveries, research and space.' },
  {
    id: 'sports',
    label: 'sports',
    emoji: '⚽',
    description: 'Games, athletes, leagues and results.',
  },
  {
    id: 'entertainment',
    label: 'entertainment',
    emoji: '🎬',
    description: 'Film, TV, music, celebrities and culture.',
  },
  {
    id: 'world',
    label: 'World News',
    emoji: '🌍',
    description: 'What is happening across the globe.',
  },
  {
    id: 'finance',
    label: 'finance',
    emoji: '💰',
    description: 'Money, investing, banking and personal finance.',
  },
  {
    id: 'lifestyle',
    label: 'lifestyle',
    emoji: '🌿',
    description: 'Home, style, relationships and everyday living.',
  },
  {
    id: 'travel',
    label: 'travel',
    emoji: '✈️',
    description: 'Destinations, trips and travel tips.',
  },
  {
    id: 'food',
    label: 'Food & Dining',
    emoji: '🍽️',
    description: 'Recipes, restaurants and food culture.',
  },
  {
    id: 'environment',
    label: 'environment',
    emoji: '🌱',
    description: 'Climate, nature and sustainability.',
  },
  {
    id: 'education',
    label: 'education',
    emoji: '🎓',
    description: 'Schools, universities and learning.',
  },
  {
    id: 'automotive',
    label: 'automotive',
    emoji: '🚗',
    description: 'Cars, EVs, transport and mobility.',
  },
];

export const MIN_INTERESTS = 3;

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

export function categoryLabel(id: CategoryId): string {
  return CATEGORIES.find((c) => c.id === id)?.label ?? id;
}
