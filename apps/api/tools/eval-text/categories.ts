/**
 * Offline evaluation of categorisation, the `categories` section of `pnpm eval:text`.
 *
 * On the bundled corpus (news-category-sample.jsonl, the HuffPost "News Category Dataset"), the
 * items whose own section maps onto exactly one of our categories are the labelled ones. Each is
 * categorised from its text alone (its section hidden) and the primary is compared with the
 * section's category. The naive Bayes model is fitted out of fold: 5 folds by item (a hash of
 * the link), each fold scored by a model fitted on the other four. Also reported: the lexicon
 * alone as it was before the primary category (first category over the threshold, none when
 * nothing passes), how many items get a primary, and named headlines whose words mislead it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORY_IDS, type CategoryId } from '@lede/shared';
import {
  categorizeDetailed,
  scoreText,
  TEXT_THRESHOLD,
  type CategorizeOptions,
} from '../../src/lib/text/categorize.js';
import { compileCategoryModel, type CategoryModel } from '../../src/lib/text/category-model.js';
import {
  fitCategoryModel,
  sectionCategory,
  type SectionedText,
} from '../../src/lib/text/category-training.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The bundled corpus, beside the repository (as scripts/build-seed.ts reads it). */
export const CATEGORY_DATA = path.join(repoRoot, '..', 'shared/data/news-category-sample.jsonl');

export const FOLDS = 5;

export interface CorpusItem extends SectionedText {
  link: string;
}

/** The dataset's items: headline, short description, section. */
export function loadCategoryCorpus(file = CATEGORY_DATA): CorpusItem[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const raw = JSON.parse(line) as {
        link: string;
        headline: string;
        short_description?: string;
        category: string;
      };
      return {
        link: raw.link,
        title: raw.headline.trim(),
        description: (raw.short_description ?? '').trim(),
        section: raw.category,
      };
    });
}

/** An item's fold: a hash of its link, so it does not depend on the file's order. */
export function foldOf(link: string, folds = FOLDS): number {
  return createHash('sha1').update(link).digest().readUInt32BE(0) % folds;
}

/** The old rule (before the primary category) from the text alone: the best lexicon category over the threshold. */
function lexiconOnlyBefore(title: string, description: string): CategoryId | undefined {
  return scoreText(title, description)
    .filter((s) => s.score >= TEXT_THRESHOLD)
    .sort((a, b) => b.score - a.score || CATEGORY_IDS.indexOf(a.id) - CATEGORY_IDS.indexOf(b.id))[0]
    ?.id;
}

interface Tally {
  items: number;
  correct: number;
  predicted: number;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function figures(pairs: ReadonlyArray<{ truth: CategoryId; guess: CategoryId | undefined }>) {
  const per = new Map<CategoryId, Tally>(
    CATEGORY_IDS.map((id) => [id, { items: 0, correct: 0, predicted: 0 }]),
  );
  let correct = 0;
  let none = 0;
  for (const { truth, guess } of pairs) {
    per.get(truth)!.items += 1;
    if (guess) per.get(guess)!.predicted += 1;
    else none += 1;
    if (guess === truth) {
      correct += 1;
      per.get(truth)!.correct += 1;
    }
  }
  const present = [...per.values()].filter((t) => t.items > 0);
  return {
    items: pairs.length,
    accuracy: round(correct / Math.max(1, pairs.length)),
    /** Mean of the per-category accuracies (recall), over the categories with items. */
    macroAccuracy: round(
      present.reduce((a, t) => a + t.correct / t.items, 0) / Math.max(1, present.length),
    ),
    withoutCategory: none,
    perCategory: Object.fromEntries(
      [...per].map(([id, t]) => [
        id,
        {
          items: t.items,
          accuracy: t.items ? round(t.correct / t.items) : null,
          precision: t.predicted ? round(t.correct / t.predicted) : null,
          predicted: t.predicted,
        },
      ]),
    ),
  };
}

/** Headlines whose words mislead a lexicon: what they must not be, or must be. */
const CHECKS: ReadonlyArray<{
  find: string;
  notCategory?: CategoryId;
  primary?: CategoryId;
  why: string;
}> = [
  {
    find: "A Ku Klux Klan Plaque Is Mounted At West Point's Science Center",
    notCategory: 'science',
    why: 'a "science center" is a place; West Point is a place',
  },
  {
    find: "A Whole New Galaxy Of 'Star Wars' Projects",
    notCategory: 'science',
    primary: 'entertainment',
    why: 'a figurative "galaxy"; Star Wars is a name',
  },
  {
    find: 'Russian Cosmonaut Valery Polyakov',
    primary: 'world',
    why: 'its section (WORLD NEWS) is its label everywhere',
  },
  {
    find: 'Puerto Ricans Desperate For Water',
    primary: 'world',
    why: 'its section (WORLD NEWS) is its label everywhere',
  },
];

/** The figures of `pnpm eval:text`'s `categories` section (JSON-able). */
export async function evaluateCategories(file = CATEGORY_DATA): Promise<object> {
  const started = Date.now();
  const items = loadCategoryCorpus(file);
  const models: CategoryModel[] = [];
  for (let k = 0; k < FOLDS; k++)
    models.push(compileCategoryModel(fitCategoryModel(items.filter((i) => foldOf(i.link) !== k))));
  const optionsOf = (item: CorpusItem): CategorizeOptions => ({
    model: models[foldOf(item.link)]!,
  });

  const now: Array<{ truth: CategoryId; guess: CategoryId | undefined }> = [];
  const before: Array<{ truth: CategoryId; guess: CategoryId | undefined }> = [];
  let textPrimary = 0;
  let withCategoriesBefore = 0;
  let secondaries = 0;
  for (const item of items) {
    const hidden = { sourceCategories: [], title: item.title, description: item.description };
    const detail = categorizeDetailed(hidden, optionsOf(item));
    if (CATEGORY_IDS.includes(detail.primary)) textPrimary += 1;
    const full = categorizeDetailed(
      { ...hidden, sourceCategories: [item.section] },
      optionsOf(item),
    );
    secondaries += full.categories.length - 1;
    const old = lexiconOnlyBefore(item.title, item.description);
    if (old || sectionCategory(item.section) || full.fromSource.length > 0)
      withCategoriesBefore += 1;
    const truth = sectionCategory(item.section);
    if (!truth) continue;
    now.push({ truth, guess: detail.primary });
    before.push({ truth, guess: old });
  }

  const checks = CHECKS.map((check) => {
    const item = items.find((i) => i.title.startsWith(check.find));
    if (!item) return { headline: check.find, found: false, ok: false };
    const full = categorizeDetailed(
      { sourceCategories: [item.section], title: item.title, description: item.description },
      optionsOf(item),
    );
    const textOnly = categorizeDetailed(
      { sourceCategories: [], title: item.title, description: item.description },
      optionsOf(item),
    );
    const ok =
      (!check.notCategory ||
        (!full.categories.includes(check.notCategory) &&
          !textOnly.categories.includes(check.notCategory))) &&
      (!check.primary || full.primary === check.primary);
    return {
      headline: item.title,
      section: item.section,
      why: check.why,
      ...(check.notCategory ? { mustNotBe: check.notCategory } : {}),
      ...(check.primary ? { primaryMustBe: check.primary } : {}),
      primary: full.primary,
      categories: full.categories,
      scores: full.scores,
      textOnly: { primary: textOnly.primary, categories: textOnly.categories },
      ok,
    };
  });

  return {
    data: {
      file: path.basename(file),
      items: items.length,
      labelled: now.length,
      folds: FOLDS,
      note: 'labelled = items whose section maps onto exactly one category; the model is fitted out of fold',
    },
    textOnly: figures(now),
    before: figures(before),
    coverage: {
      items: items.length,
      withPrimary: textPrimary,
      withAnyCategoryBefore: withCategoriesBefore,
      secondariesPerItem: round(secondaries / Math.max(1, items.length)),
    },
    checks,
    checksPassed: checks.every((c) => c.ok),
    seconds: round((Date.now() - started) / 1000),
  };
}
