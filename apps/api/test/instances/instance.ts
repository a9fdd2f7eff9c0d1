import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One pino line of an instance's log. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface Instance {
  name: string;
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every JSON log line so far. */
  logs: LogLine[];
  /** Everything written to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Log lines with exactly this message. */
  logged(msg: string): LogLine[];
  /** SIGTERM, then the exit code (SIGKILL and null when it does not stop within `ms`). */
  stop(ms?: number): Promise<number | null>;
}

export interface EmptyDatabase {
  /** The database's URL on the test server. */
  url: string;
  /** Drops it, whoever is still connected. */
  drop(): Promise<void>;
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the test server, empty (not from the migrated template): the instances
 * started on it migrate and seed it themselves.
 */
export async function createEmptyDatabase(
  serverUrl: string,
  prefix: string,
): Promise<EmptyDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

const RUNNING = /Lede is running at (http:\/\/\S+)/;

/**
 * Starts `src/server.ts` through tsx (no build needed) as a process of its own, with only
 * `env` (and PATH) as its environment, and resolves once it listens.
 */
export function startInstance(
  name: string,
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let text = '';
  let pending = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    text += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  return new Promise<Instance>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop(child, exited, 5_000);
      reject(new Error(`${name} did not start within ${startTimeoutMs} ms:\n${text}`));
    }, startTimeoutMs);
    const onData = () => {
      const running = RUNNING.exec(text);
      if (!running) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({
        name,
        pid: child.pid!,
        url: running[1]!,
        logs,
        output: () => text,
        logged: (msg) => logs.filter((line) => line.msg === msg),
        stop: (ms = 10_000) => stop(child, exited, ms),
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it listened:\n${text}`));
    });
  });
}

async function stop(
  child: ChildProcess,
  exited: Promise<number | null>,
  ms: number,
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome !== 'late') return outcome;
  child.kill('SIGKILL');
  await exited;
  return null;
}

/** Polls `check` until it returns a value other than undefined, or fails after `ms`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what}: not within ${ms} ms${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A JSON request to an instance, as a client sends it: its status and parsed body. */
export async function call(
  instance: Pick<Instance, 'url'>,
  method: string,
  pathname: string,
  { body, token }: { body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${instance.url}${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}
