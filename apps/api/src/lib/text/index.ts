/** The one understanding of text (README.md): what every feature reads articles and queries with. */
export { contentWords, normalizeText, stem, STOPWORDS, tokenize } from './tokens.js';
export { queryTerms, type QueryTerm, type QueryTerms } from './query-terms.js';
export { findPhrases, sentenceCase, type Phrase, type PhraseKind } from './phrases.js';
export {
  categorize,
  categorizeDetailed,
  mapSourceCategory,
  type CategorizeResult,
} from './categorize.js';
export {
  batchCorpus,
  countPhrases,
  extractKeywords,
  normalizeTitle,
  phraseCorpusOf,
  salientTerms,
  type PhraseCorpus,
  type SalientTerm,
} from './keywords.js';
export {
  MAX_TERMS,
  understandArticle,
  type ArticleText,
  type ArticleUnderstanding,
} from './understand.js';
export { CorpusStats } from './corpus-stats.js';
