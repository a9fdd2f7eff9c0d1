/**
 * Throwaway servers from Debian's packages, for the tests that need real ones beside the
 * embedded PostgreSQL: `postgresql` (initdb, pg_basebackup and postgres under
 * /usr/lib/postgresql/<major>/bin) and `pgbouncer`. Each listens on 127.0.0.1 on a free port, keeps its files in a temporary
 * directory, and is stopped by its PID. Both refuse to run as root: under root (CI), they run as
 * Debian's `postgres` user.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface DebianBinaries {
  /** /usr/lib/postgresql/<major>/bin */
  pgBin: string;
  pgbouncer: string;
}

const PGBOUNCER_PATHS = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

/** The binaries, or what is missing (for the skip message). */
export function findDebianBinaries(): DebianBinaries | { missing: string } {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((major) => existsSync(path.join(root, major, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const pgbouncer = PGBOUNCER_PATHS.find((file) => existsSync(file));
  const missing = [
    majors.length === 0 ? '/usr/lib/postgresql/*/bin/initdb' : undefined,
    pgbouncer ? undefined : 'pgbouncer',
  ].filter(Boolean);
  if (missing.length > 0 || !pgbouncer)
    return {
      missing: `${missing.join(' and ')} not found (apt-get install postgresql pgbouncer)`,
    };
  return { pgBin: path.join(root, majors[0]!, 'bin'), pgbouncer };
}

/** Who the servers run as: this user, or `postgres` when this is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  pid: number;
  /** What it wrote so far (for failure messages). */
  output(): string;
  /** Signals it by PID, then SIGKILL when it is still there after `ms`. */
  stop(ms?: number): Promise<void>;
}

function startProcess(
  file: string,
  args: string[],
  stopSignal: NodeJS.Signals,
  user: ReturnType<typeof serverUser>,
): ServerProcess {
  const child: ChildProcess = spawn(file, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(user ?? {}),
  });
  let text = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid!;
  return {
    pid,
    output: () => text,
    async stop(ms = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, stopSignal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, ms, 'late')));
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        process.kill(pid, 'SIGKILL');
        await exited;
      }
    },
  };
}

/** Tries to connect to `url` until it answers, or fails after `ms`. */
async function waitForServer(url: string, server: ServerProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(
          `${url} did not answer within ${ms} ms (${String(err)}):\n${server.output()}`,
        );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The arguments every server of these tests runs with: 127.0.0.1 only, nothing synced. */
const serverArgs = (data: string, port: number, socketDir: string) => [
  '-D',
  data,
  '-p',
  String(port),
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  `unix_socket_directories=${socketDir}`,
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
  '-c',
  'max_connections=100',
];

/** A new temporary directory the servers' user owns. */
async function serverDirectory(prefix: string, user: ReturnType<typeof serverUser>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  if (user) await fs.chown(dir, user.uid, user.gid);
  return dir;
}

export interface DebianServers {
  /** postgres://postgres@127.0.0.1:<port>/<database>: PostgreSQL itself. */
  directUrl: string;
  /** The same database through PgBouncer in transaction mode. */
  pooledUrl: string;
  postgres: ServerProcess;
  pgbouncer: ServerProcess;
  /** Stops both by PID and removes the directory. */
  stop(): Promise<void>;
}

/**
 * A new PostgreSQL cluster (initdb, trust on 127.0.0.1 only, no fsync) with one database, and
 * PgBouncer in transaction mode in front of it, both in a new temporary directory (removed by
 * `stop`) that the servers' user owns.
 */
export async function startDebianServers(
  binaries: DebianBinaries,
  { database = 'lede', poolSize = 20 } = {},
): Promise<DebianServers> {
  const user = serverUser();
  const dir = await serverDirectory('lede-debian-pg-', user);
  const data = path.join(dir, 'data');
  execFileSync(
    path.join(binaries.pgBin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
    { stdio: 'pipe', ...(user ?? {}) },
  );
  const pgPort = await freePort();
  const postgres = startProcess(
    path.join(binaries.pgBin, 'postgres'),
    serverArgs(data, pgPort, dir),
    // Fast shutdown: open sessions are ended.
    'SIGINT',
    user,
  );
  const servers: Partial<DebianServers> = { postgres };
  const stop = async () => {
    await servers.pgbouncer?.stop();
    await postgres.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    const admin = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    await waitForServer(admin, postgres, 15_000);
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${database}`);
    await client.end();

    const bouncerPort = await freePort();
    const ini = path.join(dir, 'pgbouncer.ini');
    await fs.writeFile(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
    // No ignore_startup_parameters: a start-up `options` is refused, as by default.
    await fs.writeFile(
      ini,
      [
        '[databases]',
        `${database} = host=127.0.0.1 port=${pgPort} dbname=${database}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${bouncerPort}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${poolSize}`,
        'max_client_conn = 500',
        'server_reset_query =',
        '',
      ].join('\n'),
    );
    if (user) {
      await fs.chown(ini, user.uid, user.gid);
      await fs.chown(path.join(dir, 'userlist.txt'), user.uid, user.gid);
    }
    // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
    servers.pgbouncer = startProcess(binaries.pgbouncer, [ini], 'SIGTERM', user);
    const pooledUrl = `postgres://postgres@127.0.0.1:${bouncerPort}/${database}`;
    await waitForServer(pooledUrl, servers.pgbouncer, 10_000);
    return {
      directUrl: `postgres://postgres@127.0.0.1:${pgPort}/${database}`,
      pooledUrl,
      postgres,
      pgbouncer: servers.pgbouncer,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export interface Replica {
  /** postgres://postgres@127.0.0.1:<port>/<database> on the standby (read-only). */
  url: string;
  postgres: ServerProcess;
  /** Stops it by PID and removes its directory. */
  stop(): Promise<void>;
}

/**
 * A hot standby of `primaryUrl`'s server, streaming from it: `pg_basebackup -R` (which writes
 * primary_conninfo and standby.signal) into a new temporary directory, then `postgres` on a port
 * of its own. initdb's pg_hba.conf already trusts replication connections from 127.0.0.1.
 */
export async function startReplica(
  binaries: DebianBinaries,
  primaryUrl: string,
  database = 'lede',
): Promise<Replica> {
  const user = serverUser();
  const dir = await serverDirectory('lede-debian-replica-', user);
  const data = path.join(dir, 'data');
  const primary = new URL(primaryUrl);
  execFileSync(
    path.join(binaries.pgBin, 'pg_basebackup'),
    [
      '-h',
      primary.hostname,
      '-p',
      primary.port,
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--checkpoint=fast',
      '--no-sync',
    ],
    { stdio: 'pipe', ...(user ?? {}) },
  );
  const port = await freePort();
  const postgres = startProcess(
    path.join(binaries.pgBin, 'postgres'),
    serverArgs(data, port, dir),
    'SIGINT',
    user,
  );
  const stop = async () => {
    await postgres.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await waitForServer(url, postgres, 15_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, postgres, stop };
}
