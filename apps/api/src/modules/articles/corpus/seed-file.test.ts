import { existsSync } from 'node:fs';
import path from 'node:path';
import { isCategoryId } from '@lede/shared';
import { describe, expect, it } from 'vitest';
import { SEED_FILE, readSeedRecords, type SeedRecord } from './seed-file.js';

describe('seed file', () => {
  it('lives at apps/api/data/corpus.seed.jsonl.gz', () => {
    expect(path.isAbsolute(SEED_FILE)).toBe(true);
    expect(SEED_FILE.split(path.sep).slice(-3)).toEqual(['api', 'data', 'corpus.seed.jsonl.gz']);
    expect(existsSync(SEED_FILE)).toBe(true);
  });

  it('reads every record, each with one primary category leading its keywords and its terms', async () => {
    const records: SeedRecord[] = [];
    for await (const r of readSeedRecords()) records.push(r);

    expect(records.length).toBeGreaterThan(9000);
    const links = new Set<string>();
    let prev: SeedRecord | undefined;
    for (const r of records) {
      expect(r.link).toMatch(/^https:\/\//);
      expect(links.has(r.link), r.link).toBe(false);
      links.add(r.link);
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.pubDate).toMatch(/^\d{4}-\d{2}-\d{2}T12:00:00\.000Z$/);
      expect(r.source_name).toBe('HuffPost');
      expect(r.image_url).toBeNull();
      expect(Array.isArray(r.creator)).toBe(true);
      expect(r.categories.length).toBeLessThanOrEqual(3);
      for (const c of r.categories) expect(isCategoryId(c), c).toBe(true);
      if (r.categories.length > 0) expect(r.keywords[0]).toBe(r.categories[0]);
      expect(r.keywords.slice(1).filter(isCategoryId), r.link).toEqual([]);
      expect(r.category_scores).toHaveLength(r.categories.length);
      expect(r.term_weights).toHaveLength(r.terms!.length);
      for (const k of r.keywords) expect(k).toBe(k.toLowerCase());
      if (prev) {
        const ordered =
          prev.pubDate > r.pubDate || (prev.pubDate === r.pubDate && prev.link < r.link);
        expect(ordered, `${prev.link} before ${r.link}`).toBe(true);
      }
      prev = r;
    }
    // the real dates are kept: the sample ends in September 2022
    expect(records[0]?.pubDate).toBe('2022-09-23T12:00:00.000Z');
  });

  it('rejects when the file is missing', async () => {
    const read = async () => {
      for await (const _ of readSeedRecords(path.join(path.dirname(SEED_FILE), 'nope.jsonl.gz'))) {
        // nothing
      }
    };
    await expect(read()).rejects.toThrow(/ENOENT/);
  });
});
