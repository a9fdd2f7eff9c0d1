import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.js';

/**
 * Test helper: a copy of the migrations as a database that stopped at `tag` had them (`tag`
 * included, or only those before it), for tests of what a migration does to existing rows.
 * The caller removes the folder.
 */
export async function migrationsUpTo(
  tag: string,
  { including }: { including: boolean },
): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, including ? at + 1 : at);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return folder;
}
