import { z } from 'zod';
import type { RawItem } from './ingestion.types.js';

/** The request URL: the configured endpoint plus the key and, unless given, language=en. Never log it. */
export function newsDataRequestUrl(endpoint: string, apiKey: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('apikey', apiKey);
  if (!url.searchParams.has('language')) url.searchParams.set('language', 'en');
  return url.toString();
}

const text = z.string().nullish().catch(null);
const texts = z.array(z.string()).nullish().catch(null);

const newsDataItem = z.object({
  title: text,
  link: text,
  description: text,
  content: text,
  pubDate: text,
  image_url: text,
  source_id: text,
  source_name: text,
  source_url: text,
  source_icon: text,
  creator: texts,
  category: texts,
});

const newsDataResponse = z.object({
  status: z.string(),
  results: z.unknown(),
});

/** "2026-03-01 08:30:00" (NewsData.io, UTC) → ISO 8601; anything else unchanged. */
export function newsDataDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  return m ? `${m[1]}T${m[2]}Z` : value;
}

/** Free plans put this placeholder in `content`. */
const PAID_PLAN_PLACEHOLDER = /^only available in paid plans/i;

/**
 * The items of one NewsData.io-compatible `latest` response (one page). Throws
 * when the body is not JSON or reports an error; a malformed item becomes an
 * item without title (counted as invalid), never a failed run.
 */
export function parseNewsData(body: string): RawItem[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('response is not JSON');
  }
  const response = newsDataResponse.safeParse(json);
  if (!response.success) throw new Error('unexpected response shape');
  const { status, results } = response.data;
  if (status !== 'success' || !Array.isArray(results)) {
    const message = z.object({ message: z.string() }).safeParse(results);
    throw new Error(`status ${status}${message.success ? `: ${message.data.message}` : ''}`);
  }
  return results.map(toRawItem);
}

function toRawItem(entry: unknown): RawItem {
  const parsed = newsDataItem.safeParse(entry);
  if (!parsed.success) return { creators: [], imageCandidates: [], categories: [] };
  const item = parsed.data;
  const content =
    item.content && !PAID_PLAN_PLACEHOLDER.test(item.content) ? item.content : undefined;
  return {
    title: item.title ?? undefined,
    link: item.link ?? undefined,
    description: item.description ?? content,
    creators: item.creator ?? [],
    published: newsDataDate(item.pubDate),
    imageCandidates: item.image_url ? [item.image_url] : [],
    categories: item.category ?? [],
    sourceName: item.source_name ?? item.source_id ?? undefined,
    sourceUrl: item.source_url ?? undefined,
    sourceIcon: item.source_icon ?? undefined,
  };
}
