import type { CategoryId } from '@lede/shared';

/** One feed to read: its URL, and what a list knows about it. */
export interface FeedSpec {
  url: string;
  /** The publisher's name, stored as the articles' source; absent: the feed's own title. */
  publisher?: string;
  /** The category the feed mainly covers: given to its items that name none of their own. */
  category?: CategoryId;
}

/**
 * The curated default list: public RSS feeds of well-known outlets, read when INGEST_FEEDS is
 * unset, so a fresh install shows many sources on one event. Edit it freely (URL, publisher,
 * category); INGEST_FEEDS replaces it and `pnpm ingest --opml FILE` adds to it. Lede only links
 * to the articles. The first hosts below are the ones the start-up reachability check asks.
 */
export const DEFAULT_FEEDS: readonly FeedSpec[] = [
  // world
  { url: 'https://feeds.bbci.co.uk/news/world/rss.xml', publisher: 'BBC News', category: 'world' },
  { url: 'https://feeds.npr.org/1004/rss.xml', publisher: 'NPR', category: 'world' },
  { url: 'https://www.theguardian.com/world/rss', publisher: 'The Guardian', category: 'world' },
  { url: 'https://www.aljazeera.com/xml/rss/all.xml', publisher: 'Al Jazeera', category: 'world' },
  { url: 'https://rss.dw.com/rdf/rss-en-all', publisher: 'DW', category: 'world' },
  { url: 'https://www.france24.com/en/rss', publisher: 'France 24', category: 'world' },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/World.xml',
    publisher: 'The New York Times',
    category: 'world',
  },
  {
    url: 'https://news.un.org/feed/subscribe/en/news/all/rss.xml',
    publisher: 'UN News',
    category: 'world',
  },
  // business
  {
    url: 'https://feeds.bbci.co.uk/news/business/rss.xml',
    publisher: 'BBC News',
    category: 'business',
  },
  { url: 'https://feeds.npr.org/1006/rss.xml', publisher: 'NPR', category: 'business' },
  {
    url: 'https://www.theguardian.com/business/rss',
    publisher: 'The Guardian',
    category: 'business',
  },
  {
    url: 'https://www.cnbc.com/id/100003114/device/rss/rss.html',
    publisher: 'CNBC',
    category: 'business',
  },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Business.xml',
    publisher: 'The New York Times',
    category: 'business',
  },
  // finance
  {
    url: 'https://www.cnbc.com/id/10000664/device/rss/rss.html',
    publisher: 'CNBC',
    category: 'finance',
  },
  { url: 'https://www.theguardian.com/money/rss', publisher: 'The Guardian', category: 'finance' },
  { url: 'https://feeds.npr.org/1017/rss.xml', publisher: 'NPR', category: 'finance' },
  {
    url: 'https://finance.yahoo.com/news/rssindex',
    publisher: 'Yahoo Finance',
    category: 'finance',
  },
  // technology
  {
    url: 'https://feeds.bbci.co.uk/news/technology/rss.xml',
    publisher: 'BBC News',
    category: 'technology',
  },
  { url: 'https://feeds.npr.org/1019/rss.xml', publisher: 'NPR', category: 'technology' },
  {
    url: 'https://www.theguardian.com/technology/rss',
    publisher: 'The Guardian',
    category: 'technology',
  },
  { url: 'https://www.theverge.com/rss/index.xml', publisher: 'The Verge', category: 'technology' },
  {
    url: 'https://feeds.arstechnica.com/arstechnica/index',
    publisher: 'Ars Technica',
    category: 'technology',
  },
  { url: 'https://techcrunch.com/feed/', publisher: 'TechCrunch', category: 'technology' },
  { url: 'https://www.wired.com/feed/rss', publisher: 'Wired', category: 'technology' },
  // science
  {
    url: 'https://feeds.bbci.co.uk/news/science_and_environment/rss.xml',
    publisher: 'BBC News',
    category: 'science',
  },
  { url: 'https://feeds.npr.org/1007/rss.xml', publisher: 'NPR', category: 'science' },
  {
    url: 'https://www.theguardian.com/science/rss',
    publisher: 'The Guardian',
    category: 'science',
  },
  { url: 'https://www.nasa.gov/news-release/feed/', publisher: 'NASA', category: 'science' },
  {
    url: 'https://www.sciencedaily.com/rss/top/science.xml',
    publisher: 'ScienceDaily',
    category: 'science',
  },
  // sports
  { url: 'https://feeds.bbci.co.uk/sport/rss.xml', publisher: 'BBC Sport', category: 'sports' },
  { url: 'https://www.espn.com/espn/rss/news', publisher: 'ESPN', category: 'sports' },
  { url: 'https://www.theguardian.com/sport/rss', publisher: 'The Guardian', category: 'sports' },
  { url: 'https://feeds.npr.org/1055/rss.xml', publisher: 'NPR', category: 'sports' },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Sports.xml',
    publisher: 'The New York Times',
    category: 'sports',
  },
  // entertainment
  {
    url: 'https://feeds.bbci.co.uk/news/entertainment_and_arts/rss.xml',
    publisher: 'BBC News',
    category: 'entertainment',
  },
  {
    url: 'https://www.theguardian.com/culture/rss',
    publisher: 'The Guardian',
    category: 'entertainment',
  },
  { url: 'https://feeds.npr.org/1008/rss.xml', publisher: 'NPR', category: 'entertainment' },
  { url: 'https://variety.com/feed/', publisher: 'Variety', category: 'entertainment' },
  // health
  {
    url: 'https://feeds.bbci.co.uk/news/health/rss.xml',
    publisher: 'BBC News',
    category: 'health',
  },
  { url: 'https://feeds.npr.org/1128/rss.xml', publisher: 'NPR', category: 'health' },
  { url: 'https://www.who.int/rss-feeds/news-english.xml', publisher: 'WHO', category: 'health' },
  {
    url: 'https://www.sciencedaily.com/rss/health_medicine.xml',
    publisher: 'ScienceDaily',
    category: 'health',
  },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Health.xml',
    publisher: 'The New York Times',
    category: 'health',
  },
  // politics
  {
    url: 'https://feeds.bbci.co.uk/news/politics/rss.xml',
    publisher: 'BBC News',
    category: 'politics',
  },
  { url: 'https://feeds.npr.org/1014/rss.xml', publisher: 'NPR', category: 'politics' },
  {
    url: 'https://www.theguardian.com/politics/rss',
    publisher: 'The Guardian',
    category: 'politics',
  },
  {
    url: 'https://rss.politico.com/politics-news.xml',
    publisher: 'Politico',
    category: 'politics',
  },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Politics.xml',
    publisher: 'The New York Times',
    category: 'politics',
  },
  // environment
  {
    url: 'https://www.theguardian.com/environment/rss',
    publisher: 'The Guardian',
    category: 'environment',
  },
  { url: 'https://feeds.npr.org/1025/rss.xml', publisher: 'NPR', category: 'environment' },
  {
    url: 'https://www.sciencedaily.com/rss/earth_climate.xml',
    publisher: 'ScienceDaily',
    category: 'environment',
  },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Climate.xml',
    publisher: 'The New York Times',
    category: 'environment',
  },
  {
    url: 'https://insideclimatenews.org/feed/',
    publisher: 'Inside Climate News',
    category: 'environment',
  },
  // travel
  { url: 'https://www.theguardian.com/travel/rss', publisher: 'The Guardian', category: 'travel' },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Travel.xml',
    publisher: 'The New York Times',
    category: 'travel',
  },
  {
    url: 'https://www.cntraveler.com/feed/rss',
    publisher: 'Condé Nast Traveler',
    category: 'travel',
  },
  // food
  { url: 'https://www.theguardian.com/food/rss', publisher: 'The Guardian', category: 'food' },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/DiningandWine.xml',
    publisher: 'The New York Times',
    category: 'food',
  },
  { url: 'https://www.eater.com/rss/index.xml', publisher: 'Eater', category: 'food' },
  // lifestyle
  {
    url: 'https://www.theguardian.com/lifeandstyle/rss',
    publisher: 'The Guardian',
    category: 'lifestyle',
  },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/FashionandStyle.xml',
    publisher: 'The New York Times',
    category: 'lifestyle',
  },
  // education
  {
    url: 'https://feeds.bbci.co.uk/news/education/rss.xml',
    publisher: 'BBC News',
    category: 'education',
  },
  {
    url: 'https://www.theguardian.com/education/rss',
    publisher: 'The Guardian',
    category: 'education',
  },
  { url: 'https://feeds.npr.org/1013/rss.xml', publisher: 'NPR', category: 'education' },
  {
    url: 'https://rss.nytimes.com/services/xml/rss/nyt/Education.xml',
    publisher: 'The New York Times',
    category: 'education',
  },
  // automotive
  { url: 'https://electrek.co/feed/', publisher: 'Electrek', category: 'automotive' },
  { url: 'https://www.motor1.com/rss/news/all/', publisher: 'Motor1', category: 'automotive' },
  { url: 'https://jalopnik.com/rss', publisher: 'Jalopnik', category: 'automotive' },
];
