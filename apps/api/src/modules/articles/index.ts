/** The articles module's public surface: what other features and the composition root use. */
export { articleColumns, articlesRepository } from './articles.repository.js';
export type { ArticleRecord, BulkArticle } from './articles.repository.js';
export { toPublicArticle, type ArticleRow } from './articles.serializer.js';
export { categorize } from './corpus/categorize.js';
export { splitAuthors } from './corpus/huffpost.js';
export {
  batchCorpus,
  countPhrases,
  extractKeywords,
  normalizeTitle,
  phraseCorpusOf,
  tokenize,
  type PhraseCorpus,
} from './corpus/keywords.js';
export { findPhrases } from './corpus/phrases.js';
export { readSeedRecords, type SeedRecord } from './corpus/seed-file.js';
export { loadSeedRecords, seedCorpusIfEmpty } from './seed.js';
export { articlesRoutes } from './articles.router.js';
export { createArticlesService, type ArticlesService } from './articles.service.js';
