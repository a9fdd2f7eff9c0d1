/**
 * Builds apps/api/data/corpus.seed.jsonl.gz (and apps/api/data/README.md) from
 * the CC BY 4.0 "News Category Dataset" sample.
 *
 *   cd apps/api && npx tsx scripts/build-seed.ts [path/to/news-category-sample.jsonl]
 *
 * Default input: <repo root>/../shared/data/news-category-sample.jsonl.
 * Output is deterministic (same input → byte-identical files).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CATEGORY_IDS, type CategoryId } from '@lede/shared';
import {
  mapSourceCategory,
  SOURCE_CATEGORY_MAP,
  TEXT_THRESHOLD,
  TITLE_BOOST,
  MAX_CATEGORIES,
} from '../src/lib/text/categorize.js';
import {
  compareSeedRecords,
  huffPostToSeedRecord,
  type HuffPostItem,
} from '../src/modules/articles/corpus/huffpost.js';
import { phraseCorpusOf } from '../src/lib/text/index.js';
import type { SeedRecord } from '../src/modules/articles/corpus/seed-file.js';

const scriptDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(scriptDir, '..');
const repoRoot = path.resolve(apiDir, '../..');
const DEFAULT_INPUT = path.resolve(repoRoot, '..', 'shared/data/news-category-sample.jsonl');
const DATA_DIR = path.join(apiDir, 'data');
const OUT_FILE = path.join(DATA_DIR, 'corpus.seed.jsonl.gz');
const README_FILE = path.join(DATA_DIR, 'README.md');

function main(): void {
  const input = path.resolve(process.argv[2] ?? DEFAULT_INPUT);
  const lines = readFileSync(input, 'utf8').split('\n');

  const seen = new Set<string>();
  const records: SeedRecord[] = [];
  let duplicates = 0;
  let invalid = 0;
  const perSource = new Map<string, { items: number; textAdded: Map<CategoryId, number> }>();
  const perCategory = new Map<CategoryId, { total: number; source: number; text: number }>(
    CATEGORY_IDS.map((id) => [id, { total: 0, source: 0, text: 0 }]),
  );
  let uncategorised = 0;

  const items: HuffPostItem[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    let raw: HuffPostItem;
    try {
      raw = JSON.parse(line) as HuffPostItem;
    } catch {
      invalid += 1;
      continue;
    }
    if (!raw.link || !raw.headline || !raw.date) {
      invalid += 1;
      continue;
    }
    items.push(raw);
  }
  // Keywords are weighed across the whole dataset: how common each phrase is in it.
  const corpus = phraseCorpusOf(
    items.map((raw) => ({
      title: raw.headline.trim(),
      description: (raw.short_description ?? '').trim(),
    })),
  );

  for (const raw of items) {
    if (seen.has(raw.link.trim())) {
      duplicates += 1;
      continue;
    }
    seen.add(raw.link.trim());
    const { record, detail } = huffPostToSeedRecord(raw, corpus);
    const textOnly = record.categories.filter((c) => !detail.fromSource.includes(c));
    records.push(record);

    const src = perSource.get(raw.category) ?? { items: 0, textAdded: new Map() };
    src.items += 1;
    for (const c of textOnly) src.textAdded.set(c, (src.textAdded.get(c) ?? 0) + 1);
    perSource.set(raw.category, src);
    if (record.categories.length === 0) uncategorised += 1;
    for (const c of record.categories) {
      const s = perCategory.get(c)!;
      s.total += 1;
      if (textOnly.includes(c)) s.text += 1;
      else s.source += 1;
    }
  }

  records.sort(compareSeedRecords);

  mkdirSync(DATA_DIR, { recursive: true });
  const body = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  writeFileSync(OUT_FILE, gzipSync(body, { level: 9 }));

  const newest = records[0]?.pubDate.slice(0, 10) ?? '-';
  const oldest = records[records.length - 1]?.pubDate.slice(0, 10) ?? '-';
  writeFileSync(
    README_FILE,
    renderReadme({
      records,
      perSource,
      perCategory,
      uncategorised,
      duplicates,
      invalid,
      newest,
      oldest,
    }),
  );

  console.log(`read ${input}`);
  console.log(
    `wrote ${path.relative(repoRoot, OUT_FILE)}: ${records.length} records (${duplicates} duplicate links skipped, ${invalid} invalid lines), ${oldest} … ${newest}`,
  );
  console.log(`items with no category: ${uncategorised}`);
  console.log('per category (total = from source + from text):');
  for (const id of CATEGORY_IDS) {
    const s = perCategory.get(id)!;
    console.log(
      `  ${id.padEnd(14)} ${String(s.total).padStart(5)} = ${String(s.source).padStart(5)} + ${String(s.text).padStart(4)}`,
    );
  }
}

function renderReadme(args: {
  records: SeedRecord[];
  perSource: Map<string, { items: number; textAdded: Map<CategoryId, number> }>;
  perCategory: Map<CategoryId, { total: number; source: number; text: number }>;
  uncategorised: number;
  duplicates: number;
  invalid: number;
  newest: string;
  oldest: string;
}): string {
  const { records, perSource, perCategory, uncategorised, newest, oldest } = args;
  const sources = [...perSource.entries()].sort(
    (a, b) => b[1].items - a[1].items || a[0].localeCompare(b[0]),
  );
  const mappingRows = sources.map(([name, s]) => {
    const mapped = mapSourceCategory(name);
    const added = [...s.textAdded.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 4)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    return `| ${name} | ${s.items} | ${mapped.length ? mapped.join(', ') : '— (text decides)'} | ${added || '—'} |`;
  });
  const catRows = CATEGORY_IDS.map((id) => {
    const s = perCategory.get(id)!;
    return `| ${id} | ${s.total} | ${s.source} | ${s.text} |`;
  });
  const thin = CATEGORY_IDS.filter((id) => perCategory.get(id)!.total < 150);
  const textOnlyCats = CATEGORY_IDS.filter((id) => perCategory.get(id)!.source === 0);
  const mostlyText = CATEGORY_IDS.filter((id) => {
    const c = perCategory.get(id)!;
    return c.source > 0 && c.text > c.source;
  });
  const huffpostKeys = Object.keys(SOURCE_CATEGORY_MAP).filter((k) => perSource.has(k)).length;

  return `# Bundled article corpus

\`corpus.seed.jsonl.gz\` — ${records.length} real news items (HuffPost, ${oldest} to ${newest}),
gzip-compressed JSON lines, newest first (pubDate desc, then link).

**This file is generated — do not edit by hand.** It is written, together with
\`corpus.seed.jsonl.gz\`, by \`scripts/build-seed.ts\`.

## Source and licence

Built from \`news-category-sample.jsonl\` (the newest ~10k items of the
**"News Category Dataset" by Rishabh Misra, 2022, arXiv:2209.11429**), licensed
under **CC BY 4.0** (https://creativecommons.org/licenses/by/4.0/). Changes
made here: headline/short description/authors/date renamed to our article
fields, authors split into a list, HuffPost sections mapped to our 15 interest
categories, keywords extracted. Any product or derived data set shipping this
file must keep this attribution (e.g. an "About the data" line in the app).

## Regenerate

\`\`\`sh
cd apps/api
npx tsx scripts/build-seed.ts            # default input: <repo>/../shared/data/news-category-sample.jsonl
npx tsx scripts/build-seed.ts path/to/news-category-sample.jsonl
\`\`\`

The output is deterministic. Read it with \`readSeedRecords()\` from
\`src/modules/articles/corpus/seed-file.ts\`.

## Record format

\`\`\`json
{ "link": "...", "title": "...", "description": "...", "creator": ["..."],
  "pubDate": "2022-09-23T12:00:00.000Z", "source_name": "HuffPost",
  "source_url": "https://www.huffpost.com", "source_icon": null, "image_url": null,
  "source_category": "U.S. NEWS", "categories": ["health"], "keywords": ["health", "..."] }
\`\`\`

- \`pubDate\`: the item's real date at 12:00:00Z (the dataset has dates only).
  Dates are never shifted; time windows must be anchored to the newest article.
- \`creator\`: \`authors\` split on "," and " and " (e.g. "Carla K. Johnson, AP" →
  ["Carla K. Johnson", "AP"]); empty when the dataset has no author.
- \`image_url\` is always null: the dataset has no images (the app's default image applies).
- \`categories\`: at most ${MAX_CATEGORIES}, the primary first (the label a reader sees), then
  secondary ones; \`category_scores\` in the same order.
- \`keywords\`: lowercase; the primary category, then the most salient names, noun phrases and
  proper nouns (wink-nlp, weighed across the dataset), up to 8 in total.
- \`terms\`, \`term_weights\`: the salient names, phrases and nouns, heaviest first
  (src/lib/text/understand.ts).
- \`source_category\`: the dataset's own section, kept.
- Links are unique (duplicate links would be skipped; the sample has ${args.duplicates}).

## How categories are assigned

\`src/lib/text/categorize.ts\`:

1. The HuffPost section is mapped through \`SOURCE_CATEGORY_MAP\` (table below); a section
   that maps to exactly one category gives the primary.
2. Otherwise the whole text decides: a weighted lexicon matched on word boundaries (title
   matches ×${TITLE_BOOST}; a term inside a proper name such as "West Point's Science
   Center" does not count) plus a naive Bayes over the content words trained on the mapped
   sections (\`data/category-model.json\`). Every item gets a primary.
3. Secondary categories need a title term or twice the threshold (${TEXT_THRESHOLD}) from the
   description, up to ${MAX_CATEGORIES} in total.

### Source category → our categories (${huffpostKeys} HuffPost sections)

"Added from text" shows the most frequent categories that the text lexicon
added on top of the mapping for that section (items can get several).

| HuffPost section | items | our categories | added from text (top) |
| --- | ---: | --- | --- |
${mappingRows.join('\n')}

Judgment calls:

- HuffPost has no automotive section: automotive comes from text matches only.
- U.S. NEWS, CRIME, WEIRD NEWS and IMPACT are general desks, and BLACK VOICES,
  QUEER VOICES, LATINO VOICES, WOMEN and RELIGION are community sections whose
  stories span politics, entertainment, lifestyle...; none has a topical
  counterpart among our 15 categories, so for them the text decides.
- MEDIA is about news media (networks, anchors, newspapers): mapped to
  entertainment as the closest fit (TV personalities), with politics added from
  the text when the story is political. COMEDY (late-night hosts, funny tweets)
  and CULTURE & ARTS (books, film, art, theatre) also map to entertainment.
- STYLE & BEAUTY, HOME & LIVING, PARENTING and WEDDINGS → lifestyle;
  WELLNESS → health.
- BUSINESS → business and MONEY → finance (HuffPost BUSINESS is companies and
  labour, MONEY is personal finance); the text adds the other when it fits.

## Result: items per category

| category | items | from source mapping | from text only |
| --- | ---: | ---: | ---: |
${catRows.join('\n')}

Items with no category at all: ${uncategorised} of ${records.length}.

Be aware of the skew:

- The sample is politics-heavy (politics and entertainment dominate).
- Thin categories (fewer than 150 items): ${thin.length ? thin.join(', ') : 'none'}.
- ${textOnlyCats.length ? `${textOnlyCats.join(', ')} ${textOnlyCats.length === 1 ? 'has' : 'have'} no source section at all: every such item comes from text matches.` : 'Every category has at least one source section.'}
- Mostly from text matches (more text-only than source-mapped items):
  ${mostlyText.join(', ') || 'none'}. HuffPost's own TECH, SCIENCE, TRAVEL and
  EDUCATION sections are tiny in this sample.
- Text matches are keyword heuristics, so expect some noise: automotive picks up
  car-crash and traffic stories, education school-shooting stories, travel
  airline and airport incidents, health anything centred on COVID.

Category chips and feeds must handle small or empty result sets gracefully.
`;
}

main();
