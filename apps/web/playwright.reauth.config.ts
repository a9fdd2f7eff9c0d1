import { e2eConfig, REAUTH_SPECS } from './playwright.config';
import { REAUTH_WINDOW_SECONDS } from './e2e/support/reauth';

/**
 * The password prompt of sensitive changes needs a session older than the re-authentication
 * window. The API reads the window from REAUTH_WINDOW_SECONDS at start-up, so these specs get a
 * server of their own where it is one second, which a spec waits out instead of ten minutes; the
 * main suite keeps the default, so its fresh sessions show that no password is asked. Ports of
 * their own, so this server never meets the main suite's. Run a spec with
 * `npx playwright test -c playwright.reauth.config.ts e2e/<name>.reauth.spec.ts`.
 */
export default e2eConfig({
  port: 3117,
  smtpPort: 3118,
  serverEnv: { REAUTH_WINDOW_SECONDS: String(REAUTH_WINDOW_SECONDS) },
  name: 'reauth',
  testMatch: REAUTH_SPECS,
});
