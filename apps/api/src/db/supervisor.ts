import type { Logger } from '../lib/logger.js';
import type { EmbeddedServer, PostmasterExit } from './embedded.js';

/** Waits between restart attempts: quick at first (a crash restarts in about a second), then capped. */
export const RESTART_BACKOFF_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export interface Supervisor {
  /** Restarts done since supervision began. */
  restarts(): number;
  /** True while the postmaster is down and being brought back. */
  recovering(): boolean;
  /**
   * Stops supervising: no restart begins after this, and one under way is waited for, so the
   * caller can then stop the server knowing nothing starts it again behind its back.
   */
  stop(): Promise<void>;
}

/**
 * Keeps the embedded PostgreSQL running: when its postmaster exits without being asked to (a
 * crash, an OOM kill, `pg_ctl stop`), it is started again on the same data directory and
 * socket (or port), with backoff between failed attempts, each step logged. The pool needs
 * nothing: pg drops the clients whose connection died and opens new ones on demand.
 */
export function superviseEmbeddedPostgres(
  server: EmbeddedServer,
  logger: Logger,
  backoffMs: readonly number[] = RESTART_BACKOFF_MS,
): Supervisor {
  let stopped = false;
  let restarts = 0;
  let recovery: Promise<void> | undefined;
  let cancelWait: (() => void) | undefined;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        cancelWait = undefined;
        resolve();
      }
      cancelWait = done;
    });

  async function recover(exit: PostmasterExit): Promise<void> {
    const downSince = performance.now();
    logger.error(
      { pid: exit.pid, code: exit.code, signal: exit.signal, dataDir: server.dataDir },
      'embedded PostgreSQL exited unexpectedly; restarting it',
    );
    for (let attempt = 1; !stopped; attempt++) {
      const delay = backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 1_000;
      await wait(delay);
      if (stopped) break;
      logger.info(
        { attempt, socketDir: server.socketDir, port: server.port },
        'starting embedded PostgreSQL again',
      );
      try {
        await server.restart();
        restarts++;
        logger.info(
          { attempt, pid: server.pid(), downMs: Math.round(performance.now() - downSince) },
          'embedded PostgreSQL is back',
        );
        return;
      } catch (err) {
        if (stopped) break;
        const next = backoffMs[Math.min(attempt, backoffMs.length - 1)] ?? 1_000;
        logger.warn(
          { attempt, nextAttemptInMs: next, err: err instanceof Error ? err.message : String(err) },
          'embedded PostgreSQL did not start; trying again',
        );
      }
    }
    logger.info('embedded PostgreSQL restart abandoned: supervision stopped');
  }

  /** An exit reported while a recovery was finishing: handled as soon as that one ends. */
  let exitedMeanwhile: PostmasterExit | undefined;
  const onExit = (exit: PostmasterExit) => {
    if (stopped) return;
    if (recovery) {
      exitedMeanwhile = exit;
      return;
    }
    recovery = recover(exit)
      .catch((err: unknown) => logger.error({ err }, 'embedded PostgreSQL supervisor failed'))
      .finally(() => {
        recovery = undefined;
        const again = exitedMeanwhile;
        exitedMeanwhile = undefined;
        if (again && server.pid() === undefined) onExit(again);
      });
  };
  const unsubscribe = server.onUnexpectedExit(onExit);
  logger.debug({ pid: server.pid() }, 'supervising embedded PostgreSQL');

  return {
    restarts: () => restarts,
    recovering: () => recovery !== undefined,
    async stop() {
      stopped = true;
      unsubscribe();
      cancelWait?.();
      await recovery;
    },
  };
}
