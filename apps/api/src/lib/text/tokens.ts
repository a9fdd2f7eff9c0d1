/**
 * The one tokenizer of the API: how every feature (keywords, categories, the ranker, stories,
 * search) cuts text into words. Pure and deterministic.
 */

/** NFKD without marks, typographic quotes and dashes made plain, lowercased. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02bc\u2032`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase();
}

/**
 * Function words, calendar words and headline boilerplate ("says", "watch", "here's",
 * "video"): never a term of an article, a subject or a story.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a able about above according across actually after again against ago ahead all almost along
  already also although always am amid among amp an and another any anybody anymore anyone
  anything anyway anywhere are aren arent around as ask asked asks at away back be became because
  become becomes been before behind being below best better between beyond big biggest billion
  both breaking but by call called calls came can cannot cant claimed claims come comes coming
  could couldn couldnt day days did didn didnt do does doesn doesnt doing don done dont down dr
  during each eight either else enough etc even ever every everybody everyone everything
  everywhere exclusive explained explains far few find finds first five for former found four
  friday from further gave get gets getting give given gives go goes going gone good got great had
  hadn has hasn have haven having he her here heres hers herself hes him himself his how however
  hundred i id if ill im in inside instead into is isn isnt it its itself ive just keep keeps kept
  know knows last latest least left less let lets like likely little live long look looking looks
  lot lots made make makes making man many may maybe me men might million mine monday month months
  more most mostly mr mrs ms much must my myself nbsp near need needs neither never new news next
  nine no nobody none nor not nothing now of off often old on once one ones only onto or other
  others otherwise our ours ourselves out over own people per perhaps person photo photos put
  quite quot rather read really report reported reportedly reports revealed reveals right said
  same saturday say saying says see seem seemed seems seen seven several shall shared shares she
  shes should shouldn shouldnt show shows since six so some somebody someone something sometimes
  somewhere still such sunday take takes taking tell tells ten than that thats the their theirs
  them themselves then there theres these they theyre theyve thing things think thinks this those
  though thought thousand three through thursday thus till time times to today told tomorrow
  tonight too top totally toward towards tried tries try tuesday two under until up update updated
  updates upon us use used uses using very via video videos want wanted wants was wasn wasnt watch
  way ways we wednesday week weekend weeks well went were weren werent weve what whatever whats
  when whenever where whether which while who whoever whole whom whos whose why will with within
  without woman women won wont would wouldn wouldnt year years yes yesterday yet you youll your
  youre yours yourself yourselves youve`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that keep their symbols: "c++", "c#", "f#", "at&t", "9/11", "24/7", "r&b", "s&p". */
const SYMBOL_WORD = /^(?:[a-z]\+\+|[a-z]#|[a-z0-9]{1,4}&[a-z0-9]{1,4}|\d{1,2}\/\d{1,2})$/;

/**
 * Lowercase word tokens of a text, in order: diacritics stripped, possessive 's dropped,
 * apostrophes removed ("don't" → "dont"), split on anything that is not a letter or a digit,
 * except the few words whose symbols are their meaning ("C++", "AT&T", "9/11"). Stopwords kept.
 */
export function tokenize(text: string): string[] {
  const normal = normalizeText(text).replace(/'s\b/g, '').replace(/'/g, '');
  const out: string[] = [];
  for (const chunk of normal.split(/[\s,;:!?()[\]{}"<>|]+/)) {
    if (!chunk) continue;
    const trimmed = chunk.replace(/^[^a-z0-9]+|[^a-z0-9+#]+$/g, '');
    if (SYMBOL_WORD.test(trimmed)) {
      out.push(trimmed);
      continue;
    }
    for (const word of chunk.split(/[^a-z0-9]+/)) if (word) out.push(word);
  }
  return out;
}

/**
 * Plurals only: the S-stemmer (Harman 1991), also right on "-xes"/"-ches" plurals and "-is"
 * words ("rates" → "rate", "stories" → "story", "taxes" → "tax"; "crisis" stays). It almost
 * never joins words of different meaning, which a headline of eight words cannot afford.
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (/[^ae]ies$/.test(word)) return word.slice(0, -3) + 'y';
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeo]es$/.test(word)) return word.slice(0, -1);
  if (/[^usi]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The content words of a text, stemmed: no stopwords, no lone letters or digits ("7.1" and
 * "0.5%" stay one token, "9/11" is kept whole: numbers tell events apart). The unit of the ranker's vectors,
 * the stories' features and the search's terms.
 */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const word of tokenize(text.replace(/(\d)[.,](\d)/g, '$1$2'))) {
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}
