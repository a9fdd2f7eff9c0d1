/**
 * "Your feed": what the feed has learned — subjects (story clusters of what the
 * reader liked, saved, shared or read) and categories (declared interests, learned and
 * disliked topics), each with its weight, where it came from and how the reader steers it —
 * and the steering itself (up, down, off or none; undo = posting the previous states back).
 */
import {
  CATEGORY_IDS,
  RECOMMENDATION_CONTROL_MESSAGES,
  type CategoryId,
  type FeedCategory,
  type FeedProfile,
  type LearnedSubject,
  type SteeringChange,
  type SteeringState,
  type SubjectSource,
} from '@lede/shared';
import type { DbExecutor } from '../../../db/client.js';
import type { AppDeps } from '../../../deps.js';
import { createCorpusStatsCache } from '../candidates/corpus-stats-cache.js';
import {
  categoryTitle,
  learnedSubjects,
  learnedValue,
  normaliseInterests,
  topicFeedback,
  type HistoryEvent,
  type TopicFeedback,
} from '../ranker/index.js';
import { DISLIKE_FACTOR } from '../ranker/tunables.js';
import { analyzerFor } from '../ranker/vectors.js';
import { loadReaderControls, steeringStates, toRankControls } from './reader-controls.js';
import { readerControlsRepository as controlsRepo } from './reader-controls.repository.js';
import { signalsRepository as repo } from '../candidates/signals.repository.js';
import { CANDIDATE_WINDOW_DAYS, HISTORY_EVENTS, REMEMBERED_DISLIKES } from '../feed.settings.js';

const DAY_MS = 86_400_000;
const CATEGORY_SET: ReadonlySet<string> = new Set(CATEGORY_IDS);
const PAST = { like: 'liked', save: 'saved', share: 'shared', read: 'read' } as const;

function quoted(title: string): string {
  const t = title.trim().replace(/\s+/g, ' ');
  return t.length <= 40 ? t : `${t.slice(0, 39).trimEnd()}…`;
}

function verbList(words: string[]): string {
  const unique = [...new Set(words)];
  if (unique.length <= 1) return unique[0] ?? 'liked';
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
}

function subjectSourceText(sources: SubjectSource[]): string {
  if (sources.length === 0) return 'Steered by you; no recent articles on it';
  if (sources.length === 1)
    return `From '${quoted(sources[0]!.title)}', which you ${sources[0]!.action}`;
  return `From ${sources.length} articles you ${verbList(sources.map((s) => s.action))}`;
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/**
 * The act the reader did on a category's articles, as they did it: "saved 26 times",
 * "liked 3 times", "liked or saved 5 times" (articles, each once).
 */
export function actText(f: Pick<TopicFeedback, 'positives' | 'actionCounts'>): string {
  const verbs = (['like', 'save', 'share'] as const)
    .filter((a) => f.actionCounts[a] > 0)
    .map((a) => PAST[a]);
  return `${verbList(verbs)} ${times(f.positives)}`;
}

function categorySourceText(
  declared: boolean,
  f: Pick<TopicFeedback, 'positives' | 'actionCounts'> | undefined,
  dislikes: number,
): string {
  const parts: string[] = [];
  if (declared) parts.push('Your interests');
  const positives = f?.positives ?? 0;
  if (f && positives > 0) parts.push(declared ? actText(f) : `Learned: you ${actText(f)}`);
  if (dislikes > 0) parts.push(`${parts.length > 0 ? 'disliked' : 'Disliked'} ${times(dislikes)}`);
  return parts.join(' · ') || 'Steered by you';
}

export type FeedProfileService = ReturnType<typeof createFeedProfileService>;

export function createFeedProfileService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const statsFor = createCorpusStatsCache();

  async function profile(
    executor: DbExecutor,
    user: { id: string; interests: string[] },
  ): Promise<FeedProfile> {
    const now = clock.now();
    const window = await repo.corpusWindow(executor, now, CANDIDATE_WINDOW_DAYS);
    const anchor = window?.anchor ?? now;
    const gap = now.getTime() - anchor.getTime();
    const history: HistoryEvent[] = (
      await repo.readerHistory(executor, user.id, {
        events: HISTORY_EVENTS,
        dislikes: REMEMBERED_DISLIKES,
      })
    ).map((r) => ({ article: r.article, action: r.action, at: new Date(r.at.getTime() - gap) }));
    const controls = toRankControls(await loadReaderControls(executor, user.id), gap);
    const steered = controls.steeredCategories ?? new Map();

    // Subjects: the story clusters of what the reader acted on.
    let subjects: LearnedSubject[] = [];
    if (window) {
      const since = new Date(anchor.getTime() - CANDIDATE_WINDOW_DAYS * DAY_MS);
      const stats = await statsFor(executor, window, { since, now });
      subjects = learnedSubjects(
        history,
        analyzerFor(stats),
        anchor.getTime(),
        controls.forgottenTopics,
        controls.steeredSubjects,
        controls,
      ).map((s) => {
        const sources = s.sources.map((x) => ({
          article_id: x.id,
          title: x.title,
          action: PAST[x.action],
        }));
        return {
          key: s.key,
          label: s.terms.slice(0, 3).join(' · '),
          terms: s.terms,
          weight: round(s.weight),
          source: subjectSourceText(sources),
          sources,
          steering: s.steering ?? 'none',
        };
      });
    }

    // Categories: declared interests, learned topics, disliked ones, and any the reader steered.
    const feedback = topicFeedback(history, anchor.getTime(), controls.forgottenTopics);
    const dislikes = new Map<string, Set<string>>();
    for (const e of history) {
      if (e.action !== 'dislike') continue;
      for (const c of e.article.categories) {
        const set = dislikes.get(c) ?? new Set<string>();
        set.add(e.article.id);
        dislikes.set(c, set);
      }
    }
    const declared = normaliseInterests(user.interests).filter((c) => CATEGORY_SET.has(c));
    const learned = [...feedback.values()]
      .filter((f) => learnedValue(f) > 0)
      .sort((a, b) => b.positives - a.positives || (a.category < b.category ? -1 : 1))
      .map((f) => f.category);
    const pushed = [...feedback.values()]
      .filter((f) => f.pushBack > 0)
      .sort((a, b) => b.pushBack - a.pushBack || (a.category < b.category ? -1 : 1))
      .map((f) => f.category);
    const listed = [
      ...new Set([...declared, ...learned, ...pushed, ...[...steered.keys()].sort()]),
    ];
    const categories: FeedCategory[] = listed
      .filter((c) => CATEGORY_SET.has(c))
      .map((c) => {
        const f = feedback.get(c);
        const isDeclared = declared.includes(c);
        const positives = f?.positives ?? 0;
        const disliked = dislikes.get(c)?.size ?? 0;
        const base = isDeclared ? 1 : learnedValue(f);
        return {
          category: c as CategoryId,
          label: categoryTitle(c),
          weight: round(base * Math.pow(DISLIKE_FACTOR, f?.pushBack ?? 0)),
          declared: isDeclared,
          positives,
          dislikes: disliked,
          source: categorySourceText(isDeclared, f, disliked),
          steering: steered.get(c) ?? 'none',
        };
      });
    return { subjects, categories };
  }

  return {
    profile: (user: { id: string; interests: string[] }) => profile(db, user),

    /**
     * Applies the changes together (idempotent: setting a state twice changes nothing) and
     * answers the new profile with `undo`, the changes that restore each target's state before.
     */
    async steer(user: { id: string; interests: string[] }, changes: readonly SteeringChange[]) {
      const undo = await db.transaction(async (tx) => {
        const before = await steeringStates(tx, user.id);
        const restore = new Map<string, SteeringChange>();
        for (const c of changes) {
          const id = `${c.kind}:${c.key}`;
          if (!restore.has(id)) restore.set(id, { ...c, state: before.get(id) ?? 'none' });
        }
        await applySteering(tx, user.id, changes, clock.now());
        return [...restore.values()];
      });
      return {
        message: RECOMMENDATION_CONTROL_MESSAGES.steered,
        applied: changes.map(({ kind, key, state }) => ({ kind, key, state })),
        undo,
        ...(await profile(db, user)),
      };
    },
  };
}

/** Writes each change (the last one wins for a target); pass a transaction. */
export async function applySteering(
  tx: DbExecutor,
  userId: string,
  changes: readonly SteeringChange[],
  now: Date,
): Promise<void> {
  for (const c of changes) {
    await controlsRepo.setSteering(tx, userId, c.kind, c.key, c.state as SteeringState, now);
  }
}

const round = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 100) / 100;
