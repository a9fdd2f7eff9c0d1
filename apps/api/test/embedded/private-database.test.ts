/**
 * The embedded PostgreSQL once took postgres/postgres on a loopback port, so any
 * local process could read pending codes from the mail outbox or rewrite password hashes. Now
 * it listens on a socket in a directory only its owner may enter, with random passwords kept
 * in DATA_DIR (0600), and the app connects as a role that is no superuser; a data directory of
 * an older version is brought there on its first start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { MIGRATIONS_FOLDER, runMigrations } from '../../src/db/migrate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const helper = path.join(here, 'embedded-pg.ts');
const apiRoot = path.resolve(here, '../..');

interface Started {
  url: string;
  superuserUrl: string;
  port: number;
  socketDir?: string;
  credentialsFile: string;
  dataDir: string;
}

interface RunningServer extends Started {
  logs: string[];
  stop(): Promise<void>;
}

/** Starts the embedded server on `dataDir` in a process of its own (./embedded-pg.ts). */
async function startServer(dataDir: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', helper, dataDir], {
    cwd: apiRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => logs.push(chunk));
  const started = await new Promise<Started>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = /READY (.+)\n/.exec(out);
      if (line) resolve(JSON.parse(line[1]!) as Started);
    });
    child.once('exit', (code) =>
      reject(new Error(`the embedded PostgreSQL exited early (${code}): ${logs.join('')}`)),
    );
  });
  return { ...started, logs, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Leaves in `dataDir` what a version before the private database left there. */
async function initialiseAsBefore(dataDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', helper, dataDir, '--as-before-issue-39'],
    {
      cwd: apiRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let said = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`initialising as before failed (${code}): ${said}`);
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** What the server answers a login: 'connected', or PostgreSQL's error code. */
async function login(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return 'connected';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's address with the credentials of versions before the private database. */
function asPostgresPostgres(url: string): string {
  const legacy = new URL(url);
  legacy.username = 'postgres';
  legacy.password = 'postgres';
  return legacy.toString();
}

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

async function whoAmI(url: string) {
  const [row] = await query<{ current_user: string; rolsuper: boolean; rolcreatedb: boolean }>(
    url,
    'select current_user, rolsuper, rolcreatedb from pg_roles where rolname = current_user',
  );
  return row;
}

const migrationCount = readdirSync(MIGRATIONS_FOLDER).filter((file) =>
  file.endsWith('.sql'),
).length;

async function migrateAsApp(url: string): Promise<void> {
  const database = openDatabase(url, 1);
  try {
    await runMigrations(database.db);
  } finally {
    await database.close();
  }
}

describe('the embedded PostgreSQL of a new data directory', () => {
  let tmp: string;
  let server: RunningServer;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-private-pg-'));
    server = await startServer(path.join(tmp, 'pg'));
  });

  afterAll(async () => {
    await server?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('refuses postgres/postgres', async () => {
    expect(await login(asPostgresPostgres(server.url))).toBe('28P01'); // invalid_password
    expect(await login(server.superuserUrl)).toBe('connected');
  });

  it('keeps its generated passwords in DATA_DIR, readable by their owner only (0600)', async () => {
    expect(server.credentialsFile).toBe(path.join(tmp, 'pg-credentials.json'));
    expect(await modeOf(server.credentialsFile)).toBe(0o600);
    const kept = await fs.readFile(server.credentialsFile, 'utf8');
    expect(kept).toContain(new URL(server.url).password);
    expect(kept).toContain(new URL(server.superuserUrl).password);
  });

  it('listens on no TCP port, only on a socket in a directory only its user may enter (0700)', async () => {
    const socketDir = path.join(tmp, 'pg-socket');
    expect(server.socketDir).toBe(socketDir);
    expect(await modeOf(socketDir)).toBe(0o700);
    // The server's user: this one, or the `postgres` system user when this is root.
    expect((await fs.stat(socketDir)).uid).toBe((await fs.stat(server.dataDir)).uid);
    expect(await fs.readdir(socketDir)).toContain(`.s.PGSQL.${server.port}`);
    const [listening] = await query<{ listen_addresses: string }>(
      server.superuserUrl,
      'show listen_addresses',
    );
    expect(listening!.listen_addresses).toBe('');
  });

  it('connects the app as `lede`, no superuser, which migrates its database and may not touch the superuser', async () => {
    expect(await whoAmI(server.url)).toEqual({
      current_user: 'lede',
      rolsuper: false,
      rolcreatedb: false,
    });
    await migrateAsApp(server.url);
    const [migrated] = await query<{ n: number }>(
      server.url,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrated!.n).toBe(migrationCount);
    await expect(query(server.url, "alter role postgres password 'postgres'")).rejects.toThrow(
      /permission denied/,
    );
  });

  it('started again on the same data directory: the same socket and passwords, the same data', async () => {
    const before = server;
    await before.stop();
    server = await startServer(path.join(tmp, 'pg'));
    expect(server.url).toBe(before.url);
    expect(server.superuserUrl).toBe(before.superuserUrl);
    const [migrated] = await query<{ n: number }>(
      server.url,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrated!.n).toBe(migrationCount);
    expect((await whoAmI(server.url))?.rolsuper).toBe(false);
    expect(await login(asPostgresPostgres(server.url))).toBe('28P01');
  });
});

describe('a data directory of an older version (postgres/postgres, the superuser owning every table)', () => {
  let tmp: string;
  let server: RunningServer;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-private-pg-old-'));
    await initialiseAsBefore(path.join(tmp, 'pg'));
    server = await startServer(path.join(tmp, 'pg'));
  });

  afterAll(async () => {
    await server?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('is upgraded on its first start: postgres/postgres refused, the new passwords kept in DATA_DIR (0600)', async () => {
    expect(await login(asPostgresPostgres(server.url))).toBe('28P01');
    expect(await login(server.superuserUrl)).toBe('connected');
    expect(await modeOf(server.credentialsFile)).toBe(0o600);
  });

  it('the app connects as `lede`, no superuser, which now owns the older tables and functions and migrates them', async () => {
    expect((await whoAmI(server.url))?.rolsuper).toBe(false);
    const [notLede] = await query<{ n: number }>(
      server.superuserUrl,
      `select ((select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname in ('public', 'drizzle') and c.relowner <> 'lede'::regrole)
            + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname = 'public' and p.proowner <> 'lede'::regrole)
            + (select count(*) from pg_namespace
                where nspname = 'drizzle' and nspowner <> 'lede'::regrole)
            + (select count(*) from pg_database
                where datname = 'postgres' and datdba <> 'lede'::regrole))::int as n`,
    );
    expect(notLede!.n).toBe(0);
    // What the older version migrated is there, and the next migrations can alter it.
    const [migrated] = await query<{ n: number }>(
      server.url,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrated!.n).toBe(migrationCount);
    await migrateAsApp(server.url);
    await query(
      server.url,
      'alter table users add column upgrade_check int; alter table users drop column upgrade_check',
    );
  });
});

describe('a data directory whose socket path would be too long for the system', () => {
  let tmp: string;
  let server: RunningServer;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), `lede-private-pg-${'long'.repeat(25)}-`));
    server = await startServer(path.join(tmp, 'pg'));
  });

  afterAll(async () => {
    await server?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 instead, still with the generated passwords, and says why in its log', async () => {
    expect(server.socketDir).toBeUndefined();
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    expect(await login(asPostgresPostgres(server.url))).toBe('28P01');
    expect(await whoAmI(server.url)).toEqual({
      current_user: 'lede',
      rolsuper: false,
      rolcreatedb: false,
    });
    expect(server.logs.join('')).toMatch(
      /listens on 127\.0\.0\.1 \(TCP\), not on a Unix socket: the socket path would be \d+ bytes/,
    );
  });
});
