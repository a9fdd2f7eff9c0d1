import { DEFAULT_ARTICLE_IMAGE_PATH, type ArticleStory, type PublicArticle } from '@lede/shared';
import type { articles } from '../../db/schema.js';

export type ArticleRow = typeof articles.$inferSelect;

/** What the public shape is made of. */
export type PublicArticleSource = Pick<
  ArticleRow,
  | 'id'
  | 'title'
  | 'creator'
  | 'description'
  | 'pubDate'
  | 'imageUrl'
  | 'link'
  | 'sourceName'
  | 'sourceUrl'
  | 'sourceIcon'
  | 'keywords'
  | 'categories'
  | 'likes'
> & { story: StoryRef | null };

/**
 * The article's story as the database gives it (`storyRef` in articles.repository.ts): its id,
 * size and number of sources; null while the article is not yet in one.
 */
export type StoryRef = [id: string, size: number, sourceCount: number];

/** An article not yet clustered is a story of its own. */
function articleStory(id: string, ref: StoryRef | null): ArticleStory {
  return ref
    ? { _id: ref[0], size: ref[1], source_count: ref[2] }
    : { _id: id, size: 1, source_count: 1 };
}

/**
 * Every article leaves the API in this shape (spec section 3), whichever feature sends it.
 * The keys are in the order of the stored `public_json` (migration 0015) followed by the three
 * publicArticleJson adds, so both ways give the same bytes.
 */
export function toPublicArticle(a: PublicArticleSource): PublicArticle {
  return {
    _id: a.id,
    title: a.title,
    creator: a.creator,
    description: a.description,
    pubDate: a.pubDate.toISOString(),
    link: a.link,
    source_name: a.sourceName,
    source_url: a.sourceUrl,
    source_icon: a.sourceIcon,
    keywords: a.keywords,
    categories: a.categories,
    image_url: a.imageUrl ?? DEFAULT_ARTICLE_IMAGE_PATH,
    likes: a.likes,
    story: articleStory(a.id, a.story),
  };
}

/** An article as the stored JSON of its fixed fields plus what changes or is the app's own. */
export type PublicArticleJsonSource = Pick<ArticleRow, 'id' | 'imageUrl' | 'likes'> & {
  /** `articles.public_json`: the public shape without `image_url`, `likes` and `story`. */
  publicJson: string;
  story: StoryRef | null;
};

/**
 * The JSON text of `toPublicArticle` for the same article, byte for byte, without reading its
 * columns one by one: the stored text with `image_url`, `likes` and `story` added before its
 * last brace.
 */
export function publicArticleJson(a: PublicArticleJsonSource): string {
  const image = JSON.stringify(a.imageUrl ?? DEFAULT_ARTICLE_IMAGE_PATH);
  const story = JSON.stringify(articleStory(a.id, a.story));
  return `${a.publicJson.slice(0, -1)},"image_url":${image},"likes":${a.likes},"story":${story}}`;
}
