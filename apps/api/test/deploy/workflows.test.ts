/**
 * The GitHub workflows: valid (SchemaStore's workflow schema, through @action-validator/core),
 * CI runs exactly what .ci/run runs, on Node 24, and the Docker workflow walks the operator's
 * path against the real API contract.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { ROUTES, sendOtpBody, signupBody, verifyOtpBody } from '@lede/shared';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readRepoFile, readYaml, ROOT } from './deploy-files.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  container?: string | { image: string };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string };
  jobs: Record<string, Job>;
}

const workflowFiles = readdirSync(path.join(ROOT, '.github/workflows')).filter((f) =>
  /\.ya?ml$/.test(f),
);
const ci = readYaml('.github/workflows/ci.yml') as Workflow;
const docker = readYaml('.github/workflows/docker.yml') as Workflow;

const steps = (wf: Workflow) => Object.values(wf.jobs).flatMap((job) => job.steps);
const runLines = (wf: Workflow) =>
  steps(wf).flatMap((s) => (s.run ?? '').split('\n').map((l) => l.trim()));

describe('GitHub workflows', () => {
  it.each(workflowFiles)('%s is valid YAML and a valid workflow', (file) => {
    const text = readRepoFile(`.github/workflows/${file}`);
    expect(() => parse(text)).not.toThrow();
    const { errors } = validateWorkflow(text);
    expect(errors, JSON.stringify(errors, null, 2)).toEqual([]);
  });

  it('the validator is live: a job without runs-on is refused', () => {
    const text = readRepoFile('.github/workflows/ci.yml').replace('runs-on:', 'runs_on:');
    expect(validateWorkflow(text).errors.length).toBeGreaterThan(0);
  });

  it.each(workflowFiles)('%s reads the repository only, one run at a time', (file) => {
    const wf = readYaml(`.github/workflows/${file}`) as Workflow;
    expect(wf.permissions).toEqual({ contents: 'read' });
    expect(wf.concurrency?.group).toContain('github.ref');
    expect(Object.keys(wf.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
  });

  it('pins every action by a full commit SHA, its release in a comment, the same everywhere', () => {
    // A tag can be moved to other code by whoever controls the action's repository; a commit cannot.
    const pins = new Map<string, Set<string>>();
    for (const file of workflowFiles) {
      const uses = readRepoFile(`.github/workflows/${file}`)
        .split('\n')
        .filter((line) => /^\s*(-\s+)?uses:/.test(line));
      expect(uses.length, file).toBeGreaterThan(0);
      for (const line of uses) {
        const pin = /uses: ([\w.-]+\/[\w./-]+)@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)$/.exec(line);
        expect(pin, `${file}: ${line.trim()}`).not.toBeNull();
        const [, action, sha, release] = pin!;
        pins.set(action!, (pins.get(action!) ?? new Set()).add(`${sha} ${release}`));
      }
    }
    for (const [action, versions] of pins) expect([action, versions.size]).toEqual([action, 1]);
  });
});

describe('dependabot.yml', () => {
  interface Update {
    'package-ecosystem': string;
    directory: string;
    schedule: { interval: string };
    groups?: Record<string, { 'update-types'?: string[] }>;
  }
  const config = readYaml('.github/dependabot.yml') as { version: number; updates: Update[] };
  /** What each ecosystem keeps current, read at the directory it is given. */
  const MANIFESTS: Record<string, string> = {
    'github-actions': '.github/workflows/ci.yml',
    npm: 'pnpm-lock.yaml',
    docker: 'Dockerfile',
    'docker-compose': 'docker-compose.yml',
  };

  it('keeps the actions, the pnpm workspace and the images current', () => {
    expect(config.version).toBe(2);
    expect(config.updates.map((u) => u['package-ecosystem']).sort()).toEqual(
      Object.keys(MANIFESTS).sort(),
    );
    for (const update of config.updates) {
      const manifest = path.posix.join(update.directory, MANIFESTS[update['package-ecosystem']]!);
      expect(() => readRepoFile(manifest), manifest).not.toThrow();
    }
  });

  it('looks weekly, with minor and patch releases grouped per ecosystem', () => {
    for (const update of config.updates) {
      expect(update.schedule.interval, update['package-ecosystem']).toBe('weekly');
      const groups = Object.values(update.groups ?? {});
      expect(groups.map((g) => [...(g['update-types'] ?? [])].sort())).toEqual([
        ['minor', 'patch'],
      ]);
    }
  });
});

describe('ci.yml', () => {
  const job = Object.values(ci.jobs)[0]!;

  it('runs on Node 24 in Debian (the chromium .deb installs as in .ci/run)', () => {
    expect(job.container).toMatch(/^node:24-(bookworm|trixie)$/);
    const ciRunNode = /NODE_MAJOR=(\d+)/.exec(readRepoFile('.ci/run'));
    if (ciRunNode) expect(ciRunNode[1]).toBe('24');
    expect(runLines(ci)).toContain(
      'apt-get install -y --no-install-recommends chromium fonts-liberation',
    );
  });

  it('runs every pnpm command of .ci/run, in the same order', () => {
    const ciRun = readRepoFile('.ci/run')
      .split('\n')
      .map((l) =>
        /^\s*(pnpm (?:install --frozen-lockfile|lint|typecheck|test:e2e|test))(?=\s|$)/.exec(l),
      )
      .filter((m) => m !== null)
      .map((m) => m[1]!);
    expect(ciRun).toEqual([
      'pnpm install --frozen-lockfile',
      'pnpm lint',
      'pnpm typecheck',
      'pnpm test',
      'pnpm test:e2e',
    ]);
    const inWorkflow = runLines(ci).filter((l) => ciRun.includes(l));
    expect(inWorkflow).toEqual(ciRun);
  });

  it('caches the pnpm store on the lockfile and keeps the Playwright report of a failed run', () => {
    const cache = job.steps.find((s) => s.uses?.startsWith('actions/cache@'));
    expect(String(cache?.with?.key)).toContain("hashFiles('pnpm-lock.yaml')");
    const report = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(report?.if).toBe('failure()');
    expect(String(report?.with?.path)).toContain('apps/web/playwright-report');
  });
});

describe('docker.yml', () => {
  const all = steps(docker);
  const lines = runLines(docker);
  const script = lines.join('\n');

  it('builds the images with a GitHub Actions layer cache, the compose one without embedded PostgreSQL', () => {
    expect(all.some((s) => s.uses?.startsWith('docker/setup-buildx-action@'))).toBe(true);
    const builds = all.filter((s) => s.uses?.startsWith('docker/build-push-action@'));
    expect(builds.length).toBeGreaterThan(0);
    for (const build of builds) expect(String(build.with?.['cache-to'])).toContain('type=gha');
    expect(builds.some((b) => b.with?.['build-args'] === 'EMBEDDED_POSTGRES=false')).toBe(true);
  });

  it('checks compose config, starts from .env.example with --wait, and always tears down', () => {
    expect(lines).toContain('docker compose config -q');
    expect(lines).toContain('cp .env.example .env');
    expect(lines.some((l) => /^docker compose up -d --build --wait\b/.test(l))).toBe(true);
    const teardown = all.find((s) => s.run?.includes('docker compose down -v'));
    expect(teardown?.if).toBe('always()');
    expect(all.find((s) => s.run?.includes('docker compose logs'))?.if).toBe('failure()');
  });

  it('signs a reader up through the real API routes with the code from Mailpit', () => {
    for (const route of ['send-otp', 'verify-otp', 'signup']) {
      expect(ROUTES).toHaveProperty([`POST /api/auth/${route}`]);
      expect(script).toContain(`$LEDE/api/auth/${route}`);
    }
    expect(script).toContain('$LEDE/api/auth/me');
    expect(script).toContain('$MAILPIT/api/v1/search');
    expect(script).toContain('$MAILPIT/api/v1/message/$id');
    expect(script).toContain('.AccessToken');
    // curl keeps no cookies: the verified code's proof must come back in the sign-up body.
    expect(script).toMatch(/signup_body=\$\(jq -nc [^']*'\{[^}]*verificationToken: \$proof/);
    expect(script).toContain('.verificationToken');
  });

  it('sends the bodies the API contract asks for (field names as in @lede/shared)', () => {
    const bodyKeys = (variable: string) => {
      const m = new RegExp(`${variable}=\\$\\(jq -nc [^']*'\\{([^}]*)\\}'`).exec(script);
      expect(m, `${variable} built with jq`).not.toBeNull();
      return m![1]!
        .split(',')
        .map((pair) => pair.split(':')[0]!.trim())
        .sort();
    };
    const required = (shape: Record<string, { safeParse(v: undefined): { success: boolean } }>) =>
      Object.entries(shape)
        .filter(([, field]) => !field.safeParse(undefined).success)
        .map(([key]) => key);
    const contract = [
      ['send_otp_body', sendOtpBody.shape],
      ['verify_otp_body', verifyOtpBody.shape],
      ['signup_body', signupBody.shape],
    ] as const;
    for (const [variable, shape] of contract) {
      const keys = bodyKeys(variable);
      expect(keys.filter((k) => !(k in shape))).toEqual([]);
      expect(required(shape).filter((k) => !keys.includes(k))).toEqual([]);
    }
  });
});
