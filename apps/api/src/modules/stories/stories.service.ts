import { MESSAGES, type Story } from '@lede/shared';
import { poolOf, type Database } from '../../db/client.js';
import { createPublicReads } from '../../db/public-reads.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { toPublicArticle } from '../articles/index.js';
import { storyPageRepository, type StoryMemberRow } from './stories.repository.js';
import { sharedWords } from './why-grouped.js';

/** The story page lists at most this many articles, the newest. */
export const STORY_PAGE_ARTICLES = 100;

const JOIN_RULES = ['new', 'similar', 'same-title', 'merged'] as const;
type JoinRule = (typeof JOIN_RULES)[number];
const asRule = (rule: string | null): JoinRule => JOIN_RULES.find((r) => r === rule) ?? 'new';

/** What a member's "why grouped" words are looked for in, besides its own text. */
interface StoryWords {
  title: string;
  headlines: readonly string[];
}

const toStoryArticle = (row: StoryMemberRow, story: StoryWords): Story['articles'][number] => ({
  ...toPublicArticle(row),
  joined: {
    rule: asRule(row.storyRule),
    score: Math.round((row.storyScore ?? 0) * 1000) / 1000,
    shared_terms: row.storySharedTerms ?? [],
    shared_words: sharedWords(row, story),
  },
  pub_date_has_time: row.pubDateHasTime,
});

/** The story page on one database (the primary or a replica). */
function storiesReadsOn(db: Database) {
  return {
    /** A story with its newest articles and every source; a merged story answers its successor. */
    async byId(id: string): Promise<Story> {
      const story = await storyPageRepository.find(db, id);
      if (!story) throw ApiError.notFound(MESSAGES.stories.notFound);
      const [members, sources] = await Promise.all([
        storyPageRepository.members(db, story.id, STORY_PAGE_ARTICLES),
        storyPageRepository.sources(db, story.id),
      ]);
      const words: StoryWords = { title: story.title, headlines: members.map((m) => m.title) };
      return {
        _id: story.id,
        title: story.title,
        title_article_id: story.titleArticleId ?? story.id,
        size: story.size,
        source_count: story.sourceCount,
        first_published: story.firstPublished.toISOString(),
        last_published: story.lastPublished.toISOString(),
        articles: members.map((m) => toStoryArticle(m, words)),
        sources: sources.map((s) => ({
          source_name: s.sourceName,
          source_url: s.sourceUrl,
          source_icon: s.sourceIcon,
          first_reported: s.firstReported.toISOString(),
          first_reported_has_time: s.firstReportedHasTime,
          article_id: s.articleId,
          articles: s.articles,
        })),
      };
    },
  };
}

type StoriesReads = ReturnType<typeof storiesReadsOn>;

/** The story page, from the replica (`readDb`) when it holds what it shows (db/public-reads.ts). */
export function createStoriesService({
  db,
  readDb,
  pool,
  changes,
}: Pick<AppDeps, 'db' | 'readDb' | 'pool' | 'changes'>) {
  const primary = storiesReadsOn(db);
  if (!readDb) return primary;
  const reads = createPublicReads<StoriesReads>({
    primary: { source: primary, pool },
    replica: { source: storiesReadsOn(readDb), pool: poolOf(readDb) },
    changes,
  });
  return {
    byId: (id: string) =>
      reads.read(
        (on) => on.byId(id),
        (story) => ({ articleIds: story.articles.map((a) => a._id) }),
      ),
  } satisfies StoriesReads;
}

export type StoriesService = ReturnType<typeof createStoriesService>;
