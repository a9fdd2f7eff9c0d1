import { CATEGORY_IDS, type CategoryId } from '@lede/shared';
import { parseStringPromise } from 'xml2js';
import type { FeedSpec } from './default-feeds.js';
import { absoluteHttpUrl } from './links.js';
import { collapseWhitespace } from './text.js';

/** The file cannot be read as OPML; the message says why, in one line. */
export class OpmlError extends Error {
  override name = 'OpmlError';
}

interface OutlineNode {
  $?: Record<string, string | undefined>;
  outline?: OutlineNode[];
}

const attribute = (node: OutlineNode, name: string) => {
  const value = node.$?.[name];
  return value ? collapseWhitespace(value) || undefined : undefined;
};

/** A category id named by `text` (`Science`, `/World News`...), or undefined. */
function categoryOf(text: string | undefined): CategoryId | undefined {
  for (const word of (text ?? '').toLowerCase().split(/[\s,/]+/)) {
    const id = CATEGORY_IDS.find((c) => c === word || (c === 'sports' && word === 'sport'));
    if (id) return id;
  }
  return undefined;
}

/**
 * The feeds of an OPML document (the subscription lists feed readers export): each outline with
 * an http(s) `xmlUrl`, its `title` (else `text`) as the publisher, and as category the first of
 * ours named by its `category` attribute or by an enclosing folder's title. Each URL once.
 */
export async function parseOpml(xml: string): Promise<FeedSpec[]> {
  let document: { opml?: { body?: Array<{ outline?: OutlineNode[] } | string> } };
  try {
    document = (await parseStringPromise(xml)) as typeof document;
  } catch (err) {
    const reason = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
    throw new OpmlError(`not well-formed XML: ${reason}`);
  }
  if (!document?.opml) throw new OpmlError('not an OPML document (no <opml> root)');
  const body = document.opml.body?.[0];
  const feeds = new Map<string, FeedSpec>();
  const walk = (nodes: OutlineNode[] | undefined, folder: CategoryId | undefined) => {
    for (const node of nodes ?? []) {
      const url = absoluteHttpUrl(attribute(node, 'xmlUrl'));
      const category =
        categoryOf(attribute(node, 'category')) ??
        (url ? folder : categoryOf(attribute(node, 'title') ?? attribute(node, 'text'))) ??
        folder;
      if (url && !feeds.has(url)) {
        const publisher = attribute(node, 'title') ?? attribute(node, 'text');
        feeds.set(url, {
          url,
          ...(publisher ? { publisher } : {}),
          ...(category ? { category } : {}),
        });
      }
      walk(node.outline, category);
    }
  };
  walk(typeof body === 'object' ? body.outline : undefined, undefined);
  return [...feeds.values()];
}
