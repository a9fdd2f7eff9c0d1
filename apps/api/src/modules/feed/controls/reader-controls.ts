/**
 * Reader controls: "Fewer like this", hidden sources with undo, and the lists the
 * profile page shows — hidden sources, muted topics and the topics the feed learned (with a way
 * to remove one). Stored in reader_controls; the feed builder hands them to the ranker.
 */
import {
  CATEGORY_IDS,
  MESSAGES,
  SUBJECT_KEY_PATTERN,
  type CategoryId,
  type FewerUndo,
  type HiddenSource,
  type LearnedTopic,
  type MutedTopic,
  type ReaderControlLists,
  type SteeringKind,
} from '@lede/shared';
import type { DbExecutor } from '../../../db/client.js';
import type { AppDeps } from '../../../deps.js';
import { ApiError } from '../../../lib/errors.js';
import {
  categoryTitle,
  learnedReason,
  learnedTopics,
  normaliseInterests,
  topicFeedback,
  featureLabel,
  subjectFeatures,
  subjectKey,
  type ReaderControls,
  type SteeredSubject,
  type Steering,
} from '../ranker/index.js';
import { RESET_ALL_TOPICS } from '../ranker/profile.js';
import { namedEntities, storedSubjectFeatures } from '../ranker/subject-features.js';
import { SUBJECT_KEY_FEATURES, SUBJECT_MIN_DF } from '../ranker/tunables.js';
import { stem } from '../../../lib/text/index.js';
import {
  readerControlsRepository as controlsRepo,
  type ReaderControlKind,
  type ReaderControlRow,
} from './reader-controls.repository.js';
import { signalsRepository as repo } from '../candidates/signals.repository.js';
import { feedRepository as feedRepo } from '../stored/feed.repository.js';
import {
  CANDIDATE_WINDOW_DAYS,
  FEED_SIZE,
  HISTORY_EVENTS,
  REMEMBERED_DISLIKES,
} from '../feed.settings.js';

const DAY_MS = 86_400_000;

/**
 * "Fewer like this" turns down the story's subject: its names and phrases, and a
 * single word only when at most max(SUBJECT_MIN_DF, this share) of the articles carry it.
 */
export const FEWER_WORD_MAX_DF_SHARE = 0.001;
/** The profile page lists at most this many learned topics, strongest first. */
export const LEARNED_TOPICS_SHOWN = 5;

const CATEGORY_SET: ReadonlySet<string> = new Set(CATEGORY_IDS);

/** The subject "Fewer like this" turns down: its key (`steer`'s), features and shown terms. */
export interface FewerSubject {
  key: string;
  features: string[];
  /** As shown: names and phrases as the text writes them, then the words. */
  terms: string[];
}

/**
 * The subject of an article, as the ranker reads subjects (subject-features.ts): its names and
 * phrases (`@` + the phrase) heaviest first, then its single salient words rare in the corpus
 * (`rare(word)`), at most SUBJECT_KEY_FEATURES. Never a lone word: with fewer than two features
 * it is a subject only when that one is a name or phrase; else undefined. An article stored
 * before its salient terms were (no `terms`) gives its names and phrases only.
 */
export function fewerSubject(
  article: {
    title: string;
    description: string;
    keywords: readonly string[];
    terms: readonly string[];
  },
  rare: (word: string) => boolean,
): FewerSubject | undefined {
  const { terms: words, entities } =
    article.terms.length > 0
      ? storedSubjectFeatures(article.terms, article.title, article.description)
      : {
          terms: [],
          entities: namedEntities(article.keywords, article.title, article.description),
        };
  const chosen: Array<{ feature: string; label: string }> = [];
  const fits = (feature: string) =>
    SUBJECT_KEY_PATTERN.test(feature) && !chosen.some((c) => c.feature === feature);
  for (const e of entities) {
    const feature = `@${e.key}`;
    if (chosen.length < SUBJECT_KEY_FEATURES && fits(feature))
      chosen.push({ feature, label: e.label });
  }
  for (const word of words) {
    if (chosen.length < SUBJECT_KEY_FEATURES && fits(word) && rare(word))
      chosen.push({ feature: word, label: word });
  }
  if (chosen.length === 0) return undefined;
  if (chosen.length === 1 && !chosen[0]!.feature.startsWith('@')) return undefined;
  const features = chosen.map((c) => c.feature);
  return {
    key: subjectKey(features),
    features: subjectKey(features).split('|'),
    terms: chosen.map((c) => (c.feature.startsWith('@') ? c.label : featureLabel(c.feature))),
  };
}

export const loadReaderControls = (db: DbExecutor, userId: string) => controlsRepo.all(db, userId);

/**
 * The ranker's view of the rows. `gapMs` shifts the removal times of learned topics onto the
 * corpus timeline, as the feed builder shifts the history (see onCorpusTimeline).
 */
/**
 * The rows as the ranker takes them. A category the reader declared is never muted: only their
 * own steering turns it down (a mute from before they declared it no longer counts).
 */
export function toRankControls(
  rows: readonly ReaderControlRow[],
  gapMs = 0,
  declared: readonly string[] = [],
): ReaderControls {
  const hiddenSources = new Set<string>();
  const mutedCategories = new Map<string, number>();
  const mutedKeywords = new Map<string, number>();
  const fewerArticleIds = new Set<string>();
  const forgottenTopics = new Map<string, Date>();
  const steeredCategories = new Map<string, Steering>();
  const steeredSubjects: SteeredSubject[] = [];
  for (const row of rows) {
    const steering = steeringOfKind(row.kind);
    if (steering) {
      const target = parseSteeringValue(row.value);
      if (target?.kind === 'category') steeredCategories.set(target.key, steering);
      else if (target)
        steeredSubjects.push({
          key: target.key,
          features: subjectFeatures(target.key),
          state: steering,
        });
    } else if (row.kind === 'source') hiddenSources.add(row.value);
    else if (row.kind === 'category') {
      if (!declared.includes(row.value)) mutedCategories.set(row.value, row.count);
    } else if (row.kind === 'keyword') mutedKeywords.set(row.value, row.count);
    else if (row.kind === 'article') fewerArticleIds.add(row.value);
    else forgottenTopics.set(row.value, new Date(row.updatedAt.getTime() - gapMs));
  }
  return {
    hiddenSources,
    mutedCategories,
    mutedKeywords,
    fewerArticleIds,
    forgottenTopics,
    steeredCategories,
    steeredSubjects,
  };
}

/**
 * "Reset interests": what the feed learned is cleared, as the dialog says. Every
 * like, save, share and read until `now` no longer teaches it (a `forgotten` row for all topics,
 * RESET_ALL_TOPICS: the learned topics and subjects and the content profile start empty), and
 * the steering of subjects and categories is removed. Saved articles, likes, dislikes, hidden
 * sources and muted topics stay. Pass the transaction that clears the interests.
 */
export async function resetLearning(tx: DbExecutor, userId: string, now: Date): Promise<void> {
  await controlsRepo.removeKinds(tx, userId, ['steer_up', 'steer_down', 'steer_off']);
  await controlsRepo.add(tx, userId, [{ kind: 'forgotten', value: RESET_ALL_TOPICS }], now, {
    bump: false,
  });
}

/** Steering rows: kind `steer_<state>`, value `<kind>:<key>`. */
function steeringOfKind(kind: ReaderControlKind): Steering | undefined {
  if (kind === 'steer_up') return 'up';
  if (kind === 'steer_down') return 'down';
  if (kind === 'steer_off') return 'off';
  return undefined;
}

/** The reader's steering: `<kind>:<key>` → state (targets in `none` are absent). */
export async function steeringStates(
  db: DbExecutor,
  userId: string,
): Promise<Map<string, Steering>> {
  const out = new Map<string, Steering>();
  for (const row of await controlsRepo.all(db, userId)) {
    const state = steeringOfKind(row.kind);
    if (state) out.set(row.value, state);
  }
  return out;
}
function parseSteeringValue(value: string): { kind: SteeringKind; key: string } | undefined {
  const at = value.indexOf(':');
  const kind = value.slice(0, at);
  if (kind !== 'category' && kind !== 'subject') return undefined;
  return { kind, key: value.slice(at + 1) };
}

export type ReaderControlsService = ReturnType<typeof createReaderControlsService>;

export function createReaderControlsService(deps: Pick<AppDeps, 'db' | 'clock' | 'changes'>) {
  const { db, clock } = deps;
  const { changingFeed } = deps.changes;

  /** The articles of each source in the feed's candidate window, the `hidden` ones left out. */
  async function windowSources(hidden: readonly string[]): Promise<Map<string, number>> {
    const window = await repo.corpusWindow(db, clock.now(), CANDIDATE_WINDOW_DAYS);
    if (!window) return new Map();
    const since = new Date(window.anchor.getTime() - CANDIDATE_WINDOW_DAYS * DAY_MS);
    return controlsRepo.articlesBySource(db, since, window.anchor, hidden);
  }

  const hiddenOf = (rows: readonly ReaderControlRow[]) =>
    rows.filter((r) => r.kind === 'source').map((r) => r.value);

  async function list(userId: string, interests: readonly string[]): Promise<ReaderControlLists> {
    const rows = await controlsRepo.all(db, userId);
    const sources = await windowSources(hiddenOf(rows));
    const history = await repo.readerHistory(db, userId, {
      events: HISTORY_EVENTS,
      dislikes: REMEMBERED_DISLIKES,
    });
    const declared = normaliseInterests(interests);
    const controls = toRankControls(rows, 0, declared);
    // Each topic in one state: a declared one is listed with the interests, not here.
    const learned = learnedTopics(
      topicFeedback(history, clock.now().getTime(), controls.forgottenTopics),
    )
      .filter((f) => CATEGORY_SET.has(f.category) && !declared.includes(f.category))
      .slice(0, LEARNED_TOPICS_SHOWN);
    const hiddenSources: HiddenSource[] = rows
      .filter((r) => r.kind === 'source')
      .map((r) => ({ source_name: r.value, hiddenAt: r.updatedAt.toISOString() }));
    const mutedTopics: MutedTopic[] = rows
      .filter((r) => r.kind === 'keyword' || (r.kind === 'category' && !declared.includes(r.value)))
      .map((r) => ({
        kind: r.kind as MutedTopic['kind'],
        value: r.value,
        label: r.kind === 'category' ? categoryTitle(r.value) : r.value,
        count: r.count,
        mutedAt: r.updatedAt.toISOString(),
      }));
    const learnedTopicsOut: LearnedTopic[] = learned.map((f) => ({
      category: f.category as CategoryId,
      label: categoryTitle(f.category),
      count: f.positives,
      declared: interests.includes(f.category),
      reason: learnedReason(f),
    }));
    return {
      hiddenSources,
      mutedTopics,
      learnedTopics: learnedTopicsOut,
      feedSources: sources.size,
    };
  }

  return {
    list: (user: { id: string; interests: string[] }) => list(user.id, user.interests),

    /**
     * Fewer like this: never shows the article again (it and the rest of its story
     * leave the current feed) and turns the story's subject down (`fewerSubject`; a subject
     * already off stays off). Nothing is muted: a lone word, common or not, is never turned
     * down, nor a category (only the reader's steering turns one down). The answer's `undo`
     * (the article, the time of the change and the subject's state before) is what
     * `undoFewer` takes back.
     */
    async fewerLikeThis(user: { id: string; interests: string[] }, articleId: string) {
      const article = await controlsRepo.articleSubject(db, articleId);
      if (!article) throw ApiError.notFound(MESSAGES.articles.notFound);
      const singles = article.terms.filter((t) => !t.includes(' '));
      const { total, df } = await controlsRepo.wordFrequencies(db, [
        ...new Set(singles.map((w) => stem(w))),
      ]);
      const maxDf = Math.max(SUBJECT_MIN_DF, FEWER_WORD_MAX_DF_SHARE * total);
      const subject = fewerSubject(article, (word) => (df.get(stem(word)) ?? 0) <= maxDf);
      const now = clock.now();
      const steering = await changingFeed(user.id, () =>
        db.transaction(async (tx) => {
          const undo: FewerUndo['steering'] = [];
          if (subject) {
            const before =
              (await steeringStates(tx, user.id)).get(`subject:${subject.key}`) ?? 'none';
            if (before !== 'down' && before !== 'off') {
              await controlsRepo.setSteering(tx, user.id, 'subject', subject.key, 'down', now);
              undo.push({ kind: 'subject', key: subject.key, state: before });
            }
          }
          await controlsRepo.add(tx, user.id, [{ kind: 'article', value: articleId }], now, {
            bump: false,
          });
          await controlsRepo.retireStoryOf(tx, user.id, articleId, now);
          return undo;
        }),
      );
      return {
        ...(await list(user.id, user.interests)),
        subject: subject
          ? { key: subject.key, label: subject.terms.slice(0, 3).join(' · '), terms: subject.terms }
          : null,
        undo: { article_id: articleId, at: now.toISOString(), steering },
      };
    },

    /**
     * Undoes the reader's own "Fewer like this": the article (and its story's rows retired with
     * it) back in the feed, and each subject it turned down back to its state before, unless
     * the reader steered it since. 404 when the reader has no such change to undo (another
     * reader's `undo`, or one already undone); nothing changes then.
     */
    async undoFewer(user: { id: string; interests: string[] }, undo: FewerUndo) {
      const at = new Date(undo.at);
      await changingFeed(user.id, () =>
        db.transaction(async (tx) => {
          const row = await controlsRepo.find(tx, user.id, 'article', undo.article_id);
          if (!row || row.updatedAt.getTime() !== at.getTime())
            throw ApiError.notFound(MESSAGES.recommendations.nothingToUndo);
          await controlsRepo.remove(tx, user.id, ['article'], undo.article_id);
          await controlsRepo.restoreRetired(tx, user.id, undo.article_id, at);
          const states = await steeringStates(tx, user.id);
          for (const s of undo.steering) {
            if (states.get(`subject:${s.key}`) !== 'down') continue;
            await controlsRepo.setSteering(tx, user.id, 'subject', s.key, s.state, clock.now());
          }
        }),
      );
      return list(user.id, user.interests);
    },

    /**
     * Hides a source: its articles leave the current feed now and never come back until undone.
     * Refused when the other sources hold less than a page of stories.
     */
    async hideSource(user: { id: string; interests: string[] }, sourceName: string) {
      const sources = await windowSources(hiddenOf(await controlsRepo.all(db, user.id)));
      let others = 0;
      for (const [source, count] of sources) if (source !== sourceName) others += count;
      if (sources.size > 0 && others < FEED_SIZE)
        throw ApiError.conflict(MESSAGES.recommendations.lastSource);
      await changingFeed(user.id, () =>
        db.transaction(async (tx) => {
          await controlsRepo.add(
            tx,
            user.id,
            [{ kind: 'source', value: sourceName }],
            clock.now(),
            {
              bump: false,
            },
          );
          await feedRepo.retireSource(tx, user.id, sourceName, clock.now());
        }),
      );
      return list(user.id, user.interests);
    },

    async unhideSource(user: { id: string; interests: string[] }, sourceName: string) {
      await controlsRepo.remove(db, user.id, ['source'], sourceName);
      return list(user.id, user.interests);
    },

    async unmuteTopic(
      user: { id: string; interests: string[] },
      kind: 'category' | 'keyword',
      value: string,
    ) {
      await controlsRepo.remove(db, user.id, [kind], value);
      return list(user.id, user.interests);
    },

    /** Removes a learned topic: what the reader did before now no longer teaches it. */
    async forgetTopic(user: { id: string; interests: string[] }, category: string) {
      await controlsRepo.add(db, user.id, [{ kind: 'forgotten', value: category }], clock.now(), {
        bump: false,
      });
      return list(user.id, user.interests);
    },
  };
}
