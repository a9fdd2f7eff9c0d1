/**
 * Black-box measures, computed through the real recommendations service on a real
 * PostgreSQL (embedded, temporary) with the bundled corpus, exactly as a client uses it:
 * set interests, refresh, like / save / dislike, refresh again. Each policy runs through the
 * same service — same candidate pool, same exclusions, same stored feed — with only the
 * ranking step swapped (the ranker or a baseline), and each measure compares a learner reader
 * with a control reader that has the same declared interests and does nothing.
 *
 *  - responsiveness: the learner likes one and saves one recent article of a topic outside its
 *    interests; (learner's share of the top 10 in that topic) − (control's share);
 *  - exhaustion: the control presses refresh 10 times; the mean share of the top 10 in its
 *    declared interests over the 10 pages, and the share on the 10th;
 *  - suppression: the learner dislikes 3 articles of one declared category from its feed;
 *    1 − (learner's share of the top 20 in that category) / (control's share).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createChanges } from '../../src/changes/index.js';
import { openDatabase } from '../../src/db/client.js';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';
import { users } from '../../src/db/schema.js';
import type { AppDeps } from '../../src/deps.js';
import { ManualClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { seedCorpusIfEmpty } from '../../src/modules/articles/index.js';
import { createReaderActionsService } from '../../src/modules/reader-actions/index.js';
import type { UserRow } from '../../src/modules/users/index.js';
import type { RankableArticle } from '../../src/modules/feed/ranker/index.js';
import { createFeedService, type RankFn } from '../../src/modules/feed/index.js';
import type { BaselineInput } from './baselines.js';
import { Mean } from './metrics.js';

export interface Scenario {
  interests: string[];
  /** A category outside `interests` the learner takes to (responsiveness). */
  likedTopic: string;
}

export interface BlackBoxMetrics {
  responsiveness: number;
  exhaustion: number;
  exhaustionAt10: number;
  suppression: number;
  scenarios: number;
}

/** A baseline as the service's ranking step: its order, no reasons. */
export function asRankFn(policy: (input: BaselineInput) => RankableArticle[]): RankFn {
  return (user, candidates, context) =>
    policy({
      interests: user.interests,
      candidates,
      now: context.now,
      seed: context.seed,
      limit: context.limit,
    }).map((article, i) => ({ article, score: context.limit - i, reasons: [], signals: {} }));
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Runs the three measures for every policy and every scenario set. Starts and stops its own
 * PostgreSQL; takes about a minute for 4 policies × 2 models × 8 scenarios.
 */
export async function runBlackBox(
  scenarioSets: Record<string, Scenario[]>,
  policies: Record<string, RankFn>,
): Promise<Record<string, Record<string, BlackBoxMetrics>>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-eval-pg-'));
  const server = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  const database = openDatabase(server.url());
  try {
    const logger = createLogger('silent');
    await runMigrations(database.db);
    await seedCorpusIfEmpty(database.db, logger);
    const clock = new ManualClock('2030-03-10T09:00:00Z');
    // The services read only the database and the clock.
    const deps = {
      db: database.db,
      pool: database.pool,
      clock,
      logger,
      changes: createChanges(),
    } as unknown as AppDeps;
    const interactions = createReaderActionsService(deps);
    let n = 0;
    const newReader = async (interests: string[]): Promise<UserRow> => {
      const [row] = await database.db
        .insert(users)
        .values({ email: `eval.${n++}@example.com`, name: 'Eval', passwordHash: 'x', interests })
        .returning();
      return row as UserRow;
    };
    const recentOf = async (topic: string, interests: string[], limit: number) => {
      const result = await database.pool.query<{ id: string }>(
        `select id from articles where categories @> array[$1]::text[]
         and not (categories && $2::text[]) order by pub_date desc, id limit $3`,
        [topic, interests, limit],
      );
      return result.rows.map((r) => r.id);
    };

    const out: Record<string, Record<string, BlackBoxMetrics>> = {};
    for (const [setName, scenarios] of Object.entries(scenarioSets)) {
      out[setName] = {};
      for (const [policyName, rankFn] of Object.entries(policies)) {
        const service = createFeedService(deps, { rank: rankFn });
        const topicShare = async (user: UserRow, k: number, test: (c: string[]) => boolean) => {
          const { items } = await service.refresh(user);
          return items.slice(0, k).filter((i) => test(i.article.categories)).length / k;
        };
        const m = {
          responsiveness: new Mean(),
          exhaustion: new Mean(),
          exhaustionAt10: new Mean(),
          suppression: new Mean(),
        };
        for (const s of scenarios) {
          const inTopic = (c: string[]) => c.includes(s.likedTopic);
          const declared = (c: string[]) => c.some((x) => s.interests.includes(x));

          // responsiveness
          const [learner, control] = [await newReader(s.interests), await newReader(s.interests)];
          await service.get(learner);
          await service.get(control);
          const [liked, saved] = await recentOf(s.likedTopic, s.interests, 2);
          if (liked && saved) {
            await interactions.toggleReaction(learner, liked, 'like');
            await interactions.toggleSave(learner, saved);
            m.responsiveness.add(
              (await topicShare(learner, 10, inTopic)) - (await topicShare(control, 10, inTopic)),
            );
          }

          // exhaustion
          const patient = await newReader(s.interests);
          let last = 0;
          for (let i = 0; i < 10; i++) {
            last = await topicShare(patient, 10, declared);
            m.exhaustion.add(last);
          }
          m.exhaustionAt10.add(last);

          // suppression
          const [critic, twin] = [await newReader(s.interests), await newReader(s.interests)];
          const { items } = await service.get(critic);
          await service.get(twin);
          const target = s.interests.find(
            (c) => items.filter((i) => i.article.categories.includes(c)).length >= 3,
          );
          if (target) {
            for (const item of items
              .filter((i) => i.article.categories.includes(target))
              .slice(0, 3))
              await interactions.toggleReaction(critic, item.article.id, 'dislike');
            const has = (c: string[]) => c.includes(target);
            const base = await topicShare(twin, 20, has);
            if (base > 0) m.suppression.add(1 - (await topicShare(critic, 20, has)) / base);
          }
          clock.advance(60_000);
        }
        out[setName]![policyName] = {
          responsiveness: round(m.responsiveness.value),
          exhaustion: round(m.exhaustion.value),
          exhaustionAt10: round(m.exhaustionAt10.value),
          suppression: round(m.suppression.value),
          scenarios: scenarios.length,
        };
      }
    }
    return out;
  } finally {
    await database.close();
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
