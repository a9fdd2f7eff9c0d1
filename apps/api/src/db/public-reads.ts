import type pg from 'pg';
import type { Changes, Dependency } from '../changes/index.js';
import { isDatabaseUnavailable } from './client.js';

/**
 * Where a public answer (a list, a search, an article, a story) is read: a streaming replica
 * (DATABASE_READ_URL) when it has replayed every change the answer shows, else the primary.
 *
 * A change is announced (../changes) after its transaction committed, by this instance or,
 * through NOTIFY, by another. The first read after an announcement notes the primary's WAL
 * position (one `pg_current_wal_insert_lsn()`), which is past that commit; each read asks the
 * replica how far it replayed (`pg_last_wal_replay_lsn()`). The newest change version whose
 * position the replica passed is what it is known to hold:
 *
 * - a change of the set of articles since then: read from the primary;
 * - otherwise from the replica, and again from the primary when the answer shows an article
 *   whose counters changed since (a reader's own like), or when the replica is unreachable.
 *
 * So a like never vanishes from the liker's next answer, through any instance, however far the
 * replica lags; what nobody announced (a row written by hand) shows once the replica has it.
 */
export interface PublicReads<S> {
  read<T>(load: (source: S) => Promise<T>, depends: (value: T) => Dependency): Promise<T>;
}

interface Side<S> {
  source: S;
  pool: pg.Pool;
}

/** Unreplayed marks kept at most; past it the oldest go, which only sends more to the primary. */
const MAX_MARKS = 1_000;

/** A WAL position (`16/B374D848`) as a number. */
export function walPosition(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

export function createPublicReads<S>({
  primary,
  replica,
  changes,
}: {
  primary: Side<S>;
  /** Absent: everything is read from the primary. */
  replica?: Side<S>;
  changes: Pick<Changes, 'articlesVersion' | 'articlesSetChangedSince' | 'stillValid'>;
}): PublicReads<S> {
  if (!replica) return { read: (load) => load(primary.source) };
  const replicaSide = replica;

  /** Every change up to `version` was committed at or before `position` on the primary. */
  const marks: Array<{ version: number; position: bigint }> = [];
  /** The newest version the replica was seen to hold. */
  let replayed = changes.articlesVersion();
  let marked = replayed;

  async function markCurrentVersion(): Promise<void> {
    const version = changes.articlesVersion();
    if (version <= marked) return;
    marked = version;
    try {
      const { rows } = await primary.pool.query<{ lsn: string }>(
        'select pg_current_wal_insert_lsn()::text as lsn',
      );
      marks.push({ version, position: walPosition(rows[0]!.lsn) });
      if (marks.length > MAX_MARKS) marks.shift();
    } catch (err) {
      // Unmarked, it counts as replayed only once a later version's mark does.
      if (!isDatabaseUnavailable(err)) throw err;
    }
  }

  /** The newest change version the replica holds, from how far it replayed now. */
  async function replayedVersion(): Promise<number> {
    const { rows } = await replicaSide.pool.query<{ lsn: string | null }>(
      'select pg_last_wal_replay_lsn()::text as lsn',
    );
    const lsn = rows[0]?.lsn;
    // Not in recovery: the server is the primary itself (or a read-only role on it).
    const position = lsn == null ? undefined : walPosition(lsn);
    for (let i = marks.length - 1; i >= 0; i--) {
      const mark = marks[i]!;
      if (position === undefined || mark.position <= position) {
        replayed = Math.max(replayed, mark.version);
        marks.splice(0, i + 1);
        break;
      }
    }
    if (position === undefined) replayed = Math.max(replayed, marked);
    return replayed;
  }

  async function fromReplica<T>(
    load: (source: S) => Promise<T>,
    depends: (value: T) => Dependency,
  ): Promise<{ value: T } | undefined> {
    try {
      const holds = await replayedVersion();
      if (changes.articlesSetChangedSince(holds)) return undefined;
      const value = await load(replicaSide.source);
      return changes.stillValid(holds, depends(value)) ? { value } : undefined;
    } catch (err) {
      if (isDatabaseUnavailable(err)) return undefined;
      throw err;
    }
  }

  return {
    async read(load, depends) {
      await markCurrentVersion();
      const answer = await fromReplica(load, depends);
      return answer ? answer.value : load(primary.source);
    },
  };
}
