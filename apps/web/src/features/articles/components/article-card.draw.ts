import { categoryLabel, type PublicArticle } from '@lede/shared/constants';
import { drawCategoryIcon } from '@/components/category-icon.draw';
import { sourceInitials } from '@/components/source-initials';
import { h } from '@/lib/draw';
import { formatCreators, formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { categoryOf, storyCountLabel } from '../article-facts';
import { pictureOf } from '../article-picture';

/*
 * ArticleCard as it first renders (article-card.tsx, article-meta.tsx, article-image.tsx,
 * source-mark.tsx), drawn before React has loaded: same elements, attributes and text, which
 * article-card.draw.test.tsx holds against React's own render. Change the two together.
 */

const CARD =
  'card relative flex flex-col overflow-hidden transition-shadow hover:shadow-md has-[button:focus-visible]:outline-3 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-ring';
const MARK = 'size-8 text-xs shrink-0 rounded-lg border border-line';

function drawPicture(src: string, eager: boolean): HTMLElement {
  return h(
    'div',
    { class: 'aspect-video w-full overflow-hidden bg-surface ' },
    h('img', {
      src,
      alt: '',
      width: 640,
      height: 360,
      loading: eager ? 'eager' : 'lazy',
      decoding: 'async',
      referrerpolicy: 'no-referrer',
      class: 'size-full object-cover',
    }),
  );
}

function drawSourceMark(name: string, iconUrl: string | null): HTMLElement {
  if (iconUrl) {
    return h('img', {
      src: iconUrl,
      alt: '',
      'data-testid': 'source-mark',
      width: 40,
      height: 40,
      loading: 'lazy',
      referrerpolicy: 'no-referrer',
      class: `${MARK} bg-raised object-contain`,
    });
  }
  return h(
    'span',
    {
      'aria-hidden': 'true',
      'data-testid': 'source-mark',
      class: `${MARK} inline-flex items-center justify-center bg-surface font-extrabold tracking-tight text-fg`,
    },
    sourceInitials(name),
  );
}

function drawByline(article: PublicArticle): HTMLElement {
  const author = formatCreators(article.creator);
  const date = formatDate(article.pubDate);
  const story = storyCountLabel(article.story);
  return h(
    'div',
    { class: 'mt-auto flex flex-wrap items-center gap-x-2.5 gap-y-2 pt-2 text-xs' },
    drawSourceMark(article.source_name, article.source_icon),
    h(
      'div',
      { class: 'min-w-0 flex-1 basis-32 text-muted *:truncate' },
      h('p', { class: 'font-semibold text-fg' }, article.source_name),
      date && h('p', {}, h('time', { datetime: article.pubDate }, date)),
      author && h('p', {}, `By ${author}`),
    ),
    article.story &&
      story &&
      h(
        'a',
        {
          'aria-label': `Full coverage: ${story}`,
          class:
            'relative z-10 inline-flex min-h-6 shrink-0 items-center text-xs font-semibold whitespace-nowrap text-accent underline-offset-2 hover:underline ml-auto',
          href: paths.story(article.story._id, { report: article._id }),
          // What react-router's Link marks its links with.
          'data-discover': 'true',
        },
        story,
      ),
  );
}

/** One card, with `below` (the feed's reason, the actions) after its text. */
export function drawArticleCard(
  article: PublicArticle,
  { eager, below }: { eager: boolean; below: Node[] },
): HTMLElement {
  const picture = pictureOf(article);
  const textFirst = !picture;
  const category = categoryOf(article);
  const clamp = textFirst ? 'line-clamp-4' : 'line-clamp-3';
  return h(
    'article',
    { 'data-category': category ?? '', class: CARD },
    picture
      ? drawPicture(picture, eager)
      : h('div', { 'aria-hidden': 'true', class: 'h-1.5 bg-category' }),
    h(
      'div',
      { class: 'flex flex-1 flex-col gap-2.5 p-4' },
      category &&
        h(
          'p',
          {
            class:
              'flex items-center gap-2 text-xs font-bold tracking-wider text-category uppercase',
          },
          h(
            'span',
            { class: 'inline-flex size-6 items-center justify-center rounded-md bg-category/15' },
            drawCategoryIcon(category, { size: 14, strokeWidth: 2.25 }),
          ),
          categoryLabel(category),
        ),
      h(
        'h2',
        { class: `leading-snug font-bold ${textFirst ? 'text-lg' : 'text-base'}` },
        h(
          'button',
          {
            type: 'button',
            'aria-haspopup': 'dialog',
            class: `text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none ${clamp}`,
          },
          article.title,
        ),
      ),
      article.description && h('p', { class: `text-sm text-muted ${clamp}` }, article.description),
      drawByline(article),
    ),
    ...below,
  );
}

/** ArticleList's item around a card (article-list.tsx). */
export function drawArticleItem(card: HTMLElement): HTMLElement {
  return h(
    'li',
    { class: 'flex [contain-intrinsic-block-size:auto_23rem] [content-visibility:auto]' },
    h('div', { class: 'flex w-full flex-col [&>article]:flex-1' }, card),
  );
}

/** ArticleList's grid of cards (its default columns). */
export function drawArticleGrid(label: string, items: HTMLElement[]): HTMLElement {
  return h(
    'ul',
    { class: 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', 'aria-label': label },
    ...items,
  );
}
