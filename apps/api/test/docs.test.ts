/**
 * The documentation against what it documents: docs/configuration.md lists exactly the
 * variables of the config schema (and compose's own), the README stays a front door, every
 * README and doc stays a short reference (10 KB at most, no dated runs), and every relative
 * link in README.md and docs/ leads to a file (and heading) that exists.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_ENV_KEYS } from '../src/config.js';
import { parseDotEnv, readRepoFile, referencedVariables, ROOT } from './deploy/deploy-files.js';
import { repoFiles } from './repo-files.js';

/** The `## heading` section of a markdown text, up to the next heading of that level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const rest = markdown.slice(start + heading.length + 5);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The names in the first column of a section's table rows: | `NAME` | ... |. */
function tableVariables(text: string): string[] {
  return [...text.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]!);
}

const configurationDoc = readRepoFile('docs/configuration.md');

describe('docs/configuration.md', () => {
  const documented = tableVariables(section(configurationDoc, "The app's variables"));

  it('documents every variable of the config schema (apps/api/src/config.ts)', () => {
    expect(CONFIG_ENV_KEYS.length).toBeGreaterThan(20);
    expect(CONFIG_ENV_KEYS.filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('documents no variable the config schema does not read, and each once', () => {
    expect(documented.filter((key) => !CONFIG_ENV_KEYS.includes(key))).toEqual([]);
    expect(documented.filter((key, i) => documented.indexOf(key) !== i)).toEqual([]);
  });

  it("documents Docker Compose's own settings: those docker-compose.yml reads beyond the app's", () => {
    const composeOnly = tableVariables(section(configurationDoc, "Docker Compose's own settings"));
    const readByCompose = [...referencedVariables(readRepoFile('docker-compose.yml'))].filter(
      (name) => !CONFIG_ENV_KEYS.includes(name),
    );
    expect(readByCompose.length).toBeGreaterThan(0);
    expect(readByCompose.filter((name) => !composeOnly.includes(name))).toEqual([]);
    // Nothing invented: each is also an option of .env.example (COMPOSE_PROFILES is read by
    // the docker compose command itself, not interpolated).
    const envExample = parseDotEnv(readRepoFile('.env.example'));
    expect(composeOnly.filter((name) => !envExample.documented.has(name))).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = readRepoFile('README.md');

  it('is a front door: the two commands and links to the reference', () => {
    expect(readme).toContain('pnpm install && pnpm start');
    expect(readme).toContain('cp .env.example .env && docker compose up');
    for (const doc of ['architecture', 'api', 'configuration', 'operations', 'scaling']) {
      expect(readme).toContain(`(docs/${doc}.md)`);
    }
  });

  it('keeps the corpus credit (CC BY 4.0)', () => {
    expect(readme).toContain('"News Category Dataset" by Rishabh Misra');
    expect(readme).toContain('[CC BY 4.0](https://creativecommons.org/licenses/by/4.0/)');
  });
});

// ---- reference, not a lab notebook ---------------------------------------------------------

/**
 * Every README.md, every doc but docs/api.md, and the hand-written introduction of docs/api.md.
 * The rest of docs/api.md is generated, a row per route and per error code.
 */
function referenceDocs(): string[] {
  const readmes = repoFiles(['apps', 'packages', 'bench'], (name) => name === 'README.md');
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'api.md')
    .map((name) => `docs/${name}`);
  return ['README.md', 'apps/api/scripts/docs-api/intro.md', ...readmes, ...docs].sort();
}

/** One limit for every doc, in bytes as stored, tables' padding included. */
const SIZE_LIMIT = 10 * 1024;

/** Dated runs and experiment logs: what git and bench/results/ keep instead. */
const NOTEBOOK = [
  /\b20\d\d-\d\d-\d\d\b/,
  /later that (night|day)|not kept|tried and dropped|a (second|third) (full )?run/i,
];
/** The prose only: code blocks and inline code (file names, commands) left out. */
const withoutAnyCode = (markdown: string) =>
  markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** Dates that are content, not runs: the corpus's own span and its records. */
const DATED_CONTENT = ['apps/api/data/README.md'];

describe('READMEs and docs are reference', () => {
  const docs = referenceDocs();

  it('finds every README and doc', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('apps/api/scripts/docs-api/intro.md');
    expect(docs).toContain('apps/api/src/modules/articles/README.md');
    expect(docs).toContain('apps/api/tools/eval-recs/README.md');
    expect(docs).toContain('docs/architecture.md');
    expect(docs).not.toContain('docs/api.md');
  });

  it.each(docs)('%s is 10 KB at most', (doc) => {
    expect(Buffer.byteLength(readRepoFile(doc))).toBeLessThanOrEqual(SIZE_LIMIT);
  });

  it.each(docs)('%s holds no dated runs', (doc) => {
    const text = withoutAnyCode(readRepoFile(doc));
    const patterns = DATED_CONTENT.includes(doc) ? NOTEBOOK.slice(1) : NOTEBOOK;
    const lines = text.split('\n').filter((line) => patterns.some((p) => p.test(line)));
    expect(lines).toEqual([]);
  });

  it('the check can fail: a dated run is found', () => {
    const run = 'Measured on 2026-11-27, a third full run, later that night.';
    expect(NOTEBOOK.every((p) => p.test(run))).toBe(true);
    expect(NOTEBOOK.some((p) => p.test(withoutAnyCode('`lede-2026-01-31.dump`')))).toBe(false);
  });
});

// ---- links ---------------------------------------------------------------------------------

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings (outside code blocks), with GitHub's -1, -2 ... */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutCode(markdown).split('\n')) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (code) =>
    // Inline code stays (headings and link texts use it), but no link inside it counts.
    code.replace(/[[\]()]/g, ' '),
  );
}

/** Relative link targets ([text](target)) of a markdown file, outside code. */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const documents = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('links in README.md and docs/', () => {
  it.each(documents)('%s: every relative link leads to a file and heading that exist', (doc) => {
    const broken: string[] = [];
    for (const target of relativeLinks(readRepoFile(doc))) {
      const [file = '', anchor] = target.split('#');
      const resolved = file ? path.join(path.dirname(doc), decodeURIComponent(file)) : doc;
      if (!existsSync(path.join(ROOT, resolved))) {
        broken.push(`${target} (no ${resolved})`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchors(readRepoFile(resolved)).has(anchor)) {
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the link check is live: a missing file and a missing heading are found', () => {
    expect(anchors('# A\n## Who may read `/api/metrics`\n## A\n')).toEqual(
      new Set(['a', 'who-may-read-apimetrics', 'a-1']),
    );
    expect(relativeLinks('[x](docs/nope.md#here) [y](https://e.org) `[z](no.md)`')).toEqual([
      'docs/nope.md#here',
    ]);
  });
});
