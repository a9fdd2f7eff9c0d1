/**
 * The built server (`node dist/server.js`, what `pnpm start` runs) in a process of its own, for
 * the start-and-stop tests: built first when dist/ is older than the sources, started on an
 * embedded PostgreSQL in a DATA_DIR of the test's, its output kept whole.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const builtServer = path.join(apiRoot, 'dist/server.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(file).mtimeMs);
    }
  }
  return newest;
}

/**
 * `pnpm build` of the API (tsc -p tsconfig.build.json) when dist/server.js is missing or older
 * than a source file; a type error elsewhere is the typecheck's to report, so only a build that
 * wrote nothing fails here.
 */
export async function buildIfStale(): Promise<void> {
  const built = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0;
  if (built > newestSource(path.join(apiRoot, 'src'))) return;
  const tsc = createRequire(path.join(apiRoot, 'package.json')).resolve('typescript/bin/tsc');
  const output = await new Promise<string>((resolve) => {
    execFile(
      process.execPath,
      [tsc, '-p', 'tsconfig.build.json'],
      { cwd: apiRoot, maxBuffer: 10_000_000 },
      (_err, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
  if (!existsSync(builtServer) || statSync(builtServer).mtimeMs <= built) {
    throw new Error(`building the API wrote no dist/server.js:\n${output}`);
  }
}

export interface ServerRun {
  child: ChildProcess;
  pid: number;
  /** stdout (pino's JSON lines and the "running at" line) so far. */
  stdout(): string;
  /** stderr so far: the one line of a failed start, nothing else. */
  stderr(): string;
  /** The exit code (null when killed by a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when stdout has a line containing `text`; rejects if the process exits first. */
  waitFor(text: string, ms?: number): Promise<void>;
}

/** Starts the built server with only `env` (and PATH) for environment. */
export function runServer(env: Record<string, string>): ServerRun {
  const child = spawn(process.execPath, [builtServer], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      SEED_CORPUS: 'false',
      INGEST_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (text: string, ms = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!stdout.includes(text)) return;
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve();
      };
      const timer = setTimeout(() => {
        child.stdout!.off('data', check);
        reject(new Error(`no "${text}" within ${ms} ms:\n${stdout}${stderr}`));
      }, ms);
      child.stdout!.on('data', check);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`exited (${signal ?? code}) before "${text}":\n${stdout}${stderr}`));
      });
      check();
    });
  return {
    child,
    pid: child.pid!,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor,
  };
}

/** Stops a run still going (SIGKILL): for a test that failed half-way. */
export async function killIfRunning(run: ServerRun | undefined): Promise<void> {
  if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGKILL');
  await run.exited;
}

/** The pids of the PostgreSQL servers whose command line names `dataDir` (`-D <dataDir>/pg`). */
export function postgresOn(dataDir: string): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .filter((line) => line.includes(`-D ${path.join(dataDir, 'pg')} `))
    .map((line) => Number.parseInt(line.trim(), 10));
}

/** A port of 127.0.0.1 free now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Holds `port` of 127.0.0.1 (as another program would) until `release()`. */
export async function holdPort(port: number): Promise<{ release(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(port, '127.0.0.1', resolve);
  });
  return { release: () => new Promise((resolve) => holder.close(() => resolve())) };
}

/** GET /api/health's status. */
export async function health(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  await response.arrayBuffer();
  return response.status;
}

/** Polls `check` every 50 ms until it is true, `ms` at most. */
export async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
