import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';

export const TEMPLATE_DB = 'lede_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

/** One real PostgreSQL server for the whole run; each test file clones a migrated template. */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-test-pg-'));
  const server = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const template = openDatabase(server.url(TEMPLATE_DB), 1);
  await runMigrations(template.db);
  await template.close();
  project.provide('pgServerUrl', server.url());
  return async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
