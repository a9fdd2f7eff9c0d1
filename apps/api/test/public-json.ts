import type { DbExecutor } from '../src/db/client.js';
import { articlesRepository } from '../src/modules/articles/articles.repository.js';
import { publicArticleJson, toPublicArticle } from '../src/modules/articles/articles.serializer.js';

/**
 * The JSON of the articles with these ids, both ways, in the order of `ids`: written from each
 * one's stored `public_json` (as a search page is), and serialised from its columns.
 */
export async function articleJsonBothWays(
  db: DbExecutor,
  ids: string[],
): Promise<{ stored: string[]; serialised: string[] }> {
  const [stored, records] = await Promise.all([
    articlesRepository.publicJsonByIdsInOrder(db, ids),
    articlesRepository.findByIdsInOrder(db, ids),
  ]);
  return {
    stored: stored.map(publicArticleJson),
    serialised: records.map((record) => JSON.stringify(toPublicArticle(record))),
  };
}
