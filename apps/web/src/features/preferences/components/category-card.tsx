import type { Category } from '@lede/shared';
import { Check } from 'lucide-react';
import { CategoryIcon } from '@/components/category-icon';

/**
 * One interest: a toggle button (aria-pressed) with its icon, label and description. Compact on a
 * phone (two to a row): the description is then read by screen readers only.
 */
export function CategoryCard({
  category,
  selected,
  onToggle,
}: {
  category: Category;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      data-category={category.id}
      className={`relative flex h-full w-full flex-col items-start gap-1 rounded-xl border-2 p-3 text-left transition-colors sm:p-4 ${
        selected ? 'border-accent bg-surface' : 'border-line bg-raised hover:bg-surface'
      }`}
    >
      <span className="mb-1 inline-flex size-9 items-center justify-center rounded-lg bg-category/15 text-category sm:size-11">
        <CategoryIcon category={category.id} size={24} className="size-5 sm:size-6" />
      </span>
      <span className="text-sm font-bold break-words capitalize sm:text-base">
        {category.label}
      </span>
      <span className="sr-only text-sm text-muted sm:not-sr-only">{category.description}</span>
      <span
        aria-hidden="true"
        className={`absolute top-2 right-2 inline-flex size-6 items-center justify-center rounded-full border-2 sm:top-3 sm:right-3 ${
          selected ? 'border-accent bg-accent text-on-accent' : 'border-line'
        }`}
      >
        {selected && <Check size={14} strokeWidth={3} />}
      </span>
    </button>
  );
}
