import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from './config.js';
import { errorMessageForLog } from './lib/database-error-log.js';
import type { Logger } from './lib/logger.js';

/**
 * What server.ts says when it cannot start, and the checks it runs first: one line on the
 * terminal naming the cause and what to do (never a stack trace; LOG_LEVEL=debug logs the whole
 * error), and a warning when a production server would be reached over plain HTTP.
 */

/** A start-up failure already worded as the line the terminal shows. */
export class StartupError extends Error {}

/** The start of the line a failed start prints (on stderr). */
export const FAILED_TO_START = 'Lede failed to start';

/** Whitespace, line breaks included, as single spaces: the reason must fit on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The one line a failed start prints. */
export const startupFailureLine = (reason: string): string =>
  `${FAILED_TO_START}: ${oneLine(reason)}`;

/** Which setting a listening port comes from, for the advice in the line. */
export interface PortSetting {
  port: number;
  host: string;
  /** `PORT` or `METRICS_PORT` (its host is then METRICS_HOST). */
  variable: 'PORT' | 'METRICS_PORT';
}

const hostVariable = (setting: PortSetting) =>
  setting.variable === 'PORT' ? 'HOST' : 'METRICS_HOST';

/** Opens `port` on `host` and closes it at once; rejects with the listen error (EADDRINUSE...). */
function tryListen(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The first port after `port` (up to 20 on) that `host` can listen on, for the advice. */
async function nextFreePort(port: number, host: string): Promise<number> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65_535); candidate++) {
    try {
      await tryListen(candidate, host);
      return candidate;
    } catch {
      // taken too: try the next one
    }
  }
  return port + 1;
}

/** A listen error of `setting` as the reason the terminal shows. */
export async function listenFailure(err: unknown, setting: PortSetting): Promise<StartupError> {
  const { port, host, variable } = setting;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const where = `${variable === 'PORT' ? 'port' : 'METRICS_PORT'} ${port} on ${host}`;
  switch (code) {
    case 'EADDRINUSE': {
      const free = await nextFreePort(port, host);
      const advice =
        variable === 'PORT'
          ? `start Lede on another port with PORT=${free} pnpm start`
          : `choose another one with METRICS_PORT=${free}`;
      return new StartupError(`${where} is already in use: stop what uses it, or ${advice}`, {
        cause: err,
      });
    }
    case 'EACCES': {
      const example = variable === 'PORT' ? 3000 : 9464;
      return new StartupError(
        `${where} needs privileges this user lacks: use a port above 1023 (${variable}=${example}), with a proxy in front if it must be reached on ${port}`,
        { cause: err },
      );
    }
    case 'EADDRNOTAVAIL':
      return new StartupError(
        `${hostVariable(setting)}=${host} is not an address of this machine: use 127.0.0.1, 0.0.0.0 (every interface) or one of its own addresses`,
        { cause: err },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `${hostVariable(setting)}=${host} does not resolve to an address of this machine`,
        { cause: err },
      );
    default:
      return new StartupError(`cannot listen on ${where}: ${errorMessageForLog(err)}`, {
        cause: err,
      });
  }
}

/**
 * Fails at once, before the database is started (or seeded, the first time: most of a minute),
 * when the port cannot be opened: the usual case is a second `pnpm start`, or another app on
 * 3000. Port 0 (any free port) always can.
 */
export async function ensurePortFree(setting: PortSetting): Promise<void> {
  if (setting.port === 0) return;
  try {
    await tryListen(setting.port, setting.host);
  } catch (err) {
    throw await listenFailure(err, setting);
  }
}

/** Listens on `setting`'s port: resolves once it does, rejects with the line to print. */
export async function listenOn(server: net.Server, setting: PortSetting): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(setting.port, setting.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    throw await listenFailure(err, setting);
  }
}

/** Node's and PostgreSQL's codes for "nothing answers there". */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);
/** PostgreSQL's SQLSTATEs for a refused login: wrong password, no pg_hba.conf entry. */
const LOGIN_REFUSED = new Set(['28P01', '28000']);
const NO_SUCH_DATABASE = '3D000';

type ErrorFields = { code?: unknown; syscall?: unknown; message?: unknown };

/** `err`, its causes and the errors it groups (an AggregateError of each address tried). */
function errorsIn(err: unknown): ErrorFields[] {
  const found: ErrorFields[] = [];
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    found.push(e as ErrorFields);
    for (const inner of (e as { errors?: unknown[] }).errors ?? []) {
      if (inner) found.push(inner as ErrorFields);
    }
  }
  return found;
}

/** No server there: refused, unknown host, no route, no answer, or no socket at that path. */
const isUnreachable = (e: ErrorFields) =>
  (typeof e.code === 'string' && UNREACHABLE.has(e.code)) ||
  (e.syscall === 'connect' && (e.code === 'ENOENT' || e.code === 'EACCES'));

/** pg's own words when a connection did not open: no answer in time, or the link dropped. */
const NOT_CONNECTED =
  /timeout exceeded when trying to connect|connection timeout|Connection terminated/i;

/** A failure to reach or log in to DATABASE_URL's server, as the line to print; undefined for others. */
function databaseFailure(err: unknown, databaseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  const host = decodeURIComponent(url.hostname) || 'localhost';
  const server = `${host}:${url.port || '5432'}`;
  const user = decodeURIComponent(url.username) || 'the default user';
  const database = decodeURIComponent(url.pathname.slice(1)) || user;
  const errors = errorsIn(err);
  const codes = errors.map((e) => e.code);
  const message = err instanceof Error ? err.message : String(err);
  // PgBouncer (unless ignore_startup_parameters drops it) refuses the plan_cache_mode option.
  const refusedParameter = errors
    .map((e) => e.message)
    .find(
      (text): text is string =>
        typeof text === 'string' && /unsupported startup parameter/i.test(text),
    );
  if (refusedParameter) {
    return `DATABASE_URL at ${server} is a pooler that refuses start-up parameters (${refusedParameter}): behind a transaction pooler set DATABASE_POOLER=transaction and DATABASE_DIRECT_URL to PostgreSQL itself`;
  }
  if (errors.some(isUnreachable) || NOT_CONNECTED.test(message)) {
    return `cannot reach the PostgreSQL server of DATABASE_URL at ${server} (${errorMessageForLog(err)}): check its host and port, and that the server runs`;
  }
  if (codes.some((code) => typeof code === 'string' && LOGIN_REFUSED.has(code))) {
    return `the PostgreSQL server of DATABASE_URL at ${server} refused the login of ${user}: check the user and password in DATABASE_URL`;
  }
  if (codes.includes(NO_SUCH_DATABASE)) {
    return `the PostgreSQL server of DATABASE_URL at ${server} has no database ${database}: create it, or fix its name in DATABASE_URL`;
  }
  return undefined;
}

/** Why the start failed, as the reason of the one line (no stack, no password). */
export function startupFailureReason(err: unknown, config: Pick<Config, 'databaseUrl'>): string {
  if (err instanceof StartupError) return err.message;
  return (
    (config.databaseUrl ? databaseFailure(err, config.databaseUrl) : undefined) ??
    errorMessageForLog(err)
  );
}

/** 127.0.0.0/8, ::1 and `localhost`: only this machine reaches a server listening there. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  // An IPv4-mapped IPv6 address is judged by the IPv4 address it carries.
  return net.isIP(name) !== 0 && ipaddr.process(name).range() === 'loopback';
}

/**
 * Production, listening beyond this machine, with an http:// APP_ORIGIN: readers reach it over
 * plain HTTP (unless a proxy that says X-Forwarded-Proto: https fronts it), so the session cookie
 * goes without `Secure` and passwords and codes cross the network in clear. Undefined when not.
 */
export function plainHttpWarning(
  config: Pick<Config, 'env' | 'host' | 'appOrigin'>,
): string | undefined {
  if (config.env !== 'production' || isLoopbackHost(config.host)) return undefined;
  if (!/^http:/i.test(config.appOrigin)) return undefined;
  return (
    `production server on HOST=${config.host} with APP_ORIGIN=${config.appOrigin} (plain HTTP): ` +
    'session cookies are sent without Secure and passwords and sign-in codes travel in clear. ' +
    'Serve Lede over https behind a TLS proxy and set APP_ORIGIN to its https:// origin ' +
    '(docs/operations.md, "TLS in front")'
  );
}

/** Logs plainHttpWarning, once, at start. */
export function warnAboutPlainHttp(
  config: Pick<Config, 'env' | 'host' | 'appOrigin'>,
  logger: Pick<Logger, 'warn'>,
): void {
  const warning = plainHttpWarning(config);
  if (warning) logger.warn({ host: config.host, appOrigin: config.appOrigin }, warning);
}
