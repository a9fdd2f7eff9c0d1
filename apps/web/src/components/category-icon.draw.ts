import type { CategoryId } from '@lede/shared/constants';
import briefcase from 'virtual:lucide/briefcase';
import carFront from 'virtual:lucide/car-front';
import clapperboard from 'virtual:lucide/clapperboard';
import cpu from 'virtual:lucide/cpu';
import globe from 'virtual:lucide/globe';
import graduationCap from 'virtual:lucide/graduation-cap';
import landmark from 'virtual:lucide/landmark';
import leaf from 'virtual:lucide/leaf';
import microscope from 'virtual:lucide/microscope';
import newspaper from 'virtual:lucide/newspaper';
import piggyBank from 'virtual:lucide/piggy-bank';
import plane from 'virtual:lucide/plane';
import sofa from 'virtual:lucide/sofa';
import stethoscope from 'virtual:lucide/stethoscope';
import trophy from 'virtual:lucide/trophy';
import utensilsCrossed from 'virtual:lucide/utensils-crossed';
import { icon, type IconProps } from '@/lib/draw';

/** CATEGORY_ICONS (category-icon.tsx) as drawings; a test holds the two the same. */
const CATEGORY_ICON_DATA: Record<CategoryId, typeof cpu> = {
  technology: cpu,
  business: briefcase,
  politics: landmark,
  health: stethoscope,
  science: microscope,
  sports: trophy,
  entertainment: clapperboard,
  world: globe,
  finance: piggyBank,
  lifestyle: sofa,
  travel: plane,
  food: utensilsCrossed,
  environment: leaf,
  education: graduationCap,
  automotive: carFront,
};

/** CategoryIcon, drawn. */
export function drawCategoryIcon(
  category: CategoryId | null,
  props: Omit<IconProps, 'aria-hidden'>,
): SVGSVGElement {
  return icon(category ? CATEGORY_ICON_DATA[category] : newspaper, {
    'aria-hidden': 'true',
    ...props,
  });
}
