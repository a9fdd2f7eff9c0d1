import type { Category } from '@lede/shared';
import { Check } from 'lucide-react';
import { CategoryIcon } from '@/components/category-icon';

/** One interest: a toggle button (aria-pressed) with its icon, label and description. */
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
      className={`relative flex h-full w-full flex-col items-start gap-1 rounded-xl border-2 p-4 text-left transition-colors ${
        selected ? 'border-accent bg-surface' : 'border-line bg-raised hover:bg-surface'
      }`}
    >
      <span className="mb-1 inline-flex size-11 items-center justify-center rounded-lg bg-category/15 text-category">
        <CategoryIcon category={category.id} size={24} />
      </span>
      <span className="font-bold capitalize">{category.label}</span>
      <span className="text-sm text-muted">{category.description}</span>
      <span
        aria-hidden="true"
        className={`absolute top-3 right-3 inline-flex size-6 items-center justify-center rounded-full border-2 ${
          selected ? 'border-accent bg-accent text-on-accent' : 'border-line'
        }`}
      >
        {selected && <Check size={14} strokeWidth={3} />}
      </span>
    </button>
  );
}
