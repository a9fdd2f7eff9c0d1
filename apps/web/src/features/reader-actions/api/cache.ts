import type { PublicArticle, SavedArticleEntry } from '@lede/shared';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { readerActionsQueries } from './reader-actions';

function isArticle(value: unknown): value is PublicArticle {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as PublicArticle)._id === 'string' &&
    typeof (value as PublicArticle).likes === 'number' &&
    typeof (value as PublicArticle).title === 'string'
  );
}

/** Returns `data` with every copy of article `id` given `likes`; untouched parts keep identity. */
export function withLikes<T>(data: T, id: string, likes: number): T {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const patched = withLikes(item, id, likes);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : data) as T;
  }
  if (!data || typeof data !== 'object') return data;
  if (isArticle(data) && data._id === id) {
    return (data.likes === likes ? data : { ...data, likes }) as T;
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    const patched = v && typeof v === 'object' ? withLikes(v, id, likes) : v;
    if (patched !== v) changed = true;
    next[k] = patched;
  }
  return (changed ? next : data) as T;
}

/** The first cached copy of article `id` in `data`, whatever its shape. */
function findArticle(data: unknown, id: string): PublicArticle | undefined {
  if (!data || typeof data !== 'object') return undefined;
  if (isArticle(data) && data._id === id) return data;
  for (const value of Array.isArray(data) ? data : Object.values(data)) {
    const found = findArticle(value, id);
    if (found) return found;
  }
  return undefined;
}

/** Every cache that can hold an article: the public lists and pages, stories, the reader's data. */
const ARTICLE_CACHES: readonly QueryKey[] = [
  queryKeys.articles,
  queryKeys.stories,
  queryKeys.reader,
];

/** The like count the cache shows for article `id`, if any list or page holds it. */
export function cachedLikes(qc: QueryClient, id: string): number | undefined {
  for (const queryKey of ARTICLE_CACHES) {
    for (const [, data] of qc.getQueriesData<unknown>({ queryKey })) {
      const found = findArticle(data, id);
      if (found) return found.likes;
    }
  }
  return undefined;
}

/**
 * Writes an article's like count into every cached list that holds it: public lists and pages,
 * the reader's feed and saved articles, whatever their shape.
 */
export function setArticleLikes(qc: QueryClient, id: string, likes: number): void {
  for (const queryKey of ARTICLE_CACHES) {
    qc.setQueriesData<unknown>({ queryKey }, (data: unknown) => withLikes(data, id, likes));
  }
}

/** The reader's three lists of article ids, each in its own query. */
export type ReactionList = 'liked' | 'disliked' | 'saved';
const LIST_KEYS = {
  liked: readerActionsQueries.keys.likedIds,
  disliked: readerActionsQueries.keys.dislikedIds,
  saved: readerActionsQueries.keys.savedIds,
} as const satisfies Record<ReactionList, () => QueryKey>;
const LISTS = Object.keys(LIST_KEYS) as ReactionList[];

function listOf(qc: QueryClient, name: ReactionList): string[] {
  return qc.getQueryData<string[]>(LIST_KEYS[name]()) ?? [];
}

/** The saved articles as cached: pages of entries, newest saved first (readerActionsQueries.savedArticles). */
type SavedPages = InfiniteData<{ savedArticles: SavedArticleEntry[] }>;

const savedEntries = (data: SavedPages) => data.pages.flatMap((p) => p.savedArticles);

function withoutSaved(data: SavedPages, id: string): SavedPages {
  return {
    ...data,
    pages: data.pages.map((p) =>
      p.savedArticles.some((e) => e.article_id._id === id)
        ? { ...p, savedArticles: p.savedArticles.filter((e) => e.article_id._id !== id) }
        : p,
    ),
  };
}

/** `entry` put back at `index` of all the entries, in the page that holds that place. */
function withSavedAt(data: SavedPages, entry: SavedArticleEntry, index: number): SavedPages {
  let start = 0;
  let placed = false;
  const pages = data.pages.map((p, n) => {
    const end = start + p.savedArticles.length;
    const here = !placed && (index < end || n === data.pages.length - 1);
    const at = index - start;
    start = end;
    if (!here) return p;
    placed = true;
    const entries = p.savedArticles;
    return { ...p, savedArticles: [...entries.slice(0, at), entry, ...entries.slice(at)] };
  });
  return { ...data, pages };
}

/**
 * A reader's reaction to one article, or part of it: whether it is liked, disliked and saved, and
 * its like count. A field left out is left as it is.
 */
export interface Reaction {
  liked?: boolean;
  disliked?: boolean;
  saved?: boolean;
  likes?: number;
  /** With `saved: true`, puts this entry back into the saved articles list (undoing an unsave). */
  savedEntry?: { entry: SavedArticleEntry; index: number };
}

/** Whether the reader's lists `names` are loaded, so what currentReaction says of them holds. */
export function knowsReactions(qc: QueryClient, names: readonly ReactionList[]): boolean {
  return names.every((name) => qc.getQueryData(LIST_KEYS[name]()) !== undefined);
}

/** What the cache shows now of the reader's reaction to article `id`. */
export function currentReaction(
  qc: QueryClient,
  id: string,
): Required<Omit<Reaction, 'savedEntry' | 'likes'>> & { likes: number | undefined } {
  return {
    liked: listOf(qc, 'liked').includes(id),
    disliked: listOf(qc, 'disliked').includes(id),
    saved: listOf(qc, 'saved').includes(id),
    likes: cachedLikes(qc, id),
  };
}

/**
 * Applies a reaction to article `id` in every cached list and detail: the reader's liked,
 * disliked and saved ids, the saved articles (an unsaved one leaves the list), and the like count
 * wherever the article is shown. Returns the reaction that puts back what it changed, so the same
 * helper makes an optimistic update (`onMutate`), keeps the server's answer and rolls back
 * (`onError`).
 */
export function applyReaction(qc: QueryClient, id: string, reaction: Reaction): Reaction {
  const undo: Reaction = {};
  for (const name of LISTS) {
    const on = reaction[name];
    if (on === undefined) continue;
    const before = listOf(qc, name);
    const was = before.includes(id);
    undo[name] = was;
    if (was === on && qc.getQueryData(LIST_KEYS[name]()) !== undefined) continue;
    const rest = before.filter((x) => x !== id);
    qc.setQueryData(LIST_KEYS[name](), on ? [...rest, id] : rest);
  }

  const savedKey = readerActionsQueries.keys.savedArticles();
  const saved = qc.getQueryData<SavedPages>(savedKey);
  const entries = saved ? savedEntries(saved) : [];
  const index = entries.findIndex((e) => e.article_id._id === id);
  if (saved && reaction.saved === false && index >= 0) {
    undo.savedEntry = { entry: entries[index]!, index };
    qc.setQueryData<SavedPages>(savedKey, withoutSaved(saved, id));
  } else if (saved && reaction.saved === true && reaction.savedEntry && index < 0) {
    const { entry, index: at } = reaction.savedEntry;
    qc.setQueryData<SavedPages>(savedKey, withSavedAt(saved, entry, at));
  }

  if (reaction.likes !== undefined) {
    const before = cachedLikes(qc, id);
    if (before !== undefined) undo.likes = before;
    setArticleLikes(qc, id, Math.max(0, reaction.likes));
  }
  return undo;
}

/**
 * Stops any fetch of what a reaction changes, so an answer on its way cannot overwrite the
 * optimistic update: the reader's lists and saved articles. A list still loading for the first
 * time is left to load (cancelling it would leave it empty), unless it is one of `firstLoads`:
 * the lists a press made before they loaded changes, which reloadLists asks for again once the
 * press is settled.
 */
export async function cancelReactionQueries(
  qc: QueryClient,
  firstLoads: readonly ReactionList[] = [],
): Promise<void> {
  const keys = [
    ...LISTS.map((name) => [LIST_KEYS[name](), firstLoads.includes(name)] as const),
    [readerActionsQueries.keys.savedArticles(), false] as const,
  ];
  await Promise.all(
    keys.map(([queryKey, evenFirst]) =>
      qc.cancelQueries({
        queryKey,
        exact: true,
        predicate: (query) => evenFirst || query.state.data !== undefined,
      }),
    ),
  );
}

/** Asks for the reader's lists `names` again (after a press made before they loaded). */
export function reloadLists(qc: QueryClient, names: readonly ReactionList[]): Promise<void> {
  return Promise.all(
    names.map((name) => qc.invalidateQueries({ queryKey: LIST_KEYS[name](), exact: true })),
  ).then(() => undefined);
}
