import { CATEGORY_IDS, type CategoryId } from '@lede/shared';
import { bundledCategoryModel, categoryPosterior, type CategoryModel } from './category-model.js';
import { findPhrases } from './phrases.js';
import { normalizeText } from './tokens.js';

/**
 * Categorisation of news items onto Lede's 15 interest categories.
 *
 * Each item gets one primary category (always one of the 15) and up to two
 * secondaries, from (see {@link categorizeDetailed}):
 *  1. the item's own source categories (HuffPost section, RSS `<category>`,
 *     NewsData.io `category[]`), through {@link SOURCE_CATEGORY_MAP};
 *  2. a weighted text lexicon ({@link CATEGORY_LEXICON}) matched on word
 *     boundaries against the lowercased title + description, with proper names
 *     and place names masked ({@link readableText});
 *  3. a small naive Bayes model trained on the bundled corpus (category-model.ts).
 *
 * Everything here is pure and deterministic: same input, same output.
 */

/**
 * Source category → our category ids. Keys are matched case-insensitively
 * (after trimming, `_`/`-` → space and whitespace collapsing, see
 * {@link normalizeSourceCategory}). An empty array means "this section says
 * nothing about our categories on its own; decide from the text".
 *
 * Judgment calls (HuffPost sections):
 *  - U.S. NEWS, CRIME, WEIRD NEWS, IMPACT: general/domestic news desks with no
 *    topical counterpart in our list (we have no "US" or "crime" category), so
 *    the text decides (politics, health, travel, automotive, ...).
 *  - BLACK VOICES, QUEER VOICES, LATINO VOICES, WOMEN, RELIGION: community and
 *    identity sections whose stories span politics, entertainment, lifestyle...;
 *    forcing one category on them would be wrong more often than right, so the
 *    text decides.
 *  - MEDIA (news media, TV networks and their personalities) and COMEDY
 *    (late-night hosts, sketches, funny tweets) → entertainment; the text adds
 *    politics when the story is about politics.
 *  - CULTURE & ARTS (books, film, art, theatre) → entertainment, our closest
 *    category ("film, TV, music, celebrities and culture").
 *  - STYLE & BEAUTY, HOME & LIVING, PARENTING, WEDDINGS → lifestyle
 *    ("home, style, relationships and everyday living").
 *  - WELLNESS → health; MONEY → finance; BUSINESS → business (not finance:
 *    HuffPost BUSINESS is companies/labour, MONEY is personal finance).
 *  - HuffPost has no automotive section: automotive only ever comes from text.
 *
 * Older HuffPost section names (from the full dataset) and common feed words
 * (RSS / NewsData.io categories) are included too.
 */
export const SOURCE_CATEGORY_MAP: Readonly<Record<string, readonly CategoryId[]>> = {
  // ── HuffPost sections present in news-category-sample.jsonl (29) ──
  POLITICS: ['politics'],
  ENTERTAINMENT: ['entertainment'],
  'U.S. NEWS': [],
  'WORLD NEWS': ['world'],
  COMEDY: ['entertainment'],
  SPORTS: ['sports'],
  CRIME: [],
  'STYLE & BEAUTY': ['lifestyle'],
  MEDIA: ['entertainment'],
  'WEIRD NEWS': [],
  'BLACK VOICES': [],
  'HOME & LIVING': ['lifestyle'],
  ENVIRONMENT: ['environment'],
  WELLNESS: ['health'],
  PARENTING: ['lifestyle'],
  'FOOD & DRINK': ['food'],
  WOMEN: [],
  'QUEER VOICES': [],
  BUSINESS: ['business'],
  MONEY: ['finance'],
  'CULTURE & ARTS': ['entertainment'],
  IMPACT: [],
  TECH: ['technology'],
  SCIENCE: ['science'],
  RELIGION: [],
  TRAVEL: ['travel'],
  EDUCATION: ['education'],
  'LATINO VOICES': [],
  WEDDINGS: ['lifestyle'],

  // ── older HuffPost section names (full dataset, pre-2018) ──
  'THE WORLDPOST': ['world'],
  WORLDPOST: ['world'],
  'ARTS & CULTURE': ['entertainment'],
  ARTS: ['entertainment'],
  STYLE: ['lifestyle'],
  'HEALTHY LIVING': ['health'],
  TASTE: ['food'],
  GREEN: ['environment'],
  COLLEGE: ['education'],
  PARENTS: ['lifestyle'],
  DIVORCE: ['lifestyle'],
  FIFTY: ['lifestyle'],
  'GOOD NEWS': [],

  // ── common RSS / NewsData.io category words (the HuffPost keys above already
  //    cover 'tech', 'sports', 'business', 'money', 'crime'... case-insensitively) ──
  top: [],
  'top stories': [],
  'breaking news': [],
  news: [],
  domestic: [],
  national: [],
  'us news': [],
  'u.s.': [],
  us: [],
  local: [],
  other: [],
  opinion: [],
  technology: ['technology'],
  'science & technology': ['science', 'technology'],
  'sci/tech': ['science', 'technology'],
  gadgets: ['technology'],
  ai: ['technology'],
  internet: ['technology'],
  space: ['science'],
  'science & environment': ['science', 'environment'],
  sport: ['sports'],
  football: ['sports'],
  soccer: ['sports'],
  economy: ['business'],
  companies: ['business'],
  work: ['business'],
  election: ['politics'],
  elections: ['politics'],
  world: ['world'],
  international: ['world'],
  global: ['world'],
  health: ['health'],
  fitness: ['health'],
  culture: ['entertainment'],
  'arts & entertainment': ['entertainment'],
  film: ['entertainment'],
  movies: ['entertainment'],
  music: ['entertainment'],
  tv: ['entertainment'],
  television: ['entertainment'],
  celebrity: ['entertainment'],
  books: ['entertainment'],
  finance: ['finance'],
  markets: ['finance'],
  'personal finance': ['finance'],
  investing: ['finance'],
  crypto: ['finance', 'technology'],
  lifestyle: ['lifestyle'],
  living: ['lifestyle'],
  life: ['lifestyle'],
  fashion: ['lifestyle'],
  home: ['lifestyle'],
  tourism: ['travel'],
  food: ['food'],
  dining: ['food'],
  recipes: ['food'],
  climate: ['environment'],
  'climate change': ['environment'],
  schools: ['education'],
  automotive: ['automotive'],
  auto: ['automotive'],
  autos: ['automotive'],
  cars: ['automotive'],
  motoring: ['automotive'],
  transport: ['automotive'],
  'electric vehicles': ['automotive'],
};

/** Lowercase, trim, `_`/`-` → space, collapse whitespace, `and` ↔ `&`. */
export function normalizeSourceCategory(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s+and\s+/g, ' & ')
    .replace(/\s+/g, ' ')
    .trim();
}

const SOURCE_LOOKUP: ReadonlyMap<string, readonly CategoryId[]> = new Map(
  Object.entries(SOURCE_CATEGORY_MAP).map(([key, ids]) => [normalizeSourceCategory(key), ids]),
);

/**
 * Our ids for one source category string. Exact (normalised) match first; an
 * unknown compound such as "Science/Environment" or "Tech > AI" falls back to
 * its parts. Unknown → [].
 */
export function mapSourceCategory(raw: string): CategoryId[] {
  const key = normalizeSourceCategory(raw);
  if (!key) return [];
  const exact = SOURCE_LOOKUP.get(key);
  if (exact) return [...exact];
  const out: CategoryId[] = [];
  for (const part of key.split(/\s*[/,|>&;:]\s*/)) {
    for (const id of SOURCE_LOOKUP.get(part.trim()) ?? []) if (!out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * Weighted text lexicon. Terms are lowercase words or phrases, matched on word
 * boundaries (a term never matches inside a longer word: 'car' ∉ 'scary',
 * 'ai' ∉ 'said'). A term also matches its regular plural (car → cars,
 * tax → taxes, study → studies); a space in a phrase also matches a hyphen;
 * a trailing `*` makes the term a prefix (cyber* → cybersecurity).
 *
 * Weights: 2 = strong (enough on its own in the title), 1.5 = good, 1 and
 * below = supporting evidence only. A term found in the title counts
 * {@link TITLE_BOOST}×, so with {@link TEXT_THRESHOLD} = 2.5 one strong title
 * term assigns a category, while the description alone needs two terms.
 * Negative weights cancel a false friend ('electoral college' is not
 * education, 'cruise missile' is not travel). Each term counts once per item.
 * (Kept dense on purpose, hence prettier-ignore.)
 */
// prettier-ignore
export const CATEGORY_LEXICON: Readonly<Record<CategoryId, Readonly<Record<string, number>>>> = {
  technology: {
    technology: 2, tech: 2, 'tech giant': 2, 'big tech': 2, ai: 2, 'artificial intelligence': 2,
    'machine learning': 2, software: 2, app: 1, smartphone: 2, iphone: 2, ipad: 2, android: 2,
    apple: 1, google: 2, microsoft: 2, facebook: 1, meta: 1, amazon: 1, tiktok: 1, 'social media': 1,
    'silicon valley': 2, computer: 2, laptop: 2, internet: 1, online: 0.5, 'cyber*': 2, hacker: 2,
    hacked: 1.5, hacking: 1.5, ransomware: 2, malware: 2, 'data breach': 2, privacy: 1,
    algorithm: 2, 'robot*': 2, chatbot: 2, semiconductor: 2, chip: 1, microchip: 2, '5g': 2,
    broadband: 2, gadget: 2, 'video game': 1.5, gaming: 1, 'virtual reality': 2, metaverse: 2,
    deepfake: 2, blockchain: 2, crypto: 1, cryptocurrency: 1, bitcoin: 1, startup: 1,
    zuckerberg: 2, 'elon musk': 1.5, 'bezos': 1, twitter: 0.5, 'tech company': 2,
    'digital': 1, 'encryption': 2, 'spyware': 2, 'drone': 1, 'wi-fi': 1.5, 'streaming service': 1,
  },
  business: {
    business: 1, company: 1, corporate: 1, corporation: 1.5, ceo: 2,
    'chief executive': 2, merger: 2, acquisition: 1.5, shareholder: 2,
    earnings: 1.5, revenue: 1.5, profit: 1.5, layoff: 2, 'laid off': 2, 'laying off': 2,
    employee: 1, employer: 1.5, workers: 1, workplace: 1.5, 'labor union': 2, unionize: 2,
    union: 0.5, economy: 1.5, economic: 1, economist: 1.5, recession: 1.5, inflation: 1,
    gdp: 2, 'jobs report': 2, unemployment: 1.5, retail: 1, retailer: 2, walmart: 1.5,
    starbucks: 1, amazon: 1, industry: 1, 'supply chain': 2, trade: 1, tariff: 2,
    'small business': 2, entrepreneur: 2, brand: 1, sales: 1, consumer: 1, billionaire: 1,
    antitrust: 2, bankruptcy: 1.5, 'minimum wage': 2, wage: 1, boss: 1, 'wall street': 1,
    'stock price': 1, 'price': 0.5, 'market share': 2, 'startup': 1, 'firm': 1, 'strike': 0.5,
    'labor': 1, 'job market': 2, 'hiring': 1, 'airbnb': 1, 'uber': 1,
    'wall street journal': -1,
  },
  politics: {
    politics: 2, political: 2, politician: 2, trump: 2, biden: 2, obama: 1.5, pence: 2,
    'kamala harris': 2, harris: 1, pelosi: 2, mcconnell: 2, desantis: 2, 'bernie sanders': 2,
    congress: 2, congressional: 2, congressman: 2, congresswoman: 2, senate: 2, senator: 2,
    sen: 1.5, rep: 1, 'house speaker': 2, lawmaker: 2, 'legislat*': 2,
    republican: 2, democrat: 2, democratic: 1.5, gop: 2, 'white house': 2, election: 2,
    midterm: 2, campaign: 1, vote: 1.5, voter: 1.5, voting: 1.5, ballot: 2, governor: 1.5,
    gov: 1.5, 'supreme court': 1.5, 'impeach*': 2, president: 1, administration: 1,
    capitol: 1.5, 'jan. 6': 1.5, 'january 6': 1.5, 'prime minister': 1.5, parliament: 1.5,
    policy: 1, mayor: 1, filibuster: 2, partisan: 2, bipartisan: 2, cabinet: 1,
    'roe v. wade': 1.5, abortion: 1, 'gun control': 2, immigration: 1.5, 'attorney general': 1,
    'justice department': 1.5, doj: 1.5, fbi: 1, mueller: 2, kavanaugh: 1.5, 'gop-led': 2,
    'state legislature': 2, 'primary': 1, 'nominee': 1.5, 'candidate': 1.5, 'conservative': 1,
    'progressive': 1, 'liberal': 1, 'government': 1, 'federal': 0.5, 'constitution': 1,
    'insurrection': 1.5, 'maga': 2, 'ukraine aid': 1, 'diplomacy': 1,
  },
  health: {
    health: 1.5, 'mental health': 2, 'public health': 2, 'health care': 2, healthcare: 2,
    covid: 2, coronavirus: 2, pandemic: 1.5, 'vaccin*': 2, virus: 1.5,
    booster: 1.5, doctor: 1.5, physician: 2, hospital: 1.5, patient: 1.5, nurse: 1.5,
    disease: 2, cancer: 2, diabetes: 2, obesity: 2, 'heart disease': 2, alzheimer: 2,
    "alzheimer's": 2, dementia: 2, medical: 1.5, medicine: 1.5, medication: 2, fda: 2, cdc: 2,
    symptom: 2, infection: 2, outbreak: 1.5, monkeypox: 2, flu: 2, therapy: 1.5, therapist: 1.5,
    anxiety: 1.5, depression: 1, 'suicide': 1, fitness: 1.5, workout: 2, exercise: 1.5, diet: 1,
    nutrition: 1.5, sleep: 1, wellness: 2, overdose: 1.5, opioid: 2, surgery: 2, 'drug': 0.5,
    'mask': 1, 'pregnan*': 1, 'clinic': 1, 'medicaid': 1.5, 'medicare': 1.5, 'obamacare': 1.5,
    'stress': 1, 'burnout': 1.5, 'self-care': 1, 'immune': 1.5, 'vitamin': 1.5, 'calories': 1.5,
    'weight loss': 2, 'health insurance': 2, 'illness': 1.5, 'contagious': 2,
    'variant': 1, 'omicron': 2, 'delta variant': 2, 'epidemic': 2, 'hiv': 2, 'abortion': 0.5,
  },
  science: {
    science: 2, scientist: 2, scientific: 2, research: 1, researcher: 1.5, 'study finds': 2,
    study: 1, 'new study': 1.5, nasa: 2, space: 1, spacecraft: 2, 'space station': 2,
    astronaut: 2, astronomer: 2, planet: 2, mars: 1.5, moon: 1, lunar: 2, asteroid: 2,
    comet: 2, telescope: 2, galaxy: 2, 'black hole': 2, 'james webb': 2, physics: 2,
    physicist: 2, biology: 2, chemistry: 2, fossil: 1.5, dinosaur: 2, species: 1,
    evolution: 1.5, genetic: 1.5, gene: 1.5, dna: 1.5, genome: 2, spacex: 2, rocket: 1.5,
    orbit: 1.5, 'archaeolog*': 2, experiment: 1.5, laboratory: 1.5, lab: 1, discovery: 1,
    discovered: 1, 'neuroscien*': 2, 'peer-reviewed': 2, 'the journal': 1, solar: 0.5,
    'quantum': 2, 'climate scientist': 2, 'ancient': 1, 'mummy': 1.5, 'meteor*': 1.5,
    'eclipse': 2, 'universe': 1.5, 'blue origin': 2, 'mission': 0.5,
    // negative: common phrases that contain a science term but are not science
    'lunar new year': -2, 'miss universe': -1.5,
  },
  sports: {
    sport: 2, nfl: 2, nba: 2, mlb: 2, nhl: 2, wnba: 2, mls: 2, ncaa: 2, fifa: 2,
    'olympic*': 2, paralympic: 2, 'world cup': 2, 'super bowl': 2, 'stanley cup': 2,
    'world series': 2, quarterback: 2, touchdown: 2, football: 1.5, soccer: 2, basketball: 2,
    baseball: 2, hockey: 2, tennis: 2, golf: 1.5, golfer: 2, boxing: 1.5, boxer: 1.5, ufc: 2,
    athlete: 2, coach: 1.5, championship: 1.5, tournament: 1.5, playoff: 2, league: 1,
    team: 1, player: 1, stadium: 1.5, espn: 2, 'lebron james': 2, lebron: 2, 'tom brady': 2,
    'serena williams': 2, 'tiger woods': 2, 'simone biles': 2, 'colin kaepernick': 1.5,
    marathon: 1.5, nascar: 2, 'formula 1': 2, 'formula one': 2, f1: 2, medal: 1.5,
    'gymnast*': 2, wimbledon: 2, 'us open': 1.5, 'u.s. open': 1.5, 'pitcher': 2,
    'home run': 2, 'slam dunk': 2, 'referee': 2, 'final four': 2, 'march madness': 2,
    'premier league': 2, 'season opener': 2, 'rookie': 1, 'mvp': 1.5, 'skater': 1.5,
    'skiing': 1.5, 'swimmer': 1.5, 'sprinter': 2, 'cycling': 1, 'wrestl*': 1,
  },
  entertainment: {
    entertainment: 2, movie: 2, film: 2, hollywood: 2, actor: 2, actress: 2, celebrity: 2,
    celeb: 2, netflix: 2, hbo: 2, hulu: 2, disney: 1.5, 'disney+': 2, tv: 1, television: 1.5,
    series: 1, 'talk show': 2, 'late night': 1.5, sitcom: 2, oscar: 2,
    emmy: 2, grammy: 2, 'golden globe': 2, tony: 0.5, 'box office': 2, album: 2, song: 1.5,
    singer: 2, rapper: 2, music: 1.5, musician: 2, concert: 2, comedian: 2, comedy: 1.5,
    'stand-up': 1.5, broadway: 2, musical: 1.5, kardashian: 2, 'taylor swift': 2, beyonce: 2,
    marvel: 2, 'star wars': 2, trailer: 1.5, premiere: 2, 'season finale': 2, episode: 1.5,
    'reality tv': 2, 'reality show': 2, snl: 2, 'saturday night live': 2, 'jimmy kimmel': 2,
    kimmel: 2, colbert: 2, 'jimmy fallon': 2, fallon: 1.5, 'trevor noah': 2, 'seth meyers': 2,
    'james corden': 2, 'john oliver': 2, 'bill maher': 2, 'royal family': 1.5,
    'prince harry': 1.5, 'meghan markle': 1.5, book: 1, novel: 1.5, memoir: 1.5, artist: 1,
    museum: 1.5, streaming: 1.5, 'pop star': 2, 'documentary': 2, 'director': 1, 'sequel': 2,
    'game of thrones': 2, 'cast': 1, 'star': 0.5, 'red carpet': 2, 'fans': 1, 'tiktok star': 2,
    'superhero': 2, 'podcast': 1.5, 'theater': 1.5, 'theatre': 1.5, 'hip-hop': 2, 'rap': 1,
    'music video': 2, 'anime': 2, 'cartoon': 1.5, 'viral video': 1,
  },
  world: {
    ukraine: 2, ukrainian: 2, russia: 2, russian: 1.5, putin: 2, kremlin: 2, moscow: 2,
    kyiv: 2, zelenskyy: 2, zelensky: 2, china: 1.5, chinese: 1, beijing: 2, 'xi jinping': 2,
    taiwan: 2, 'hong kong': 2, 'north korea': 2, 'kim jong un': 2, 'south korea': 1.5,
    japan: 1.5, japanese: 1, india: 1.5, modi: 2, pakistan: 2, afghanistan: 2, afghan: 2,
    taliban: 2, iran: 2, iranian: 2, iraq: 2, syria: 2, syrian: 2, israel: 2, israeli: 2,
    'palestin*': 2, gaza: 2, 'west bank': 2, saudi: 2, yemen: 2, lebanon: 2, erdogan: 2,
    turkish: 1.5, turkiye: 2, egypt: 2, europe: 1.5, european: 1.5, 'european union': 2,
    eu: 1.5, brexit: 2, britain: 1.5, british: 1.5, uk: 1.5, 'u.k.': 1.5, england: 1,
    london: 1.5, 'boris johnson': 2, 'theresa may': 2, 'liz truss': 2, 'queen elizabeth': 1.5,
    'king charles': 1.5, france: 1.5, french: 1, paris: 1, macron: 2, germany: 1.5,
    german: 1, merkel: 2, berlin: 1.5, italy: 1.5, spain: 1.5, greece: 1.5, ireland: 1.5,
    scotland: 1.5, poland: 1.5, hungary: 2, sweden: 1.5, finland: 1.5, norway: 1.5,
    mexico: 1.5, mexican: 1, canada: 1.5, canadian: 1, trudeau: 2, brazil: 2, bolsonaro: 2,
    venezuela: 2, cuba: 1.5, haiti: 2, colombia: 1.5, argentina: 1.5, chile: 1.5, peru: 1.5,
    africa: 1.5, 'south africa': 2, nigeria: 2, kenya: 2, ethiopia: 2, sudan: 2,
    australia: 1.5, 'new zealand': 1.5, myanmar: 2, philippines: 2, indonesia: 2,
    'sri lanka': 2, bangladesh: 2, vietnam: 1.5, 'united nations': 2, 'u.n.': 2, nato: 2,
    refugee: 1.5, migrant: 1, foreign: 1, international: 1, overseas: 1, embassy: 1.5,
    diplomat: 1.5, diplomatic: 1.5, pope: 1, vatican: 2, 'global': 0.5, 'asylum': 1,
    'invasion': 1, 'war': 0.5, 'prime minister': 1, 'kabul': 2, 'tehran': 2, 'jerusalem': 2,
    'tokyo': 1.5, 'seoul': 1.5, 'hamas': 2, 'hezbollah': 2, 'isis': 2, 'world leaders': 2,
    'g7': 2, 'g20': 2, 'ambassador': 1, 'abroad': 1, 'country': 0.5,
  },
  finance: {
    finance: 2, financial: 1.5, 'personal finance': 2, money: 1.5, stock: 1.5,
    'stock market': 2, 'wall street': 2, 'dow jones': 2, dow: 1, nasdaq: 2,
    's&p 500': 2, investor: 1.5, invest: 1.5, investing: 1.5, investment: 1.5, 'interest rate': 2, 'federal reserve': 2,
    mortgage: 2, loan: 1.5, 'student loan': 2, debt: 1.5, 'credit card': 2, 'credit score': 2,
    credit: 1, bank: 1.5, banking: 2, banker: 1.5, savings: 1.5, retirement: 1,
    '401(k)': 2, '401k': 2, tax: 1.5, irs: 2, budget: 1, inflation: 1.5, 'crypto*': 2,
    bitcoin: 2, paycheck: 1.5, salary: 1.5, wealth: 1, budgeting: 2, insurance: 1,
    'social security': 1.5, recession: 1, 'cost of living': 1.5, rent: 1, 'stimulus check': 2,
    'stimulus': 1, 'economy': 0.5, 'equifax': 2, 'fund': 1, 'dollar': 1, 'price': 0.5,
    'afford*': 1, 'expensive': 1, 'cheap': 0.5, 'cost': 0.5, 'pay': 0.5,
    'net worth': 2, 'fraud': 0.5, 'hedge fund': 2, 'ipo': 2, 'market': 0.5,
    'wall street journal': -2,
  },
  lifestyle: {
    lifestyle: 2, fashion: 2, style: 1, beauty: 1.5, makeup: 1.5, skincare: 2, 'skin care': 2,
    hair: 1, hairstyle: 2, outfit: 2, dress: 1, wardrobe: 1.5, sneakers: 1.5, wedding: 2,
    bride: 2, groom: 1.5, marriage: 1.5, dating: 2, 'relationship': 1.5, parent: 1,
    parenting: 2, mom: 1, dad: 1, mother: 0.5, father: 0.5, toddler: 1.5, baby: 1, kids: 1,
    'home decor': 2, decor: 2, 'interior design': 2, furniture: 1.5, 'garden*': 1.5,
    ikea: 2, 'gift guide': 2, gift: 1, shopping: 1.5, 'self-care': 1.5, etiquette: 2,
    hobby: 1.5, horoscope: 2, astrology: 2, cleaning: 1.5, laundry: 1.5, mattress: 2,
    divorce: 1.5, pet: 1, dog: 1, cat: 1, puppy: 1.5, kitten: 1.5, 'home': 0.5,
    'apartment': 1, 'living room': 2, 'bedroom': 1.5, 'kitchen': 0.5, 'holiday': 0.5,
    'fashion week': 2, 'designer': 1, 'clothing': 1.5, 'jeans': 1.5, 'shoes': 1, 'deals': 1,
    'sale': 0.5, 'perfume': 2, 'tattoo': 1.5, 'nail': 1, 'manicure': 2, 'girlfriend': 0.5,
    'boyfriend': 0.5, 'husband': 0.5, 'wife': 0.5, 'tips': 0.5, 'hack': 0.5,
  },
  travel: {
    travel: 2, traveler: 2, traveling: 2, travelling: 2, traveller: 2, airline: 2, flight: 1.5,
    'flight attendant': 2, airport: 2, tourism: 2, tourist: 2, hotel: 1.5, resort: 1.5,
    vacation: 2, destination: 1.5, cruise: 1.5, 'cruise ship': 2, 'cruise line': 2, passport: 1.5, tsa: 2, passenger: 1.5,
    airbnb: 1.5, 'road trip': 2, itinerary: 2, sightseeing: 2, beach: 1, trip: 1,
    'jet lag': 2, 'frequent flyer': 2, luggage: 2, baggage: 2, 'national park': 1.5,
    hostel: 2, layover: 2, 'theme park': 1.5, disneyland: 1.5, 'disney world': 1.5,
    'plane': 1, 'pilot': 1, 'aircraft': 1, 'jet': 0.5, 'visa': 0.5, 'border': 0.5,
    'getaway': 1, 'holiday': 0.5, 'booking': 1, 'travel ban': 1, 'expedia': 2,
    'delta air lines': 2, 'united airlines': 2, 'southwest airlines': 2, 'spirit airlines': 2,
    'faa': 1.5, 'visit': 0.5, 'island': 1, 'tour': 1,
    'cruise missile': -3,
  },
  food: {
    food: 1.5, recipe: 2, cooking: 2, cook: 1.5, chef: 2, restaurant: 2, dinner: 1.5,
    lunch: 1.5, breakfast: 1.5, brunch: 2, meal: 1.5, dish: 1, baking: 2, bake: 2,
    dessert: 2, cake: 1.5, cookie: 1.5, pizza: 2, burger: 1.5, wine: 1.5, beer: 1.5,
    cocktail: 2, coffee: 1.5, grocery: 1.5, snack: 2, vegan: 2, vegetarian: 2,
    ingredient: 2, kitchen: 1, chocolate: 1.5, cheese: 1.5, "mcdonald's": 2, 'fast food': 2,
    "trader joe's": 2, costco: 1, taste: 1, flavor: 1.5, eat: 1, eating: 1, drink: 1,
    foodie: 2, bread: 1.5, chicken: 1, sandwich: 1.5, turkey: 0.5, 'thanksgiving': 1,
    'cuisine': 2, 'menu': 1.5, 'fries': 1.5, 'taco': 1.5, 'pasta': 2, 'salad': 1.5,
    'sugar': 1, 'fruit': 1, 'vegetable': 1.5, 'meat': 1.5, 'spice': 1.5, 'barbecue': 1.5,
    'bbq': 1.5, 'ice cream': 2, 'candy': 1.5, 'whiskey': 1.5, 'bourbon': 1.5, 'soda': 1,
    'tea': 1, 'egg': 1, 'breakfast cereal': 2, 'food safety': 2, 'diner': 1.5,
  },
  environment: {
    environment: 2, environmental: 2, environmentalist: 2, climate: 2, 'climate change': 2,
    'climate crisis': 2, 'global warming': 2, pollution: 2, emissions: 2, carbon: 1.5,
    'fossil fuel': 2, renewable: 2, solar: 1.5, 'wind power': 2, 'wind energy': 2,
    'wind farm': 2, 'clean energy': 2, wildfire: 2, hurricane: 1.5, flood: 1, flooding: 1.5,
    drought: 2, 'heat wave': 1.5, heatwave: 1.5, 'extreme weather': 2, endangered: 2,
    wildlife: 2, species: 1, conservation: 2, epa: 2, 'oil spill': 2, deforestation: 2,
    plastic: 1.5, 'recycl*': 2, 'sustainab*': 2, greenhouse: 2, ocean: 1, 'coral reef': 2,
    glacier: 2, arctic: 1.5, antarctic: 1.5, pipeline: 1.5, fracking: 2, coal: 1.5,
    'green new deal': 2, biodiversity: 2, extinction: 2, extinct: 2, 'natural gas': 1,
    'greta thunberg': 2, tornado: 1.5, 'polar bear': 2, whale: 1, shark: 1, forest: 1,
    'rainforest': 2, 'oil drilling': 2, 'drilling': 1, 'water supply': 1.5, 'air quality': 2,
    'smog': 2, 'toxic': 1, 'ecosystem': 2, 'nature': 1, 'animal': 0.5, 'bees': 1.5,
    'weather': 1, 'storm': 1, 'earthquake': 1, 'sea level': 2, 'heat': 0.5,
  },
  education: {
    education: 2, educational: 1.5, educator: 2, school: 1.5, 'middle school': 2,
    'elementary school': 2, teacher: 2, student: 1.5,
    university: 2, college: 1.5, campus: 2, classroom: 2, principal: 1,
    'school board': 2, 'school district': 2, curriculum: 2, tuition: 2, 'student loan': 2,
    'student debt': 2, graduate: 1.5, graduation: 1.5, kindergarten: 2, preschool: 2,
    'high school': 2, homework: 2, professor: 2, scholarship: 2, academic: 1.5, exam: 1.5,
    literacy: 1.5, textbook: 2, learning: 1, pupil: 2, 'teachers union': 2, harvard: 1,
    yale: 1, stanford: 1, 'betsy devos': 2, devos: 2, 'education secretary': 2,
    'department of education': 2, 'school year': 2, 'remote learning': 2,
    'classes': 1, 'diploma': 2, 'degree': 0.5, 'grade': 0.5, 'semester': 2, 'admissions': 1.5,
    'critical race theory': 1.5, 'book ban': 1.5, 'alumni': 1.5, 'dorm': 1.5, 'lesson': 1,
    'electoral college': -1.5,
  },
  automotive: {
    automotive: 2, car: 1, 'electric vehicle': 2, 'electric car': 2, ev: 2, tesla: 2,
    vehicle: 1, 'motor vehicle': 1.5, ford: 1, 'ford motor': 2, 'general motors': 2, gm: 2,
    toyota: 2, honda: 2, nissan: 2, volkswagen: 2, vw: 2, bmw: 2, mercedes: 1.5,
    'mercedes-benz': 2, hyundai: 2, kia: 2, porsche: 2, ferrari: 1.5, chevrolet: 2, chevy: 2,
    jeep: 2, stellantis: 2, chrysler: 2, rivian: 2, automaker: 2, carmaker: 2,
    'auto industry': 2, 'auto worker': 2, autoworker: 2, 'united auto workers': 2, uaw: 2,
    auto: 1.5, recall: 1, driver: 1, driving: 1, 'self-driving': 2, 'autonomous vehicle': 2,
    'driverless': 2, highway: 1, traffic: 1, truck: 1, 'pickup truck': 2, suv: 1.5, sedan: 2,
    motorist: 2, motorcycle: 2, dealership: 2, 'car dealer': 2,
    horsepower: 2, 'fuel economy': 2, 'charging station': 2, 'gas prices': 1,
    'gas station': 0.5, battery: 1, nascar: 1, 'formula 1': 1, 'elon musk': 1,
    uber: 0.5, lyft: 0.5, transportation: 1, 'speeding': 1.5, 'drunk driving': 1.5,
    'road': 0.5, 'parking': 1, 'seat belt': 2, 'airbag': 2, 'crash test': 2,
    'license plate': 1.5, "driver's license": 1.5, 'dmv': 2, 'commute': 1, 'bus': 0.5,
    'mileage': 1.5, 'engine': 1, 'wheel': 1, 'hybrid': 0.5, 'car wash': 1,
    'car bomb': -1, 'cable car': -1,
  },
};

/** Title matches count this many times their weight. */
export const TITLE_BOOST = 1.5;
/** Minimum text score for a category to be assigned from the text (as a secondary, or alone). */
export const TEXT_THRESHOLD = 2.5;
/** At most this many categories per item. */
export const MAX_CATEGORIES = 3;
/**
 * A category the text names with one term only counts this share of it: "a whole new galaxy of
 * 'Star Wars' projects" is not science. Two different terms of a category are evidence.
 */
export const SINGLE_TERM_FACTOR = 0.5;
/** How much the trained model's probability (0..1) weighs beside the lexicon's score. */
export const MODEL_WEIGHT = 4;
/** The primary when there is no model and the text gives nothing at all: general news. */
export const FALLBACK_CATEGORY: CategoryId = 'world';

export interface CategorizeInput {
  sourceCategories: readonly string[];
  title: string;
  description: string;
}

export interface CategorizeOptions {
  /**
   * The trained model to weigh in (category-model.ts); default the bundled one. `null`: the
   * lexicon alone. The evaluation passes models fitted without the items it scores.
   */
  model?: CategoryModel | null;
}

export interface TextScore {
  id: CategoryId;
  score: number;
  terms: string[];
  /** Whether one of the counting terms is in the title. */
  inTitle?: boolean;
}

/** Where the primary category comes from. */
export type PrimarySource = 'source' | 'text';

export interface CategorizeResult {
  /** The article's one category: a card, its dialog, its page, Explore and search show it. */
  primary: CategoryId;
  /** Where `primary` comes from: the source's own section, or the whole text. */
  primaryFrom: PrimarySource;
  /** Primary first, then secondaries (other source sections, then text), ≤ MAX_CATEGORIES. */
  categories: CategoryId[];
  /**
   * Parallel to `categories`, in 0..1: the primary's is 1 when the source says it, else the
   * category's share of the text's evidence (lexicon + model), as the secondaries' are.
   */
  scores: number[];
  /** Categories from the source mapping alone. */
  fromSource: CategoryId[];
  /**
   * Categories whose counting lexicon terms pass TEXT_THRESHOLD, with one in the title or twice
   * the threshold (may overlap fromSource), best first: the secondaries' candidates.
   */
  fromText: TextScore[];
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Regex source for one lexicon term (see CATEGORY_LEXICON for the rules). */
export function termPattern(term: string): string {
  const prefix = term.endsWith('*');
  const base = prefix ? term.slice(0, -1) : term;
  const words = base.split(' ').map(escapeRegex);
  let last = words.pop() ?? '';
  if (!prefix && /[a-z]$/.test(base)) {
    if (/(?:s|x|z|ch|sh)$/.test(base)) last += '(?:es)?';
    else if (/[^aeiou]y$/.test(base)) last = `${last.slice(0, -1)}(?:y|ies)`;
    else last += 's?';
  }
  words.push(last);
  const body = words.join('[\\s-]+');
  const end = prefix ? '' : '(?![a-z0-9])';
  const start = /^[a-z0-9]/.test(base) ? '(?<![a-z0-9])' : '';
  return `${start}${body}${end}`;
}

interface CompiledTerm {
  term: string;
  weight: number;
  re: RegExp;
}

const COMPILED: ReadonlyArray<{ id: CategoryId; terms: CompiledTerm[] }> = CATEGORY_IDS.map(
  (id) => ({
    id,
    terms: Object.entries(CATEGORY_LEXICON[id]).map(([term, weight]) => ({
      term,
      weight,
      re: new RegExp(termPattern(term)),
    })),
  }),
);

const ALL_TERMS: readonly CompiledTerm[] = COMPILED.flatMap((c) => c.terms);
/** Every positive term, anchored at both ends: is a whole span itself a lexicon term? */
const WHOLE_TERM = new RegExp(
  `^(?:${[...new Set(ALL_TERMS.filter((t) => t.weight > 0).map((t) => t.term))]
    .map(termPattern)
    .join('|')})$`,
);

/** True when `term` (lexicon syntax) occurs in `text` on word boundaries. */
export function matchesTerm(term: string, text: string): boolean {
  return new RegExp(termPattern(normalizeText(term))).test(normalizeText(text));
}

/** True when the whole (normalised) span is a lexicon term of some category. */
export function isLexiconTerm(span: string): boolean {
  return WHOLE_TERM.test(normalizeText(span).trim());
}

/**
 * Lexicon score of every category on a text as written: every term counts (unsorted, zero
 * scores omitted). What categorisation read before the primary category; kept as the evaluation's baseline.
 */
export function scoreText(title: string, description: string): TextScore[] {
  return scoreNormalized(normalizeText(title), normalizeText(description), 1);
}

function scoreNormalized(t: string, d: string, singleTermFactor: number): TextScore[] {
  const out: TextScore[] = [];
  for (const { id, terms } of COMPILED) {
    let score = 0;
    const hits: string[] = [];
    let positive = 0;
    let inTitle = false;
    for (const { term, weight, re } of terms) {
      if (re.test(t)) {
        score += weight * TITLE_BOOST;
        if (weight > 0) inTitle = true;
      } else if (re.test(d)) score += weight;
      else continue;
      hits.push(term);
      if (weight > 0) positive += 1;
    }
    if (positive === 1) score *= singleTermFactor;
    if (score > 0) out.push({ id, score: Math.round(score * 100) / 100, terms: hits, inTitle });
  }
  return out;
}

/**
 * Nouns that make the word before them part of a place's name: a "science center", a "space
 * museum", a "Wall Street" is a place, not the subject ("Wall Street" stays: it is a term).
 */
const PLACE =
  /(?<![a-z0-9])[a-z][a-z'-]*\s+(?:center|centre|building|hall|museum|plaza|street|avenue|square|park|bridge)s?(?![a-z0-9])/g;
const GAP = ' \u00b7 ';

/** Lexicon terms inside `span` that keep counting inside a longer name (see maskNames). */
function termsKeptInName(span: string, names: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (const { term, weight, re } of ALL_TERMS) {
    if (weight <= 0 || !(term.includes(' ') || names.has(term))) continue;
    const m = re.exec(span);
    if (m && !kept.includes(m[0])) kept.push(m[0]);
  }
  return kept;
}

/** The regex of a phrase key ("west point") as written: possessives and punctuation between words. */
function keyPattern(key: string): RegExp {
  const words = key.split(' ').map(escapeRegex);
  return new RegExp(`(?<![a-z0-9])${words.join("(?:'s)?[^a-z0-9]+")}(?:'s)?(?![a-z0-9])`, 'g');
}

/**
 * The text as categorisation reads it: a multi-word proper name ("West Point", "Star Wars",
 * "Hurricane Fiona") that is not itself a lexicon term stands for itself, so the lexicon's
 * common words inside it do not count; lexicon terms that are names themselves ("Trump" in
 * "Donald Trump", "James Webb" in "James Webb Space Telescope") still do. A word naming a place
 * ("science center") does not count either.
 */
export function readableText(
  title: string,
  description: string,
  names: ReadonlySet<string> = new Set(),
): { title: string; description: string } {
  let t = normalizeText(title);
  let d = normalizeText(description);
  const mask = (span: string) => {
    if (isLexiconTerm(span)) return span;
    const kept = termsKeptInName(span, names);
    return kept.length > 0 ? `${GAP}${kept.join(GAP)}${GAP}` : GAP;
  };
  const found = findPhrases(title, description)
    .filter((p) => p.kind === 'name' && p.key.includes(' ') && !isLexiconTerm(p.key))
    .sort((a, b) => b.key.length - a.key.length);
  for (const { key } of found) {
    const re = keyPattern(key);
    t = t.replace(re, mask);
    d = d.replace(re, mask);
  }
  const place = (span: string) => (isLexiconTerm(span) ? span : GAP);
  return { title: t.replace(PLACE, place), description: d.replace(PLACE, place) };
}

const ORDER = new Map(CATEGORY_IDS.map((id, i) => [id, i]));
const byOrder = (a: CategoryId, b: CategoryId) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0);
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The categories of a news item: one primary, always one of the 15, and up to two secondaries.
 *
 *  - The source's own section, when it maps onto exactly one of our categories
 *    (SOURCE_CATEGORY_MAP), is the primary: it is the publisher's label.
 *  - Otherwise the whole text decides (among the mapped ones, when the section maps onto
 *    several): the lexicon on the text as readableText gives it (names and places masked), a
 *    category named by a single term counting half, plus MODEL_WEIGHT × the trained model's
 *    probability (category-model.ts). With no model and no evidence: FALLBACK_CATEGORY.
 *  - Secondaries: the other mapped sections, then the categories whose lexicon score passes
 *    TEXT_THRESHOLD with a term in the title (twice the threshold from the description alone:
 *    "a trip to outer space" does not make an obituary Travel), best first.
 */
export function categorizeDetailed(
  input: CategorizeInput,
  options: CategorizeOptions = {},
): CategorizeResult {
  const model = options.model === undefined ? bundledCategoryModel() : options.model;
  const fromSource: CategoryId[] = [];
  for (const raw of input.sourceCategories) {
    for (const id of mapSourceCategory(raw)) if (!fromSource.includes(id)) fromSource.push(id);
  }
  const readable = readableText(input.title, input.description, model?.names);
  const lexicon = scoreNormalized(readable.title, readable.description, SINGLE_TERM_FACTOR);
  const lex = new Map(lexicon.map((s) => [s.id, s.score]));
  const posterior = model ? categoryPosterior(model, input.title, input.description) : undefined;
  const evidence = new Map<CategoryId, number>(
    CATEGORY_IDS.map((id) => [
      id,
      Math.max(0, lex.get(id) ?? 0) + MODEL_WEIGHT * (posterior?.get(id) ?? 0),
    ]),
  );
  const total = [...evidence.values()].reduce((a, b) => a + b, 0);
  const share = (id: CategoryId) => (total > 0 ? round3((evidence.get(id) ?? 0) / total) : 0);
  const best = (among: readonly CategoryId[]): CategoryId | undefined =>
    [...among].sort((a, b) => (evidence.get(b) ?? 0) - (evidence.get(a) ?? 0) || byOrder(a, b))[0];

  const fromText = lexicon
    .filter((s) => s.score >= TEXT_THRESHOLD && (s.inTitle || s.score >= 2 * TEXT_THRESHOLD))
    .sort((a, b) => b.score - a.score || byOrder(a.id, b.id));

  let primary: CategoryId;
  let primaryFrom: PrimarySource;
  if (fromSource.length === 1) {
    primary = fromSource[0]!;
    primaryFrom = 'source';
  } else {
    const candidates = fromSource.length > 1 ? fromSource : CATEGORY_IDS;
    const top = best(candidates);
    primary = top && (evidence.get(top) ?? 0) > 0 ? top : (fromSource[0] ?? FALLBACK_CATEGORY);
    primaryFrom = 'text';
  }
  const categories: CategoryId[] = [primary];
  const scores: number[] = [primaryFrom === 'source' ? 1 : share(primary)];
  const add = (id: CategoryId) => {
    if (categories.length >= MAX_CATEGORIES || categories.includes(id)) return;
    categories.push(id);
    scores.push(share(id));
  };
  for (const id of fromSource) add(id);
  for (const s of [...fromText].sort(
    (a, b) => (evidence.get(b.id) ?? 0) - (evidence.get(a.id) ?? 0) || byOrder(a.id, b.id),
  ))
    add(s.id);
  return { primary, primaryFrom, categories, scores, fromSource, fromText };
}

/**
 * Our categories for one news item, primary first (see categorizeDetailed): never empty, at
 * most MAX_CATEGORIES.
 */
export function categorize(input: CategorizeInput, options?: CategorizeOptions): CategoryId[] {
  return categorizeDetailed(input, options).categories;
}
