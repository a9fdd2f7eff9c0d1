import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  CATEGORY_IDS,
  EDITION_FREQUENCIES,
  OTP_PURPOSES,
  RECOMMENDATION_STATUSES,
  THEMES,
} from '@lede/shared';

/** `column in ('a', 'b')` for a check constraint, from a list defined once in packages/shared. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const STORY_JOIN_RULES = ['new', 'similar', 'same-title', 'merged'] as const;

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileUrl: text('profile_url'),
    theme: text('theme', { enum: THEMES }).notNull().default('light'),
    /** Whether the reader picked `theme`: until then the page follows the device's theme. */
    themeChosen: boolean('theme_chosen').notNull().default(false),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timezone: text('timezone').notNull().default('UTC'),
    /** Bumped on password reset: access tokens carry it, so older ones stop working at once. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_theme_check', sql`${t.theme} in (${oneOf(THEMES)})`),
  ],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attemptsLeft: integer('attempts_left').notNull(),
    verifiedAt: timestamptz('verified_at'),
    consumedAt: timestamptz('consumed_at'),
    resetTokenHash: text('reset_token_hash'),
    /** Sign-up and sign-in codes: the proof handed to the client that verified the code. */
    verificationTokenHash: text('verification_token_hash'),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('otp_challenges_email_purpose_idx').on(t.email, t.purpose, t.createdAt),
    uniqueIndex('otp_challenges_reset_token_idx').on(t.resetTokenHash),
    uniqueIndex('otp_challenges_verification_token_idx').on(t.verificationTokenHash),
    check('otp_challenges_purpose_check', sql`${t.purpose} in (${oneOf(OTP_PURPOSES)})`),
  ],
);

/**
 * A sign-in: its refresh tokens are one family (`refresh_tokens.family_id` = `id`) and its
 * access tokens carry `sid`. Ending it (logout, password reset, e-mail change, deletion) ends
 * both at once; it never outlives `expires_at`, whatever the refreshes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last time the reader proved who they are in this session (password and code, or password). */
    authenticatedAt: timestamptz('authenticated_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Hits per key and fixed window, shared by every API instance (sliding-window rate limits). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * A reader's write budget (http/write-limits.ts): one row per budget and reader holding
 * both sliding windows, the minute and the hour, as the hits of the current fixed window and of
 * the one before. One upsert checks both and charges both or neither, and says which.
 * Unlogged (migration 0025): emptied by a crash of PostgreSQL, when every budget starts afresh.
 */
export const writeBudgets = pgTable('write_budgets', {
  key: text('key').primaryKey(),
  minuteStart: timestamptz('minute_start').notNull(),
  minuteHits: integer('minute_hits').notNull(),
  minutePrevious: integer('minute_previous').notNull(),
  hourStart: timestamptz('hour_start').notNull(),
  hourHits: integer('hour_hits').notNull(),
  hourPrevious: integer('hour_previous').notNull(),
  /** Whether the latest request was within both windows (and so charged to them). */
  charged: boolean('charged').notNull(),
});

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    creator: text('creator')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    pubDate: timestamptz('pub_date').notNull(),
    /**
     * Whether the source gave a time of day: false when it gave a date only (the bundled corpus,
     * stored at noon UTC of that day), which readers are shown as a date (migration 0024).
     */
    pubDateHasTime: boolean('pub_date_has_time').notNull().default(true),
    imageUrl: text('image_url'),
    link: text('link').notNull(),
    sourceName: text('source_name').notNull().default(''),
    sourceUrl: text('source_url'),
    sourceIcon: text('source_icon'),
    /** Lowercased; always includes the category ids. */
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Primary first (lib/text/categorize.ts), then the secondary ones. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How strongly the text carries each of `categories` (same order). */
    categoryScores: real('category_scores')
      .array()
      .notNull()
      .default(sql`'{}'::real[]`),
    /** The source's own section ("WORLD NEWS", an RSS `<category>`), as it gave it. */
    sourceCategory: text('source_category'),
    /**
     * What the article is about (lib/text/understand.ts): its salient names, noun phrases and
     * nouns, heaviest first, weighed across the corpus when it was stored; `term_weights` in
     * the same order.
     */
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    termWeights: real('term_weights')
      .array()
      .notNull()
      .default(sql`'{}'::real[]`),
    /** Its content words (lib/text/tokens.ts `contentWords`, distinct): what a search matches. */
    words: text('words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    views: integer('views').notNull().default(0),
    /** Normalised title, for near-duplicate detection across sources. */
    titleKey: text('title_key').notNull(),
    origin: text('origin').notNull().default('seed'),
    ingestedAt: timestamptz('ingested_at').notNull().defaultNow(),
    /** The story the article belongs to (stories module); null until the clustering has run. */
    storyId: uuid('story_id'),
    /** Why it joined: `new` (it started the story), `similar`, `same-title` or `merged`. */
    storyRule: text('story_rule', { enum: STORY_JOIN_RULES }),
    /** Its similarity to the story when it joined (0 for `new`, 1 for `same-title`). */
    storyScore: real('story_score'),
    /** The features it shared with the story that weighed most, heaviest first. */
    storySharedTerms: text('story_shared_terms').array(),
    /**
     * The article's public JSON without `image_url` and `likes` (which the API adds: the default
     * picture is the app's, the likes change all the time), written once with the article:
     * a search page is sent from these texts instead of reading, parsing and serialising each
     * column (see publicArticleJson, migration 0015).
     */
    publicJson: text('public_json').generatedAlwaysAs(
      sql`lede_public_article_json(id, title, creator, description, pub_date, link, source_name, source_url, source_icon, keywords, categories)`,
    ),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', lede_words(keywords)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('articles_link_idx').on(t.link),
    index('articles_title_key_idx').on(t.titleKey),
    index('articles_pub_date_idx').on(t.pubDate.desc(), t.id),
    index('articles_keywords_idx').using('gin', t.keywords),
    index('articles_categories_idx').using('gin', t.categories),
    index('articles_terms_idx').using('gin', t.terms),
    index('articles_words_idx').using('gin', t.words),
    // A story's members newest first: the story page, and "is there a newer member" when a
    // list shows one card per story.
    index('articles_story_idx').on(t.storyId, t.pubDate.desc(), t.id),
    check('articles_story_rule_check', sql`${t.storyRule} in (${oneOf(STORY_JOIN_RULES)})`),
    // Per category, newest first: the feed's widening step reads, for each of the reader's
    // topics, the newest articles before the candidate window. On articles_pub_date_idx that
    // walked past every article of the other categories (thousands for a rare one at 100,000
    // articles); on these it is an index-only range of the category's own articles.
    ...CATEGORY_IDS.map((c) =>
      index(`articles_${c}_recency_idx`)
        .on(t.pubDate.desc(), t.id)
        .where(sql.raw(`categories @> '{${c}}'::text[]`)),
    ),
  ],
);

/**
 * One event across sources (stories module). Its id is the id of the article that started it.
 * The counts and times are kept in step by the clustering, which is the only writer. A story
 * merged into another keeps its row, with `merged_into`, so its old address still answers.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey(),
    /** The headline of `title_article_id`. */
    title: text('title').notNull(),
    /**
     * The most representative report, whose headline is the title: recomputed with the row
     * (stories.repository.ts). Null only on rows an older version wrote, until start-up fills it.
     */
    titleArticleId: uuid('title_article_id'),
    size: integer('size').notNull(),
    sourceCount: integer('source_count').notNull(),
    firstPublished: timestamptz('first_published').notNull(),
    lastPublished: timestamptz('last_published').notNull(),
    mergedInto: uuid('merged_into'),
    mergeScore: real('merge_score'),
    mergeSharedTerms: text('merge_shared_terms').array(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('stories_last_published_idx').on(t.lastPublished),
    // The stories merged into one, when that one is merged in turn (few rows).
    index('stories_merged_into_idx')
      .on(t.mergedInto)
      .where(sql`${t.mergedInto} is not null`),
  ],
);

/**
 * The clustering's corpus statistics: in how many clustered articles each feature appears. The
 * IDF weights of a run are read from here for the features it meets.
 */
export const storyTerms = pgTable('story_terms', {
  term: text('term').primaryKey(),
  df: integer('df').notNull(),
});

/**
 * What a search reads, one narrow row per article (its id, date, keywords and search vector),
 * kept in step with `articles` by triggers (migration 0014): the statement that finds a search's
 * newest matches walks or bitmap-scans these rows instead of the articles' full rows, half the
 * bytes per article and a fifth less PostgreSQL CPU per search at 100,000 articles.
 * The vector itself is still defined once, by `articles.search`.
 */
export const articleSearch = pgTable(
  'article_search',
  {
    articleId: uuid('article_id')
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    pubDate: timestamptz('pub_date').notNull(),
    keywords: text('keywords').array().notNull(),
    search: tsvector('search').notNull(),
    /** `articles.words`: a search's words with symbols ("c++", "at&t") match here (migration 0022). */
    words: text('words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('article_search_pub_date_idx').on(t.pubDate.desc(), t.articleId),
    index('article_search_search_idx').using('gin', t.search),
    index('article_search_keywords_idx').using('gin', t.keywords),
    index('article_search_words_idx').using('gin', t.words),
  ],
);

const userArticle = {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  articleId: uuid('article_id')
    .notNull()
    .references(() => articles.id, { onDelete: 'cascade' }),
};

/** One row per reader and article: like and dislike exclude each other by construction. */
export const articleReactions = pgTable(
  'article_reactions',
  {
    ...userArticle,
    kind: text('kind', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('article_reactions_user_article_idx').on(t.userId, t.articleId),
    // Covering the co-engagement lookup (who else liked this article): an index-only range.
    index('article_reactions_article_idx').on(t.articleId, t.kind, t.userId),
    check('article_reactions_kind_check', sql`${t.kind} in ('like', 'dislike')`),
  ],
);

export const savedArticles = pgTable(
  'saved_articles',
  {
    ...userArticle,
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('saved_articles_user_article_idx').on(t.userId, t.articleId),
    // Covering the co-engagement lookup (who else saved this article): an index-only range.
    index('saved_articles_article_idx').on(t.articleId, t.userId),
  ],
);

export const articleShares = pgTable(
  'article_shares',
  {
    ...userArticle,
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('article_shares_user_idx').on(t.userId, t.createdAt),
    /** Whether a reader shared an article before: only their first share is counted. */
    index('article_shares_user_article_idx').on(t.userId, t.articleId),
    index('article_shares_article_idx').on(t.articleId),
  ],
);

/** A reader opening an article; at most one row per reader, article and local day. */
export const articleViews = pgTable(
  'article_views',
  {
    ...userArticle,
    viewedAt: timestamptz('viewed_at').notNull(),
    /** The calendar day in the reader's time zone when it was read: the streak counts these. */
    localDay: date('local_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('article_views_user_article_day_idx').on(t.userId, t.articleId, t.localDay),
    index('article_views_user_day_idx').on(t.userId, t.localDay),
    index('article_views_article_idx').on(t.articleId),
  ],
);

/**
 * A reader's feed, one row per reader and article. Rows leave the feed (retired) when a
 * refresh replaces them; retired rows still exclude their article from later feeds.
 */
export const recommendations = pgTable(
  'recommendations',
  {
    ...userArticle,
    score: real('score').notNull(),
    status: text('status', { enum: RECOMMENDATION_STATUSES }).notNull().default('new'),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
    retiredAt: timestamptz('retired_at'),
  },
  (t) => [
    uniqueIndex('recommendations_user_article_idx').on(t.userId, t.articleId),
    index('recommendations_feed_idx').on(t.userId, t.retiredAt, t.position),
    index('recommendations_article_idx').on(t.articleId),
    check('recommendations_status_check', sql`${t.status} in (${oneOf(RECOMMENDATION_STATUSES)})`),
  ],
);

/**
 * What a reader told the feed directly (reader controls, feed module): a hidden
 * source, a muted category or topic word ("fewer like this", `count` = how many times), an
 * article asked fewer of, a learned topic removed (`forgotten`: earlier likes no longer teach it),
 * a subject or category steered up, down or off (`steer_*`, value `category:<id>` or
 * `subject:<features>`).
 */
export const READER_CONTROL_KINDS = [
  'source',
  'category',
  'keyword',
  'article',
  'forgotten',
  'steer_up',
  'steer_down',
  'steer_off',
] as const;
export const readerControls = pgTable(
  'reader_controls',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: READER_CONTROL_KINDS }).notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(1),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.value] }),
    check('reader_controls_kind_check', sql`${t.kind} in (${oneOf(READER_CONTROL_KINDS)})`),
  ],
);

/**
 * What became of a mail that is still in the outbox: `pending` (waiting for its first attempt or
 * its next retry), `failed` (given up after the last retry) or `expired` (its code expired
 * before it could be sent). Sent mails are deleted at once, so their codes are not kept.
 */
export const MAIL_OUTBOX_STATUSES = ['pending', 'failed', 'expired'] as const;
/** Mail waiting to leave, shared by every API instance (see modules/mail/outbox.ts). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The log line of a run without SMTP (local runs only). */
    logSummary: text('log_summary'),
    createdAt: timestamptz('created_at').notNull(),
    /** Never sent after this (a code's mail once its code expired); null: no expiry. */
    notAfter: timestamptz('not_after'),
    status: text('status', { enum: MAIL_OUTBOX_STATUSES }).notNull().default('pending'),
    /** Attempts started so far, the one in flight included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    /** Set while a worker sends the mail: no other worker takes it before then. */
    lockedUntil: timestamptz('locked_until'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastError: text('last_error'),
    /** Extra headers of the mail (the daily edition's List-Unsubscribe); null: none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${t.status} in (${oneOf(MAIL_OUTBOX_STATUSES)})`),
  ],
);

export const FEED_SOURCE_KINDS = ['rss', 'newsdata'] as const;
/** How a source's last fetch went: read (`ok`), unchanged since the last one (`not-modified`, a 304), failed. */
export const FEED_FETCH_OUTCOMES = ['ok', 'not-modified', 'error'] as const;
/**
 * Each news source's fetch state (modules/ingestion, migration 0023): the validators of its last
 * answer for conditional requests, its health and its backoff; and the feeds imported from an OPML
 * file (`imported`), which every run reads beside the configured list.
 */
export const feedSources = pgTable(
  'feed_sources',
  {
    /** The feed URL, or the NewsData endpoint without its key. */
    url: text('url').primaryKey(),
    kind: text('kind', { enum: FEED_SOURCE_KINDS }).notNull().default('rss'),
    /** The publisher's name, shown as the articles' source; null: the feed's own title. */
    publisher: text('publisher'),
    /** The category the feed mainly covers (a hint for items that name none). */
    category: text('category'),
    imported: boolean('imported').notNull().default(false),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchAt: timestamptz('last_fetch_at'),
    lastSuccessAt: timestamptz('last_success_at'),
    lastOutcome: text('last_outcome', { enum: FEED_FETCH_OUTCOMES }),
    /** Items in the last document read (a 304 keeps the previous figure). */
    lastItems: integer('last_items'),
    lastInserted: integer('last_inserted'),
    insertedTotal: integer('inserted_total').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: timestamptz('last_error_at'),
    /** Failed fetches in a row; 0 after a success. */
    failures: integer('failures').notNull().default(0),
    /** Not fetched before this (backoff after failures); null: due. */
    retryAt: timestamptz('retry_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('feed_sources_kind_check', sql`${t.kind} in (${oneOf(FEED_SOURCE_KINDS)})`),
    check(
      'feed_sources_last_outcome_check',
      sql`${t.lastOutcome} in (${oneOf(FEED_FETCH_OUTCOMES)})`,
    ),
  ],
);

/** The daily edition's settings of each reader who chose any (modules/edition). */
export const editionSettings = pgTable(
  'edition_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: EDITION_FREQUENCIES }).notNull(),
    /** ISO day of the week, 1 (Monday) to 7; set for a weekly edition only. */
    weekday: integer('weekday'),
    /** Minutes after local midnight. */
    sendAt: integer('send_at').notNull(),
    timezone: text('timezone').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check(
      'edition_settings_frequency_check',
      sql`${t.frequency} in (${oneOf(EDITION_FREQUENCIES)})`,
    ),
    check('edition_settings_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('edition_settings_send_at_check', sql`${t.sendAt} between 0 and 1439`),
    index('edition_settings_on_idx')
      .on(t.sendAt)
      .where(sql`${t.frequency} <> 'off'`),
  ],
);

export const EDITION_STATUSES = ['sent', 'empty'] as const;

/**
 * One row per reader and local date an edition was due: sent, or `empty` (nothing new). The
 * unique key is what makes an edition leave once, whichever instance or restart builds it.
 */
export const editions = pgTable(
  'editions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editionDate: date('edition_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: EDITION_STATUSES }).notNull(),
    /** The stories it carried: a later edition leaves them out. */
    storyIds: text('story_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('editions_user_date_idx').on(t.userId, t.editionDate),
    check('editions_status_check', sql`${t.status} in (${oneOf(EDITION_STATUSES)})`),
  ],
);
