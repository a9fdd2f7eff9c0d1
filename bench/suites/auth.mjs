// Suite "auth": the Express baseline, the cheapest API route, and the password + one-time-code
// route, whose cost is dominated by bcrypt at the configured cost.
import bcrypt from 'bcrypt';

const PASSWORD = 'Bench-Password-1234';
const emailOf = (i) => `bench.reader.${i}@example.com`;

export default {
  name: 'auth',
  description: 'bare Express baseline, GET /api/health, POST /api/auth/verify-credentials-send-otp',

  /** @param {import('../run.mjs').SuiteContext} ctx */
  async run({ api, bare, options, measure, log }) {
    const { config, mailer, schema, deps } = api;
    // One account by default: every connection signs in as the same reader, the worst case for
    // the per-account counters. BENCH_AUTH_ACCOUNTS spreads the load over several accounts.
    const accounts = Number(process.env.BENCH_AUTH_ACCOUNTS || 1);
    if (!Number.isInteger(accounts) || accounts < 1)
      throw new Error('BENCH_AUTH_ACCOUNTS must be an integer >= 1');

    log(`auth: seeding ${accounts} user(s) (bcrypt cost ${config.bcryptCost})`);
    // One hash serves every account: comparing against it costs the same as against its own.
    const passwordHash = await bcrypt.hash(PASSWORD, config.bcryptCost);
    await deps.db.insert(schema.users).values(
      Array.from({ length: accounts }, (_, i) => ({
        email: emailOf(i),
        name: `Bench Reader ${i}`,
        passwordHash,
      })),
    );

    const notes = [];
    // One request by hand first, so a broken route shows up as a note, not only as non2xx.
    const probe = await fetch(new URL('/api/auth/verify-credentials-send-otp', api.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emailOf(0), password: PASSWORD }),
    });
    const probeBody = await probe.json().catch(() => null);
    if (probe.status !== 200 || typeof probeBody?.hash !== 'string') {
      notes.push(
        `probe of verify-credentials-send-otp answered ${probe.status}: ${JSON.stringify(probeBody)}`,
      );
    }

    const bareExpressHello = await measure({
      label: 'bare express GET /hello',
      url: bare.url,
      path: '/hello',
      settle: bare.drain,
      options,
      log,
    });
    const health = await measure({
      label: 'GET /api/health',
      url: api.url,
      path: '/api/health',
      settle: api.drain,
      options,
      log,
    });

    let nextAccount = 0;
    let mailsBefore = 0;
    let mailsAfter = 0;
    const verifyCredentialsSendOtp = await measure({
      label: 'POST /api/auth/verify-credentials-send-otp',
      url: api.url,
      path: '/api/auth/verify-credentials-send-otp',
      method: 'POST',
      json: { email: emailOf(0), password: PASSWORD },
      // Each connection signs in as its own account (round-robin when there are fewer accounts).
      setupClient: (client) => {
        client.setBody(
          JSON.stringify({ email: emailOf(nextAccount++ % accounts), password: PASSWORD }),
        );
      },
      settle: api.drain,
      onMeasuredStart: () => {
        mailsBefore = mailer.sent;
      },
      onMeasuredEnd: () => {
        mailsAfter = mailer.sent;
      },
      options,
      log,
    });
    // The measured window only: can exceed the 2xx count by the requests that had mailed but not
    // yet been answered when the load generator stopped.
    verifyCredentialsSendOtp.mailsSent = mailsAfter - mailsBefore;
    verifyCredentialsSendOtp.accounts = accounts;
    verifyCredentialsSendOtp.bcryptCost = config.bcryptCost;

    notes.push(
      'Rate limits raised to 1e9 (otp.emailLimit, otp.ipLimit, authIpLimit) so the handlers are measured, not the 429 path; ' +
        'the PostgreSQL-backed limiter middleware still runs (its upserts are part of the measured cost).',
      `${accounts} seeded account(s) shared by ${options.connections} connections; correct passwords never count toward the ` +
        `password-failure lockout (PASSWORD_FAILURE_LIMIT=${config.passwordFailureLimit}), so no request is refused.`,
      `Passwords hashed with bcrypt cost ${config.bcryptCost} (the config's bcryptCost); each verify-credentials request ` +
        `does one bcrypt.compare at that cost on libuv's thread pool (UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4, the default'}).`,
      `Mailer is a no-op in-memory counter: ${verifyCredentialsSendOtp.mailsSent} one-time codes "mailed" during the measured ` +
        `verify-credentials-send-otp run, ${mailer.sent} in the whole run (incl. probe and warm-up).`,
      `autocannon runs inside the benchmark process (${options.workers > 0 ? `${options.workers} worker thread(s)` : 'on the main thread'}), ` +
        'alongside both servers, and PostgreSQL runs on the same machine: all compete for the same CPUs, so compare these figures with each other rather than with a separate load-generator setup.',
      "Each verify-credentials request retires its account's pending login challenge and inserts a new one in one transaction.",
    );

    return { bareExpressHello, health, verifyCredentialsSendOtp, notes };
  },
};
