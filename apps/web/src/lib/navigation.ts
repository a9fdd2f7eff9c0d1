/**
 * Lets code outside React (the API client) navigate with the app's router. The router registers
 * itself at start-up; tests may register a spy.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigate = (to: string, options?: NavigateOptions) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigateImpl(to, options);
}
