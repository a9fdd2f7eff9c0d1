import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface PoolSettings {
  /** Connections at most (DATABASE_POOL_MAX). */
  max: number;
  /**
   * How long a query waits for a free connection before failing, which the API answers 503
   * (DATABASE_POOL_WAIT_MS); 0 waits forever.
   */
  acquireTimeoutMs?: number;
  /**
   * What the URL points at (DATABASE_POOLER): `none`, PostgreSQL or a session pooler, keeps the
   * named prepared statements and the start-up `plan_cache_mode`; `transaction`, a transaction
   * pooler, gets neither (see unnamedStatements).
   */
  pooler?: DatabasePooler;
}

export type DatabasePooler = 'none' | 'transaction';

/**
 * Every named (prepared) statement is planned for the values it is run with. The search
 * statement is prepared once per connection, so PostgreSQL no longer parses and analyses its
 * text on every search (about 0.4 ms of its CPU each at 100,000 articles); but once a statement
 * has run five times PostgreSQL may switch to one generic plan, and no one plan suits both a rare
 * word (the GIN index) and a common one (a walk down the dates): see the articles README.
 * A `DATABASE_URL` carrying its own `options` parameter replaces this (the driver's rule).
 */
const CONNECTION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

export function openDatabase(
  connectionString: string,
  settings: number | PoolSettings = 10,
): DatabaseHandle {
  const {
    max,
    acquireTimeoutMs = 0,
    pooler = 'none',
  } = typeof settings === 'number' ? { max: settings } : settings;
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: acquireTimeoutMs,
    // A transaction pooler refuses start-up options (PgBouncer: unless ignore_startup_parameters
    // drops them, silently); an unnamed statement is planned for its own values anyway.
    ...(pooler === 'transaction' ? {} : { options: CONNECTION_OPTIONS }),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // Nor one checked out (a transaction between two of its queries), which pg reports on the
  // client itself: its next query fails (503) and the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (pooler === 'transaction') unnamedStatements(client);
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * Behind a transaction pooler each transaction (each statement outside one) may run on another
 * server connection, so a statement named on one is unknown on the next (`26000`), or named
 * twice (`42P05`). This client sends every statement unnamed: what Drizzle's `.prepare(name)`
 * and a `{ name, text }` query config ask for is parsed anew each time, in the same round trip.
 * Called once per connection, before the pool lends it (its 'connect' event).
 */
export function unnamedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      'name' in config &&
      config.name !== undefined &&
      typeof (config as { submit?: unknown }).submit !== 'function'
    ) {
      const { name: _name, ...unnamedConfig } = config as pg.QueryConfig;
      return query(unnamedConfig, ...rest);
    }
    return query(config, ...rest);
  };
  (client as unknown as { query: typeof unnamed }).query = unnamed;
}

/**
 * The pool behind a handle (what `drizzle(pool)` returned carries it), for the few statements
 * sent as fixed text rather than built per call.
 */
export const poolOf = (db: Database): pg.Pool => (db as Database & { $client: pg.Pool }).$client;

export async function isDatabaseReachable(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}

/** isDatabaseReachable for many callers at once: those who ask while a check runs share it. */
export function sharedReachabilityCheck(pool: pg.Pool): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () =>
    (running ??= isDatabaseReachable(pool).finally(() => {
      running = undefined;
    }));
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_INVALID_PARAMETER_VALUE = '22023';

/** The PostgreSQL/driver error code of an error, looking through Drizzle's wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Driver and server codes that mean "the database cannot be reached now", not a bug. */
const UNAVAILABLE_CODES = new Set([
  // the socket: refused while the server is down, cut when it dies, or unresolvable meanwhile
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, recovering)
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections
  '53300',
]);

/** pg's own errors for a connection lost or never made; they carry no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when `err` says the database is unreachable for now (down, restarting, connection cut),
 * looking through Drizzle's wrapping (`cause`) and Node's AggregateError (`errors`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 5 || seen.has(e)) return false;
    seen.add(e);
    const { code, syscall, message, cause, errors } = e as {
      code?: unknown;
      syscall?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return true; // class 08: connection exceptions
    }
    // A Unix socket's file is removed when its server shuts down.
    if (code === 'ENOENT' && syscall === 'connect') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.includes(message)) return true;
    if (Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1))) return true;
    return visit(cause, depth + 1);
  };
  return visit(err, 0);
}
