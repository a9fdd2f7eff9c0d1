import { PgBoss } from 'pg-boss';
import type { Logger } from '../../lib/logger.js';

/**
 * Timed work on a queue kept in PostgreSQL (pg-boss, in its own schema `pgboss`): each job runs on
 * a cron schedule, once per occurrence across every instance on the database, and a run that
 * fails or dies with its instance is retried by the engine, not by timers of our own. A job
 * decides what is due from the app's clock, not from when the queue woke it.
 */

/** A job on a schedule: `cron` in UTC, minute precision. */
export interface ScheduledJob {
  name: string;
  cron: string;
  run(): Promise<unknown>;
}

export interface JobQueueOptions {
  /** PostgreSQL itself (DATABASE_DIRECT_URL): the engine keeps sessions of its own. */
  connectionString: string;
  jobs: ScheduledJob[];
  logger: Logger;
  /** Off: only `send` starts a run (tests drive the queue without waiting for the minute). */
  schedule?: boolean;
  /** How often a worker looks for a job, in seconds (at least 0.5). */
  pollingIntervalSeconds?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobQueue {
  /** Queues a run of a job now; null when one is already waiting (it covers this one). */
  send(name: string): Promise<string | null>;
  /** Where a run stands (tests wait for `completed`). */
  stateOf(name: string, id: string): Promise<JobState | undefined>;
  /** Stops taking jobs, waits (at most `timeoutMs`) for the runs in flight, closes its pool. */
  stop(timeoutMs?: number): Promise<void>;
}

export async function startJobQueue({
  connectionString,
  jobs,
  logger,
  schedule = true,
  pollingIntervalSeconds = 2,
}: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 3,
    application_name: 'lede-jobs',
    schedule,
  });
  // A query that failed (the database away, say): the engine tries again on its own.
  boss.on('error', (err) => logger.warn({ err }, 'job queue error'));
  boss.on('warning', (warning) => logger.info({ warning }, 'job queue warning'));
  await boss.start();
  for (const job of jobs) {
    // Stately: one run waiting and one running at most, so a slow run never piles up ticks.
    await boss.createQueue(job.name, {
      policy: 'stately',
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: 24 * 3600,
    });
    if (schedule) await boss.schedule(job.name, job.cron);
    await boss.work(job.name, { pollingIntervalSeconds }, async () => {
      await job.run();
    });
  }
  return {
    send: (name) => boss.send(name, {}),
    async stateOf(name, id) {
      const [job] = await boss.findJobs(name, { id });
      return job?.state;
    },
    stop: (timeoutMs = 5_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
