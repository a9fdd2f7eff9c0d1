// Suite "sizes": how the tables grow per reader, so an operator can size a million. Readers sign
// up through the API (code by e-mail, verification, account) and then spend a first session
// the way the client does: interests, the feed, a few articles opened, liked, saved, disliked,
// shared and marked read, a refresh, the feed again, with the write budgets on (the config's).
// After each step of readers (default 1,000 then 2,000 in all), the rows and bytes
// (pg_total_relation_size: table, indexes and TOAST) of each table of interest are taken; the
// report gives them per 1,000 readers for each step, so linear growth shows as equal figures.
//
// Environment (all optional):
//   BENCH_SIZES_READERS      the cumulative reader counts measured (default "1000,2000")
//   BENCH_SIZES_PARALLEL     readers signing up and acting at once (default 8)
// Passwords are hashed at bcrypt cost 4 during the suite: a hash is the same 60 bytes at any
// cost, and the configured 12 takes about a quarter of a second of CPU per sign-up.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const API_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');

/** The tables measured, by what they hold. */
export const TABLE_GROUPS = {
  feed: ['recommendations', 'reader_controls'],
  sessions: ['sessions', 'refresh_tokens', 'otp_challenges', 'users'],
  limits: ['write_budgets', 'rate_limit_hits'],
  interactions: ['article_reactions', 'saved_articles', 'article_shares', 'article_views'],
  mail: ['mail_outbox'],
};

const PASSWORD = 'Str0ng!pass-for-sizes';

function countsFromEnv() {
  const raw = process.env.BENCH_SIZES_READERS || '1000,2000';
  const counts = raw.split(',').map((s) => Number(s.trim()));
  if (counts.some((n, i) => !Number.isInteger(n) || n < 1 || (i > 0 && n <= counts[i - 1])))
    throw new Error(`BENCH_SIZES_READERS must be increasing positive integers, got "${raw}"`);
  return counts;
}

/** Rows and bytes of every table of TABLE_GROUPS, and the database's size. */
async function measureTables(pool) {
  const tables = Object.values(TABLE_GROUPS).flat();
  // Counts are exact (count(*)); a VACUUM first would hide what a live table carries.
  const parts = tables.map(
    (t) =>
      `select '${t}' as table, (select count(*) from ${t})::bigint as rows, pg_total_relation_size('${t}')::bigint as bytes`,
  );
  const { rows } = await pool.query(parts.join(' union all '));
  const { rows: db } = await pool.query(
    'select pg_database_size(current_database())::bigint as bytes',
  );
  return {
    tables: Object.fromEntries(
      rows.map((r) => [r.table, { rows: Number(r.rows), bytes: Number(r.bytes) }]),
    ),
    databaseBytes: Number(db[0].bytes),
  };
}

/** (after − before) per 1,000 readers, per table and per group. */
function perThousand(before, after, readers) {
  const scale = 1000 / readers;
  const round = (n) => Math.round(n * 10) / 10;
  const tables = {};
  for (const [name, a] of Object.entries(after.tables)) {
    const b = before.tables[name];
    tables[name] = {
      rows: round((a.rows - b.rows) * scale),
      bytes: round((a.bytes - b.bytes) * scale),
    };
  }
  const groups = Object.fromEntries(
    Object.entries(TABLE_GROUPS).map(([group, names]) => [
      group,
      {
        rows: round(names.reduce((s, n) => s + tables[n].rows, 0)),
        bytes: round(names.reduce((s, n) => s + tables[n].bytes, 0)),
        kiB: round(names.reduce((s, n) => s + tables[n].bytes, 0) / 1024),
      },
    ]),
  );
  const allBytes = Object.values(groups).reduce((s, g) => s + g.bytes, 0);
  return {
    readers,
    groups,
    tables,
    measuredTablesMiB: round(allBytes / 1024 / 1024),
    databaseMiB: round(((after.databaseBytes - before.databaseBytes) * scale) / 1024 / 1024),
  };
}

/** A small JSON client of the API: throws on an unexpected status, with the answer. */
function client(base) {
  return async function call(method, urlPath, { body, token, expect = [200] } = {}) {
    const res = await fetch(new URL(urlPath, base), {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!expect.includes(res.status))
      throw new Error(`${method} ${urlPath} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

export default {
  name: 'sizes',
  description:
    'table growth per 1,000 readers (feed, sessions, limits, interactions) after sign-up and a first session each',

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, log }) {
    const counts = countsFromEnv();
    const parallel = Number(process.env.BENCH_SIZES_PARALLEL || 8);
    const [{ seedCorpusIfEmpty }, { CATEGORY_IDS }] = await Promise.all([
      import(pathToFileURL(path.join(API_DIST, 'modules/articles/seed.js')).href),
      import(pathToFileURL(path.resolve(API_DIST, '../../../packages/shared/dist/index.js')).href),
    ]);
    const { pool } = api.deps;
    await seedCorpusIfEmpty(api.deps.db, api.deps.logger);
    const configuredCost = api.config.bcryptCost;
    api.config.bcryptCost = Math.min(configuredCost, 4);

    // The codes the API mails, by address, as the outbox hands them to the (counting) mailer.
    const codes = new Map();
    const waiting = new Map();
    const countingSend = api.mailer.send;
    api.mailer.send = async (message) => {
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (code) {
        codes.set(message.to, code);
        waiting.get(message.to)?.(code);
      }
      return countingSend(message);
    };
    const codeFor = (email) =>
      codes.get(email) ??
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no code mailed to ${email}`)), 30_000);
        waiting.set(email, (code) => {
          clearTimeout(timer);
          waiting.delete(email);
          resolve(code);
        });
      });

    const call = client(api.url);
    const tag = crypto.randomBytes(3).toString('hex');
    const steps = { signUps: 0, requests: 0 };

    /** Sign-up and a first session of reader `i`. */
    async function reader(i) {
      const email = `sizes.${tag}.${i}@example.com`;
      const counted = (...args) => {
        steps.requests++;
        return call(...args);
      };
      const { hash } = await counted('POST', '/api/auth/send-otp', { body: { email } });
      const otp = await codeFor(email);
      codes.delete(email);
      const { verificationToken } = await counted('POST', '/api/auth/verify-otp', {
        body: { email, otp, hash },
      });
      const signedUp = await counted('POST', '/api/auth/signup', {
        body: { name: `Sizes Reader ${i}`, email, password: PASSWORD, verificationToken },
        expect: [201],
      });
      steps.signUps++;
      const token = signedUp.AccessToken;
      const as = (method, urlPath, body, expect) =>
        counted(method, urlPath, { body, token, ...(expect && { expect }) });
      const interests = CATEGORY_IDS.slice(i % 7, (i % 7) + 3 + (i % 3));
      await as('POST', '/api/profile/setinterests', { interests });
      const feed = await as('GET', '/api/recommendations/get');
      const ids = feed.recommendations.map((r) => r.article_id._id);
      // Of the first cards: five opened, three liked, two saved, one disliked, one shared, two
      // marked read from the feed.
      for (const id of ids.slice(0, 5))
        await as('POST', '/api/articles/markviewed', { article_id: id });
      for (const id of ids.slice(0, 3))
        await as('POST', '/api/userinteractions/like', { article_id: id });
      for (const id of ids.slice(3, 5))
        await as('POST', '/api/userinteractions/save', { article_id: id });
      if (ids[5]) await as('POST', '/api/userinteractions/dislike', { article_id: ids[5] });
      if (ids[6]) await as('POST', '/api/userinteractions/share', { article_id: ids[6] });
      for (const id of ids.slice(7, 9))
        await as('POST', '/api/recommendations/markasread', { articleId: id });
      await as('POST', '/api/recommendations/refresh');
      await as('GET', '/api/recommendations/get');
      await as('GET', '/api/articles/getsavedarticles');
    }

    const before = await measureTables(pool);
    const snapshots = [];
    let done = 0;
    const started = Date.now();
    try {
      for (const target of counts) {
        log(`sizes: readers ${done + 1} to ${target} (${parallel} at a time)`);
        let next = done;
        await Promise.all(
          Array.from({ length: parallel }, async () => {
            while (next < target) await reader(next++);
          }),
        );
        done = target;
        // Deliveries still under way leave their outbox rows: wait for the mailer to catch up.
        for (let t = 0; t < 100 && waiting.size > 0; t++)
          await new Promise((r) => setTimeout(r, 100));
        snapshots.push({ readers: target, at: await measureTables(pool) });
      }
    } finally {
      api.mailer.send = countingSend;
      api.config.bcryptCost = configuredCost;
    }

    const per1000 = snapshots.map((s, k) =>
      k === 0
        ? { step: `0 → ${s.readers}`, ...perThousand(before, s.at, s.readers) }
        : {
            step: `${snapshots[k - 1].readers} → ${s.readers}`,
            ...perThousand(snapshots[k - 1].at, s.at, s.readers - snapshots[k - 1].readers),
          },
    );
    const total = perThousand(before, snapshots.at(-1).at, snapshots.at(-1).readers);
    const million = Object.fromEntries(
      Object.entries(total.groups).map(([g, v]) => [
        g,
        {
          rows: Math.round(v.rows * 1000),
          GiB: Math.round(((v.bytes * 1000) / 1024 ** 3) * 100) / 100,
        },
      ]),
    );
    return {
      readers: snapshots.at(-1).readers,
      tableGroups: TABLE_GROUPS,
      activityPerReader:
        'sign-up (send-otp, verify-otp, signup), setinterests (3-5), feed, 5 markviewed, 3 likes, 2 saves, 1 dislike, 1 share, 2 markasread, refresh, feed, saved articles',
      requests: steps.requests,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      per1000Readers: per1000,
      extrapolatedTo1MillionReaders: million,
      absolute: { before, after: snapshots.map((s) => ({ readers: s.readers, ...s.at })) },
      notes: [
        'Bytes are pg_total_relation_size (heap, indexes, TOAST, free space map) deltas, so they include dead row versions and free space not yet reused; page-granular (8 KiB).',
        'rate_limit_hits holds the sign-up limits (per address and per IP, one row per key and window), write_budgets one row per reader and budget used; both are pruned a day after their windows (maintenance.ts), so their steady size follows the readers active in the last day, not all readers.',
        'Every reader signs up from 127.0.0.1: the per-IP rows are shared, as behind one proxy address.',
        'The feed stores up to FEED_SIZE (30) rows per build and keeps retired ones: it grows with the refreshes a reader does (two builds here), not only with readers.',
      ],
    };
  },
};
