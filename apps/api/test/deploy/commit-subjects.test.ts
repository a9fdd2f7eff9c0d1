/**
 * The commit convention (docs/development.md#commits) as CI checks it: .ci/commit-subjects.mjs
 * runs in .ci/run and in ci.yml before lint, and fails on a long subject in a real git history.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRepoFile, readYaml, ROOT } from './deploy-files.js';

const SCRIPT = path.join(ROOT, '.ci/commit-subjects.mjs');
const CHECK = 'node .ci/commit-subjects.mjs';

describe('.ci/commit-subjects.mjs', () => {
  const repo = mkdtempSync(path.join(os.tmpdir(), 'lede-commits-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: repo,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
      },
    });
  const check = (range: string) =>
    spawnSync('node', [SCRIPT, range], { cwd: repo, encoding: 'utf8' });

  git('init', '-q');
  git('commit', '-q', '--allow-empty', '-m', 'Start the history');
  git('commit', '-q', '--allow-empty', '-m', 'Bind codes to their client\n\nWhy it matters.');

  it('passes subjects of at most 72 characters with a blank line before the body', () => {
    const run = check('HEAD~1..HEAD');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('commit subjects: 1 of 1 fine');
  });

  it('fails a subject over 72 characters and one without a blank line, naming them', () => {
    git('commit', '-q', '--allow-empty', '-m', `Add ${'a very long subject '.repeat(4)}`);
    git('commit', '-q', '--allow-empty', '-m', 'Fix the thing\nbody right away');
    const run = check('HEAD~3..HEAD');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('commit subjects: 1 of 3 fine');
    expect(run.stderr).toMatch(/the subject has 83 characters \(at most 72\)/);
    expect(run.stderr).toContain('no blank line after the subject');
  });

  it('runs before lint in .ci/run and in the CI workflow, on the whole history', () => {
    const ciRun = readRepoFile('.ci/run');
    expect(ciRun.indexOf(CHECK)).toBeGreaterThan(0);
    expect(ciRun.indexOf(CHECK)).toBeLessThan(ciRun.indexOf('\npnpm lint'));
    const workflow = readYaml('.github/workflows/ci.yml') as {
      jobs: Record<string, { steps: { run?: string; with?: Record<string, unknown> }[] }>;
    };
    const steps = Object.values(workflow.jobs)[0]!.steps;
    const runs = steps.map((s) => s.run);
    expect(runs.indexOf(CHECK)).toBeGreaterThan(-1);
    expect(runs.indexOf(CHECK)).toBeLessThan(runs.indexOf('pnpm lint'));
    expect(steps[0]!.with?.['fetch-depth']).toBe(0);
  });
});
