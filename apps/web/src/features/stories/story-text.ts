import type { Story, StoryMemberArticle } from '@lede/shared';
import { formatCount } from '@/lib/format';

/** '4 articles from 3 sources'. */
export function storyCounts(story: Pick<Story, 'size' | 'source_count'>): string {
  return `${formatCount(story.size, 'article')} from ${formatCount(story.source_count, 'source')}`;
}

/** How many shared terms "why grouped" names, at most. */
const WHY_TERMS = 5;

/**
 * Why an article joined its story, in a few words: the terms it shares with the story ("Shares:
 * hurricane fiona, puerto rico"), or its identical headline; null for the article that started
 * the story, or when nothing can be said.
 */
export function whyGrouped(joined: StoryMemberArticle['joined']): string | null {
  if (joined.rule === 'new') return null;
  const terms = joined.shared_terms.filter((t) => t.trim() !== '').slice(0, WHY_TERMS);
  if (terms.length > 0) return `Shares: ${terms.join(', ')}`;
  if (joined.rule === 'same-title') return 'Same headline as an earlier report';
  return null;
}

/** 'A, B and C', or 'A, B, C and 4 more' past `max` names. */
export function nameList(names: readonly string[], max: number): string {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
