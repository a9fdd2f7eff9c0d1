/**
 * The re-authentication window of the server that playwright.reauth.config.ts starts for the
 * `*.reauth.spec.ts` files (the main suite's server keeps the API's default of 600 s).
 */
export const REAUTH_WINDOW_SECONDS = 1;

/**
 * Waits until a session signed in no later than `signedInAt` (ms) is past the window, with a
 * second to spare in case the server counts whole seconds.
 */
export async function outlastReauthWindow(signedInAt: number): Promise<void> {
  const wait = signedInAt + (REAUTH_WINDOW_SECONDS + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
