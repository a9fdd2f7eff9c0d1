/**
 * OPML import: the parser, the imported feeds read by every run (unless INGEST_FEEDS=none), and
 * `pnpm ingest --opml FILE` end to end (the CLI as a process, on a real database and feeds).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestContext, createTestDatabase, type TestContext } from '../../../test/context.js';
import {
  rss,
  startPublisherServer,
  type PublisherServer,
} from '../../../test/ingestion/publisher-server.js';
import { ingestionDeps } from '../../../test/ingestion/ingestion-deps.js';
import type { Config } from '../../config.js';
import { articles, feedSources } from '../../db/schema.js';
import { feedSourcesRepository } from './feed-sources.repository.js';
import { runIngestion } from './ingestion.service.js';
import { OpmlError, parseOpml } from './opml.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const opml = (outlines: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>My feeds</title></head><body>${outlines}</body></opml>`;

describe('parseOpml', () => {
  it('reads every feed outline, nested folders too: URL, publisher, category', async () => {
    const feeds = await parseOpml(
      opml(`
      <outline text="Science">
        <outline type="rss" text="Space News" title="Space &amp; Stars" xmlUrl="https://space.example/rss"/>
        <outline text="Deeper"><outline text="Lab" xmlUrl="https://lab.example/feed"/></outline>
      </outline>
      <outline text="Misc">
        <outline text="Kitchen" category="/Food,/Recipes" xmlUrl="https://kitchen.example/atom"/>
        <outline text="Plain" xmlUrl="https://plain.example/rss"/>
        <outline text="Again" xmlUrl="https://space.example/rss"/>
        <outline text="Not a feed" htmlUrl="https://site.example/"/>
        <outline text="Gopher" xmlUrl="gopher://old.example/feed"/>
      </outline>
      <outline text="Sport" xmlUrl="https://sport.example/rss"/>`),
    );
    expect(feeds).toEqual([
      { url: 'https://space.example/rss', publisher: 'Space & Stars', category: 'science' },
      { url: 'https://lab.example/feed', publisher: 'Lab', category: 'science' },
      { url: 'https://kitchen.example/atom', publisher: 'Kitchen', category: 'food' },
      { url: 'https://plain.example/rss', publisher: 'Plain' },
      { url: 'https://sport.example/rss', publisher: 'Sport' },
    ]);
  });

  it('refuses what is not OPML, in one line', async () => {
    await expect(parseOpml('<opml><body><outline')).rejects.toThrow(OpmlError);
    await expect(parseOpml('<rss version="2.0"></rss>')).rejects.toThrow(
      'not an OPML document (no <opml> root)',
    );
    expect(await parseOpml(opml(''))).toEqual([]);
  });
});

describe('imported feeds', () => {
  let ctx: TestContext;
  let server: PublisherServer;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = await startPublisherServer();
    server.route('/imported', {
      body: rss('Imported Feed Title', 'https://imported.example/', [
        {
          title: 'Village bakery wins national bread award this week',
          link: 'https://imported.example/bread',
          pubDate: '2030-03-10T08:00:00Z',
        },
      ]),
    });
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.deps.db.delete(articles);
    await ctx.deps.db.delete(feedSources);
    server.requests.length = 0;
  });

  const run = (ingest: Partial<Config['ingest']>) => runIngestion(ingestionDeps(ctx, ingest));

  it('are read by every run after the list, with their OPML publisher and category', async () => {
    await feedSourcesRepository.importFeeds(ctx.deps.db, [
      { url: server.url('/imported'), publisher: 'Bakers Weekly', category: 'food' },
    ]);
    const result = await run({ importedFeeds: true });
    expect(result.sources).toEqual([
      expect.objectContaining({ url: server.url('/imported'), ok: true, inserted: 1 }),
    ]);
    const [row] = await ctx.deps.db
      .select({ source: articles.sourceName, categories: articles.categories })
      .from(articles);
    expect(row).toEqual({ source: 'Bakers Weekly', categories: ['food'] });

    // Not with INGEST_FEEDS=none (importedFeeds off); not after --remove.
    expect((await run({ importedFeeds: false })).sources).toEqual([]);
    expect(await feedSourcesRepository.forgetImported(ctx.deps.db, server.url('/imported'))).toBe(
      true,
    );
    expect((await run({ importedFeeds: true })).sources).toEqual([]);
    expect(server.gets('/imported')).toHaveLength(1);
  });
});

describe('pnpm ingest --opml FILE', () => {
  let server: PublisherServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  beforeAll(async () => {
    server = await startPublisherServer();
    database = await createTestDatabase();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lede-opml-'));
    for (const name of ['configured', 'imported']) {
      server.route(`/${name}`, {
        body: rss(`${name} feed`, `https://${name}.example/`, [
          {
            title: `Town ${name} library extends its opening hours for students`,
            link: `https://${name}.example/library`,
          },
        ]),
      });
    }
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Runs src/ingest-cli.ts as `pnpm ingest` would, typed in `dir`. */
  function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const url = new URL(inject('pgServerUrl'));
    url.pathname = `/${database.name}`;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/ingest-cli.ts', ...args],
        {
          cwd: apiRoot,
          env: {
            PATH: process.env.PATH ?? '',
            INIT_CWD: dir,
            NODE_ENV: 'test',
            DATABASE_URL: url.toString(),
            SEED_CORPUS: 'false',
            INGEST_FEEDS: server.url('/configured'),
            INGEST_ALLOW_PRIVATE_FEEDS: 'true',
            LOG_LEVEL: 'warn',
          },
          timeout: 60_000,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  it('imports the feeds, then runs once over the list and them', async () => {
    await fs.writeFile(
      path.join(dir, 'subscriptions.opml'),
      opml(`<outline text="Education">
        <outline text="Campus Gazette" xmlUrl="${server.url('/imported')}"/></outline>`),
    );
    const { code, stdout, stderr } = await cli(['--opml', 'subscriptions.opml']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { sources: Array<{ url: string; ok: boolean }> };
    expect(result.sources.map((s) => [s.url, s.ok])).toEqual([
      [server.url('/configured'), true],
      [server.url('/imported'), true],
    ]);
    const [row] = await database.db
      .select()
      .from(feedSources)
      .where(eq(feedSources.url, server.url('/imported')));
    expect(row).toMatchObject({
      imported: true,
      publisher: 'Campus Gazette',
      category: 'education',
      lastOutcome: 'ok',
    });

    const removed = await cli(['--remove', server.url('/imported'), '--no-run']);
    expect(removed).toMatchObject({ code: 0, stdout: '' });
    expect((await feedSourcesRepository.imported(database.db)).map((f) => f.url)).toEqual([]);
  }, 90_000);

  it('says in one line why a file cannot be imported', async () => {
    await fs.writeFile(path.join(dir, 'broken.opml'), '<opml><body>');
    const broken = await cli(['--opml', 'broken.opml']);
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim()).toMatch(/broken\.opml is not usable: not well-formed XML/);
    const missing = await cli(['--opml', 'nowhere.opml']);
    expect(missing.stderr.trim()).toBe(`Cannot read ${path.join(dir, 'nowhere.opml')}: ENOENT`);
    const unknown = await cli(['--bogus']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Usage: pnpm ingest');
  }, 90_000);
});
