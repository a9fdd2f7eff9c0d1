import { MESSAGES, type Story } from '@lede/shared';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { toPublicArticle } from '../articles/index.js';
import { storyPageRepository, type StoryMemberRow } from './stories.repository.js';

/** The story page lists at most this many articles, the newest. */
export const STORY_PAGE_ARTICLES = 100;

const JOIN_RULES = ['new', 'similar', 'same-title', 'merged'] as const;
type JoinRule = (typeof JOIN_RULES)[number];
const asRule = (rule: string | null): JoinRule => JOIN_RULES.find((r) => r === rule) ?? 'new';

const toStoryArticle = (row: StoryMemberRow): Story['articles'][number] => ({
  ...toPublicArticle(row),
  joined: {
    rule: asRule(row.storyRule),
    score: Math.round((row.storyScore ?? 0) * 1000) / 1000,
    shared_terms: row.storySharedTerms ?? [],
  },
});

export function createStoriesService({ db }: Pick<AppDeps, 'db'>) {
  return {
    /** A story with its newest articles and every source; a merged story answers its successor. */
    async byId(id: string): Promise<Story> {
      const story = await storyPageRepository.find(db, id);
      if (!story) throw ApiError.notFound(MESSAGES.stories.notFound);
      const [members, sources] = await Promise.all([
        storyPageRepository.members(db, story.id, STORY_PAGE_ARTICLES),
        storyPageRepository.sources(db, story.id),
      ]);
      return {
        _id: story.id,
        title: story.title,
        size: story.size,
        source_count: story.sourceCount,
        first_published: story.firstPublished.toISOString(),
        last_published: story.lastPublished.toISOString(),
        articles: members.map(toStoryArticle),
        sources: sources.map((s) => ({
          source_name: s.sourceName,
          source_url: s.sourceUrl,
          source_icon: s.sourceIcon,
          first_reported: s.firstReported.toISOString(),
          article_id: s.articleId,
          articles: s.articles,
        })),
      };
    },
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
