import type { CategoryId } from '@lede/shared';
import {
  Briefcase,
  CarFront,
  Clapperboard,
  Cpu,
  Globe,
  GraduationCap,
  Landmark,
  Leaf,
  Microscope,
  Newspaper,
  Plane,
  PiggyBank,
  Sofa,
  Stethoscope,
  Trophy,
  UtensilsCrossed,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/**
 * The one icon of each category (SVG, so it shows where no emoji font is installed). The shared
 * data keeps an emoji per category; the web never renders it.
 */
export const CATEGORY_ICONS: Record<CategoryId, LucideIcon> = {
  technology: Cpu,
  business: Briefcase,
  politics: Landmark,
  health: Stethoscope,
  science: Microscope,
  sports: Trophy,
  entertainment: Clapperboard,
  world: Globe,
  finance: PiggyBank,
  lifestyle: Sofa,
  travel: Plane,
  food: UtensilsCrossed,
  environment: Leaf,
  education: GraduationCap,
  automotive: CarFront,
};

/** A category's icon, decorative (the label beside it says the category); news without one. */
export function CategoryIcon({
  category,
  ...props
}: { category: CategoryId | null } & LucideProps) {
  const Icon = category ? CATEGORY_ICONS[category] : Newspaper;
  return <Icon aria-hidden="true" {...props} />;
}
