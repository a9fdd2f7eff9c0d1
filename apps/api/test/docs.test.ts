/**
 * The documentation against what it documents: docs/configuration.md lists exactly the
 * variables of the config schema (and compose's own), the README stays a front door, and every
 * relative link in README.md and docs/ leads to a file (and heading) that exists.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_ENV_KEYS } from '../src/config.js';
import { parseDotEnv, readRepoFile, referencedVariables, ROOT } from './deploy/deploy-files.js';

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

  it('is a front door: short, with the two commands and links to the reference', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(15_000);
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
