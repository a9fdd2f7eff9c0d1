/** The articles module's public surface: what other features and the composition root use. */
export { articleColumns, articleInsertRecord, articlesRepository } from './articles.repository.js';
export type { ArticleInsertRecord, ArticleRecord, BulkArticle } from './articles.repository.js';
export { toPublicArticle, type ArticleRow } from './articles.serializer.js';
export { splitAuthors } from './corpus/huffpost.js';
export { dateTextHasTime } from './published-time.js';
export { readSeedRecords, type SeedRecord } from './corpus/seed-file.js';
export {
  loadSeedRecords,
  seedCorpusIfEmpty,
  understandStoredArticles,
  type ArticleWriter,
} from './seed.js';
export { articlesRoutes } from './articles.router.js';
export { createArticlesService, type ArticlesService } from './articles.service.js';
