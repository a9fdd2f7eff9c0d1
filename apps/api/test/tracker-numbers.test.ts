/**
 * Source says what it means: a comment or a test title names the behaviour, the figure or the
 * reason, never a tracker's number ("issue" and a number), which no tracker here resolves.
 */
import { describe, expect, it } from 'vitest';
import { readRepoFile } from './deploy/deploy-files.js';
import { repoFiles } from './repo-files.js';

const TRACKER_NUMBER = /\bissues? #?\d+/i;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|md|html|css)$/;
/** This file writes such numbers on purpose, to show the check finds them. */
const ITSELF = 'apps/api/test/tracker-numbers.test.ts';

/** Where `text` names a tracker's number: `line: text` for each such line. */
function trackerNumbers(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (TRACKER_NUMBER.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('source names no tracker numbers', () => {
  const files = repoFiles(['apps', 'packages', 'bench'], (name) => SOURCE.test(name));
  const checked = files.filter((file) => file !== ITSELF);

  it('reads the source of every workspace', () => {
    expect(files).toContain('apps/api/src/app.ts');
    expect(files).toContain('apps/web/src/main.tsx');
    expect(files).toContain('packages/shared/src/index.ts');
    expect(files).toContain('bench/run.mjs');
    expect(files).toContain('apps/api/drizzle/0000_init.sql');
    expect(files.some((file) => file.includes('node_modules') || file.includes('/dist/'))).toBe(
      false,
    );
  });

  it('no comment or test title in apps/, packages/ or bench/ says "issue <number>"', () => {
    const found = checked.flatMap((file) =>
      trackerNumbers(readRepoFile(file)).map((hit) => `${file}:${hit}`),
    );
    expect(found, `say what the issue meant instead:\n${found.join('\n')}`).toEqual([]);
  });

  it('the check can fail: each way of writing a number is found, other words are not', () => {
    const text = '// Issue 52: one label\n// (issues 4 and 11)\n// see issue #7\n// no issue here';
    expect(trackerNumbers(text)).toEqual([
      '1: // Issue 52: one label',
      '2: // (issues 4 and 11)',
      '3: // see issue #7',
    ]);
    expect(trackerNumbers('bench/results/load-issue-54.json, reissue 3 times')).toEqual([]);
  });
});
