import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';

/**
 * How a database error is written to the log: what failed, never the values it failed on.
 *
 * Drizzle's `DrizzleQueryError` says `Failed query: … params: …` in its message (and its stack,
 * whose first line is the message), the parameters being e-mails, code hashes or password
 * hashes; PostgreSQL's `detail` quotes the row or key (`Key (email)=(…) already exists`,
 * `Failing row contains (…)`), `where` and `internalQuery` quote statements run inside the
 * server, and some messages quote the refused value (`invalid input syntax for type uuid: "…"`).
 * What is kept: the SQLSTATE code, severity, the schema/table/column/constraint named, the
 * server routine, the statement as sent (placeholders, not values), and the stack frames.
 */
export interface DatabaseErrorLog {
  type: string;
  message: string;
  code?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
  query?: string;
  stack?: string;
}

const NAMED_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** Long statements (the feed's, the search's) are cut: their start says which one it was. */
const QUERY_CHARS = 500;
const MAX_DEPTH = 5;

function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < MAX_DEPTH; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
}

/** The frames of a stack, without its first lines (the error's message). */
const framesOf = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/**
 * PostgreSQL quotes both names and values in its messages; from the first quote to the last all
 * goes (a value may itself hold quotes). The names are logged in their own fields.
 */
const withoutQuoted = (message: string) => message.replace(/".*"/s, '"…"');

/** The log form of `err` when it is, or wraps, a database error; undefined otherwise. */
export function databaseErrorForLog(err: unknown): DatabaseErrorLog | undefined {
  const chain = causeChain(err);
  const server = chain.find((e): e is pg.DatabaseError => e instanceof pg.DatabaseError);
  const query = chain.find((e): e is DrizzleQueryError => e instanceof DrizzleQueryError);
  if (!server && !query) return undefined;
  const log: DatabaseErrorLog = {
    type: server ? 'DatabaseError' : 'DrizzleQueryError',
    message: server ? withoutQuoted(server.message) : 'query failed',
  };
  for (const field of NAMED_FIELDS) {
    const value = server?.[field];
    if (typeof value === 'string' && value !== '') log[field] = value;
  }
  if (query) log.query = query.query.slice(0, QUERY_CHARS);
  log.stack = framesOf((err as { stack?: unknown }).stack);
  return log;
}

/** A database error as one line (for a log field that holds a message); undefined for others. */
export function databaseErrorMessage(err: unknown): string | undefined {
  const database = databaseErrorForLog(err);
  if (!database) return undefined;
  const named = NAMED_FIELDS.filter((field) => field !== 'severity' && database[field])
    .map((field) => `${field} ${database[field]}`)
    .join(', ');
  return `${database.message}${named ? ` (${named})` : ''}`;
}

/** The message of anything thrown, for a log field: a database error's without its values. */
export const errorMessageForLog = (err: unknown): string =>
  databaseErrorMessage(err) ?? (err instanceof Error ? err.message : String(err));
