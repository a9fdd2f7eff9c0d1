/**
 * Test support for the subject tests (subject-learning, your-feed): the corpus's recent
 * articles as a visitor pages through them, and the subject they share, found in the corpus
 * rather than chosen by hand: the largest cluster of recent articles sharing two rare words,
 * all in categories outside the interests; "on the subject" is judged by its words.
 */
import { CATEGORY_IDS, type PublicArticle } from '@lede/shared';
import type supertest from 'supertest';
import { expect } from 'vitest';
import { tokenize } from '../src/modules/feed/ranker/index.js';

const DAY_MS = 86_400_000;
/** The candidate window of the feed (feed.settings.ts). */
const WINDOW_DAYS = 45;
/** A word is rare when at most this many of the window's articles use it. */
const RARE_DF = 25;

export interface Subject {
  /** The words most of its articles share. */
  words: string[];
  /** Its articles, the most central first. */
  articles: PublicArticle[];
  isOn(a: PublicArticle): boolean;
}

/** The window's articles, newest first, as a visitor pages through them. */
export async function recentArticles(request: () => supertest.Agent): Promise<PublicArticle[]> {
  const out: PublicArticle[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res = await request()
      .get('/api/articles/getlatestarticles')
      .query({ limit: 50, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    out.push(...(res.body.articles as PublicArticle[]));
    cursor = res.body.nextCursor;
    const newest = Date.parse(out[0]!.pubDate);
    if (!cursor || Date.parse(out.at(-1)!.pubDate) < newest - WINDOW_DAYS * DAY_MS) break;
  }
  const newest = Date.parse(out[0]!.pubDate);
  return out.filter((a) => Date.parse(a.pubDate) > newest - WINDOW_DAYS * DAY_MS);
}

const CATEGORY_WORDS = new Set<string>(CATEGORY_IDS);
function wordsOf(a: PublicArticle): Set<string> {
  const text = `${a.title} ${a.description ?? ''} ${a.keywords.join(' ')}`;
  return new Set(tokenize(text).filter((w) => w.length > 2 && !CATEGORY_WORDS.has(w)));
}

/**
 * The largest group (at least 6) of articles sharing two rare words, all with categories and
 * none in `interests`; its words are the rare words at least half of them use, and an article
 * is on it when it uses two of them. Ties go alphabetically: the same corpus, the same subject.
 */
export function findSubject(window: PublicArticle[], interests: readonly string[]): Subject {
  const words = window.map(wordsOf);
  const df = new Map<string, number>();
  for (const ws of words) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1);
  const rare = (w: string) => (df.get(w) ?? 0) >= 3 && (df.get(w) ?? 0) <= RARE_DF;
  const outside = (a: PublicArticle) =>
    a.categories.length > 0 && !a.categories.some((c) => interests.includes(c));
  // Two words the window often writes side by side ("joe biden") are one name, not two words.
  const adjacent = new Map<string, number>();
  for (const a of window) {
    const tokens = tokenize(`${a.title} ${a.description ?? ''}`);
    for (let k = 0; k + 1 < tokens.length; k++) {
      const pair = [tokens[k]!, tokens[k + 1]!].sort().join(' ');
      adjacent.set(pair, (adjacent.get(pair) ?? 0) + 1);
    }
  }
  const oneName = (x: string, y: string) => (adjacent.get(`${x} ${y}`) ?? 0) >= 3;
  const groups = new Map<string, number[]>();
  window.forEach((a, i) => {
    if (!outside(a)) return;
    const mine = [...words[i]!].filter(rare).sort();
    for (let x = 0; x < mine.length; x++)
      for (let y = x + 1; y < mine.length; y++) {
        if (oneName(mine[x]!, mine[y]!)) continue;
        const key = `${mine[x]} ${mine[y]}`;
        groups.set(key, [...(groups.get(key) ?? []), i]);
      }
  });
  const [, members] = [...groups].sort(
    ([ka, a], [kb, b]) => b.length - a.length || (ka < kb ? -1 : 1),
  )[0]!;
  expect(members.length).toBeGreaterThanOrEqual(6);
  const share = new Map<string, number>();
  for (const i of members) for (const w of words[i]!) share.set(w, (share.get(w) ?? 0) + 1);
  const subjectWords = [...share]
    .filter(([w, n]) => rare(w) && n * 2 >= members.length)
    .map(([w]) => w)
    .sort();
  const isOn = (a: PublicArticle) => {
    const ws = wordsOf(a);
    return subjectWords.filter((w) => ws.has(w)).length >= 2;
  };
  // Its most central articles first (the most of its words, then the newest, then by title:
  // articles of one day are listed by their random ids, which change from run to run).
  const centrality = (i: number) => subjectWords.filter((w) => words[i]!.has(w)).length;
  const articles = [...members]
    .sort(
      (a, b) =>
        centrality(b) - centrality(a) ||
        Date.parse(window[b]!.pubDate) - Date.parse(window[a]!.pubDate) ||
        (window[a]!.title < window[b]!.title ? -1 : 1),
    )
    .map((i) => window[i]!);
  return { words: subjectWords, articles, isOn };
}
