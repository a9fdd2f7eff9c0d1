import { CATEGORY_IDS, isCategoryId } from '@lede/shared';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_LEXICON,
  MAX_CATEGORIES,
  SOURCE_CATEGORY_MAP,
  categorize,
  categorizeDetailed,
  mapSourceCategory,
  matchesTerm,
  normalizeSourceCategory,
  termPattern,
} from './categorize.js';

/** The 29 sections of news-category-sample.jsonl. */
const HUFFPOST_SECTIONS = [
  'POLITICS', 'ENTERTAINMENT', 'U.S. NEWS', 'WORLD NEWS', 'COMEDY', 'SPORTS', 'CRIME',
  'STYLE & BEAUTY', 'MEDIA', 'WEIRD NEWS', 'BLACK VOICES', 'HOME & LIVING', 'ENVIRONMENT',
  'WELLNESS', 'PARENTING', 'FOOD & DRINK', 'WOMEN', 'QUEER VOICES', 'BUSINESS', 'MONEY',
  'CULTURE & ARTS', 'IMPACT', 'TECH', 'SCIENCE', 'RELIGION', 'TRAVEL', 'EDUCATION',
  'LATINO VOICES', 'WEDDINGS',
]; // prettier-ignore

const noText = { title: '', description: '' };

describe('SOURCE_CATEGORY_MAP', () => {
  it('covers all 29 HuffPost sections of the sample', () => {
    expect(HUFFPOST_SECTIONS).toHaveLength(29);
    for (const section of HUFFPOST_SECTIONS) {
      expect(SOURCE_CATEGORY_MAP, section).toHaveProperty([section]);
    }
  });

  it('only maps onto real category ids, without duplicates', () => {
    for (const [key, ids] of Object.entries(SOURCE_CATEGORY_MAP)) {
      for (const id of ids) expect(isCategoryId(id), `${key} → ${id}`).toBe(true);
      expect(new Set(ids).size, key).toBe(ids.length);
    }
  });

  it('has no two keys that collide once normalised', () => {
    const seen = new Map<string, string>();
    for (const key of Object.keys(SOURCE_CATEGORY_MAP)) {
      const norm = normalizeSourceCategory(key);
      expect(seen.get(norm), `${key} vs ${seen.get(norm)}`).toBeUndefined();
      seen.set(norm, key);
    }
  });

  it('maps the obvious HuffPost sections', () => {
    expect(mapSourceCategory('TECH')).toEqual(['technology']);
    expect(mapSourceCategory('MONEY')).toEqual(['finance']);
    expect(mapSourceCategory('WELLNESS')).toEqual(['health']);
    expect(mapSourceCategory('FOOD & DRINK')).toEqual(['food']);
    expect(mapSourceCategory('WORLD NEWS')).toEqual(['world']);
    expect(mapSourceCategory('U.S. NEWS')).toEqual([]);
    for (const s of ['STYLE & BEAUTY', 'HOME & LIVING', 'WEDDINGS', 'PARENTING']) {
      expect(mapSourceCategory(s), s).toEqual(['lifestyle']);
    }
    for (const s of ['COMEDY', 'MEDIA', 'CULTURE & ARTS']) {
      expect(mapSourceCategory(s), s).toEqual(['entertainment']);
    }
  });

  it('matches feed words case-insensitively, with small spelling variants', () => {
    expect(mapSourceCategory('Tech')).toEqual(['technology']);
    expect(mapSourceCategory('  SPORT ')).toEqual(['sports']);
    expect(mapSourceCategory('sports')).toEqual(['sports']);
    expect(mapSourceCategory('Cars')).toEqual(['automotive']);
    expect(mapSourceCategory('markets')).toEqual(['finance']);
    expect(mapSourceCategory('top')).toEqual([]);
    expect(mapSourceCategory('food and drink')).toEqual(['food']);
    expect(mapSourceCategory('home_and_living')).toEqual(['lifestyle']);
  });

  it('falls back to the parts of an unknown compound, and [] for unknown words', () => {
    expect(mapSourceCategory('Science/Environment')).toEqual(['science', 'environment']);
    expect(mapSourceCategory('Tech > Gadgets')).toEqual(['technology']);
    expect(mapSourceCategory('Horoscopes')).toEqual([]);
    expect(mapSourceCategory('')).toEqual([]);
  });
});

describe('lexicon', () => {
  it('has an entry for every category', () => {
    for (const id of CATEGORY_IDS) {
      expect(Object.keys(CATEGORY_LEXICON[id]).length, id).toBeGreaterThan(10);
    }
  });

  it('has no term that merely repeats another term of the same category (e.g. a plural)', () => {
    for (const id of CATEGORY_IDS) {
      const terms = Object.keys(CATEGORY_LEXICON[id]);
      for (const a of terms) {
        const re = new RegExp(`^(?:${termPattern(a)})$`);
        for (const b of terms) if (a !== b) expect(re.test(b), `${id}: ${a} ⊇ ${b}`).toBe(false);
      }
    }
  });

  it('matches on word boundaries only', () => {
    expect(matchesTerm('car', 'a scary movie')).toBe(false);
    expect(matchesTerm('car', 'Carla K. Johnson')).toBe(false);
    expect(matchesTerm('car', 'my car broke')).toBe(true);
    expect(matchesTerm('car', 'Cars are back.')).toBe(true);
    expect(matchesTerm('ai', 'she said that')).toBe(false);
    expect(matchesTerm('ai', 'the AI boom')).toBe(true);
    expect(matchesTerm('ai', "Google's AIs")).toBe(true);
    expect(matchesTerm('ev', 'every event')).toBe(false);
    expect(matchesTerm('india', 'Indiana Jones')).toBe(false);
  });

  it('handles plurals, phrases, hyphens and prefixes', () => {
    expect(matchesTerm('tax', 'new taxes')).toBe(true);
    expect(matchesTerm('study', 'two studies')).toBe(true);
    expect(matchesTerm('car', 'he cares')).toBe(false);
    expect(matchesTerm('electric vehicle', 'Electric-Vehicle sales')).toBe(true);
    expect(matchesTerm('electric vehicle', 'electric  vehicles')).toBe(true);
    expect(matchesTerm('cyber*', 'a cybersecurity firm')).toBe(true);
    expect(matchesTerm('cyber*', 'anticyber')).toBe(false);
    expect(matchesTerm("mcdonald's", 'McDonald’s fries')).toBe(true);
    expect(matchesTerm('tesla', 'Tesla’s new model')).toBe(true);
  });
});

describe('categorize', () => {
  it('puts source-mapped categories first', () => {
    const cats = categorize({
      sourceCategories: ['POLITICS'],
      title: 'Senate Passes Bill To Fund NASA Moon Mission And Space Telescope Research',
      description: '',
    });
    expect(cats[0]).toBe('politics');
    expect(cats).toContain('science');
  });

  it('assigns automotive from text alone', () => {
    expect(
      categorize({
        sourceCategories: ['U.S. NEWS'],
        title: 'General Motors Recalls Over 484,000 Vehicles Over Faulty Seat Belts',
        description: 'The automaker said no injuries had been reported.',
      }),
    ).toEqual(['automotive']);
    expect(
      categorize({
        sourceCategories: [],
        title: 'Tesla Cuts Prices Of Its Electric Cars',
        description: '',
      }),
    ).toContain('automotive');
  });

  it('assigns education from text alone', () => {
    expect(
      categorize({
        sourceCategories: ['U.S. NEWS'],
        title: 'Teachers Union Backs Plan To Reopen Schools',
        description: 'Students would return to classrooms in the fall, the school district said.',
      }),
    ).toEqual(['education']);
  });

  it('assigns travel from text alone', () => {
    expect(
      categorize({
        sourceCategories: ['U.S. NEWS'],
        title: 'American Airlines Flyer Banned For Life After Punching Flight Attendant',
        description: 'He was subdued by passengers and crew on the aircraft.',
      }),
    ).toEqual(['travel']);
  });

  it('uses the text for sections that map to nothing', () => {
    const cats = categorize({
      sourceCategories: ['U.S. NEWS'],
      title: 'Over 4 Million Americans Roll Up Sleeves For Omicron-Targeted COVID Boosters',
      description: 'Health experts said it is too early to predict demand for the new boosters.',
    });
    expect(cats).toEqual(['health']);
  });

  it('gives an unrelated text no text categories, but always a primary', () => {
    const unrelated = {
      title: 'Yanny Or Laurel? Here Is The Real Answer',
      description: 'The internet is split over what this clip says.',
    };
    expect(categorizeDetailed({ sourceCategories: ['WEIRD NEWS'], ...unrelated }).fromText).toEqual(
      [],
    );
    const weird = categorize({ sourceCategories: ['WEIRD NEWS'], ...unrelated });
    expect(weird).toHaveLength(1);
    expect(isCategoryId(weird[0]!)).toBe(true);
    expect(categorize({ sourceCategories: ['COMEDY'], ...unrelated })).toEqual(['entertainment']);
    const nothing = categorizeDetailed({ sourceCategories: [], ...noText });
    expect(nothing.categories).toEqual([nothing.primary]);
    expect(isCategoryId(nothing.primary)).toBe(true);
    // Without the model and without any evidence: general news.
    expect(categorize({ sourceCategories: [], ...noText }, { model: null })).toEqual(['world']);
  });

  it('is not fooled by words that merely contain a term', () => {
    expect(
      categorizeDetailed({
        sourceCategories: [],
        title: 'A Scary Said Story Of Scars And Sails',
        description: 'Carla said it was scary.',
      }).fromText,
    ).toEqual([]);
  });

  it('lets negative terms cancel false friends', () => {
    expect(
      categorize({
        sourceCategories: [],
        title: 'GOP Splits Over Electoral College Challenge',
        description: '',
      }),
    ).not.toContain('education');
    expect(
      categorize({
        sourceCategories: [],
        title: 'Russia Tests New Cruise Missile',
        description: '',
      }),
    ).not.toContain('travel');
  });

  it('keeps at most 3 categories, ordered by confidence, and is deterministic', () => {
    const input = {
      sourceCategories: ['TECH'],
      title: 'Tesla Electric Car Recall Hits Stock Market As Investors Flee; NASA Rocket Delayed',
      description:
        'The automaker and Wall Street investors worry; the stock market fell while NASA scientists study the launch.',
    };
    const a = categorizeDetailed(input);
    expect(a.categories.length).toBeLessThanOrEqual(MAX_CATEGORIES);
    expect(a.categories[0]).toBe('technology');
    expect(a.primary).toBe('technology');
    expect(a.primaryFrom).toBe('source');
    expect(a.categories).toEqual(categorize(input));
    expect(categorizeDetailed(input)).toEqual(a);
    const scores = a.fromText.map((s) => s.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    // The secondaries are text categories, best evidence first.
    const text = new Set(a.fromText.map((s) => s.id));
    for (const id of a.categories.slice(1)) expect(text.has(id), id).toBe(true);
    expect(a.scores).toHaveLength(a.categories.length);
    expect(a.scores[0]).toBe(1);
    expect([...a.scores.slice(1)].sort((x, y) => y - x)).toEqual(a.scores.slice(1));
  });

  it('merges several source categories without duplicates', () => {
    expect(categorize({ sourceCategories: ['Tech', 'technology', 'science'], ...noText })).toEqual([
      'technology',
      'science',
    ]);
  });
});

/** Corpus headlines whose words mislead a lexicon: names, places, figures of speech. */
const KKK = {
  title: "A Ku Klux Klan Plaque Is Mounted At West Point's Science Center, Commission Finds",
  description: 'The plaque shows a hooded man holding a weapon.',
};
const STAR_WARS = {
  title: "A Whole New Galaxy Of 'Star Wars' Projects Is Coming Your Way",
  description:
    'Lucasfilm boss Kathleen Kennedy unveiled the "road map" for future projects, including a new Taika Waititi film and a series from director Jon Watts.',
};
const POLYAKOV = {
  title: 'Russian Cosmonaut Valery Polyakov Who Broke Record With 437-Day Stay In Space Dies At 80',
  description:
    "Polyakov's record-breaking trip to outer space saw him orbit Earth 7,075 times and travel nearly 187 million miles.",
};

describe('categorizeDetailed: one primary category', () => {
  it('always gives a primary, first in categories, with a score for each category', () => {
    for (const input of [KKK, STAR_WARS, POLYAKOV, noText]) {
      for (const sourceCategories of [[], ['U.S. NEWS'], ['WORLD NEWS'], ['Tech', 'science']]) {
        const d = categorizeDetailed({ sourceCategories, ...input });
        expect(CATEGORY_IDS).toContain(d.primary);
        expect(d.categories[0]).toBe(d.primary);
        expect(new Set(d.categories).size).toBe(d.categories.length);
        expect(d.categories.length).toBeLessThanOrEqual(MAX_CATEGORIES);
        expect(d.scores).toHaveLength(d.categories.length);
        for (const s of d.scores) expect(s >= 0 && s <= 1, String(s)).toBe(true);
      }
    }
  });

  it("makes the source's own section the primary when it maps onto one category", () => {
    const d = categorizeDetailed({ sourceCategories: ['WORLD NEWS'], ...POLYAKOV });
    expect(d.primary).toBe('world');
    expect(d.primaryFrom).toBe('source');
    expect(d.scores[0]).toBe(1);
    // "a trip to outer space" does not make the obituary Travel.
    expect(d.categories).not.toContain('travel');
  });

  it('lets the text choose among several mapped sections', () => {
    const d = categorizeDetailed({ sourceCategories: ['Sci/Tech'], ...POLYAKOV });
    expect(d.primary).toBe('science');
    expect(d.primaryFrom).toBe('text');
    expect(d.categories.slice(0, 2)).toEqual(['science', 'technology']);
  });

  it('does not count a term inside a name or a place ("West Point\'s Science Center", "Star Wars")', () => {
    for (const sourceCategories of [[], ['U.S. NEWS']]) {
      expect(categorize({ sourceCategories, ...KKK })).not.toContain('science');
    }
    expect(categorize({ sourceCategories: [], ...KKK }, { model: null })).not.toContain('science');
    const starWars = categorizeDetailed({ sourceCategories: [], ...STAR_WARS });
    expect(starWars.primary).toBe('entertainment');
    expect(starWars.categories).not.toContain('science');
  });

  it('still counts a term that is a name itself inside a longer name', () => {
    const d = categorizeDetailed({
      sourceCategories: [],
      title: 'Donald Trump Attacks Joe Biden In Ohio',
      description: 'Donald Trump spoke for an hour.',
    });
    expect(d.primary).toBe('politics');
  });

  it('reads a figurative single term as too little for a category', () => {
    const d = categorizeDetailed(
      { sourceCategories: [], title: 'A Galaxy Of Reasons To Smile', description: '' },
      { model: null },
    );
    expect(d.fromText).toEqual([]);
  });
});
