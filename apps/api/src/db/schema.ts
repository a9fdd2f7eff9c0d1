import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileUrl: text('profile_url'),
    theme: text('theme', { enum: ['light', 'dark'] }).notNull().default('light'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    timezone: text('timezone').notNull().default('UTC'),
    /** Bumped on password reset: access tokens carry it, so older ones stop working at once. */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_theme_check', sql`${t.theme} in ('light', 'dark')`),
  ],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'login', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attemptsLeft: integer('attempts_left').notNull(),
    verifiedAt: timestamptz('verified_at'),
    consumedAt: timestamptz('consumed_at'),
    resetTokenHash: text('reset_token_hash'),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('otp_challenges_email_purpose_idx').on(t.email, t.purpose, t.createdAt),
    uniqueIndex('otp_challenges_reset_token_idx').on(t.resetTokenHash),
    check('otp_challenges_purpose_check', sql`${t.purpose} in ('signup', 'login', 'password_reset')`),
  ],
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

/** Fixed-window counters shared by every API instance (rate limits). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
