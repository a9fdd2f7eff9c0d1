import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './deploy/deploy-files.js';

/** Folders git ignores (.gitignore): installed, built, run or measured, never written by hand. */
const NOT_SOURCE = new Set([
  'node_modules',
  'dist',
  '.turbo',
  '.data',
  'coverage',
  'test-results',
  'playwright-report',
]);

/** The files under `dirs` (relative to the repository) whose name passes `accept`, sorted. */
export function repoFiles(dirs: readonly string[], accept: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (accept(entry.name)) found.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return found.sort();
}
