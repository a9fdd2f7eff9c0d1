/**
 * What a start says before anything runs, and when it cannot start (src/start-up.ts): the
 * plain-HTTP warning of a production server, and the one line a taken port or an unreachable
 * DATABASE_URL becomes. The built server's own behaviour: test/start-stop/.
 */
import net from 'node:net';
import http from 'node:http';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  ensurePortFree,
  isLoopbackHost,
  listenOn,
  plainHttpWarning,
  startupFailureLine,
  startupFailureReason,
  StartupError,
  warnAboutPlainHttp,
} from '../src/start-up.js';
import { memoryLogger } from './memory-logger.js';

const production = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1025', ...env });

describe('the plain-HTTP warning', () => {
  it('a production server on a public address with an http:// APP_ORIGIN logs one warning', () => {
    const { logger, lines, warnings } = memoryLogger();
    const config = production({ HOST: '0.0.0.0', APP_ORIGIN: 'http://news.example.com' });
    warnAboutPlainHttp(config, logger);
    expect(lines).toHaveLength(1);
    const [warning] = warnings();
    expect(warning).toMatchObject({ host: '0.0.0.0', appOrigin: 'http://news.example.com' });
    const msg = String(warning!.msg);
    expect(msg).toContain('HOST=0.0.0.0');
    expect(msg).toContain('APP_ORIGIN=http://news.example.com');
    expect(msg).toMatch(/without Secure/);
    expect(msg).toMatch(/passwords .* in clear/);
    expect(msg).toMatch(/https behind a TLS proxy/);
    expect(msg).not.toContain('\n');
  });

  it('also when APP_ORIGIN is unset (its default is http://) and HOST is a LAN address', () => {
    expect(plainHttpWarning(production({ HOST: '192.168.1.20' }))).toContain(
      'APP_ORIGIN=http://127.0.0.1:3000',
    );
    expect(
      plainHttpWarning(production({ HOST: '::', APP_ORIGIN: 'HTTP://x.example' })),
    ).toBeDefined();
    expect(plainHttpWarning(production({ HOST: '::' }))).toBeDefined();
  });

  it('says nothing over https, on loopback, or outside production', () => {
    const quiet = [
      production({ HOST: '0.0.0.0', APP_ORIGIN: 'https://news.example.com' }),
      production({ HOST: '127.0.0.1', APP_ORIGIN: 'http://news.example.com' }),
      production({ HOST: 'localhost' }),
      production({ HOST: '::1' }),
      loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }),
      loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', APP_ORIGIN: 'http://a.example' }),
    ];
    for (const config of quiet) {
      const { logger, lines } = memoryLogger();
      warnAboutPlainHttp(config, logger);
      expect(lines, `${config.env} ${config.host} ${config.appOrigin}`).toEqual([]);
    }
  });

  it('loopback is 127.0.0.0/8, ::1 and localhost; nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.20', 'news.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

/** A TCP server holding a free port of 127.0.0.1 until closed. */
async function holdPort(): Promise<{ port: number; close(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => holder.close(() => resolve())) };
}

describe('a port that cannot be opened', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('in use: one line naming it, with a free port to start on instead', async () => {
    const held = await holdPort();
    closers.push(held.close);
    const err = await ensurePortFree({ port: held.port, host: '127.0.0.1', variable: 'PORT' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    const line = startupFailureLine(startupFailureReason(err, {}));
    expect(line).toMatch(
      new RegExp(
        `^Lede failed to start: port ${held.port} on 127\\.0\\.0\\.1 is already in use: stop what uses it, or start Lede on another port with PORT=(\\d+) pnpm start$`,
      ),
    );
    const suggested = Number(/PORT=(\d+)/.exec(line)![1]);
    expect(suggested).toBeGreaterThan(held.port);
    // The suggestion is free indeed.
    await expect(
      ensurePortFree({ port: suggested, host: '127.0.0.1', variable: 'PORT' }),
    ).resolves.toBeUndefined();
  });

  it('listenOn says the same when the port is taken between the check and the listen', async () => {
    const held = await holdPort();
    closers.push(held.close);
    const server = http.createServer();
    const err = await listenOn(server, {
      port: held.port,
      host: '127.0.0.1',
      variable: 'METRICS_PORT',
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as Error).message).toMatch(
      new RegExp(
        `^METRICS_PORT ${held.port} on 127\\.0\\.0\\.1 is already in use: stop what uses it, or choose another one with METRICS_PORT=\\d+$`,
      ),
    );
    expect((err as Error).cause).toMatchObject({ code: 'EADDRINUSE' });
    expect(server.listening).toBe(false);
  });

  it('port 0 (any free port) is never refused; an address not of this machine is named', async () => {
    await expect(
      ensurePortFree({ port: 0, host: '127.0.0.1', variable: 'PORT' }),
    ).resolves.toBeUndefined();
    // 192.0.2.1 (TEST-NET-1) is on no interface.
    await expect(
      ensurePortFree({ port: 39_999, host: '192.0.2.1', variable: 'PORT' }),
    ).rejects.toThrow(/^HOST=192\.0\.2\.1 is not an address of this machine/);
  });
});

describe('a DATABASE_URL that does not work', () => {
  const config = { databaseUrl: 'postgres://reader:s3cret-pass@db.internal:6543/news' };

  const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:6543'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
  const badPassword = new pg.DatabaseError(
    'password authentication failed for user "reader"',
    0,
    'error',
  );
  badPassword.code = '28P01';
  const noDatabase = new pg.DatabaseError('database "news" does not exist', 0, 'error');
  noDatabase.code = '3D000';

  it('unreachable, refused login, missing database: each its line, never the password', () => {
    const reasons = [refused, badPassword, noDatabase].map((err) =>
      startupFailureReason(err, config),
    );
    expect(reasons[0]).toBe(
      'cannot reach the PostgreSQL server of DATABASE_URL at db.internal:6543 (connect ECONNREFUSED 10.0.0.9:6543): check its host and port, and that the server runs',
    );
    expect(reasons[1]).toBe(
      'the PostgreSQL server of DATABASE_URL at db.internal:6543 refused the login of reader: check the user and password in DATABASE_URL',
    );
    expect(reasons[2]).toBe(
      'the PostgreSQL server of DATABASE_URL at db.internal:6543 has no database news: create it, or fix its name in DATABASE_URL',
    );
    for (const reason of reasons) expect(reason).not.toContain('s3cret');
    // pg's own words when the connection did not open in time.
    expect(
      startupFailureReason(new Error('timeout exceeded when trying to connect'), config),
    ).toMatch(/^cannot reach the PostgreSQL server of DATABASE_URL at db\.internal:6543/);
  });

  it('a pooler refusing the start-up options says which settings it needs', () => {
    const pooler = new pg.DatabaseError('unsupported startup parameter: options', 0, 'error');
    pooler.code = '08P01';
    expect(startupFailureReason(pooler, config)).toBe(
      'DATABASE_URL at db.internal:6543 is a pooler that refuses start-up parameters (unsupported startup parameter: options): behind a transaction pooler set DATABASE_POOLER=transaction and DATABASE_DIRECT_URL to PostgreSQL itself',
    );
  });

  it('anything else keeps its message, on one line (no stack)', () => {
    const err = new Error("EACCES: permission denied, mkdir\n  '/data/x'");
    expect(startupFailureLine(startupFailureReason(err, config))).toBe(
      "Lede failed to start: EACCES: permission denied, mkdir '/data/x'",
    );
    // Without DATABASE_URL (the embedded server) a refused connection is not about DATABASE_URL.
    expect(startupFailureReason(refused, {})).toBe('connect ECONNREFUSED 10.0.0.9:6543');
  });
});
