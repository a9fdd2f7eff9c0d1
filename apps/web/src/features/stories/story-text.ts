import type { Story, StoryMemberArticle } from '@lede/shared';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';

/** '4 articles from 3 sources'. */
export function storyCounts(story: Pick<Story, 'size' | 'source_count'>): string {
  return `${formatCount(story.size, 'article')} from ${formatCount(story.source_count, 'source')}`;
}

/**
 * When a report was published, as precisely as its source said: '05 March 2024, 09:30 UTC', or
 * only '05 March 2024' when the source gave a date without a time (no invented "12:00 UTC").
 */
export function reportTime(value: string, hasTime: boolean): string {
  return hasTime ? formatDateTime(value) : formatDate(value);
}

/** How many shared words "why grouped" names, at most. */
const WHY_WORDS = 5;

/**
 * Why a report is in its story, in one line, for every report: the one that started it is the
 * first report; the others name the words they share with the story as the headlines write them
 * ("Shares: Turks and Caicos, Hurricane Fiona"), or say they repeat an earlier headline, or how
 * they came in (a merge of two stories) when no word can be shown.
 */
export function whyGrouped(joined: StoryMemberArticle['joined']): string {
  const words = joined.shared_words.filter((w) => w.trim() !== '').slice(0, WHY_WORDS);
  const list = words.join(', ');
  switch (joined.rule) {
    case 'new':
      return 'First report';
    case 'same-title':
      return 'Same headline as an earlier report';
    case 'merged':
      return words.length > 0
        ? `Its story merged with this one: both tell of ${list}`
        : 'Its story merged with this one: close in wording';
    case 'similar':
      return words.length > 0 ? `Shares: ${list}` : "Close in wording to the story's other reports";
  }
}

/** 'A, B and C', or 'A, B, C and 4 more' past `max` names. */
export function nameList(names: readonly string[], max: number): string {
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  if (shown.length <= 1) return shown[0] ?? '';
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** The id of a report's entry on the timeline: what "the report on your card" points to. */
export const reportEntryId = (articleId: string) => `report-${articleId}`;
