import Parser from 'rss-parser';
import { absoluteHttpUrl } from './links.js';
import type { RawItem } from './ingestion.types.js';

/** Feed-level fields read on top of rss-parser's defaults (Atom icon/logo). */
interface FeedExtras {
  icon?: string;
  logo?: string;
}

/** Item-level fields read on top of rss-parser's defaults; raw xml2js nodes, narrowed below. */
interface ItemExtras {
  rawCategories?: unknown[];
  dcCreators?: unknown[];
  mediaContent?: unknown[];
  mediaThumbnail?: unknown[];
  mediaGroup?: unknown[];
  itunesImage?: unknown[];
  author?: string;
  id?: string;
  'content:encoded'?: string;
}

const keep = { keepArray: true };

function createParser(): Parser<FeedExtras, ItemExtras> {
  return new Parser<FeedExtras, ItemExtras>({
    customFields: {
      feed: ['icon', 'logo'],
      item: [
        ['category', 'rawCategories', keep],
        ['dc:creator', 'dcCreators', keep],
        ['media:content', 'mediaContent', keep],
        ['media:thumbnail', 'mediaThumbnail', keep],
        ['media:group', 'mediaGroup', keep],
        ['itunes:image', 'itunesImage', keep],
      ],
    },
  });
}

/**
 * The items of an RSS 2.0 / RSS 1.0 / Atom document, with the feed's title,
 * site link and icon as their source. Rejects on broken XML or a document
 * that is not a feed.
 */
export async function parseFeed(xml: string, feedUrl: string): Promise<RawItem[]> {
  const feed = await createParser().parseString(xml);
  const sourceUrl = absoluteHttpUrl(feed.link, feedUrl) ?? new URL(feedUrl).origin;
  const sourceIcon = feed.icon ?? feed.logo ?? feed.image?.url;
  return feed.items.map((item) => ({
    title: item.title,
    link: absoluteHttpUrl(item.link, sourceUrl) ?? permalinkGuid(item.guid ?? item.id),
    description: item.summary ?? item.content ?? item['content:encoded'],
    creators: creatorsOf(item),
    // The source's own text first: isoDate always holds a time, even for a day-only date.
    published: item.pubDate ?? item.isoDate,
    imageCandidates: imagesOf(item),
    categories: (item.rawCategories ?? []).flatMap(
      (node) => textOf(node) ?? attr(node, 'term') ?? attr(node, 'label') ?? [],
    ),
    sourceName: feed.title,
    sourceUrl,
    sourceIcon: absoluteHttpUrl(sourceIcon, sourceUrl),
  }));
}

function creatorsOf(item: ItemExtras & Parser.Item): string[] {
  const fromDublinCore = (item.dcCreators ?? []).flatMap((node) => textOf(node) ?? []);
  if (fromDublinCore.length > 0) return fromDublinCore;
  const single = item.creator ?? item.author;
  return single ? [single] : [];
}

/** Enclosure, media:content, media:thumbnail (also inside media:group), itunes:image — in that order. */
function imagesOf(item: ItemExtras & Parser.Item): string[] {
  const images: string[] = [];
  const enclosure = item.enclosure;
  if (enclosure?.url && looksLikeImage(enclosure.type, enclosure.url)) images.push(enclosure.url);
  const groups = item.mediaGroup ?? [];
  const media = [
    ...(item.mediaContent ?? []),
    ...groups.flatMap((group) => childNodes(group, 'media:content')),
  ];
  for (const node of media) {
    const url = attr(node, 'url');
    const type = attr(node, 'type');
    const medium = attr(node, 'medium');
    const isImage = medium ? medium === 'image' : type ? type.startsWith('image/') : true;
    if (url && isImage) images.push(url);
  }
  const thumbnails = [
    ...(item.mediaThumbnail ?? []),
    ...groups.flatMap((group) => childNodes(group, 'media:thumbnail')),
  ];
  for (const node of thumbnails) {
    const url = attr(node, 'url');
    if (url) images.push(url);
  }
  for (const node of item.itunesImage ?? []) {
    const url = attr(node, 'href');
    if (url) images.push(url);
  }
  return images;
}

function looksLikeImage(type: string | undefined, url: string): boolean {
  if (type) return type.startsWith('image/');
  return /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(url);
}

/** A guid/id is used as the link only when it is itself an http(s) URL. */
function permalinkGuid(guid: string | undefined): string | undefined {
  return absoluteHttpUrl(guid);
}

function isRecord(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null;
}

/** Text of an xml2js node: a plain string or the `_` of an element with attributes. */
function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node.trim() || undefined;
  if (isRecord(node) && typeof node._ === 'string') return node._.trim() || undefined;
  return undefined;
}

function attr(node: unknown, name: string): string | undefined {
  if (!isRecord(node) || !isRecord(node.$)) return undefined;
  const value = node.$[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function childNodes(node: unknown, name: string): unknown[] {
  if (!isRecord(node)) return [];
  const children = node[name];
  return Array.isArray(children) ? children : [];
}
