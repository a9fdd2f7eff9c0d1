import type { Story } from '@lede/shared';
import { h } from '@/lib/draw';
import { formatDate } from '@/lib/format';
import { reportEntryId, storyCounts } from '../story-text';

/*
 * StoryHeader (story-header.tsx) as it first renders, drawn before React has loaded: same
 * elements, attributes and text, held against React's render by app/first-paint.test.tsx.
 */

function drawPublished(label: string, value: string): HTMLElement | null {
  const date = formatDate(value);
  if (!date) return null;
  return h(
    'div',
    { class: 'flex gap-1' },
    h('dt', {}, label),
    h('dd', {}, h('time', { datetime: value }, date)),
  );
}

/** StoryHeader, drawn; `fromCardId`, the report the card that led here showed (`?report=`). */
export function drawStoryHeader(story: Story, fromCardId: string | undefined): HTMLElement {
  const fromCard = story.articles.find((a) => a._id === fromCardId);
  const otherReport = fromCard && fromCard._id !== story.title_article_id ? fromCard : undefined;
  return h(
    'header',
    { class: 'flex flex-col gap-2' },
    h('p', { class: 'text-xs font-bold tracking-wider text-accent uppercase' }, 'Full coverage'),
    h(
      'h1',
      { class: 'text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl' },
      story.title,
    ),
    h('p', { class: 'font-medium' }, storyCounts(story)),
    otherReport &&
      h(
        'p',
        { class: 'text-sm text-muted' },
        'Your card showed one of its reports:',
        ' ',
        h(
          'a',
          { href: `#${reportEntryId(otherReport._id)}`, class: 'link font-semibold break-words' },
          `“${otherReport.title}”`,
        ),
        ' ',
        `(${otherReport.source_name})`,
      ),
    h(
      'dl',
      { class: 'flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted' },
      drawPublished('First published', story.first_published),
      drawPublished('Last published', story.last_published),
    ),
  );
}
